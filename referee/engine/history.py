"""What the record of plays says that the GSD's tables do not (rules 1.5.1, 1.5.2, 1.3.0).

The GSD is the record (rule 1.2.0), but several facts the rules lean on are not written in its
tables: where each Piece stands (rule 1.5.1 - Keeping the Piece: where its last Move ended,
unless another player's Turn moved it since), each player's "previous Move" (rule 1.5.2 -
Passing: the last Station e played as a Move), who played last, and which plays make up the
last Round (rule 1.3.0 - Turn Summary), where one-Round effects such as Blocks live, since
rule 1.2.2 keeps only lasting states in Disruptions.

:func:`derive` reads them from the record once per GSD (cached by identity); the turn pipeline
hands the new GSD's :class:`History` on, so a replay never re-reads the record.

Actions that move Pieces (Shunts, Translocations, Home) register a *position effect* with the
ruleset's registry; :func:`derive` applies them in record order, so the positions it derives
agree with what the engine did when it adjudicated those plays. Where an outcome hung on state
the record does not keep (a Shunt through a Kafka Sinkhole, rule 1.9.6, depends on the Token
Stacks of that moment), the Turn wrote it into the GSD's tables and a *position settler* reads
it back once the record has been walked; where it hung on the route a Move took (a Bifurcated
Piece moved through, rule 1.7.42), the referee wrote it into the play's comment and a *play
effect* reads it back after that play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from operator import is_
from typing import TYPE_CHECKING, NamedTuple

from referee.engine.drone import DRONE
from referee.network.lines import LineCode
from referee.notation.gsd import GSD, Comment
from referee.notation.places import Destination
from referee.notation.plays import Move, MoveKind, Play

if TYPE_CHECKING:
    from referee.engine.registry import Registry

DRONE_START = "Mornington Crescent"
"""Rule 1.1.2 - A New Game: the Drone begins at Mornington Crescent."""


class Position(NamedTuple):
    """Where a Piece stands: a Station and, when known, the Line it is on (a tuple: derive()
    makes one per Move of the record, so it must be cheap)."""

    station: str
    line: LineCode | None = None

    def render(self) -> str:
        return f"{self.station} ({self.line.value})" if self.line else self.station


def move_end(move: Move) -> Position | None:
    """Where a Move leaves its Piece: the destination, the far side of an Escalator Link
    (``Monument (for Bank)``), the station a Pass names; ``None`` when the Move does not say."""
    where = move.destination
    if move.kind in (MoveKind.TIMEOUT, MoveKind.FARKLE) or where is None:
        return None
    if where.escalator is not None:
        return Position(where.escalator, None)
    return Position(where.station, where.line)


@dataclass(frozen=True)
class History:
    """The derived views of one GSD's record."""

    positions: Mapping[str, Position] = field(default_factory=dict)
    """Each Piece by key: the player's name, or ``"name/B"`` for a Bifurcated second Piece."""
    previous_move: Mapping[str, str] = field(default_factory=dict)
    """Rule 1.5.2: the last Station each player played as eir Move (Pass included)."""
    last_player: str | None = None
    plays: int = 0

    def position(self, player: str, piece: str | None = None) -> Position | None:
        """Where ``player``'s Piece stands (``piece`` "B" for a Bifurcated second Piece)."""
        return self.positions.get(piece_key(player, piece))

    def after(self, play: Play, positions: Mapping[str, Position]) -> History:
        """The History once ``play`` is appended and Pieces stand at ``positions``."""
        previous = dict(self.previous_move)
        for move in play.moves:
            end = move_end(move)
            if end is not None and move.piece in (None, "A"):
                previous[play.player] = end.station
        return replace(
            self, positions=dict(positions), previous_move=previous,
            last_player=play.player, plays=self.plays + 1,
        )  # fmt: skip


def piece_key(player: str, piece: str | None = None) -> str:
    """The key of a Piece in :attr:`History.positions`."""
    return f"{player}/B" if piece == "B" else player


def initial_positions(gsd: GSD) -> dict[str, Position]:
    """Rule 1.1.2: the Drone stands at Mornington Crescent; rule 1.1.8: a joining player's
    Piece is not on the Map until eir first Move."""
    return {DRONE: Position(DRONE_START)} if DRONE in gsd.player_names else {}


_NO_PLACE = frozenset({MoveKind.TIMEOUT, MoveKind.FARKLE})


class _Known(NamedTuple):
    """A GSD's History and the registry it was made under; ``resumable`` is False when the
    turn pipeline handed it on (read from a live Turn, not the record), which derive() does
    not read on from."""

    gsd: GSD
    history: History
    registry: Registry
    resumable: bool = True


_CACHE: dict[int, _Known] = {}
_CACHE_SIZE = 64


