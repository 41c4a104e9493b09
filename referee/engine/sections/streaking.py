"""Streaking (rule 1.7.60).

Rule 1.7.60 - Did you see That?: a player who carries no Possessions may, after eir Move,
Streak. Every other player whose Piece stands at a Station the Streaker passed through this
Turn loses every Possession e neither Wears, nor keeps in a Nantucket, nor carries Cursed;
what could be dropped is dropped where its owner stands instead. A Streaker who ends at
Arsenal, Wembley Park or Wimbledon is given an Overcoat and taken to Tower Hill, for one
Bronze more.

A lost Possession goes to the Lost Property Office: it joins the rear of the Lost & Found Box
(rule 1.7.53). The only game object a rule lets a player drop is a Suspect Package (rule
1.4.7), so a carried Package is left at its owner's Station. The Streaker's Piece is where eir
Move left it when e Streaks (a Post-Move Action), so that is where e "ends eir Turn"; the trip
to Tower Hill is registered as a position effect, so positions derived from the record agree.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.possessions import is_cursed
from referee.engine.registry import VANILLA
from referee.engine.sections.blocks import passed_this_turn
from referee.engine.sections.packages import PACKAGE, quadrant_of
from referee.notation.actions import Action
from referee.notation.plays import Play
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour

EXPOSED_AT = frozenset({"Arsenal", "Wembley Park", "Wimbledon"})
TOWER_HILL = "Tower Hill"
OVERCOAT = "Overcoat"
DROPPABLE = frozenset({"Package", "Suspect Package"})


def _keeps(item: Possession) -> bool:
    return item.worn or item.nantucketed or is_cursed(item)


@VANILLA.action("Streaking")
def streaking(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.60 - Did you see That?: see the module docstring."""
    if ctx.luggage():
        ctx.violate("1.7.60", "only a player carrying no Possessions may Streak; you carry "
                              f"{', '.join(item.render() for item in ctx.luggage())}")  # fmt: skip
        return
    passed = passed_this_turn(ctx)
    victims = sorted({key.partition("/")[0] for key, where in ctx.positions.items()
                      if where.station in passed} - {ctx.player})  # fmt: skip
    for victim in victims:
        _strip(ctx, victim)
    exposed = [
        key
        for key in (ctx.player, piece_key(ctx.player, "B"))
        if (where := ctx.positions.get(key)) is not None and where.station in EXPOSED_AT
    ]
    if exposed:
        if not ctx.pay({Colour.BR: 1}, "[Streaking] ending at " + ctx.positions[exposed[0]].station,
                       "1.7.60", ctx.spec(action.name)):  # fmt: skip
            return
        ctx.luggage().append(Possession(name=OVERCOAT))
        for key in exposed:
            ctx.place(key, Position(TOWER_HILL))
        ctx.event("translocation", f"{ctx.player} is given an Overcoat and taken to Tower Hill",
                  station=TOWER_HILL)  # fmt: skip


def _strip(ctx: TurnContext, victim: str) -> None:
    """Rule 1.7.60: ``victim`` loses what e neither Wears, Nantuckets nor carries Cursed."""
    rack = ctx.luggage(victim)
    lost = [item for item in rack if not _keeps(item)]
    if not lost:
        return
    rack[:] = [item for item in rack if _keeps(item)]
    where = ctx.position(victim)
    box = list(ctx.current("lost_and_found"))
    for item in lost:
        if item.name in DROPPABLE and where is not None:
            ctx.stacks.append(TokenStack(station=where.station,
                                         quadrant=quadrant_of(ctx, where.station),
                                         marker=PACKAGE))  # fmt: skip
        else:
            box.append(item)
    ctx.change("lost_and_found", tuple(box))
    ctx.event("possessions_lost", f"{victim} loses {', '.join(i.render() for i in lost)} to a "
                                  "Streaker", player=victim)  # fmt: skip


@VANILLA.moves_pieces("Streaking")
def streaking_moves(positions: dict[str, Position], play: Play, action: Action) -> None:
    """Rule 1.7.60: a Streaker at Arsenal, Wembley Park or Wimbledon goes to Tower Hill."""
    for key in (play.player, piece_key(play.player, "B")):
        where = positions.get(key)
        if where is not None and where.station in EXPOSED_AT:
            positions[key] = Position(TOWER_HILL)
