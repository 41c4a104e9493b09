"""Token Generators (rule 1.7.54).

Rule 1.7.54 - Cunningly Fashioned Out Of Pure Green: [Constructing Generator] gives the player
a Token Generator. A player who carries one, carries a Pigeon or a Rat to power it, and has a
Charge above zero may play [Generating Token], turning a Green into a Token of any colour. A
Generator is heavy: whoever carries one has eir LV cut to five whenever it would be higher,
at once, so the cap is applied after every Action and at both ends of the Turn.

A Nantucketed Possession may not be handled (rule 1.4.15), so neither a Nantucketed
Generator nor a Nantucketed creature can generate; a Nantucketed Generator still weighs.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour

GENERATOR = "Token Generator"
CREATURES = ("Pigeon", "Rat")
HEAVY_LV = 5


def _carries(ctx: TurnContext, name: str, player: str | None = None) -> bool:
    return any(item.name == name and not item.nantucketed for item in ctx.luggage(player))


@VANILLA.action("Constructing Generator")
def constructing_generator(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.54: the player gains a Token Generator (its cost, 2 Green and 2 Silver, is the
    index's)."""
    ctx.luggage().append(Possession(name=GENERATOR))
    ctx.event("possession", f"{ctx.player} builds a Token Generator", item=GENERATOR)


@VANILLA.action("Generating Token")
def generating_token(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.54: with a Generator, a Pigeon or a Rat, and a positive Charge, the Green paid
    becomes a Token of the colour the comment names (``{generating: Gold}``)."""
    if not _carries(ctx, GENERATOR):
        ctx.violate("1.7.54", "you carry no Token Generator; build one with "
                              "[Constructing Generator]")  # fmt: skip
        return
    if not any(_carries(ctx, creature) for creature in CREATURES):
        ctx.violate("1.7.54", "a Token Generator is powered by a Pigeon or a Rat, and you "
                              "carry neither outside a Nantucket")  # fmt: skip
        return
    if ctx.me.charge <= 0:
        ctx.violate("1.7.54", f"a Token Generator needs a Charge above zero; yours is "
                              f"{ctx.me.charge}")  # fmt: skip
        return
    text = field(ctx, "generating")
    try:
        colour = Colour.parse(text) if text is not None else None
    except NotationError:
        colour = None
    if colour is None:
        ctx.violate("1.7.54", "name the colour you generate in the comment: {generating: Gold}")
        return
    ctx.gain({colour: 1}, "[Generating Token]")


@VANILLA.at_start("1.7.54")
@VANILLA.after_each_action("1.7.54")
@VANILLA.at_end("1.7.54")
def heavy_generator(ctx: TurnContext) -> None:
    """Rule 1.7.54: anyone carrying a Token Generator with an LV above five has it cut to five."""
    for name, player in ctx.players.items():
        if player.lv > HEAVY_LV and any(i.name == GENERATOR for i in ctx.rack.get(name, ())):
            ctx.set_lv(HEAVY_LV, player=name)
