"""A stored game judged again, each turn by the version of its rules that judged it.

A game's rules change mid-game (:mod:`referee.service.rulebook`); each turn keeps the number
of the version it was judged under (``Turn.rules_version``). Replaying the game's record
with any one version would judge some turns by rules that were not in force when they were
made, and the record would disagree with itself: this is the one place a stored game's
record is replayed from, for ``referee replay --game``, ``referee check --game`` and
``referee archive``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engine.amended import amended, versions
from referee.engine.dice import ReplayDice, Roll
from referee.engine.result import TurnResult
from referee.engine.ruleset import Ruleset
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.service import rulebook
from referee.store.models import Game, Turn
from referee.store.status import TurnStatus


def applied_turns(session: Session, game: Game) -> list[Turn]:
    """The turns applied to ``game``, in the order of its record."""
    return list(
        session.scalars(
            select(Turn)
            .where(Turn.game_id == game.id, Turn.status == TurnStatus.APPLIED)
            .where(Turn.number.is_not(None))
            .order_by(Turn.number)
        )
    )


def version_at(changes: tuple[Change, ...], moment: datetime) -> int:
    """The version in force at ``moment``: one more than the enactments in effect by then
    (a turn kept before its version was recorded, migration 0012's reading)."""
    return 1 + sum(1 for change in changes if change.at <= moment)


def judging_versions(session: Session, game: Game) -> dict[int, int]:
    """For each applied turn's number, the version of ``game``'s rules that judged it."""
    changes = rulebook.changes_of(session, game)
    return {
        turn.number: turn.rules_version or version_at(changes, turn.created_at)
        for turn in applied_turns(session, game)
        if turn.number is not None
    }


def thrown(session: Session, game: Game) -> dict[int, tuple[Roll, ...]]:
    """For each applied turn's number, the rolls it threw (from the game's seed, rule
    1.7.53's [Finding] among them): a replay that threw its own would find other things."""
    return {turn.number: tuple(_roll(r) for r in turn.rolls or ())
            for turn in applied_turns(session, game) if turn.number is not None}  # fmt: skip


class Judges:
    """The ruleset of each version of one game's rules, each built once when first asked."""

    def __init__(self, session: Session, game: Game) -> None:
        self.base = rulebook.judging_ruleset(game)
        self.versions = versions(
            rulebook.ruleset_for(game),
            rulebook.changes_of(session, game),
            published_amendable=rulebook.published_amendable(game),
        )
        self._made: dict[int, Ruleset] = {}

    @property
    def in_force(self) -> int:
        return len(self.versions)

    def __call__(self, number: int) -> Ruleset:
        """The ruleset of version ``number`` (1: the ruleset as published)."""
        if number not in self._made:
            self._made[number] = amended(self.base, self.versions[number - 1])
        return self._made[number]

    def by_turn(
        self, judged: Mapping[int, int], *, ignore: bool = False
    ) -> Callable[[int], Ruleset]:
        """The ruleset that judged play n of the record (a play of no stored turn: the
        version in force now); ``ignore`` judges every play by version 1, as a replay that
        knew nothing of the game's amendments would."""
        return lambda n: self(1 if ignore else judged.get(n, self.in_force))


@dataclass(frozen=True)
class GameReplay:
    """A stored game's turns judged again, in order, from the state its first turn was
    judged on; where the referee changed the GSD between two turns (a player joining or
    resigning, which are no plays), from the state the next turn was judged on."""

    number: int
    versions: tuple[int, ...]
    """The version each turn judged again was judged under, in the record's order."""
    legal_turns: int
    replayed: str
    """The state the replay reached (after the first turn that disagrees, if one does)."""
    live: str
    """The state the referee posted last."""
    illegal: TurnResult | None = None
    """The judgement of the first turn that is no longer legal, if any."""
    differs_at: int | None = None
    """The first turn whose state differs from the one the referee posted after it."""
    edits: int = 0
    """How many times the referee changed the GSD between turns."""

    @property
    def agrees(self) -> bool:
        """Every turn is legal again, reaching the very state posted after it, and the last
        is the state the referee posted (or the referee's own change of it since)."""
        return self.illegal is None and self.differs_at is None


def replay_game(session: Session, game: Game, *, ignore_versions: bool = False) -> GameReplay:
    """Judge ``game``'s turns again, each under the version of the rules that judged it and
    with the dice it threw, and compare each result with the state the referee posted after
    it (``ignore_versions``: every turn under the published rules, which is how a replay goes
    wrong)."""
    turns = applied_turns(session, game)
    judges = Judges(session, game)
    index = judges(judges.in_force).action_index()
    live = game.state or ""
    judged = judging_versions(session, game)
    shown: list[int] = []
    replayed = turns[0].state_before if turns and turns[0].state_before else live
    state = GSD.parse(replayed, index=index, kept=True) if replayed else None
    edits = 0
    for number, turn in enumerate(turns, 1):
        if turn.state_before and turn.state_before != replayed:
            edits += 1  # the referee's own change between turns: a join, a resignation
            replayed = turn.state_before
            state = GSD.parse(replayed, index=index, kept=True)
        version = 1 if ignore_versions else judged.get(turn.number or number, judges.in_force)
        shown.append(version)
        assert state is not None
        ruleset = judges(version)
        play = Play.parse(turn.play or "", players=state.player_names, index=index)
        dice = ReplayDice.of(_roll(r) for r in turn.rolls or ())
        result = adjudicate(state, play, ruleset, dice)
        made = (tuple(shown), number - 1)
        if not result.legal:
            return GameReplay(game.number, *made, replayed, live, illegal=result, edits=edits)
        state, replayed = result.state, result.state.render(index)
        if replayed != (turn.state or ""):
            return GameReplay(game.number, *made, replayed, live, differs_at=number, edits=edits)
    if replayed != live:
        edits += 1
    return GameReplay(game.number, tuple(shown), len(turns), replayed, live, edits=edits)


def _roll(stored: Mapping[str, object]) -> Roll:
    return Roll(int(str(stored["sides"])), int(str(stored["value"])), str(stored["why"]))