def derive(gsd: GSD, registry: Registry | None = None) -> History:
    """The :class:`History` of ``gsd``'s record, read once per GSD value (position effects
    from ``registry``, the vanilla one by default).

    A GSD whose record begins with the very plays of a record already read (a later state of
    the same game, the same Play values) is read on from where that one ended, so a GSD read
    afresh each Turn costs its new plays, not its whole record.
    """
    found = _CACHE.get(id(gsd))
    if found is not None and found.gsd is gsd and registry in (None, found.registry):
        return found.history
    if registry is None:
        from referee.engine.registry import load_sections

        registry = load_sections()
    record = gsd.record
    base = _longest_prefix(gsd, registry)
    if base is None:
        positions, previous, done, last = initial_positions(gsd), {}, 0, None
    else:
        history = base.history
        positions, previous = dict(history.positions), dict(history.previous_move)
        done, last = len(base.gsd.record), history.last_player
    count = _read_plays(record, done, positions, previous, registry)
    for settle in registry.position_settlers:
        settle(positions, gsd)
    if count:
        last = next(e.player for e in reversed(record) if isinstance(e, Play))
    plays = count + (base.history.plays if base is not None else 0)
    history = History(positions, previous, last, plays)
    _keep(gsd, history, registry)
    return history


def _read_plays(
    record: tuple[Play | Comment, ...],
    start: int,
    positions: dict[str, Position],
    previous: dict[str, str],
    registry: Registry,
) -> int:
    """Apply the plays of ``record[start:]`` to ``positions`` and ``previous``; how many.

    Only a Piece's last Move before a position effect (and its very last) decides where it
    stands, so Moves are noted as their destinations and made Positions only then.
    """
    count = 0
    moved: dict[str, Destination] = {}
    effects, wholes = registry.position_effects, registry.play_effects
    for play in record[start:]:
        if type(play) is not Play:
            continue
        count += 1
        player = play.player
        for part in play.parts:
            if isinstance(part, Move):
                where = part.destination
                if where is None or part.kind in _NO_PLACE:
                    continue
                if part.piece == "B":
                    moved[f"{player}/B"] = where
                else:
                    moved[player] = where
                    previous[player] = where.station if where.escalator is None else where.escalator
            elif effects:
                effect = effects.get(part.name)
                if effect is not None:
                    _place(positions, moved)
                    effect(positions, play, part)
        if wholes and play.comment:
            _place(positions, moved)
            for whole in wholes:
                whole(positions, play)
    _place(positions, moved)
    return count


def _place(positions: dict[str, Position], moved: dict[str, Destination]) -> None:
    """Make the noted Moves' ends Positions (see :func:`move_end`), then forget them."""
    for key, where in moved.items():
        positions[key] = (Position(where.escalator) if where.escalator is not None
                          else Position(where.station, where.line))  # fmt: skip
    moved.clear()


def _longest_prefix(gsd: GSD, registry: Registry) -> _Known | None:
    """The derived History whose record the longest leading part of ``gsd``'s record is, the
    same entries (by identity: cheap, and never a mere look-alike), under the same registry
    and with the same Drone (rule 1.1.2: the Drone's Piece starts the record on the Map)."""
    record = gsd.record
    length = len(record)
    drone = DRONE in gsd.player_names
    best: _Known | None = None
    for known in tuple(_CACHE.values()):  # a snapshot: other threads may add meanwhile
        base = known.gsd.record
        size = len(base)
        if (not known.resumable or known.registry is not registry or not size or size > length
                or (best is not None and size <= len(best.gsd.record))
                or base[size - 1] is not record[size - 1]):  # fmt: skip
            continue
        if all(map(is_, base, record)) and (DRONE in known.gsd.player_names) == drone:
            best = known
    return best


def remember(gsd: GSD, history: History, registry: Registry) -> None:
    """Cache ``history`` as the derived view of ``gsd`` under ``registry`` (the turn
    pipeline's hand-over: a variant's Turn is never answered from another ruleset's view)."""
    _keep(gsd, history, registry, resumable=False)


def forget() -> None:
    """Drop every cached History, so the next :func:`derive` reads its whole record (for
    cold-path benchmarks and tests)."""
    _CACHE.clear()


def _keep(gsd: GSD, history: History, registry: Registry, *, resumable: bool = True) -> None:
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(list(_CACHE))), None)  # the oldest; a copy, as threads share it
    _CACHE[id(gsd)] = _Known(gsd, history, registry, resumable)


def last_round(gsd: GSD, player: str) -> tuple[Play, ...]:
    """Rule 1.3.0 - Turn Summary: the plays since ``player``'s own last play (a Round, as one
    player sees it), where one-Round effects made by others are still in force. Effects begun
    in a player's own last Turn end as eir next Turn reaches the same phase, which the family
    judging them decides (Turn Phases are rounded up)."""
    plays = gsd.plays
    for number in range(len(plays) - 1, -1, -1):
        if plays[number].player == player:
            return plays[number:]
    return plays
