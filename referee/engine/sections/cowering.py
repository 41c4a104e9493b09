"""Cowering (rule 1.7.56), and what it means for an Action to target a player.

Rule 1.7.56 - Quail, Mortal: [Cowering] (one Blue) may be played by anyone who fears for eir
safety. Until that player's next Turn, every Action aimed at em costs its player one Red more.

Cowering lasts a set time, so it is read from the record: a player is Cowering when eir most
recent play holds [Cowering]. An Action targets a player when the play names that player in
one of the Action's player placeholders (``Shunting <Player> to ...``); an Action that only
names Stations or Zones targets nobody, even if it affects players there. The extra Red is
charged after the Action is adjudicated, once per Action however many of its targets cower,
and goes where the Action's other paid Tokens go (rule 1.4.19). A free Action aimed at a
Cowering player costs one Red.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.targets import aimed_at
from referee.notation.actions import Action
from referee.notation.tokens import Colour

COWERING = "Cowering"


def current_action(ctx: TurnContext) -> Action | None:
    """The Action being adjudicated (for hooks run after an Action's handler): the Actions
    of a play are adjudicated in written order, and ``ctx.done`` holds those before it."""
    actions = ctx.play.actions
    return actions[len(ctx.done)] if len(ctx.done) < len(actions) else None


def targets(ctx: TurnContext, action: Action) -> list[str]:
    """The other players ``action`` targets (:func:`referee.engine.targets.aimed_at`)."""
    return aimed_at(ctx, action)


def surcharge(ctx: TurnContext, rule: str, why: str) -> None:
    """Charge the playing player one more Red for the current Action (rules 1.7.56, 1.7.38)."""
    if ctx.me.tokens[Colour.RE] < 1:
        ctx.violate(rule, f"{why}, so it costs one Red more; you hold no Red")
        return
    ctx.me.tokens[Colour.RE] -= 1
    ctx.paid.append((why, {Colour.RE: 1}))
    ctx.event("tokens_paid", f"{why}: paid 1 Re", tokens={Colour.RE.value: 1})


def cowered(ctx: TurnContext, player: str) -> bool:
    """Whether ``player``'s most recent play holds [Cowering] (rule 1.7.56)."""
    last = next((p for p in reversed(ctx.before.plays) if p.player == player), None)
    return last is not None and any(a.name == COWERING for a in last.actions)


@VANILLA.action(COWERING)
def cowering(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.56 - Quail, Mortal: anyone may cower (the index's one Blue is the cost)."""
    ctx.event("cowering", f"{ctx.player} cowers until eir next Turn")


@VANILLA.after_each_action("1.7.56")
def cowering_surcharge(ctx: TurnContext) -> None:
    """Rule 1.7.56: an Action aimed at a player who cowered in eir most recent Turn costs one
    Red more."""
    action = current_action(ctx)
    if action is None:
        return
    cowering_targets = [name for name in targets(ctx, action) if cowered(ctx, name)]
    if cowering_targets:
        written = action.render(ctx.index)
        surcharge(ctx, "1.7.56", f"{written} targets {cowering_targets[0]}, who is Cowering")
