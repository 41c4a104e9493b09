"""Rules 1.4.22 (Discarding), 1.4.30 (Wearing), 1.4.31 (Size), 1.4.28 and 1.4.32 (stamps)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _with(rack: str, at: str = "Holborn (CN)", time: str = "Thursday 1130", lv: int = 0) -> GSD:
    gsd = game({"Rushton": at}, lv={"Rushton": lv}, time=time)
    return with_luggage(gsd, {"Rushton": rack})


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_4_22_a_carried_possession_is_discarded_any_number_of_times() -> None:
    """Rule 1.4.22: Discarding destroys the Possession, and may be repeated in a Turn."""
    result = play(_with("Book, Drum, Violin"),
                  "Rushton : [Discarding Book] [Discarding Drum] Pass Holborn (CN)")  # fmt: skip
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Violin"]


def test_1_4_22_only_what_is_carried() -> None:
    """Rule 1.4.22: the Possession must be one e is carrying."""
    result = play(_with("Drum"), "Rushton : [Discarding Book] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.22"] and "no Book" in _message(result)


def test_1_4_22_a_cursed_possession_cannot_be_discarded() -> None:
    """Rule 1.4.22: provided that it is not Cursed (a Spoon Clamp is, rule 1.4.39)."""
    result = play(_with("Spoon Clamp"), "Rushton : [Discarding Spoon Clamp] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.22"] and "Cursed" in _message(result)


def test_1_4_22_a_hat_is_discarded_by_its_initial() -> None:
    """Rules 1.4.22 and 1.4.12: discarding the Compass Hat leaves the others."""
    result = play(_with("Hats (ACT)"), "Rushton : [Discarding Hat (C)] Pass Holborn (CN)")
    assert result.legal and luggage(result, "Rushton") == ["Hats (AT)"]


def test_1_4_30_wearing_and_removing_a_garment() -> None:
    """Rule 1.4.30: a Worn Garment is written between asterisks; Removing unwraps it."""
    worn = play(_with("Overcoat"), "Rushton : [Wearing Overcoat] Pass Holborn (CN)")
    assert worn.legal, worn.violations
    assert luggage(worn, "Rushton") == ["*Overcoat*"]
    off = play(_with("*Overcoat*"), "Rushton : [Removing Overcoat] Pass Holborn (CN)")
    assert off.legal and luggage(off, "Rushton") == ["Overcoat"]


def test_1_4_30_a_hat_is_worn_from_the_hats() -> None:
    """Rule 1.4.30 with 1.4.12: Wearing the Compass Hat writes it apart, ``*Hat (C)*``."""
    result = play(_with("Hats (ACT)"), "Rushton : [Wearing Hat (C)] Pass Holborn (CN)")
    assert result.legal and luggage(result, "Rushton") == ["Hats (AT)", "*Hat (C)*"]
    back = play(result.state, "Rushton : [Removing Hat (C)] Pass Holborn (CN)")
    assert back.legal and luggage(back, "Rushton") == ["Hats (ACT)"]


def test_1_4_30_only_garments_are_worn() -> None:
    """Rule 1.4.30: a Book is no Garment."""
    result = play(_with("Book"), "Rushton : [Wearing Book] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.30"] and "not a Garment" in _message(result)


def test_1_4_30_not_two_of_one_type() -> None:
    """Rule 1.4.30: no more than one Hat Worn."""
    result = play(_with("*Hat (A)*, Hat (C)"), "Rushton : [Wearing Hat (C)] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.30"] and "already Wear a Hat" in _message(result)


def test_1_4_30_a_worn_garment_cannot_be_discarded_or_sold() -> None:
    """Rule 1.4.30: a Worn Garment cannot be removed from the Luggage by any Action."""
    result = play(_with("*Scarf*"), "Rushton : [Discarding Scarf] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.30"] and "[Removing]" in _message(result)


def test_1_4_30_removing_what_is_not_worn() -> None:
    """Rule 1.4.30: only a Worn Garment is Removed."""
    result = play(_with("Scarf"), "Rushton : [Removing Scarf] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.30"] and "no Scarf" in _message(result)


def test_1_4_30_wearing_takes_fifteen_minutes() -> None:
    """Rule 1.4.30 (index duration 15): Game Time moves on a quarter of an hour."""
    result = play(_with("Scarf"), "Rushton : [Wearing Scarf] Pass Holborn (CN)")
    assert result.state.time is not None and result.state.time.render().endswith("1145")


def test_1_4_31_a_huge_possession_forbids_a_standard_move() -> None:
    """Rule 1.4.31: carrying a Piano, no Standard Move; a Pass is fine."""
    moving = play(_with("Piano", lv=1), "Rushton : Tottenham Court Road (CN)")
    assert rules_broken(moving) == ["1.4.31"] and "Huge" in _message(moving)
    assert play(_with("Piano", lv=1), "Rushton : Pass Holborn (CN)").legal


def test_1_4_31_no_more_than_two_big_or_huge() -> None:
    """Rule 1.4.31: two Big or Huge at most, one Huge at most (Vacuum Cleaner is Big)."""
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "20 Br"})
    gsd = with_luggage(gsd, {"Rushton": "Piano, Vacuum Cleaner (Off)"})
    result = play(gsd, "Rushton : [Purchasing Vacuum Cleaner] Pass Euston (NT)")
    assert rules_broken(result) == ["1.4.31"] and "3 Big or Huge" in _message(result)
    two_huge = with_luggage(gsd, {"Rushton": "Piano"})
    result = play(two_huge, "Rushton : [Purchasing Piano] Pass Euston (NT)")
    assert rules_broken(result) == ["1.4.31"] and "(2 Huge)" in _message(result)


def test_1_4_28_an_expired_rover_is_discarded() -> None:
    """Rule 1.4.28: a Wednesday Rover Card on Thursday is Expired and discarded."""
    result = play(_with("Wednesday Rover Card, Thursday Rover Card"),
                  "Rushton : Pass Holborn (CN)")  # fmt: skip
    assert result.legal and luggage(result, "Rushton") == ["Thursday Rover Card"]


def _walk(rack: str) -> TurnResult:
    gsd = with_luggage(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "1 Bk"},
                            time="Thursday 1130"), {"Rushton": rack})  # fmt: skip
    text = "Rushton : [Walking] Russell Square (PD)"  # a change of Line: no Token collected
    return adjudicate(gsd, Play.parse(text, players=gsd.player_names), check_order=False)


def test_1_4_32_todays_paper_makes_walking_free_and_is_kept() -> None:
    """Rule 1.4.32: with Today's Paper, [Walking] costs nothing."""
    result = _walk("Thursday's Paper")
    assert result.legal, result.violations
    assert row(result.state, "Rushton").tokens.bk == 1
    assert luggage(result, "Rushton") == ["Thursday's Paper"]


