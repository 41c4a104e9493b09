"""Where a Shunt through a Kafka Sinkhole leaves a player (rule 1.9.6), kept in the GSD.

Rule 1.9.6 - Kafka Sinkholes: a Station whose Token Stack holds four or more Tokens, all
Black, swallows anyone Shunted through it: the Shunt ends there, short of the Target Station
the Shunter named. The record keeps only the named Station, and whether a Sinkhole lay on the
way depended on the Token Stacks of that moment, which later Turns change; so the Turn that
sinks a player writes ``Sunk: <Player> at <Station> (<Line>)`` in Disruptions, and
:func:`settle_sunk` puts the derived Piece there. The entry lasts while it is the only place
that says where the Piece is: until the Piece stands elsewhere, or its owner plays a Move that
names a Station.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, move_end, piece_key
from referee.engine.registry import VANILLA
from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD

SUNK = "Sunk"


def sink(ctx: TurnContext, player: str, where: Position) -> None:
    """Record that ``player``'s Piece was Shunted into the Sinkhole at ``where``."""
    ctx.disruptions[:] = [d for d in ctx.disruptions if not _names(d, player)]
    ctx.disruptions.append(Disruption(flag=SUNK, player=player, station=where.station,
                                      line=where.line))  # fmt: skip
    ctx.event("sinkhole", f"{player} falls into the Kafka Sinkhole at {where.station}; the "
                          "Shunt ends there", target=player, station=where.station)  # fmt: skip


def _names(entry: Disruption, player: str) -> bool:
    return (entry.flag == SUNK and entry.player is not None
            and entry.player.casefold() == player.casefold())  # fmt: skip


def _where(entry: Disruption) -> Position:
    assert entry.station is not None
    return Position(entry.station, entry.line)


@VANILLA.at_end("1.9.6")
def clear_sunk(ctx: TurnContext) -> None:
    """Drop the ``Sunk`` entries the record no longer needs: the Piece has moved on, or its
    owner's Move of this Turn names where it stands."""
    named = any(move_end(m) is not None and m.piece in (None, "A") for m in ctx.play.moves)
    keep = []
    for entry in ctx.disruptions:
        if entry.flag == SUNK and entry.player is not None:
            player = next((n for n in ctx.players if n.casefold() == entry.player.casefold()),
                          entry.player)  # fmt: skip
            if ctx.position(player) != _where(entry) or (named and player == ctx.player):
                continue
        keep.append(entry)
    ctx.disruptions[:] = keep


@VANILLA.settles_positions("1.9.6")
def settle_sunk(positions: dict[str, Position], gsd: GSD) -> None:
    """Rule 1.9.6: a player the GSD records as Sunk stands at that Sinkhole, whatever Station
    the record's Shunt named."""
    names = {name.casefold(): name for name in gsd.player_names}
    for entry in gsd.disruptions:
        if entry.flag == SUNK and entry.player is not None:
            player = names.get(entry.player.casefold(), entry.player)
            positions[piece_key(player)] = _where(entry)
