"""Electrical Possessions (rule 1.4.33 - Zzzzzzzzzzap!).

Rule 1.4.33: an Electrical Possession (Remote Control, Vacuum Cleaner) is On or Off, Off when
bought; [<Possession> On] and [<Possession> Off] switch one the player carries. (An Electrified
Line switching them Off belongs to the Line States family.)
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.possessions import carried, has_quality
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.possessions import Possession


@VANILLA.action("Switching On", "Switching Off")
def switching(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.33 - Zzzzzzzzzzap!: switch a carried Electrical Possession On or Off."""
    (written,) = action.args
    assert isinstance(written, Possession)
    wanted = "On" if action.name == "Switching On" else "Off"
    item = next((held for held in carried(ctx) if held.name == written.name
                 and (written.number is None or held.number == written.number)), None)  # fmt: skip
    if item is None:
        ctx.violate("1.4.33", f"you carry no {written.render()} to switch {wanted}")
        return
    if not has_quality(ctx, item, "Electrical"):
        ctx.violate("1.4.33", f"{item.render()} is not Electrical, so it is neither On nor Off")
        return
    luggage = ctx.luggage()
    luggage[luggage.index(item)] = item.model_copy(update={"state": wanted})
    ctx.event("switched", f"{item.model_copy(update={'state': None}).render()} is {wanted}")
