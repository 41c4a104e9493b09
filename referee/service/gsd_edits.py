"""The changes to a GSD that the life of a game makes outside any play.

Starting a game, seating a joiner, a resignation and a forced Timeout change the Game State
Document without a move being adjudicated; the rules engine has no part in them, so the
service makes them here through the notation's own GSD value, and the text it stores is always
the canonical rendering a player can read back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from referee.engine.drone import is_drone
from referee.notation.errors import NotationError
from referee.notation.gametime import Day, GameTime
from referee.notation.gsd import GSD
from referee.notation.table import PlayerRow
from referee.variants.base import VANILLA, Ruleset

_DAYS = tuple(Day)


class GSDUnreadable(ValueError):
    """The game's stored GSD cannot be read, so the referee will not guess at a change."""


def _read(state: str | None) -> GSD:
    if not state:
        raise GSDUnreadable("the game has no GSD yet")
    try:
        return GSD.parse(state)
    except NotationError as error:
        raise GSDUnreadable(f"the game's GSD cannot be read: {error}") from error


def random_game_time(rng: random.Random) -> GameTime:
    """Rule 1.1.2 - A New Game: the Speaker picks the Game Time at random, to the minute."""
    return GameTime(day=rng.choice(_DAYS), hour=rng.randrange(24), minute=rng.randrange(60))


def new_game(number: int, time: GameTime, ruleset: Ruleset = VANILLA) -> str:
    """Rule 1.1.2 - A New Game: the opening GSD, with the Drone as the only player.

    The ruleset says what a new game holds (so a variant's opening applies here too); the
    service numbers the opening GSD turn 0 until the first player is seated.
    """
    gsd = ruleset.new_game([], time, game=number)
    return gsd.model_copy(update={"turn": 0}).render()


def with_player(
    state: str | None, name: str, order: Sequence[str], ruleset: Ruleset = VANILLA
) -> str:
    """Rule 1.1.8 - Joining In: add ``name`` with the ruleset's joining holdings, rows in
    ``order``.

    The Token Table's rows are the playing order (rule 1.1.8), so the rows are re-sorted to
    ``order``; a player already in the table keeps eir row.
    """
    gsd = _read(state)
    rows = {row.name: row for row in gsd.players}
    rows.setdefault(name, ruleset.new_player(name))
    return _in_order(gsd, rows, order)


def in_order(state: str | None, order: Sequence[str]) -> str:
    """The Token Table's rows in the order of play (rule 1.1.12) announced at the start."""
    gsd = _read(state)
    return _in_order(gsd, {row.name: row for row in gsd.players}, order)


def _in_order(gsd: GSD, rows: dict[str, PlayerRow], order: Sequence[str]) -> str:
    placed = [rows[name] for name in order if name in rows]
    rest = [row for name, row in rows.items() if name not in order]
    return gsd.model_copy(update={"players": (*placed, *rest)}).render()


def without_player(state: str | None, name: str) -> str:
    """Rule 1.1.3 - Resignation: the player is no longer in the Token Table.

    Eir Home Station goes with eir row, so it is ownerless. Ticket Stubs owned in Token
    Stacks are not yet cleared: the service says so when announcing the resignation.
    """
    gsd = _read(state)
    rows = tuple(row for row in gsd.players if row.name != name)
    return gsd.model_copy(update={"players": rows}).render()


def after_timeout(state: str | None) -> str:
    """Rule 1.3.5 - Timing is Everything: a Timeout advances the Game Time by one hour."""
    gsd = _read(state)
    if gsd.time is None:
        raise GSDUnreadable("the game's GSD has no Game Time to advance")
    time = gsd.time
    hour = time.hour + 1
    day = time.day
    if hour == 24:
        hour, day = 0, _DAYS[(_DAYS.index(day) + 1) % len(_DAYS)]
    advanced = time.model_copy(update={"hour": hour, "day": day})
    turn = (gsd.turn or 0) + 1
    return gsd.model_copy(update={"time": advanced, "turn": turn}).render()


def non_drone(names: Sequence[str]) -> list[str]:
    """The people among ``names``: everyone but the Drone (rule 1.15.1)."""
    return [name for name in names if not is_drone(name)]
