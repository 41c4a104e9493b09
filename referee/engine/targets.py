"""Whom an Action targets: one reading for every rule that asks.

Rule 1.11.7 - Sanctuary says what targeting is: being the Player an Action names (the index
pattern's ``{player}``). Sanctuary and the Prison Clamp (rule 1.4.47) refuse such an Action,
the small hours (rule 1.13.1) forbid it, Cowering (rule 1.7.56) and the Hyde Mask (rule
1.7.38) make it dearer; all of them ask :func:`aimed_at`, so they cannot drift apart.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.notation.actions import SPECIAL_TARGETS, Action

STAND_INS = frozenset(SPECIAL_TARGETS) - {"Drone"}
"""Names a targeting Action may take that are no player (rules 1.10.1, 1.4.7, 1.4.24): a
Token Stack, Suspect Package or PoID Shunted as if a player is not one; the Drone is a player
(rule 1.15.1)."""

PAYMENTS = frozenset({"Toll", "Rent", "Giving Tokens"})
"""Actions that name a player only to pay em (rules 1.12.3, 1.7.27): targets or not by the
setting ``payments_target`` (rules/vanilla/readings.md#r1-11-7)."""


def aimed_at(ctx: TurnContext, action: Action) -> list[str]:
    """The other players of the game ``action`` names in its pattern's ``{player}``: not the
    player emself, nor a stand-in (:data:`STAND_INS`)."""
    if action.name in PAYMENTS and not ctx.ruleset.settings.payments_target:
        return []
    spec = ctx.spec(action.name)
    return [str(value) for kind, value in zip(spec.placeholders, action.args, strict=False)
            if kind == "player" and str(value) != ctx.player and str(value) not in STAND_INS
            and str(value) in ctx.players]  # fmt: skip
