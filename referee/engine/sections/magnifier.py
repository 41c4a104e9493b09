"""Foskdyke's Magnifier (rule 1.4.48).

Rule 1.4.48: a player carrying a Magnifier may play the Pre-Move Action [Magnify]; for the
rest of the Turn, the Fosdyke Requirements (rule 1.17.9) of Actions aimed at one chosen object
(a Station, a player, a Token Stack or a Line) have one chosen component raised by one, so an
Action that needs the object at the same Station may reach a neighbouring one instead.

The Action names neither, so the play's comment does (rules/vanilla/readings.md#r1-17-9):
``{magnify: S}`` loosens S for the Actions on the first object the Turn's later Actions aim at
with an S bound; ``{magnify: L on Garden}`` names the object. The pipeline applies it
(:mod:`referee.engine.proximity`); the Magnifier is not used up.
"""

from __future__ import annotations

import re

from referee.engine.comments import field
from referee.engine.context import Loosening, TurnContext
from referee.engine.possessions import carried
from referee.engine.registry import VANILLA
from referee.engine.tables.fosdyke import CLASSES
from referee.notation.actions import Action

MAGNIFIER_ITEM = "Magnifier"
_CHOICE = re.compile(rf"(?P<cls>[{CLASSES}])(?:\s+on\s+(?P<target>.+))?", re.I)


@VANILLA.action("Magnify")
def magnify(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.48 - Foskdyke's Magnifier: only while carrying a Magnifier; the component (and
    optionally the object) come from the comment's ``magnify:`` field."""
    if not any(item.name == MAGNIFIER_ITEM for item in carried(ctx)):
        ctx.violate("1.4.48", "[Magnify] needs a Magnifier among the Possessions you carry")
        return
    text = field(ctx, "magnify")
    choice = _CHOICE.fullmatch(text.strip()) if text else None
    if choice is None:
        ctx.violate("1.4.48", "say in your comment which Fosdyke component [Magnify] loosens, "
                              "e.g. {magnify: S} or {magnify: L on Garden}")  # fmt: skip
        return
    target = choice.group("target")
    loosening = Loosening(choice.group("cls").upper(), target.strip() if target else None)
    ctx.facts.loosening = loosening
    aim = f" on {loosening.target}" if loosening.target else ""
    ctx.event("magnify", f"Fosdyke Requirements{aim} have their {loosening.cls} loosened by one "
                         "this Turn", cls=loosening.cls)  # fmt: skip
