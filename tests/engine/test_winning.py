"""Winning and the Crescent (rules 1.1.1, 1.7.28, 1.13.4, 1.13.5, 1.15.1)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken

EUSTON = {"Rushton": "Euston (NT)", "Drone": "Camden Town (NT)"}


def near_the_crescent(**changes: object) -> GSD:
    return game(EUSTON, lv={"Rushton": 1}, tokens={"Rushton": "3 Go, 1 Bk"})


def test_1_13_5_mornington_crescent_is_closed_without_opening_mc() -> None:
    """Rules 1.13.4/1.13.5: Mornington Crescent is Closed, so a Move may not end there."""
    result = play(near_the_crescent(), "Rushton : Mornington Crescent (NT)")
    assert not result.legal and rules_broken(result) == ["1.13.4"]
    assert "[Opening MC]" in result.violations[0].message
    assert result.winner is None


def test_1_7_28_opening_mc_opens_it_and_the_move_wins() -> None:
    """Rule 1.7.28 - Key to the Crescent, then rule 1.1.1 - How to Win: resting at
    Mornington Crescent at the end of the Turn wins."""
    result = play(near_the_crescent(), "Rushton : [Opening MC] Mornington Crescent (NT)")
    assert result.legal, result.messages()
    assert result.winner == "Rushton"
    assert row(result.state, "Rushton").tokens.go == 0  # Opening MC costs three Gold
    assert any(e.kind == "win" for e in result.events)


def test_1_7_28_opening_mc_after_the_move_is_too_late() -> None:
    """Rule 1.7.28: the Crescent is Open for the remainder of the Turn only."""
    result = play(near_the_crescent(), "Rushton : Mornington Crescent (NT) [Opening MC]")
    assert "1.13.4" in rules_broken(result)


def test_1_7_1_opening_mc_needs_its_three_gold() -> None:
    """Rule 1.7.1: an Action's cost must be paid."""
    gsd = game(EUSTON, lv={"Rushton": 1}, tokens={"Rushton": "2 Go"})
    result = play(gsd, "Rushton : [Opening MC] Mornington Crescent (NT)")
    assert "1.7.1" in rules_broken(result)


def test_1_15_1_the_drone_never_wins() -> None:
    """Rule 1.15.1: the Drone may not Win, even resting at the Crescent."""
    gsd = game({"Drone": "Euston (NT)"}, lv={}, tokens={})
    gsd = gsd.model_copy(update={"players": tuple(
        p.model_copy(update={"lv": 1, "tokens": p.tokens.model_copy(update={"go": 3})})
        if p.name == "Drone" else p for p in gsd.players)})  # fmt: skip
    result = play(gsd, "Drone : [Opening MC] Mornington Crescent (NT)")
    assert result.legal, result.messages()
    assert result.winner is None


def test_1_13_5_a_station_closed_by_the_clock() -> None:
    """Rule 1.13.5: Chigwell is open daily until 2000 only."""
    day = game({"Rushton": "Grange Hill (CN)"}, lv={"Rushton": 1}, time="Monday 1200")
    assert play(day, "Rushton : Chigwell (CN)").legal
    night = game({"Rushton": "Grange Hill (CN)"}, lv={"Rushton": 1}, time="Monday 2100")
    assert "1.13.4" in rules_broken(play(night, "Rushton : Chigwell (CN)"))
