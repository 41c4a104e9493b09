"""Rules 1.4.25 (Pigeons) and 1.4.33 (Electrical Possessions)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _at(station: str, rack: str = "") -> GSD:
    gsd = game({"Rushton": station}, tokens={"Rushton": "0"})
    return with_luggage(gsd, {"Rushton": rack} if rack else {})


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_4_25_catching_a_pigeon_at_charing_cross() -> None:
    """Rule 1.4.25: at Charing Cross, one Pigeon; two with an Overpriced Baguette."""
    one = play(_at("Charing Cross (NT)"), "Rushton : Pass Charing Cross (NT) [Catching Pigeon]")
    assert one.legal and luggage(one, "Rushton") == ["Pigeon"]
    two = play(_at("Charing Cross (NT)", "Overpriced Baguette"),
               "Rushton : Pass Charing Cross (NT) [Catching Pigeon]")  # fmt: skip
    assert luggage(two, "Rushton") == ["Overpriced Baguette", "Pigeon", "Pigeon"]
    away = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Catching Pigeon]")
    assert rules_broken(away) == ["1.4.25"] and "Charing Cross" in _message(away)


def test_1_4_25_releasing_pigeons_for_gold_at_an_outer_park() -> None:
    """Rule 1.4.25: at Chiswick Park (a Park Station, Zone 3), two Pigeons give two Gold."""
    result = play(_at("Chiswick Park (DS)", "Pigeon, Pigeon, Book"),
                  "Rushton : Pass Chiswick Park (DS) [Releasing Pigeons]")  # fmt: skip
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Book"]
    assert row(result.state, "Rushton").tokens.go == 2


def test_1_4_25_releasing_breaks() -> None:
    """Rule 1.4.25: not at a Zone 1 Park (Regent's Park); not without Pigeons."""
    inner = play(_at("Regent's Park (BL)", "Pigeon"),
                 "Rushton : Pass Regent's Park (BL) [Releasing Pigeons]")  # fmt: skip
    assert rules_broken(inner) == ["1.4.25"] and "Zone 3 to 7" in _message(inner)
    none = play(_at("Chiswick Park (DS)"), "Rushton : Pass Chiswick Park (DS) [Releasing Pigeons]")
    assert rules_broken(none) == ["1.4.25"] and "no Pigeons" in _message(none)


def test_1_4_25_pigeons_escape_at_the_end_of_the_turn() -> None:
    """Rule 1.4.25: six held come down to four, and one more escapes if none was caught."""
    result = play(_at("Euston (NT)", ", ".join(["Pigeon"] * 6)), "Rushton : Pass Euston (NT)")
    assert result.legal and luggage(result, "Rushton") == ["Pigeon"] * 3
    two = play(_at("Euston (NT)", "Pigeon, Pigeon"), "Rushton : Pass Euston (NT)")
    assert luggage(two, "Rushton") == ["Pigeon"] * 2


def test_1_4_25_a_pigeon_caught_this_turn_stops_the_escape() -> None:
    """Rule 1.4.25: three held and one caught make four, and none escapes."""
    result = play(_at("Charing Cross (NT)", "Pigeon, Pigeon, Pigeon"),
                  "Rushton : Pass Charing Cross (NT) [Catching Pigeon]")  # fmt: skip
    assert luggage(result, "Rushton") == ["Pigeon"] * 4


def test_1_4_33_switching_an_electrical_possession() -> None:
    """Rule 1.4.33: a Remote Control is switched On, then Off."""
    on = play(_at("Euston (NT)", "Remote Control 3 (Off)"),
              "Rushton : [Remote Control 3 On] Pass Euston (NT)")  # fmt: skip
    assert on.legal, on.violations
    assert luggage(on, "Rushton") == ["Remote Control 3 (On)"]
    off = play(on.state, "Rushton : [Remote Control 3 Off] Pass Euston (NT)")
    assert luggage(off, "Rushton") == ["Remote Control 3 (Off)"]


def test_1_4_33_switching_breaks() -> None:
    """Rule 1.4.33: only a carried, Electrical Possession switches."""
    none = play(_at("Euston (NT)"), "Rushton : [Vacuum Cleaner On] Pass Euston (NT)")
    assert rules_broken(none) == ["1.4.33"] and "no Vacuum Cleaner" in _message(none)
    book = play(_at("Euston (NT)", "Book"), "Rushton : [Book On] Pass Euston (NT)")
    assert rules_broken(book) == ["1.4.33"] and "not Electrical" in _message(book)


def test_1_4_35_catching_a_rat_at_a_closed_or_ghost_station() -> None:
    """Rule 1.4.35: the Crescent is Closed, Aldwych a Ghost: Rats there; three with a Burger."""
    closed = play(_at("Mornington Crescent (NT)"),
                  "Rushton : Pass Mornington Crescent (NT) [Catching Rat]")  # fmt: skip
    assert closed.legal, closed.violations
    assert luggage(closed, "Rushton") == ["Rat"]
    text = "Rushton : Pass Aldwych (GH) [Catching Rat]"
    ghost = play(_at("Aldwych (GH)", "Lukewarm Burger"), text)
    assert ghost.legal, ghost.violations
    assert luggage(ghost, "Rushton") == ["Rat"] * 3  # the Burger is Edible: the Rats eat it
    open_ = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Catching Rat]")
    assert rules_broken(open_) == ["1.4.35"] and "Closed or Ghost" in _message(open_)


