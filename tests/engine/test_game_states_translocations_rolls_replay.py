"""A short game of Game States, Translocations and rolls, replayed from its plays alone:
states written to Disruptions, Translocations the record must follow, and rolls made at the
next Turn's start
(rules 1.8.3, 1.8.7, 1.13.7, 1.7.13, 1.11.2, 1.7.10, 1.7.52)."""

from __future__ import annotations

from referee.engine.history import derive
from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.table import PlayerRow
from referee.notation.tokens import TokenCounts
from tests.engine.builder import HOMES

PLAYERS = ("Rushton", "Cryer", "Garden")
SCRIPT = (
    "Rushton : Holborn (CN)",
    "Cryer : Clapham North (NT)",
    "Garden : Euston (NT)",
    "Rushton : [Upcoming Holiday] Pass",
    "Cryer : Pass [North Wormhole to North Acton]",
    "Garden : Pass [Courier Call (Random)]",
    "Rushton : [Walking] Russell Square (PD)",
    "Cryer : [Mind the Gap] Pass",
    "Garden : [Bridges Up] [Waiting] Pass {wait: 20m}",
)


def _start() -> GSD:
    rows = [PlayerRow(name="Drone", inactive=True)]
    rows += [PlayerRow(name=name, home=HOMES[name],
                       tokens=TokenCounts.parse("6 Bu, 4 Bk, 4 Si, 4 Gr, 4 Re"))
             for name in PLAYERS]  # fmt: skip
    return GSD(game=3, turn=1, players=tuple(rows), time=GameTime.parse("Wednesday 1200"))


def _played() -> tuple[GSD, GSD]:
    start = state = _start()
    for text in SCRIPT:
        result = adjudicate(state, Play.parse(text, players=state.player_names))
        assert result.legal, (text, result.messages())
        state = result.state
    return start, state


def test_f3_actions_replay_from_the_record_alone() -> None:
    """The record re-judged from the first tables gives the same final GSD."""
    start, final = _played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else report
    assert report.final == final


def test_f3_the_record_follows_translocations_and_deferred_rolls() -> None:
    """Rule 1.7.13: the record places Cryer at North Acton; rules 1.13.7 and 1.11.2: the
    Holiday has its day and the Courier its Stations, rolled as the next Turns began."""
    _, final = _played()
    assert derive(final).position("Cryer").station == "North Acton"  # type: ignore[union-attr]
    rendered = [d.render() for d in final.disruptions]
    assert rendered[0].startswith("Upcoming Holiday: ")
    assert rendered[1:] == ["Gapminding", "Bridges Up"]
    assert final.courier_pickup and final.courier_destination
