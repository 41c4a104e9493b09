"""Line Velocity (section 1.6).

Rule 1.6.1 - Line Velocity: LV is a whole number never below zero (:meth:`TurnContext.set_lv`).
Rule 1.6.3 - Greg! The Stop Sign!!: [LV+X] and [LV-X], X from one to three, change the
player's LV before eir Move; rule 1.7.38 lets the wearer of the Hyde Mask change it by up to
five.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.sections.hyde import MASKED_STEP, wears_mask
from referee.notation.actions import Action

MAX_STEP = 3


@VANILLA.action("LV+X", "LV-X")
def change_lv(ctx: TurnContext, action: Action) -> None:
    """Rule 1.6.3 - Greg! The Stop Sign!!: add or take X (1 to 3; 1 to 5 in the Hyde Mask, rule
    1.7.38) from LV (rule 1.6.1: not below zero)."""
    (step,) = action.args
    assert isinstance(step, int)
    sign = "+" if action.name == "LV+X" else "-"
    if wears_mask(ctx) and 1 <= step <= MASKED_STEP:
        ctx.set_lv(ctx.me.lv + step if sign == "+" else ctx.me.lv - step)
        return
    if not 1 <= step <= MAX_STEP:
        ctx.violate("1.6.3", f"[LV{sign}{step}] changes LV by 1 to 3 at a time; "
                             f"write [LV{sign}1], [LV{sign}2] or [LV{sign}3]")  # fmt: skip
        return
    ctx.set_lv(ctx.me.lv + step if sign == "+" else ctx.me.lv - step)
