"""Points across games, the Grandmaster and the Game Archive, read from the games table.

Rule 1.1.9 - What Do Points Mean?: points move only when a game is won, so the standing is
the games won so far scored in the order they ended (:func:`referee.engine.life.points.score_win`);
nothing is stored twice and a corrected game record corrects the points. Rule 1.1.5 - Game
Archive: every game that has ended keeps its final GSD, the last one posted to its lounge.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engine.life.points import grandmaster, score_win
from referee.games import GameTag
from referee.service import dealt
from referee.service.game_view import view_of
from referee.store.models import Game, Turn
from referee.store.status import GameStatus, TurnStatus

ENDED = (GameStatus.WON, GameStatus.STALEMATE, GameStatus.VOID)


@dataclass(frozen=True)
class Standing:
    """Everyone's points and the Grandmaster, if there is one."""

    points: dict[str, int]
    grandmaster: str | None


def _ended(session: Session) -> list[Game]:
    query = (
        select(Game)
        .where(Game.status.in_(ENDED), Game.ended_at.is_not(None))
        .order_by(Game.ended_at, Game.number)
    )
    return list(session.scalars(query))


def standing(session: Session) -> Standing:
    """Rule 1.1.9: points after every won game, in the order the games ended."""
    points: dict[str, int] = {}
    for game in _ended(session):
        if game.status == GameStatus.WON and game.winner is not None:
            finishers = {*game.finishers, game.winner}
            points = score_win(points, game.winner, finishers)
    return Standing(points, grandmaster(points))


@dataclass(frozen=True)
class ArchiveEntry:
    """One ended game in the Game Archive (rule 1.1.5)."""

    number: int
    status: str
    winner: str | None
    ended_at: datetime
    final_gsd: str
    tag: GameTag
    """The game as its mail names it (``MC 12``, ``ifMUD 3``)."""


def archive(session: Session) -> list[ArchiveEntry]:
    """Rule 1.1.5: every ended game with its final GSD, in the order they ended. A game of a
    kind with hidden parts is archived as its lounge last saw it (its final public view,
    every rack revealed if it was played to its end), never as its stored state."""
    return [
        ArchiveEntry(g.number, g.status, g.winner, g.ended_at, _final(session, g), g.tag)
        for g in _ended(session)
        if g.ended_at is not None
    ]


@dataclass(frozen=True)
class ArchivedTurn:
    """One applied turn of an archived game, with the version of the game's rules that
    judged it (None for a kind whose rules are not kept as versions)."""

    number: int
    play: str
    rules_version: int | None


def archived_turns(session: Session, number: int) -> list[ArchivedTurn]:
    """The applied turns of game MC ``number``, in the order of its record."""
    query = (
        select(Turn.number, Turn.play, Turn.rules_version)
        .join(Game, Game.id == Turn.game_id)
        .where(Game.number == number, Turn.status == TurnStatus.APPLIED, Turn.number.is_not(None))
        .order_by(Turn.number)
    )
    return [ArchivedTurn(n or 0, play or "", v) for n, play, v in session.execute(query)]


def _final(session: Session, game: Game) -> str:
    """What the lounge last saw: every hosted kind is asked (ifMUD Nomic's too, which
    ``dealt.HOSTED`` lacks, since it is built on a clock), never a stand-in for a kind it
    does not know, whose view is empty."""
    kind = dealt.kind_of(dealt.console_kinds(game.ended_at or datetime.now()), game)
    if kind is None or not game.state:
        return game.state or ""
    return kind.public_view(view_of(session, game))
