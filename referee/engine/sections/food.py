"""Playing with Food (rule 1.4.16), and the Pigeons' ban on eating (rule 1.4.25).

Rule 1.4.16 - Playing with Food: at the start of eir Turn a player may eat an Edible thing e
carries; it is destroyed and eir LV rises by its Emporium price in Bronze. A Marmalade
Sandwich also permits a Special Move to Paddington; British Rail Coffee halves how long every
later Action of the Turn takes; an Overpriced Baguette takes twenty minutes to eat (the index).
Rule 1.4.25 - Release the Pigeons!: a player carrying a Pigeon may not eat.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.context import MoveContext, TurnContext
from referee.engine.possessions import carried, find, list_line, take
from referee.engine.registry import VANILLA
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.possessions import Possession

PADDINGTON = "Paddington"
SANDWICH = "Eating Marmalade Sandwich"


@dataclass
class _Food:
    paddington: bool = False
    """A Marmalade Sandwich permits the Special Move, to Paddington only."""
    coffee_after: int | None = None
    """British Rail Coffee was drunk as this many Actions were done."""


def _victual(ctx: TurnContext, action: Action) -> Possession:
    if action.args and isinstance(action.args[0], Possession):
        return action.args[0]
    return Possession(name=action.name.removeprefix("Eating ").strip())


@VANILLA.action("Eating", "Eating Overpriced Baguette", SANDWICH)
def eating(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.16 - Playing with Food: eat a carried Edible Possession at the start of the
    Turn (only other Eating before it); LV rises by its price in Bronze, and it is destroyed."""
    written = _victual(ctx, action)
    if ctx.moves or any(not name.startswith("Eating") for name in ctx.done):
        ctx.violate("1.4.16", f"[Eating {written.render()}] is played at the start of your "
                              "Turn; write it before every other Action")  # fmt: skip
        return
    if any(item.name == "Pigeon" for item in carried(ctx)):
        ctx.violate("1.4.25", "a player carrying Pigeons may not eat; release them first")
        return
    item = find(ctx, written)
    if item is None:
        ctx.violate("1.4.16", f"you carry no {written.render()} to eat")
        return
    line = list_line(ctx, item)
    if line is None or not line.has("Edible"):
        ctx.violate("1.4.16", f"{item.render()} is not Edible")
        return
    take(ctx, item)
    ctx.event("destroyed", f"ate {item.render()}", item=item.render())
    ctx.set_lv(ctx.me.lv + line.cost)
    state = ctx.state(_Food)
    if item.name == "Marmalade Sandwich":
        ctx.facts.special_move = True
        state.paddington = True
    if item.name == "British Rail Coffee" and state.coffee_after is None:
        state.coffee_after = len(ctx.done) + 1


@VANILLA.move_check("1.4.16")
def sandwich_goes_to_paddington(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.16: the Marmalade Sandwich's Special Move is to Paddington only."""
    if not ctx.state(_Food).paddington or not moving.special:
        return
    if moving.end is not None and moving.end.station != PADDINGTON:
        ctx.violate("1.4.16", f"the Marmalade Sandwich permits a Special Move to Paddington, "
                              f"not to {moving.end.station}")  # fmt: skip


@VANILLA.duration_rule("1.4.16")
def coffee_halves_durations(ctx: TurnContext, spec: ActionSpec, minutes: int) -> int:
    """Rule 1.4.16: after British Rail Coffee, the rest of the Turn's Actions take half as
    long (rounded down: rules/vanilla/readings.md#r1-4-16)."""
    after = ctx.state(_Food).coffee_after
    if after is not None and len(ctx.done) > after:
        return minutes // 2
    return minutes
