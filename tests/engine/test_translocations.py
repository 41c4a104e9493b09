"""Translocations paired by name or Current: Wormholes (1.7.13), Charge Tunneling (1.19.4)."""

from __future__ import annotations

from referee.engine.history import derive
from tests.engine.builder import game, play, rules_broken

CLAPHAM = {"Rushton": "Clapham North (NT)"}
SILVER = {"Rushton": "3 Si"}


def test_1_7_13_a_wormhole_joins_stations_sharing_a_compass_word() -> None:
    """Rule 1.7.13 - Stupid Compass Tricks: Clapham North to North Acton by a North Wormhole;
    the record then places the Piece there."""
    result = play(game(CLAPHAM, tokens=SILVER), "Rushton : Pass [North Wormhole to North Acton]")
    assert result.legal, result.messages()
    assert derive(result.state).position("Rushton").station == "North Acton"  # type: ignore[union-attr]
    assert any(e.kind == "translocation" for e in result.events)


def test_1_7_13_both_names_must_hold_the_word() -> None:
    """Rule 1.7.13: not to Clapham South with a North Wormhole, nor from Holborn at all."""
    gsd = game(CLAPHAM, tokens=SILVER)
    wrong = play(gsd, "Rushton : Pass [North Wormhole to Clapham South]")
    assert rules_broken(wrong) == ["1.7.13"] and "Clapham South" in wrong.violations[0].message
    holborn = game({"Rushton": "Holborn (CN)"}, tokens=SILVER)
    refused = play(holborn, "Rushton : Pass [North Wormhole to North Acton]")
    assert rules_broken(refused) == ["1.7.13"] and "Holborn" in refused.violations[0].message


def test_1_7_13_a_wormhole_is_post_move_costs_two_silver_and_avoids_ghosts() -> None:
    """Rule 1.7.13 (index: post-Move, 2 Silver); rule 1.11.6: North End, a Ghost Station, is
    not reached but by Ghosting."""
    gsd = game(CLAPHAM, tokens=SILVER)
    assert rules_broken(play(gsd, "Rushton : [North Wormhole to North Acton] Pass")) == ["1.3.4"]
    poor = game(CLAPHAM, tokens={"Rushton": "1 Si"})
    assert rules_broken(play(poor, "Rushton : Pass [North Wormhole to North Acton]")) == ["1.7.1"]
    assert rules_broken(play(gsd, "Rushton : Pass [North Wormhole to North End]")) == ["1.11.6"]


def test_1_19_4_charge_tunneling_to_an_equal_current() -> None:
    """Rule 1.19.4 - Fifth Coulomb: Holborn and Leicester Square share Current 5."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens=SILVER)
    result = play(gsd, "Rushton : Pass [Charge Tunneling to Leicester Square]")
    assert result.legal, result.messages()
    assert derive(result.state).position("Rushton").station == "Leicester Square"  # type: ignore[union-attr]
    other = play(gsd, "Rushton : Pass [Charge Tunneling to Euston]")
    assert rules_broken(other) == ["1.19.4"] and "Current of" in other.violations[0].message


def test_1_19_4_never_to_mornington_crescent() -> None:
    """Rule 1.19.4: Cannon Street shares the Crescent's Current, but no one tunnels there."""
    gsd = game({"Rushton": "Cannon Street (CL)"}, tokens=SILVER)
    refused = play(gsd, "Rushton : Pass [Charge Tunneling to Mornington Crescent]")
    assert rules_broken(refused) == ["1.19.4"]
