"""A short scripted game of the tokens-and-possessions family, replayed from its plays alone.

Three players buy, wear, beg, give, drop, claim, visit and arrive late; each play is judged in
turn order as it is made, and :func:`referee.engine.replay.replay` must reach the same Token
Table, Luggage Rack and Token Stacks from the record alone.
"""

from __future__ import annotations

from functools import cache

from referee.engine.replay import replay
from referee.notation.gsd import GSD
from tests.engine.builder import game, play_through

PLAYS = (
    "Rushton : [Purchasing Newspaper] Pass Euston (NT) [Purchasing Hat (Hard)] [Gold to Silver]",
    "Cryer : Pass Kew Gardens (DS) [Purchasing Hat (Verdant)] [Begging] {begging: Blue}",
    "Garden : Pass Holborn (CN) [Red Token on Holborn] [Giving Tokens to Rushton] {giving: 1 Bk}",
    "Rushton : [Wearing Hat (H)] Pass Euston (NT) [Visiting York]",
    "Cryer : [Late Arrival from York] Pass Kew Gardens (DS)",
    "Garden : Pass Holborn (CN) [Claiming a Red Token from Holborn]",
    "Rushton : Pass Euston (NT)",
)


def _start() -> GSD:
    return game({"Rushton": "Euston (NT)", "Cryer": "Kew Gardens (DS)", "Garden": "Holborn (CN)"},
                tokens={"Rushton": "10 Br, 2 Go, 2 Bk", "Cryer": "5 Br, 3 Re",
                        "Garden": "2 Re, 2 Bk"}, time="Thursday 1130")  # fmt: skip


@cache
def _played() -> tuple[GSD, GSD]:
    start = _start()
    return start, play_through(start, PLAYS)[-1]


def test_1_4_12_the_luggage_follows_the_game() -> None:
    """Rule 1.4.12: the Luggage Rack shows what the Turns bought and wore."""
    _, final = _played()
    rack = {entry.player: [p.render() for p in entry.possessions] for entry in final.rack}
    assert rack == {"Rushton": ["Thursday's Paper", "*Hat (H)*"], "Cryer": ["Hat (V)"]}
    assert final.stacks == ()


def test_1_4_12_replaying_the_plays_alone_reaches_the_same_tables() -> None:
    """The replay of the record agrees on the Token Table, Luggage Rack and Token Stacks."""
    start, final = _played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.final.players == final.players
    assert report.final.rack == final.rack
    assert report.final.stacks == final.stacks


def test_1_4_12_the_changed_luggage_survives_the_written_gsd() -> None:
    """Rule 1.4.12: the Luggage written into the posted GSD reads back the same."""
    _, final = _played()
    assert GSD.parse(final.render()).rack == final.rack
