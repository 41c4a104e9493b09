"""A game as a kind sees it: the seam's :class:`~referee.games.kind.GameView` of a stored game."""

from __future__ import annotations

from sqlalchemy.orm import Session

from referee.games.kind import GameView
from referee.service import game_dice, rulebook
from referee.store import games
from referee.store.models import Game


def view_of(
    session: Session, game: Game, *, state: str | None = None, posting: int | None = None
) -> GameView:
    """The game as a kind sees it (``state`` in place of the stored one, after a turn), with
    its settings and the enactments of its rules; judging stored message ``posting``, its
    dice seed too, the draw named by that message (``game_dice``)."""
    names = tuple(p.name for p in games.members(session, game))
    seed = game_dice.seed_of(game) if posting is not None else None
    return GameView(
        game.number,
        game.version,
        game.turn_number,
        game.state if state is None else state,
        names,
        tuple(game.variants or ()),
        settings=tuple((game.settings or {}).items()),
        seed=seed,
        draw=f"message {posting}" if seed is not None else "",
        rules=rulebook.changes_of(session, game),
    )
