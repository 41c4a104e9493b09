"""Rule 1.17.9 - Fosdyke Notation: every Action's index Requirement, checked by the pipeline
(referee/engine/proximity.py).

A bare number must be met exactly and a '*' fails every test; the object is the first thing
the Action names (rule 1.7.2): a Station, another player's Piece or a Line.
"""

from __future__ import annotations

from referee.engine.proximity import OWN_OBJECT
from referee.engine.tables.fosdyke import FosdykeRequirement
from referee.notation.action_index import load_action_index
from tests.engine.builder import game, play, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import message
from tests.engine.test_targeting import at_euston

OBJECTS = ("station", "destination", "player", "line")


def test_1_17_9_every_index_requirement_has_an_object_or_a_handler_that_finds_it() -> None:
    """Rule 1.7.2: the object is usually the first variable; where an Action names none of a
    Station, Destination, player or Line, or names the wrong one, its handler must judge."""
    index = load_action_index()
    for spec in index:
        if not spec.fr:
            continue
        FosdykeRequirement.parse(spec.fr)
        named = [kind for kind in spec.placeholders if kind in OBJECTS]
        assert named or spec.name in OWN_OBJECT or not spec.placeholders, spec.name


def test_1_17_9_same_station_on_another_line_is_s0_l1() -> None:
    """Rule 1.17.9 (with rule 1.4.48's example): two Pieces at one Station on different Lines
    are (S0,L1), so an Action requiring (S0,L0) is refused there."""
    gsd = at_euston(lv=0, rushton="Euston (NT)")
    result = play(gsd, "Rushton : Pass [Stationary-Shunting Garden to Warren Street (VC)]")
    assert rules_broken(result) == ["1.10.17"]
    assert "(S0,L0) from your Piece to Garden at Euston (VC)" in message(result)
    assert "from Euston (NT) the Fosdyke Code is (S0,R0,L1,Q0,Z0)" in message(result)


def test_1_17_9_same_station_and_line_meets_s0_l0() -> None:
    """Rule 1.17.9: (S0,L0) - both at the same Station and on the same Line."""
    gsd = at_euston(lv=0, rushton="Euston (VC)")
    result = play(gsd, "Rushton : Pass [Stationary-Shunting Garden to Warren Street (VC)]")
    assert result.legal, result.messages()


def test_1_17_9_a_line_object_is_met_from_a_station_on_the_line() -> None:
    """Rule 1.17.9's L for a Line (rule 1.20.0: played from a Station on that Line): from
    Euston, on NT and VC, the Northern Line is (L0) and the Central Line is one change away."""
    gsd = game({"Rushton": "Euston (VC)"}, tokens={"Rushton": "4Bu"})
    assert play(gsd, "Rushton : [NT: Speed Limit: 9] Pass").legal
    refused = play(gsd, "Rushton : [CN: Speed Limit: 9] Pass")
    assert rules_broken(refused) == ["1.20.4"]
    assert "requires (L0) from your Piece to CN, but from Euston (VC) the Fosdyke Code is (L1)" in (
        message(refused)
    )


def test_1_17_9_no_piece_on_the_map_meets_no_requirement() -> None:
    """Rule 1.17.9: a '*' always fails; a Piece not yet on the Map is nowhere."""
    gsd = game({"Cryer": "Holborn (CN)"}, tokens={"Rushton": "4Bu"})
    result = play(gsd, "Rushton : [CN: Speed Limit: 9] Holborn (CN)")
    assert rules_broken(result) == ["1.20.4"]
    assert "needs your Piece on the Map" in message(result)


def test_1_17_9_along_the_move_for_actions_whose_rule_allows_it() -> None:
    """Rules 1.14.4, 1.4.7: the index's (S0) for Claiming and Dropping is met at any Station
    the Move started at, passed through or ended at - but not beyond."""
    gsd = with_luggage(game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}),
                       {}, stacks={"Tottenham Court Road": "Go"})  # fmt: skip
    passing = play(gsd, "Rushton : Holborn (CN) [Claiming a Gold Token from Tottenham Court Road]")
    assert passing.legal, passing.messages()
    beyond = play(gsd, "Rushton : Holborn (CN) [Dropping Package at Chancery Lane]")
    assert rules_broken(beyond) == ["1.4.7"]
    assert "(nor from any Station of your Moves)" in message(beyond)


def test_1_17_9_the_handler_is_not_run_when_the_requirement_fails() -> None:
    """Rule 1.17.9: one clear violation, not the Action's own objections on top of it."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Bank (CN)"}, tokens={"Rushton": "3Re"})
    result = play(gsd, "Rushton : Pass [Blocking Bank]")
    assert rules_broken(result) == ["1.9.1"]
    assert "holds a Piece" not in message(result)
