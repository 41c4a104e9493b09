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
it back once the record has been walked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from referee.engine.drone import DRONE
from referee.network.lines import LineCode
from referee.notation.actions import Action
from referee.notation.gsd import GSD
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


def apply_play(
    positions: dict[str, Position], play: Play, registry: Registry | None = None
) -> None:
    """Move the Pieces ``play`` moved, in written order (its Moves and position effects)."""
    for part in play.parts:
        if isinstance(part, Move):
            end = move_end(part)
            if end is not None:
                positions[piece_key(play.player, part.piece)] = end
        elif registry is not None:
            effect = registry.position_effects.get(part.name)
            if effect is not None:
                effect(positions, play, part)


_NO_PLACE = frozenset({MoveKind.TIMEOUT, MoveKind.FARKLE})
_CACHE: dict[int, tuple[GSD, History]] = {}
_CACHE_SIZE = 64


def derive(gsd: GSD, registry: Registry | None = None) -> History:
    """The :class:`History` of ``gsd``'s record, read once per GSD value (position effects
    from ``registry``, the vanilla one by default)."""
    found = _CACHE.get(id(gsd))
    if found is not None and found[0] is gsd:
        return found[1]
    if registry is None:
        from referee.engine.registry import load_sections

        registry = load_sections()
    positions = initial_positions(gsd)
    previous: dict[str, str] = {}
    effects = registry.position_effects
    plays = gsd.plays
    for play in plays:
        player = play.player
        for part in play.parts:
            if type(part) is Move:
                where = part.destination
                if where is None or part.kind in _NO_PLACE:
                    continue
                end = (Position(where.escalator) if where.escalator is not None
                       else Position(where.station, where.line))  # fmt: skip
                positions[player if part.piece != "B" else f"{player}/B"] = end
                if part.piece != "B":
                    previous[player] = end.station
            elif effects and isinstance(part, Action):
                effect = effects.get(part.name)
                if effect is not None:
                    effect(positions, play, part)
    for settle in registry.position_settlers:
        settle(positions, gsd)
    last = plays[-1].player if plays else None
    history = History(positions, previous, last, len(plays))
    remember(gsd, history)
    return history


def remember(gsd: GSD, history: History) -> None:
    """Cache ``history`` as the derived view of ``gsd`` (the turn pipeline's hand-over)."""
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(gsd)] = (gsd, history)


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
