"""Token exchanges (rules 1.7.21, 1.4.10, 1.7.39) and Electroplating (rule 1.7.46).

Rule 1.7.21 - Bureau de Change: Gold and Silver change into smaller Tokens at fixed rates, as
often as one likes; the reverse exchanges only with the Piece at Bank. The Tokens paid are
lost, not Stacked (rule 1.4.19 exempts exchanges).
Rule 1.4.10 - Bonanza: ten Plastic Tokens of one colour for a Gold.
Rule 1.7.39 - Ecofriendly: Recycle Tokens of one colour (a Green each) or one non-Cursed
Possession (half its Emporium price in Greens, rounded down); the comment says what.
Rule 1.7.46 - Electroplate Blues: a Gold for a Bronze when eir Charge is at least fifty away
from every other player's.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.possessions import find, is_cursed, list_line, take
from referee.engine.registry import VANILLA
from referee.engine.tables.bureau import load_bureau
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.possessions import Possession
from referee.notation.tokens import ORDER, Colour, TokenCounts

BONANZA_COUNT = 10
ELECTROPLATE_GAP = 50
EXCHANGES = tuple(e.name for e in load_bureau().exchanges())

VANILLA.paid_elsewhere |= {*EXCHANGES, "Bonanza", "Recycling"}


@VANILLA.action(*EXCHANGES)
def bureau_de_change(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.21 - Bureau de Change: the pipeline took the Tokens paid; the Tokens received
    are gained here. A reverse exchange (small Tokens to Gold or Silver) needs Bank."""
    exchange = ctx.ruleset.tables().bureau.exchange(action.name)
    here = ctx.position()
    if exchange.only_at and (here is None or here.station != exchange.only_at):
        ctx.violate("1.7.21", f"[{exchange.name}] is a reverse exchange, made only at "
                              f"{exchange.only_at}; you are at "
                              f"{here.station if here else 'no Station'}")  # fmt: skip
        return
    ctx.gain({exchange.receive: exchange.receive_count}, f"[{exchange.name}]")


def _named_colour(ctx: TurnContext, label: str) -> Colour | None:
    text = field(ctx, label)
    if text is None:
        return None
    try:
        return Colour.parse(text)
    except NotationError:
        return None


@VANILLA.action("Bonanza")
def bonanza(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.10 - Bonanza: ten Plastic Tokens of one colour become a Gold. With several
    colours to choose from, the comment names it (``bonanza: Red``)."""
    able = [c for c in ORDER if not c.metallic and ctx.me.tokens[c] >= BONANZA_COUNT]
    named = _named_colour(ctx, "bonanza")
    if named is not None and named not in able:
        ctx.violate("1.4.10", f"[Bonanza] costs ten {named.word} Tokens; you hold "
                              f"{ctx.me.tokens[named]}")  # fmt: skip
        return
    if named is None and len(able) != 1:
        ctx.violate("1.4.10", "[Bonanza] costs ten Plastic Tokens of one colour; " + (
            "you hold ten of none" if not able else
            "say which in the comment, e.g. {bonanza: " + able[0].word + "}"))  # fmt: skip
        return
    colour = named or able[0]
    if ctx.pay({colour: BONANZA_COUNT}, "[Bonanza]", "1.4.10", ctx.spec(action.name)):
        ctx.gain({Colour.GO: 1}, "[Bonanza]")


@VANILLA.action("Recycling")
def recycling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.39 - Ecofriendly: the comment names what is Recycled (``recycling: 3 Re`` or
    ``recycling: Book``): Tokens of one colour give a Green each; an Emporium Possession half
    its price in Greens; a Cursed one cannot be Recycled."""
    text = field(ctx, "recycling")
    if text is None:
        ctx.violate("1.7.39", "say in the comment what you Recycle: {recycling: 3 Re} or "
                              "{recycling: Book}")  # fmt: skip
        return
    try:
        counts = TokenCounts.parse(text)
    except NotationError:
        counts = None
    if counts is not None:
        colours = {c: n for c, n in zip(ORDER, counts.as_tuple(), strict=True) if n}
        if len(colours) != 1:
            ctx.violate("1.7.39", "Tokens Recycled together are all of one colour; recycle "
                                  "each colour in its own Turn")  # fmt: skip
            return
        if ctx.pay(colours, "[Recycling]", "1.7.39", ctx.spec(action.name)):
            ctx.gain({Colour.GR: sum(colours.values())}, "[Recycling]")
        return
    _recycle_possession(ctx, text)


def _recycle_possession(ctx: TurnContext, text: str) -> None:
    try:
        written = Possession.parse(text)
    except NotationError as error:
        ctx.violate("1.7.39", f"the comment's recycling: is neither Tokens nor a Possession "
                              f"({error.reason})")  # fmt: skip
        return
    item = find(ctx, written)
    if item is None:
        ctx.violate("1.7.39", f"you carry no {written.render()} to Recycle")
        return
    if is_cursed(item):
        ctx.violate("1.7.39", f"{item.render()} is Cursed and cannot be Recycled")
        return
    if item.worn:
        ctx.violate("1.4.30", f"you are Wearing {item.render()}; play [Removing] first")
        return
    take(ctx, item, written)
    line = list_line(ctx, item)
    ctx.event("destroyed", f"Recycled {written.render()}", item=written.render())
    if line is not None:
        ctx.gain({Colour.GR: line.recycling_greens}, "[Recycling]")


@VANILLA.action("Electroplating")
def electroplating(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.46 - Electroplate Blues: a Gold, if eir Charge is at least fifty above or
    below every other Active player's."""
    close = [p.name for p in ctx.players.values() if p.name != ctx.player and not p.inactive
             and abs(p.charge - ctx.me.charge) < ELECTROPLATE_GAP]  # fmt: skip
    if close:
        ctx.violate("1.7.46", f"your Charge {ctx.me.charge} is within fifty of "
                              f"{', '.join(close)}'s; Electroplating needs fifty from every "
                              "other player")  # fmt: skip
        return
    ctx.gain({Colour.GO: 1}, "[Electroplating]")
