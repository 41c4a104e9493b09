"""Freewheeling (rule 1.7.45).

Rule 1.7.45 - Going Downhill Fast: before eir Move, a player whose Piece stands at a High or
Hill Station (rule 1.17.6's categories, "High Hill" included) may Freewheel: eir LV goes up by
one. A Bifurcated player may Freewheel if either Piece stands at one (rule 1.7.42).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.sections.crazes import HIGH_OR_HILL
from referee.notation.actions import Action


@VANILLA.action("Freewheeling")
def freewheeling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.45 - Going Downhill Fast: from a High or Hill Station, LV + 1."""
    pieces = [p for p in (ctx.position(), ctx.position(piece="B")) if p is not None]
    facts = ctx.network.facts
    if not any(facts[p.station].categories & HIGH_OR_HILL for p in pieces if p.station in facts):
        here = " or ".join(p.station for p in pieces) or "off the Map"
        ctx.violate("1.7.45", f"Freewheeling starts from a High or Hill Station; you are at "
                              f"{here}")  # fmt: skip
        return
    ctx.set_lv(ctx.me.lv + 1)
