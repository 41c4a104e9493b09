"""Changing Line (rule 1.5.11) when the play writes [Line Change] out.

Rule 1.5.11 - Changing Line: the Action is implied by the Move's Line Codes and the Movement
Phase pays for it (:func:`referee.engine.moves.pay_line_change`). A player who writes it anyway
has paid its cost through the pipeline like any Action, so the Move does not charge again.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.notation.actions import Action


@VANILLA.action("Line Change")
def line_change(ctx: TurnContext, action: Action) -> None:
    """Rule 1.5.11 - Changing Line: the written Action pays for this Turn's change of Line."""
    ctx.flags.add("line_change_paid")
