"""A short game with a Shunt into a Kafka Sinkhole and a chain of Blasts, replayed from its
plays alone (rules 1.9.6, 1.7.30).

Rushton Shunts Garden along the Northern line towards Old Street, past a Suspect Package at
King's Cross St. Pancras, into the Sinkhole at Angel. Cryer, three stops away, sets off that
Package; its Blast destroys the Sinkhole's Stack, catches Rushton and Garden and sets off the
Package at Holborn, whose Blast sets off the one at Tottenham Court Road, whose Blast destroys
the Stack at Bond Street. Each caught player then pays with a Pass (Garden with a Timeout,
which leaves eir Sunk entry standing); Cryer, out of reach, is free. The Drone, Inactive at
Mornington Crescent two stops from King's Cross, is caught too and owes its Pass still.
Replaying the record must reach the same tables, and positions derived afresh must agree with
the ones the live Turns left, though the Sinkhole that stopped Garden is gone.
"""

from __future__ import annotations

from itertools import pairwise

import referee.engine.history as history
from referee.engine.history import Position
from referee.engine.replay import replay
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from referee.notation.tokens import parse_token_sequence
from tests.engine.builder import game, play_through

PLAYS = (
    "Rushton : [LV+3] Euston (VC) [Shunting Garden to Old Street (NT)]",
    "Cryer : Pass Moorgate (NT) [Detonating King's Cross St. Pancras Package]",
    "Garden : Timeout",
    "Rushton : Pass Euston (VC)",
    "Cryer : [LV+1] Old Street (NT)",
)


def start() -> GSD:
    gsd = game({"Rushton": "Green Park (VC)", "Cryer": "Moorgate (NT)", "Garden": "Euston (VC)"},
               tokens={"Rushton": "3Re", "Cryer": "2Re", "Garden": "1Bu"})  # fmt: skip
    stacks = [
        TokenStack(station=s, marker="Susp Package")
        for s in ("King's Cross St. Pancras", "Holborn", "Tottenham Court Road")
    ]
    stacks += [TokenStack(station=s, tokens=parse_token_sequence(t))
               for s, t in (("Angel", "BkBkBkBk"), ("Bond Street", "BuBu"),
                            ("Bank", "ReRe"))]  # fmt: skip
    return gsd.model_copy(update={"stacks": tuple(stacks)})


def played() -> tuple[GSD, GSD]:
    first = start()
    return first, play_through(first, PLAYS)[-1]


def test_a_blast_chain_and_a_sinkhole_shunt_replay_to_the_same_state() -> None:
    """Rules 1.9.6 and 1.7.30 in one record; the replay agrees table for table."""
    first, final = played()
    report = replay(first.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(final.plays)
    assert report.final.players == final.players
    assert report.final.stacks == final.stacks
    assert report.final.disruptions == final.disruptions
    assert [s.station for s in final.stacks] == ["Bank"]
    assert [d.render() for d in final.disruptions] == [
        "Sunk: Garden at Angel (NT)",
        "King's Cross St. Pancras (*Damage*)",
        "Blasted: Drone",
        "Holborn (*Damage*)",
        "Tottenham Court Road (*Damage*)",
    ]


def test_positions_derived_afresh_agree_with_the_live_turns() -> None:
    """Rule 1.5.1: Garden stays where the Sinkhole stopped em, though the record's Shunt
    names Old Street and the Sinkhole is gone; a fresh reading of the GSD agrees."""
    _, final = played()
    live = history.derive(final)
    history._CACHE.clear()
    fresh = history.derive(final.model_copy())
    assert fresh.positions == live.positions
    assert fresh.position("Garden") == Position("Angel", LineCode.NT)


def test_positions_read_on_from_each_state_agree_with_a_whole_reading() -> None:
    """Rule 1.9.6 with history read on (history.derive resumes from an earlier state of the
    same record): each state's positions equal those of its record read whole."""
    states = play_through(start(), PLAYS)
    for earlier, later in pairwise(states):
        history.forget()
        whole = history.derive(later).positions
        history.forget()
        history.derive(earlier)
        assert history.derive(later).positions == whole, later.record[-1]
    assert history.derive(states[-1]).position("Garden") == Position("Angel", LineCode.NT)