def test_1_4_32_yesterdays_paper_is_discarded_on_walking() -> None:
    """Rule 1.4.32: Yesterday's Paper makes it free too, and is discarded."""
    result = _walk("Wednesday's Paper")
    assert result.legal and row(result.state, "Rushton").tokens.bk == 1
    assert luggage(result, "Rushton") == []


def test_1_4_32_without_a_paper_walking_costs_its_price() -> None:
    """Rule 1.4.32 (the contrast): no Paper, [Walking] costs its Black Token."""
    result = _walk("Book")
    assert result.legal and row(result.state, "Rushton").tokens.bk == 0


def test_1_4_20_a_worn_hat_earns_its_blue_at_a_matching_station() -> None:
    """Rules 1.4.20 and 1.4.30: Wearing the Verdant Hat, written ``*Hat (V)*``, a Move to Kew
    Gardens (Verdant) earns a Blue; the unworn Hat earns none."""

    def blue(rack: str) -> int:
        gsd = game({"Rushton": "Gunnersbury (DS)"}, lv={"Rushton": 1}, tokens={"Rushton": "0"})
        result = play(with_luggage(gsd, {"Rushton": rack}), "Rushton : Kew Gardens (DS)")
        assert result.legal, result.violations
        return row(result.state, "Rushton").tokens.bu

    assert blue("*Hat (V)*") == 1
    assert blue("Hat (V)") == 0
