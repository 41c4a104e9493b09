"""Bocks (rule 1.8.8 - Mindbocklingly...).

[<Colour> Bock] writes ``<Colour> Bock`` into Disruptions; [Un-Bock <Colour>] removes that one
(and returns a Token of the colour), [Un-Bock] removes them all. Each Bock in force makes every
Action cost one more Token of its colour, except when the player stands at a Station whose name
holds the colour's word ("Goldhawk Road" for Gold), when the Action's cost already asks for that
colour, when the Action is free or a Token exchange, and for the Un-Bocks and [Line Change].
We read "already includes one or more Tokens" as Tokens *of the Bock colour*: free Actions
are exempt by their own clause (rules/vanilla/readings.md#r1-8-8).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.tables.costs import TokenCost
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.tokens import Colour

BOCK = "Bock"
EXEMPT = frozenset({"Un-Bock Colour", "Un-Bock", "Line Change"})
EXCHANGE_RULES = frozenset({"1.7.21", "1.4.10"})
"""Token exchanges: the Bureau de Change (rule 1.7.21) and the Bonanza (rule 1.4.10)."""


def bocks(ctx: TurnContext) -> list[Colour]:
    """The colours of the Bocks in force, in Disruptions order."""
    return [d.colour for d in ctx.disruptions if d.flag == BOCK and d.colour is not None]


def _colour(action: Action) -> Colour:
    (colour,) = (a for a in action.args if isinstance(a, Colour))
    return colour


@VANILLA.action("Bock")
def bock(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.8 - Mindbocklingly...: [<Colour> Bock] costs 3 Blue and a Token of its colour (the
    pipeline pays the Blue, we pay the colour) and puts the Game into that Bock."""
    colour = _colour(action)
    if not ctx.pay({colour: 1}, f"[{colour.value} Bock]", "1.8.8", ctx.spec("Bock")):
        return
    if colour in bocks(ctx):
        ctx.event("state", f"{colour.value} Bock was already in force (rule 1.8.8)")
        return
    ctx.disruptions.append(Disruption(flag=BOCK, colour=colour))
    ctx.event("state", f"the Game is now in {colour.value} Bock (rule 1.8.8)",
              state=f"{colour.value} Bock")  # fmt: skip


@VANILLA.action("Un-Bock Colour")
def un_bock_colour(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.8 - Mindbocklingly...: [Un-Bock <Colour>] removes that Bock and gives back a Token
    of its colour; with no such Bock in force there is nothing to remove, so it is refused."""
    colour = _colour(action)
    if colour not in bocks(ctx):
        ctx.violate("1.8.8", f"the Game is not in {colour.value} Bock, so there is nothing to "
                             f"Un-Bock; Bocks in force: "
                             f"{', '.join(c.value for c in bocks(ctx)) or 'none'}")  # fmt: skip
        return
    ctx.disruptions[:] = [d for d in ctx.disruptions if not (d.flag == BOCK and d.colour == colour)]
    ctx.gain({colour: 1}, f"[Un-Bock {colour.value}]")
    ctx.event("state", f"{colour.value} Bock has ended (rule 1.8.8)")


@VANILLA.action("Un-Bock")
def un_bock(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.8 - Mindbocklingly...: [Un-Bock] removes every Bock."""
    ctx.disruptions[:] = [d for d in ctx.disruptions if d.flag != BOCK]
    ctx.event("state", "every Bock has ended (rule 1.8.8)")


def _exempt(ctx: TurnContext, spec: ActionSpec, colour: Colour) -> bool:
    cost = TokenCost.parse(spec.cost)
    if not cost.terms or spec.name in EXEMPT or spec.rule in EXCHANGE_RULES:
        return True
    if any(colour in term.colours for term in cost.terms):
        return True
    where = ctx.position()
    return where is not None and colour.word.casefold() in where.station.casefold().split()


@VANILLA.cost_rule("1.8.8")
def bock_surcharge(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.8.8 - Mindbocklingly...: one more Token of each Bock's colour, once per Action (a
    handler paying a variable part after the pipeline paid the fixed part is not charged again)."""
    colours = bocks(ctx)
    if not colours or spec is None:
        return counts
    charges = ctx.charges()
    if charges.has("1.8.8"):
        return counts
    due = dict(counts)
    for colour in colours:
        if not _exempt(ctx, spec, colour):
            due[colour] = due.get(colour, 0) + 1
    if due != counts:
        charges.note("1.8.8")
    return due
