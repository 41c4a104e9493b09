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
from referee.engine.dice import Roll
from referee.engine.replay import ReplayReport, replay
from referee.engine.ruleset import Ruleset
from referee.notation.amendments import Change
from referee.notation.gsd import GSD
from referee.service import rulebook
from referee.service.game_dice import settings_of
from referee.store.models import Game, Turn
from referee.store.status import TurnStatus


def base_ruleset(game: Game) -> Ruleset:
    """Version 1 as the turn desk judges by it: the game's ruleset (rule 1.1.2's variant)
    with the readings the Speaker set for it."""
    return settings_of(game).changed().only("rules").rules()


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


class Judges:
    """The ruleset of each version of one game's rules, each built once when first asked."""

    def __init__(self, session: Session, game: Game) -> None:
        self.base = base_ruleset(game)
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
    """A stored game's record judged again from the state its first turn was judged on."""

    number: int
    report: ReplayReport
    versions: tuple[int, ...]
    """The version each play was judged under, in the record's order."""
    live: str
    replayed: str

    @property
    def agrees(self) -> bool:
        """Every turn was legal again and the last state is the one the referee posted."""
        return self.report.ok and self.replayed == self.live


def replay_game(session: Session, game: Game, *, ignore_versions: bool = False) -> GameReplay:
    """Replay ``game``'s record from the state its first turn was judged on, each turn under
    the version of the rules that judged it, with the dice it threw (``ignore_versions``:
    every turn under the published rules, which is how a replay goes wrong)."""
    turns = applied_turns(session, game)
    judges = Judges(session, game)
    index = judges(judges.in_force).action_index()
    live = game.state or ""
    if not turns or not turns[0].state_before:
        return GameReplay(game.number, replay(GSD.parse(live, index=index)), (), live, live)
    live_gsd = GSD.parse(live, index=index)
    start = GSD.parse(turns[0].state_before, index=index)
    gsd = start.model_copy(update={"record": live_gsd.record})
    judged = judging_versions(session, game)
    rolls = [tuple(_roll(r) for r in turn.rolls or ()) for turn in turns]
    rolls += [() for _ in range(len(gsd.plays) - len(rolls))]
    by_turn = judges.by_turn(judged, ignore=ignore_versions)
    report = replay(gsd, rolls=rolls, judged_by=by_turn)
    shown = tuple(1 if ignore_versions else judged.get(n, judges.in_force)
                  for n in range(1, len(gsd.plays) + 1))  # fmt: skip
    return GameReplay(game.number, report, shown, live, report.final.render(index))


def _roll(stored: Mapping[str, object]) -> Roll:
    return Roll(int(str(stored["sides"])), int(str(stored["value"])), str(stored["why"]))