def test_1_4_35_rats_eat_edible_and_papery_possessions() -> None:
    """Rule 1.4.35: at the end of any Turn, a Rat's carrier loses Edible and Papery things."""
    gsd = with_luggage(game({"Rushton": "Euston (NT)", "Cryer": "Holborn (CN)"}),
                       {"Rushton": "Drum", "Cryer": "Rat, Book, Chocolate Bar, Drum"})  # fmt: skip
    result = play(gsd, "Rushton : Pass Euston (NT)")
    assert luggage(result, "Cryer") == ["Rat", "Drum"]


def test_1_4_35_releasing_a_rat_into_a_neighbours_luggage() -> None:
    """Rule 1.4.35: a Rat released into the Luggage of a player at the same Station who
    carries a Papery Possession (whose Book the Rat then eats)."""
    gsd = with_luggage(game({"Rushton": "Euston (NT)", "Cryer": "Euston (VC)"}),
                       {"Rushton": "Rat", "Cryer": "Book"})  # fmt: skip
    result = play(gsd, "Rushton : Pass Euston (NT) [Releasing Rat] {rat to: Cryer}")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == [] and luggage(result, "Cryer") == ["Rat"]
    far = with_luggage(game({"Rushton": "Euston (NT)", "Cryer": "Holborn (CN)"}),
                       {"Rushton": "Rat", "Cryer": "Book"})  # fmt: skip
    broken = play(far, "Rushton : Pass Euston (NT) [Releasing Rat] {rat to: Cryer}")
    assert rules_broken(broken) == ["1.4.35"] and "not there" in _message(broken)


def test_1_4_35_release_rat_as_a_neutral_action_needs_a_scarf() -> None:
    """Rule 1.4.35: Wearing a Scarf, [Release Rat] may come before the Move."""
    worn = play(_at("Euston (NT)", "Rat, *Scarf*"), "Rushton : [Release Rat] Pass Euston (NT)")
    assert worn.legal and luggage(worn, "Rushton") == ["*Scarf*"]
    bare = play(_at("Euston (NT)", "Rat, Scarf"), "Rushton : [Release Rat] Pass Euston (NT)")
    assert rules_broken(bare) == ["1.4.35"] and "Scarf" in _message(bare)


def test_1_4_35_rats_above_two_escape_one_a_turn() -> None:
    """Rule 1.4.35: five Rats come down to four, then one escapes (none caught): three."""
    result = play(_at("Euston (NT)", ", ".join(["Rat"] * 5)), "Rushton : Pass Euston (NT)")
    assert luggage(result, "Rushton") == ["Rat"] * 3
