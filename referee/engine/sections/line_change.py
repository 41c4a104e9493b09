"""Changing Line (rule 1.5.11) when the play writes [Line Change] out.

Rule 1.5.11 - Changing Line: the Action is implied by the Move's Line Codes and the Movement
Phase pays for it. A player who writes it anyway has paid its cost through the pipeline like
any Action, so the next Move that changes Line does not charge again (rule 1.7.42: a
Bifurcated player whose two Moves both change Line plays it twice).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.notation.actions import Action


@VANILLA.action("Line Change")
def line_change(ctx: TurnContext, action: Action) -> None:
    """Rule 1.5.11 - Changing Line: the written Action pays for one Move's change of Line."""
    ctx.facts.line_changes_paid += 1
