"""The Hyde Mask (rule 1.7.38).

Rule 1.7.38 - Jekyll and Hyde Park: at Hyde Park Corner, [Hyde Transformation] gives the
player the Hyde Mask, a Unique Garment (rule 1.4.23: a second one in play is destroyed at
once). It cannot be Removed, only Discarded. Its wearer changes LV by up to five a step
instead of three (velocity.py asks :func:`wears_mask`), pays one Red less for eir own
Actions and makes every Action aimed at em cost its player one Red more; e may not pass
through or Move to a Holy Station, nor open the Crescent.

A transformation puts the Mask on: the player gains it Worn, since no Emporium line makes it
a Garment that [Wearing] would accept. "Aimed at" is :mod:`cowering`'s reading of targeting.
The Red off is taken once per Action, from its first payment that includes Red.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.registry import VANILLA
from referee.engine.sections.cowering import current_action, surcharge, targets
from referee.engine.sections.special_stations import holy
from referee.engine.sections.unique import destroy_duplicates
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour

HYDE_MASK = "Hyde Mask"
HYDE_PARK_CORNER = "Hyde Park Corner"
MASKED_STEP = 5


def wears_mask(ctx: TurnContext, player: str | None = None) -> bool:
    """Whether ``player`` (the playing player by default) Wears the Hyde Mask now."""
    return any(item.name == HYDE_MASK and item.worn
               for item in ctx.rack.get(player or ctx.player, ()))  # fmt: skip


@VANILLA.action("Hyde Transformation")
def hyde_transformation(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.38: at Hyde Park Corner, the player gains the Hyde Mask, Worn; if one is in
    play already, the new one is destroyed at once (rule 1.4.23, unique.py)."""
    pieces = [p for p in (ctx.position(), ctx.position(piece="B")) if p is not None]
    if not any(p.station == HYDE_PARK_CORNER for p in pieces):
        here = " or ".join(p.station for p in pieces) or "off the Map"
        ctx.violate("1.7.38", f"the Hyde Transformation happens at Hyde Park Corner; you are "
                              f"at {here}")  # fmt: skip
        return
    ctx.luggage().append(Possession(name=HYDE_MASK, worn=True))
    ctx.event("possession", f"{ctx.player} puts on the Hyde Mask", item=HYDE_MASK)
    destroy_duplicates(ctx)


@VANILLA.cost_rule("1.7.38")
def masked_discount(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.7.38: the wearer's own Actions cost one Red less (once per Action)."""
    if spec is None or not counts.get(Colour.RE) or not wears_mask(ctx):
        return counts
    charges = ctx.charges()
    if charges.has("1.7.38", spec.name):
        return counts
    charges.note("1.7.38", spec.name)
    return {**counts, Colour.RE: counts[Colour.RE] - 1}


@VANILLA.after_each_action("1.7.38")
def hyde_limits(ctx: TurnContext) -> None:
    """Rule 1.7.38: one Red more for an Action aimed at a wearer; the wearer may not open the
    Crescent; the Mask may not be Removed."""
    action = current_action(ctx)
    if action is None:
        return
    written = action.render(ctx.index)
    masked = [name for name in targets(ctx, action) if wears_mask(ctx, name)]
    if masked:
        surcharge(ctx, "1.7.38", f"{written} targets {masked[0]}, who wears the Hyde Mask")
    if action.name == "Opening MC" and wears_mask(ctx):
        ctx.violate("1.7.38", "a player wearing the Hyde Mask may not play [Opening MC]")
    if action.name == "Removing" and any(
        isinstance(arg, Possession) and arg.name == HYDE_MASK for arg in action.args
    ):
        ctx.violate("1.7.38", "the Hyde Mask may not be Removed, only Discarded")


@VANILLA.move_check("1.7.38")
def no_holy_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.7.38: the wearer may not pass through or Move to a Holy Station."""
    if not wears_mask(ctx):
        return
    stays = (
        moving.start is not None
        and moving.end is not None
        and (moving.start.station == moving.end.station and not moving.passed_through)
    )
    ends = [moving.end.station] if moving.end is not None and not stays else []
    for station in (*moving.passed_through, *ends):
        if holy(ctx, station):
            ctx.violate("1.7.38", f"{station} is Holy, and a player wearing the Hyde Mask may "
                                  "not pass through or Move to a Holy Station")  # fmt: skip
