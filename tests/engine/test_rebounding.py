"""Rebounding (rule 1.5.6 - On the Rebound)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, rules_broken
from tests.engine.test_home import with_home

DEBDEN = {"Rushton": "Debden (CN)"}


def test_1_5_6_a_piece_rebounds_at_a_terminus() -> None:
    """Rule 1.5.6: from Debden at LV 3, out to Epping (a Terminus) and back to Theydon Bois;
    without [Rebounding] no route of 3 reaches Theydon Bois."""
    gsd = game(DEBDEN, lv={"Rushton": 3})
    result = play(gsd, "Rushton : [Rebounding] Theydon Bois (CN)")
    assert result.legal, result.messages()
    assert result.route is not None
    assert result.route.stations == ("Debden", "Theydon Bois", "Epping", "Theydon Bois")
    assert rules_broken(play(gsd, "Rushton : Theydon Bois (CN)")) == ["1.6.2"]


def test_1_5_6_a_piece_rebounds_beside_a_blocked_station() -> None:
    """Rule 1.5.6: Tottenham Court Road is next to Oxford Circus on the Central; with Oxford
    Circus Bulkheaded, Holborn to Tottenham Court Road and back is a Move of 2."""
    blocked = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2},
                   disruptions=("Oxford Circus (Bulkhead)",))  # fmt: skip
    result = play(blocked, "Rushton : [Rebounding] Holborn (CN)")
    assert result.legal, result.messages()
    assert result.route is not None and result.route.passed_through == ("Tottenham Court Road",)
    clear = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2})
    assert rules_broken(play(clear, "Rushton : [Rebounding] Holborn (CN)")) == ["1.6.2"]


def test_1_5_6_rebounding_is_pre_move() -> None:
    """Rule 1.5.6: a pre-Move Action."""
    gsd = game(DEBDEN, lv={"Rushton": 3})
    assert "1.3.4" in rules_broken(play(gsd, "Rushton : Theydon Bois (CN) [Rebounding]"))


def _holborn(**kw: object) -> GSD:
    """Rushton at Holborn (CN), LV 2, 4 Bronze: Holborn and back by Tottenham Court Road
    needs a rebound there, beside Oxford Circus."""
    at = {"Rushton": "Holborn (CN)", "Cryer": "Bond Street (CN)"}
    return game(at, lv={"Rushton": 2}, tokens={"Rushton": "4 Br"}, **kw)  # type: ignore[arg-type]


BACK_TO_HOLBORN = "Rushton : [Rebounding] Holborn (CN)"


def test_1_5_6_a_one_round_block_is_a_blocked_station() -> None:
    """Rules 1.5.6 and 1.9.1: Cryer's [Blocking Oxford Circus] last Turn Blocks it for the
    Round, so Rushton may rebound at Tottenham Court Road beside it."""
    gsd = _holborn()
    blocking = Play.parse("Cryer : Pass Bond Street (CN) [Blocking Oxford Circus]",
                          players=gsd.player_names)  # fmt: skip
    blocked = gsd.model_copy(update={"record": (*gsd.record, blocking)})
    result = play(blocked, BACK_TO_HOLBORN)
    assert result.legal, result.messages()
    assert result.route is not None
    assert result.route.stations == ("Holborn", "Tottenham Court Road", "Holborn")
    assert rules_broken(play(gsd, BACK_TO_HOLBORN)) == ["1.6.2"]


def test_1_5_6_another_players_home_is_a_blocked_station_until_tolled() -> None:
    """Rules 1.5.6 and 1.12.3: Garden's Home, Oxford Circus, is Blocked in Rushton's Turn, so
    e may rebound beside it; after [Toll to Garden] it is Closed, not Blocked, and e may not.
    Eir own Home is not Blocked to em."""
    gsd = with_home(_holborn(), Garden="Oxford Circus")
    result = play(gsd, BACK_TO_HOLBORN)
    assert result.legal, result.messages()
    tolled = play(gsd, "Rushton : [Toll to Garden] [Rebounding] Holborn (CN)")
    assert rules_broken(tolled) == ["1.6.2"]
    own = with_home(_holborn(), Rushton="Oxford Circus")
    assert rules_broken(play(own, BACK_TO_HOLBORN)) == ["1.6.2"]


def test_1_5_6_a_move_may_rebound_more_than_once() -> None:
    """Rule 1.5.6 sets no limit: from Theydon Bois at LV 4, out to Epping (a Terminus), back
    through Theydon Bois to Debden (beside Bulkheaded Loughton), and back to Theydon Bois."""
    at = {"Rushton": "Theydon Bois (CN)"}
    walled = game(at, lv={"Rushton": 4}, disruptions=("Loughton (Bulkhead)",))
    result = play(walled, "Rushton : [Rebounding] Theydon Bois (CN)")
    assert result.legal, result.messages()
    assert result.route is not None
    assert sorted(result.route.stations[1:-1]) == ["Debden", "Epping", "Theydon Bois"]
    assert result.route.stations[-1] == "Theydon Bois"
    open_line = game(at, lv={"Rushton": 4})
    assert rules_broken(play(open_line, "Rushton : [Rebounding] Theydon Bois (CN)")) == ["1.6.2"]


def test_1_5_6_rebounding_needs_the_line_the_two_stations_share() -> None:
    """Rule 1.5.6: Bank is next to Bulkheaded Liverpool Street on the Central, but a Piece
    arriving at Bank on the Northern is not on that Line and may not rebound there."""
    at = {"Rushton": "Moorgate (NT)"}
    gsd = game(at, lv={"Rushton": 2}, disruptions=("Liverpool Street (Bulkhead)",))
    assert rules_broken(play(gsd, "Rushton : [Rebounding] Moorgate (NT)")) == ["1.6.2"]
