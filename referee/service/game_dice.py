"""A game's settings and committed dice, as the service keeps them with the game.

The settings a Speaker sets are stored as texts by name (``Game.settings``) and read back
here into a :class:`~referee.variants.game_settings.GameSettings`. The dice seed is drawn
when the game is created, kept secret in the store (``Game.dice_seed``) and published only
when the game ends; every chance of the game, in a turn or outside one, is a draw numbered by
``Game.dice_draws`` and derived from the seed (:mod:`referee.engine.fair_dice`).
:func:`verify` recomputes every roll of an ended game, as ``referee verify`` prints it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from referee.engine.fair_dice import (
    LABEL,
    SEED_BYTES,
    Mismatch,
    SeededDice,
    SeededRandom,
    SeededRoll,
    check,
    commitment,
)
from referee.games import MORNINGTON
from referee.service.gsd_edits import ruleset_of
from referee.store.models import Game, Turn
from referee.variants.game_settings import GameSettings

ENDED = ("won", "stalemate", "void")
"""The statuses of a game whose seed may be published (its end, rule 1.1.5)."""


def settings_of(game: Game) -> GameSettings:
    """The settings ``game`` is played under (the defaults where it stored none). A game of
    another kind stores its kind's own settings (``referee.service.dealt``), so Mornington
    Nomic's are all at their defaults for it."""
    stored = game.settings if game.kind == MORNINGTON else None
    return GameSettings.of_stored(stored, type(ruleset_of(game.variants)))


def new_seed(rng: random.Random) -> bytes:
    """A fresh seed. The service's ``rng`` is the operating system's (``SystemRandom``);
    tests pass a seeded generator to make a game repeatable."""
    return rng.getrandbits(SEED_BYTES * 8).to_bytes(SEED_BYTES, "big")


def seed_of(game: Game) -> bytes | None:
    return bytes.fromhex(game.dice_seed) if game.dice_seed else None


def next_draw(session: Session, game: Game) -> int:
    """The number of the game's next draw, counted in the database so two transactions never
    share one (a transaction that rolls back gives its number to the retry, which then throws
    the same dice: a posting processed again is judged the same)."""
    number = session.execute(
        update(Game)
        .where(Game.id == game.id)
        .values(dice_draws=Game.dice_draws + 1)
        .returning(Game.dice_draws)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    return int(number)


def keep_roll(game: Game, roll: SeededRoll) -> None:
    """Keep a roll made outside a turn with the game."""
    entry = {"sides": roll.sides, "value": roll.value, "why": roll.why, "label": roll.label}
    game.draws = [*(game.draws or []), entry]


def chances(session: Session, game: Game, why: str, fallback: random.Random) -> random.Random:
    """The chances of one draw of ``game`` for ``why`` (order of play, a drawn referee), each
    roll kept with the game; a game without a seed (from before seeds) uses ``fallback``."""
    seed = seed_of(game)
    if seed is None:
        return fallback
    draw = f"draw {next_draw(session, game)}"
    dice = SeededDice(seed, game.number, draw, on_roll=lambda roll: keep_roll(game, roll))
    return SeededRandom(dice, why)


@dataclass(frozen=True)
class Verification:
    """What ``referee verify`` found: the published commitment, the seed, how many rolls
    were checked and every mismatch."""

    number: int
    commitment: str
    seed: str
    rolls: int
    mismatches: tuple[Mismatch, ...]

    @property
    def ok(self) -> bool:
        return not self.mismatches


class NotVerifiable(ValueError):
    """A game whose dice cannot be verified yet (running) or at all (no seed)."""


def verify(session: Session, number: int) -> Verification:
    """Recompute every roll of ended game ``number`` from its seed."""
    game = session.scalar(select(Game).where(Game.number == number))
    if game is None:
        raise NotVerifiable(f"there is no game number {number}")
    if game.status not in ENDED:
        raise NotVerifiable(
            f"game {game.tag} is {game.status}: its seed is published only when it ends"
        )
    seed = seed_of(game)
    if seed is None:
        raise NotVerifiable(f"game {game.tag} began before dice seeds, so it has none")
    rolls: list[tuple[str, str, int, dict[str, object]]] = []
    places: dict[str, int] = {}
    for entry in game.draws or []:
        match = LABEL.match(str(entry.get("label") or ""))
        draw = match["draw"] if match is not None else "?"
        places[draw] = places.get(draw, 0) + 1
        where = f"the game's {draw} ({entry.get('why')})"
        rolls.append((where, draw, places[draw], dict(entry)))
    turns = session.scalars(select(Turn).where(Turn.game_id == game.id).order_by(Turn.id))
    for turn in turns:
        where = f"turn {turn.number}" if turn.number is not None else f"a {turn.status} posting"
        where += f" ({turn.play or 'no play'}; stored turn {turn.id})"
        draw = f"message {turn.inbox_id}" if turn.inbox_id is not None else ""
        for place, entry in enumerate(turn.rolls or [], 1):
            rolls.append((where, draw, place, dict(entry)))
    return Verification(
        number=number,
        commitment=commitment(seed),
        seed=seed.hex(),
        rolls=len(rolls),
        mismatches=tuple(check(seed, number, rolls)),
    )
