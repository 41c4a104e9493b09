"""Rule 4 - Moving, of the early draft: a Move is a walk of steps between neighbouring
Stations, paid for in Black Tokens.

Each step costs one Black, and so does each change of Line (leaving on a Line other than the
one the Piece stood on counts as one). There is no Line Velocity: the player may take as many
steps as eir Black Tokens pay for. A Move may not step to the same Station twice, nor back to
where the Turn began (the route search's one-visit-a-Station routes keep both). A step runs
along a line segment, so Volume 1's Escalator Links (rule 1.5.3) are no steps here.
"""

from __future__ import annotations

from itertools import pairwise

from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import Position
from referee.network.routes import Route
from referee.notation.actions import Action
from referee.notation.tokens import Colour
from referee.variants.early_draft.registry import DRAFT


def line_changes(route: Route, start: Position | None) -> int:
    """Rule 4: how many times the route changes Line, counting a first step on a Line other
    than the Piece's."""
    hops = route.hops
    changes = sum(1 for before, after in pairwise(hops) if before != after)
    if start is not None and start.line is not None and hops and hops[0] != start.line:
        changes += 1
    return changes


@DRAFT.move_check("4")
def steps_follow_lines(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 4 and Rule 8 (step, adjacent): every step runs along a line segment, so neither
    a route across an Escalator Link nor Volume 1's ``Monument (for Bank)`` form, which ends
    across one, is a Move here."""
    across = moving.move.destination is not None and moving.move.destination.escalator
    if across or (moving.route is not None and None in moving.route.hops):
        ctx.violate("4", "a step runs along a Line to the next Station; an Escalator Link is "
                         "not a step, so name a route by Lines")  # fmt: skip


@DRAFT.after_each_move("4")
def pay_for_steps(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 4: one Black a step and one a Line change, paid when the Move is made (so the
    Tokens the landing earns cannot pay for it)."""
    if moving.route is None:  # placed, not moved: no steps taken
        return
    steps = moving.route.lv
    changes = line_changes(moving.route, moving.start)
    why = f"the Move's {steps} step{'s' if steps != 1 else ''}"
    if changes:
        why += f" and {changes} Line change{'s' if changes != 1 else ''}"
    ctx.pay({Colour.BK: steps + changes}, why, "4")


@DRAFT.action("Line Change")
def line_change(ctx: TurnContext, action: Action) -> None:
    """Rule 4: a change of Line is part of the Move and is paid with its steps, one Black each
    (:func:`pay_for_steps`); a player who writes [Line Change] as Volume 1 has it names that
    change, and pays nothing more for writing it."""
    ctx.event("line_change", "the Move's Line changes are paid with its steps (rule 4)")
