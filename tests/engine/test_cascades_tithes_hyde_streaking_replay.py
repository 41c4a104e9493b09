"""A short game of Cascades, Tithes, the Hyde Mask, Streaking and their neighbours, replayed
from its plays alone.

Token Cascades (rules 1.7.36-1.7.37: a Disruptions flag, focus and X from the record), Tithes
(1.7.31), Freewheeling (1.7.45), Cowering (1.7.56), Token Generators (1.7.54), the Hyde Mask
(1.7.38), Topple (1.7.55), Streaking (1.7.60: a trip to Tower Hill the record must follow)
the fFrobisher fFlourish (1.7.59: dice rolled with the Turn) and Finding (1.7.53: the roll
noted in the record). Re-judging the record from
the first tables must reach the same GSD, and positions derived cold must agree.
"""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.network.lines import LineCode
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.plays import Play
from referee.notation.possessions import parse_possessions
from referee.notation.stacks import TokenStack
from referee.notation.table import PlayerRow
from referee.notation.tokens import Colour, TokenCounts
from tests.engine.builder import HOMES

SCRIPT = (
    "Rushton : Holborn (CN)",
    "Cryer : Knightsbridge (PD)",
    "Garden : Highbury and Islington (VC)",
    "Rushton : [Token Cascade] Pass Holborn (CN) {cascading: 2 Re, 2 Bk}",
    "Cryer : [Tithe 1] Pass Knightsbridge (PD) {cascade: 1 Re}",
    "Garden : [Freewheeling] Finsbury Park (VC) [Cowering]",
    "Rushton : Pass Holborn (CN) [Giving Tokens to Garden] {giving: 1 Bk}",
    "Cryer : [Collecting Tithe] [Constructing Generator] Pass Knightsbridge (PD) "
    "[Cascade Steal] {tithe: Rushton Si; cascade: 4 Bu}",
    "Garden : Pass Finsbury Park (VC)",
    "Rushton : [LV+3] Bond Street (CN) [Cascade Kill] {cascade: 2 Re, 4 Bk}",
    "Cryer : [LV+1] Hyde Park Corner (PD) [Generating Token] [Hyde Transformation] "
    "{generating: Gold}",
    "Garden : [LV+1] Arsenal (PD) [Streaking]",
    "Rushton : [LV+2] St. Paul's (CN) [Topple to Holland Park (CN)] [Finding]",
    "Cryer : [LV+5] Pass Hyde Park Corner (PD)",
    "Garden : Pass Tower Hill (DS) [fFrobisher fFlourish]",
)


def _start() -> GSD:
    rows = [
        PlayerRow(name="Drone", inactive=True),
        PlayerRow(
            name="Rushton",
            home=HOMES["Rushton"],
            tokens=TokenCounts.parse("6 Bu, 8 Bk, 4 Si, 8 Re, 4 Br"),
        ),
        PlayerRow(
            name="Cryer",
            charge=10,
            home=HOMES["Cryer"],
            tokens=TokenCounts.parse("12 Bu, 4 Bk, 4 Si, 4 Gr, 8 Re, 2 Go"),
        ),
        PlayerRow(
            name="Garden",
            home=HOMES["Garden"],
            tokens=TokenCounts.parse("9 Bu, 6 Bk, 3 Gr, 6 Re, 2 Br"),
        ),
    ]
    stacks = (TokenStack(station="St. Paul's", tokens=(Colour.RE, Colour.BK, Colour.GR)),)
    rack = (RackEntry(player="Cryer", possessions=parse_possessions("Pigeon")),)
    return GSD(game=7, turn=1, players=tuple(rows), time=GameTime.parse("Wednesday 1200"),
               stacks=stacks, rack=rack)  # fmt: skip


def _played() -> tuple[GSD, GSD]:
    start = state = _start()
    for text in SCRIPT:
        result = adjudicate(state, Play.parse(text, players=state.player_names))
        assert result.legal, (text, result.messages())
        state = result.state
    return start, state


def test_cascades_tithes_and_hyde_replay_from_the_record_alone() -> None:
    """Every Turn re-judged from the first tables gives the same final GSD."""
    start, final = _played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else report
    assert report.legal_turns == len(SCRIPT)
    assert report.final == final


def test_cascades_tithes_and_hyde_state_lives_in_the_gsd_and_the_record() -> None:
    """The Cascade has ended (Disruptions empty); the toppled Stack fell along the Central;
    the Streaker's trip to Tower Hill and eir Pass there derive cold from the record."""
    _, final = _played()
    assert final.disruptions == ()
    assert "St. Paul's" not in [s.station for s in final.stacks]
    assert "Holland Park" in [s.station for s in final.stacks]
    history._CACHE.clear()
    derived = history.derive(final)
    assert derived.position("Garden") == Position("Tower Hill", LineCode.DS)
    assert derived.position("Cryer") == Position("Hyde Park Corner", LineCode.PD)
