"""Rule 7 - Actions, of the early draft: [Block <Station> x] and [Unblock <Station>].

A Block is made from a Station next to the one blocked (one line segment away, rule 8's
"adjacent": an Escalator Link is none), costs the x Tokens the player names
(two or more) and takes ten minutes of Game Time for each. It lasts until someone Unblocks the
Station, which costs twice the Block's Tokens and may be done from anywhere. No Piece may step
onto or through a Blocked Station (rule 7, and rule 4's "may not step to a blocked station").
Mornington Crescent is never Blocked nor Unblocked. A standing Block is written in
Disruptions with its strength, ``Euston (Block 3)`` (Volume 1's rule 1.2.2 records there what
restricts access with no definite duration). Which Tokens pay is our reading
(rules/early-draft/README.md): those the comment's ``paying:`` field lists, else Blue.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.comments import field
from referee.engine.context import MoveContext, TurnContext
from referee.notation.actions import Action
from referee.notation.disruptions import BLOCK, Disruption
from referee.notation.errors import NotationError
from referee.notation.tokens import Colour, TokenCounts
from referee.variants.early_draft.collection import neighbours
from referee.variants.early_draft.registry import DRAFT

MC = "Mornington Crescent"
MINUTES_A_TOKEN = 10
"""Rule 7's table: a Block takes ten minutes for each Token it costs."""


def _strength(action: Action) -> int:
    """The x of [Block <Station> x]: how many Tokens it costs."""
    strength = action.args[1]
    assert isinstance(strength, int)
    return strength


@dataclass
class _Standing:
    read_record: bool = False
    """This Turn has read an older GSD's Blocks from its record into Disruptions."""


def standing_blocks(ctx: TurnContext) -> dict[str, int]:
    """The Blocks standing now, by Station, with the Tokens each cost.

    Disruptions hold them (``Euston (Block 3)``): a Block lasts until Unblocked, an effect of
    no definite duration, which Volume 1's rule 1.2.2 records there and the draft does not
    say otherwise. A GSD written before Blocks were recorded so holds none: its standing
    Blocks are read from the record once a Turn (each stands until an Unblock of its Station)
    and written into Disruptions."""
    standing = ctx.state(_Standing)
    if not standing.read_record:
        standing.read_record = True
        if not any(d.marker == BLOCK for d in ctx.disruptions):
            for station, strength in _blocks_in_record(ctx).items():
                ctx.disruptions.append(Disruption(station=station, marker=BLOCK, count=strength))
    return {
        d.station: d.count
        for d in ctx.disruptions
        if d.marker == BLOCK and d.station is not None and d.count is not None
    }


def _blocks_in_record(ctx: TurnContext) -> dict[str, int]:
    blocks: dict[str, int] = {}
    for play in ctx.before.plays:
        for action in play.actions:
            if action.name == "Block":
                blocks[str(action.args[0])] = _strength(action)
            elif action.name == "Unblock":
                blocks.pop(str(action.args[0]), None)
    return blocks


def _payment(ctx: TurnContext, count: int) -> dict[Colour, int] | None:
    """The Tokens paying ``count``: the ``paying:`` field's list (which must total ``count``),
    else ``count`` Blue. None (after a violation) when the field is unreadable or wrong."""
    named = field(ctx, "paying")
    if named is None:
        return {Colour.BU: count}
    try:
        tokens = TokenCounts.parse(named)
    except (NotationError, ValueError):
        ctx.violate("7", f"'paying: {named}' is not a list of Tokens; write e.g. paying: 2 Bu")
        return None
    due = {colour: tokens[colour] for colour in Colour if tokens[colour]}
    if sum(due.values()) != count:
        ctx.violate("7", f"'paying: {named}' names {sum(due.values())} Tokens; this costs {count}")
        return None
    return due


@DRAFT.action("Block")
def block(ctx: TurnContext, action: Action) -> None:
    """Rule 7 - Actions (Block): next to the Station, two or more Tokens, never MC, and (our
    reading) not a Station already Blocked."""
    station, strength = str(action.args[0]), _strength(action)
    where = ctx.position()
    blocks = standing_blocks(ctx)
    mark = len(ctx.violations)
    if station == MC:
        ctx.violate("7", "Mornington Crescent may not be Blocked")
    if where is None or station not in neighbours(ctx.network, where.station):
        at = "off the Map" if where is None else f"at {where.station}"
        ctx.violate("7", f"you are {at}; Block a Station next to the one your Piece is at, "
                         "one line segment away (an Escalator Link is not one)")  # fmt: skip
    if strength < 2:
        ctx.violate("7", f"a Block costs more than one Token; {strength} is too few, "
                         "name 2 or more")  # fmt: skip
    if station in blocks:
        ctx.violate("7", f"{station} is already Blocked; Unblock it before Blocking it again")
    ctx.spend_time(MINUTES_A_TOKEN * max(strength, 0), f"[Block {station} {strength}]")
    if len(ctx.violations) > mark:
        return
    due = _payment(ctx, strength)
    if due is None or not ctx.pay(due, f"[Block {station} {strength}]", "5"):
        return
    ctx.disruptions.append(Disruption(station=station, marker=BLOCK, count=strength))
    ctx.event("block", f"{station} is Blocked (strength {strength}) until Unblocked",
              station=station, strength=strength)  # fmt: skip


@DRAFT.action("Unblock")
def unblock(ctx: TurnContext, action: Action) -> None:
    """Rule 7 - Actions (Unblock): twice the Block's Tokens; MC may not be Unblocked; the
    Station must be Blocked (our reading: there is nothing to undo otherwise)."""
    station = str(action.args[0])
    blocks = standing_blocks(ctx)
    if station == MC:
        ctx.violate("7", "Mornington Crescent may not be Unblocked")
        return
    if station not in blocks:
        ctx.violate("7", f"{station} is not Blocked; there is nothing to Unblock")
        return
    due = _payment(ctx, 2 * blocks[station])
    if due is None or not ctx.pay(due, f"[Unblock {station}]", "5"):
        return
    ctx.disruptions[:] = [
        d for d in ctx.disruptions if not (d.marker == BLOCK and d.station == station)
    ]
    ctx.event("unblock", f"{station} is no longer Blocked", station=station)


@DRAFT.move_check("7")
def not_through_a_block(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 4 and 7: no step onto or through a Blocked Station (leaving one is allowed)."""
    if moving.route is not None:
        stepped = moving.route.stations[1:]
    else:
        stepped = () if moving.end is None else (moving.end.station,)
    blocks = standing_blocks(ctx)
    for station in stepped:
        if station in blocks:
            ctx.violate("4", f"{station} is Blocked; choose a route that avoids it")
            return
