"""Re-adjudicate a game from its plays alone (issue 4; rule 1.16.1's rollback replays).

:func:`replay` takes a starting GSD (its tables are the state before the first play of its
record) and judges each play of the record in turn, stopping at the first that is not legal.
Dice default to each Turn's seeded dice (:func:`referee.engine.turn.turn_dice`), so a replay
rolls what the original adjudication rolled; recorded rolls can be passed instead (those of
the first plays: a play after the last recorded one rolls its seeded dice). A game
whose rules were amended mid-game (:mod:`referee.engine.amended`) is replayed with
``judged_by``, the ruleset each play was judged under when it was made: a play is judged by
the rules of its day, never by those of the replay's.

A replay may also start from a state the record passed through (``since``): a GSD whose
tables are the state after its own record's plays, as a GSD posted mid-game holds, or a test
builder's that places Pieces by Passes it never judged. Judging those plays again against
tables that already include them would judge them twice, out of their order of play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.engine.dice import ReplayDice, Roll
from referee.engine.result import TurnResult
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play


@dataclass(frozen=True)
class ReplayReport:
    """How far a replay got: the turns judged legal, and the first that was not."""

    legal_turns: int
    final: GSD
    """The state after the last legal turn."""
    failed: Play | None = None
    result: TurnResult | None = None
    winner: str | None = None

    @property
    def ok(self) -> bool:
        return self.failed is None


def start_of(gsd: GSD) -> GSD:
    """The GSD with its record emptied: the state the first play of the record was made on."""
    return gsd.model_copy(update={"record": ()})


def replay(
    gsd: GSD,
    ruleset: Ruleset | None = None,
    rolls: Sequence[Sequence[Roll]] | None = None,
    judged_by: Callable[[int], Ruleset] | None = None,
    *,
    since: GSD | None = None,
) -> ReplayReport:
    """Judge every play of ``gsd``'s record from the state its tables give, in order: play n
    (from 1) under ``judged_by(n)`` when given, else under ``ruleset``. With ``since``, only
    the plays of ``gsd``'s record after ``since``'s own are judged, from ``since``, and n
    counts from the first of them (as ``rolls`` does)."""
    ruleset = ruleset or VANILLA
    state = start_of(gsd) if since is None else since
    made = len(state.plays)
    if gsd.plays[:made] != state.plays:
        raise ValueError("the record does not begin with the plays of the state it is replayed "
                         "from")  # fmt: skip
    winner: str | None = None
    for number, play in enumerate(gsd.plays[made:]):
        dice = ReplayDice.of(rolls[number]) if rolls is not None and number < len(rolls) else None
        judging = judged_by(number + 1) if judged_by is not None else ruleset
        result = adjudicate(state, play, judging, dice)
        if not result.legal:
            return ReplayReport(number, state, play, result, winner)
        state = result.state
        winner = winner or result.winner
    return ReplayReport(len(gsd.plays) - made, state, winner=winner)
