"""The changes to a GSD that the life of a game makes outside any play.

Starting a game, seating a joiner and a resignation change the Game State Document without a
move being adjudicated, so the service makes them here through the notation's own GSD value,
and the text it stores is always the canonical rendering a player can read back. A forced
Timeout is a play like any other: the engine judges it, so the record says whose Turn follows.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Sequence

from referee.engine import game_clock
from referee.engine.drone import is_drone
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import whose_turn
from referee.notation.action_index import ActionIndex
from referee.notation.errors import NotationError
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.table import PlayerRow
from referee.variants import VARIANTS, find_variant


class GSDUnreadable(ValueError):
    """The game's stored GSD cannot be read, so the referee will not guess at a change."""


def _read(state: str | None, index: ActionIndex | None = None) -> GSD:
    if not state:
        raise GSDUnreadable("the game has no GSD yet")
    try:
        return GSD.parse(state, index=index, kept=True)
    except NotationError as error:
        raise GSDUnreadable(f"the game's GSD cannot be read: {error}") from error


def ruleset_of(variants: Sequence[str] | None) -> Ruleset:
    """The ruleset a game is played under: its one Special Rules variant (rule 1.1.2), else
    Volume 1 (a game naming several, which cannot be combined yet, is read as Volume 1)."""
    if variants and len(variants) == 1:
        return find_variant(variants[0])()
    return VANILLA


_KNOWN: OrderedDict[str, tuple[GSD, ActionIndex]] = OrderedDict()
_KNOWN_LOCK = threading.Lock()
_KNOWN_SIZE = 64


def remember(state: str, gsd: GSD, index: ActionIndex) -> None:
    """Keep ``gsd``, the value ``state`` was rendered from, for the next reading of that text.

    The desk renders each new GSD from a value it already holds; reading the same text back
    right after (whose Turn follows) would parse a long game's whole record again, which
    costs more than judging the Turn. A few recent values are kept, the oldest dropped.
    """
    with _KNOWN_LOCK:
        _KNOWN[state] = (gsd, index)
        _KNOWN.move_to_end(state)
        while len(_KNOWN) > _KNOWN_SIZE:
            _KNOWN.popitem(last=False)


def _reading(state: str | None) -> tuple[GSD, ActionIndex]:
    """The stored GSD and the Action index that reads it: Volume 1's, else the first known
    variant's that can (a variant's own Actions in the record, such as the early draft's
    [Block <Station> x], are unknown to Volume 1). The same index draws it back."""
    with _KNOWN_LOCK:
        known = _KNOWN.get(state or "")
    if known is not None:
        return known
    indexes = [variant().action_index() for variant in VARIANTS]
    for index in indexes[:-1]:
        try:
            return GSD.parse(state or "", index=index, kept=True), index
        except NotationError:
            continue
    return _read(state, indexes[-1]), indexes[-1]


def random_game_time(rng: random.Random) -> GameTime:
    """Rule 1.1.2 - A New Game: the Speaker picks the Game Time at random (rule 1.13.1's
    night skip applies, ``referee.engine.game_clock``)."""
    return game_clock.random_game_time(rng)


def new_game(number: int, time: GameTime, ruleset: Ruleset = VANILLA) -> str:
    """Rule 1.1.2 - A New Game: the opening GSD, with the Drone as the only player.

    The ruleset says what a new game holds (so a variant's opening applies here too),
    including its header's Turn 1: the GSD names the Turn to be played on it, the same
    opening ``referee db new-game`` writes (rules/vanilla/readings.md#r1-1-2).
    """
    return ruleset.new_game([], time, game=number).render(ruleset.action_index())


def with_player(
    state: str | None, name: str, order: Sequence[str], ruleset: Ruleset = VANILLA
) -> str:
    """Rule 1.1.8 - Joining In: add ``name`` with the ruleset's joining holdings, rows in
    ``order``.

    The Token Table's rows are the playing order (rule 1.1.8), so the rows are re-sorted to
    ``order``; a player already in the table keeps eir row.
    """
    gsd, index = _reading(state)
    rows = {row.name: row for row in gsd.players}
    rows.setdefault(name, ruleset.new_player(name))
    return _in_order(gsd, rows, order, index)


def in_order(state: str | None, order: Sequence[str]) -> str:
    """The Token Table's rows in the order of play (rule 1.1.12) announced at the start."""
    gsd, index = _reading(state)
    return _in_order(gsd, {row.name: row for row in gsd.players}, order, index)


def _in_order(
    gsd: GSD, rows: dict[str, PlayerRow], order: Sequence[str], index: ActionIndex
) -> str:
    placed = [rows[name] for name in order if name in rows]
    rest = [row for name, row in rows.items() if name not in order]
    return gsd.model_copy(update={"players": (*placed, *rest)}).render(index)


def without_player(state: str | None, name: str, ruleset: Ruleset = VANILLA) -> str:
    """Rule 1.1.3 - Resignation (and rule 1.1.10): the ruleset takes ``name`` out of the game
    (:meth:`Ruleset.resign` says what becomes of eir row, Possessions and the Drone Stick)."""
    gsd, index = _reading(state)
    return ruleset.resign(gsd, name).render(index)


def owned_by(state: str | None, name: str) -> tuple[str | None, tuple[str, ...]]:
    """What ``name`` owns in the game: eir Home Station and eir Possessions, as written.

    The resignation notice names them, so players can see what became ownerless.
    """
    gsd, _ = _reading(state)
    home = next((row.home for row in gsd.players if row.name == name), None)
    items = next((e.possessions for e in gsd.rack if e.player == name), ())
    return home, tuple(item.render() for item in items)


def after_timeout(state: str | None, name: str, ruleset: Ruleset = VANILLA) -> str:
    """Rule 1.3.5 - Timing is Everything: the forced Timeout the ruleset makes and judges for
    ``name`` (:meth:`Ruleset.forced_timeout`), as the record's new state. Refused
    (GSDUnreadable) if the engine will not accept it, for instance when it is not that
    player's Turn by the GSD.
    """
    index = ruleset.action_index()
    gsd = _read(state, index)
    try:
        result = ruleset.forced_timeout(gsd, name)
    except NotationError as error:
        raise GSDUnreadable(f"{name} is not in this game's Token Table: {error}") from error
    if not result.legal:
        raise GSDUnreadable("; ".join(result.messages()) or "the engine refused the Timeout")
    return result.state.render(index)


def to_play(state: str | None) -> str | None:
    """Rule 1.3.2 - Playing Sequence: whose Turn it is, as the engine reads the GSD (the next
    Active player after the last to play; the Inactive Drone is passed over). None if the
    game has no readable GSD or no one is Active."""
    try:
        return whose_turn(_reading(state)[0])
    except GSDUnreadable:
        return None


def non_drone(names: Sequence[str]) -> list[str]:
    """The people among ``names``: everyone but the Drone (rule 1.15.1)."""
    return [name for name in names if not is_drone(name)]
