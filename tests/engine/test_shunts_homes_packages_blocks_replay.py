"""A short scripted game of Shunts, Homes, Packages and Blocks, replayed from its plays alone.

Shunts, a Double-Shunt, a dropped Package and a Block are played in turn order (the Home
declarations of rule 1.12.2 are replayed in the scripted game, tests/engine/scripted.py);
replaying the record must reach the same tables and the same Piece positions, which holds
only if every Piece-moving Action registered its position effect.
"""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.engine.replay import replay
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from tests.engine.builder import HOMES, game, play_through

PLAYS = (
    "Rushton : [LV+3] Euston (VC) [Shunting Garden to Old Street (NT)] "
    "[Double-Shunting Cryer to London Bridge (NT)] {claim: Br from Garden}",
    "Cryer : Pass London Bridge (NT)",
    "Garden : Pass Old Street (NT) [Dropping Package at Old Street]",
    "Rushton : Pass Euston (VC) [Blocking Warren Street]",
    "Cryer : Pass London Bridge (NT)",
    "Garden : Pass Old Street (NT)",
)


def played() -> tuple[GSD, GSD]:
    start = game({"Rushton": "Green Park (VC)", "Cryer": "Old Street (NT)",
                  "Garden": "Euston (VC)"})  # fmt: skip
    return start, play_through(start, PLAYS)[-1]


def test_f2_actions_replay_to_the_same_state() -> None:
    """Rules 1.10.1, 1.10.2, 1.4.7, 1.9.1 in one record; the replay agrees."""
    start, final = played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(final.plays)
    assert report.final.players == final.players
    assert report.final.stacks == final.stacks
    assert [s.station for s in final.stacks] == ["Old Street"]
    assert next(p for p in final.players if p.name == "Cryer").home == HOMES["Cryer"]


def test_f2_positions_derive_from_the_record() -> None:
    """Rule 1.5.1: a Shunted Piece stays where the Shunt left it until it moves again."""
    _, final = played()
    history._CACHE.clear()
    derived = history.derive(final)
    assert derived.position("Garden") == Position("Old Street", LineCode.NT)
    assert derived.position("Cryer") == Position("London Bridge", LineCode.NT)
    assert derived.position("Rushton") == Position("Euston", LineCode.VC)
