"""The Emporium, Hats and the stamped papers (rules 1.4.18, 1.4.6, 1.4.23, 1.4.28, 1.4.32).

Rule 1.4.18 - The Emporium: a player buys from the price list (rules/vanilla/emporium.toml)
for Bronze Tokens at a British Rail Station; Dispensable things anywhere, Edible things at eir
Home Station too. A Zone Pass names one Zone from two to six; a Stub names the Station the
buyer stands at and each Station's Stub is sold once a Game. Anything on the list sells back
at half price, rounded down, where it could be bought.
Rule 1.4.6 - You Can Leave Your Hat On: a Hat of a Station type is sold at Stations of that
type, Hard and Silly Hats at any Emporium; no one buys a Hat e already has; the five typed
Hats together cash in for a Gold and two Silver, never in the Turn a Hat was bought.
Rules 1.4.28 and 1.4.32: an All Day Rover and a Newspaper are stamped with the day of purchase.
Rule 1.4.23 - Unique Opportunity: a second instance of a Unique Possession is destroyed
(:mod:`referee.engine.sections.unique`, called at once for a purchase).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.possessions import emporium, find, give, hat_letters, list_line, take
from referee.engine.registry import VANILLA
from referee.engine.sections.unique import destroy_duplicates
from referee.engine.tables import TableError
from referee.engine.tables.emporium import Hat
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.gsd import Comment
from referee.notation.plays import Play
from referee.notation.possessions import HatType, Possession
from referee.notation.tokens import Colour

CASHABLE = frozenset("ABCTV")
"""Rule 1.4.6: the initials of the five typed Hats that are cashed in together."""


def _where(ctx: TurnContext) -> tuple[str | None, bool, bool]:
    """The buyer's Station, whether it is British Rail, and whether it is eir Home."""
    here = ctx.position()
    if here is None:
        return None, False, False
    british = Category.BRITISH_RAIL in ctx.network.facts[here.station].categories
    return here.station, british, ctx.me.home == here.station


def _stub_sold(plays: tuple[Play | Comment, ...], station: str) -> bool:
    """Rule 1.4.18: whether a Stub of ``station`` was Purchased earlier in the Game."""
    return any(
        part.name == "Purchasing" and isinstance(part.args[0], Possession)
        and part.args[0].station == station
        for play in plays if isinstance(play, Play) for part in play.actions
    )  # fmt: skip


@VANILLA.action("Purchasing")
def purchasing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.18 - The Emporium: pay the list price in Bronze where the item is sold.

    The item is given as the Luggage writes it: Newspapers and Rovers stamped with Game Time's
    day (rules 1.4.32, 1.4.28), Electrical things switched Off (rule 1.4.33).
    """
    (written,) = action.args
    assert isinstance(written, Possession)
    if written.hats is not None or written.name == "Hat":
        ctx.violate("1.4.6", "a Hat is bought by its type: write [Purchasing Hat (Verdant)]")
        return
    name = written.model_copy(update={"worn": False, "state": None}).render()
    base = written.name if written.number is not None else name
    try:
        bought = emporium(ctx).lookup(base)
    except TableError as error:
        ctx.violate("1.4.18", f"{error}; buy something from the Emporium's list")
        return
    line = bought.possession
    station, british, home = _where(ctx)
    if station is None or not line.may_be_bought(at_british_rail=british, at_home=home):
        where = "at a British Rail Station" + (" or your Home Station" if line.has("Edible")
                                                else "")  # fmt: skip
        ctx.violate("1.4.18", f"{line.name} is sold only {where}; "
                              f"{station or 'your Piece'} is not one")  # fmt: skip
        return
    if bought.station is not None:
        if bought.station != station:
            ctx.violate("1.4.18", f"you may buy only the Stub of the Station you are at, "
                                  f"{station} Stub, not {bought.station} Stub")  # fmt: skip
            return
        if _stub_sold(ctx.before.record, station):
            ctx.violate("1.4.18", f"the {station} Stub has been Purchased before in this "
                                  "Game, and is sold only once")  # fmt: skip
            return
    if not ctx.pay({Colour.BR: line.cost}, f"[Purchasing {bought.name}]", "1.4.18",
                   ctx.spec(action.name)):  # fmt: skip
        return
    item = _made(ctx, bought.name, written, line.has("Electrical"))
    give(ctx, item)
    ctx.event("purchase", f"bought {item.render()} for {line.cost} Bronze", item=item.render())
    destroy_duplicates(ctx)


def _made(ctx: TurnContext, name: str, written: Possession, electrical: bool) -> Possession:
    """The new item as the Luggage writes it (stamps of rules 1.4.28 and 1.4.32)."""
    day = ctx.time.day if ctx.time is not None else None
    if name == "Newspaper" and day is not None:
        return Possession(name="Paper", stamp=day)
    if name == "All Day Rover" and day is not None:
        return Possession(name="Rover Card", stamp=day)
    state = "Off" if electrical else None
    return written.model_copy(update={"worn": False, "nantucketed": False, "state": state})


@VANILLA.action("Selling")
def selling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.18 - The Emporium: sell a listed item for half its price in Bronze (rounded
    down) where it could be bought. A worn Garment cannot leave the Luggage (rule 1.4.30)."""
    (written,) = action.args
    assert isinstance(written, Possession)
    item = find(ctx, written)
    if item is None:
        ctx.violate("1.4.18", f"you carry no {written.render()} to sell")
        return
    line = list_line(ctx, item)
    if line is None:
        ctx.violate("1.4.18", f"the Emporium does not buy {item.render()}: it is not on "
                              "its list")  # fmt: skip
        return
    if item.worn:
        ctx.violate("1.4.30", f"you are Wearing {item.render()}; play [Removing] first")
        return
    station, british, home = _where(ctx)
    if item.hats is not None:
        if written.hats is None or len(written.hats) != 1:
            ctx.violate("1.4.18", "sell one Hat at a time, by its initial: [Selling Hat (C)]")
            return
        hat = next(h for h in emporium(ctx).hat if h.letter == written.hats)
        categories = ctx.network.facts[station].categories if station else frozenset()
        sold_here = station is not None and hat.may_be_bought_at(
            frozenset(c.value for c in categories), at_british_rail=british
        )
    else:
        sold_here = station is not None and line.may_be_bought(at_british_rail=british,
                                                               at_home=home)  # fmt: skip
    if not sold_here:
        ctx.violate("1.4.18", f"{written.render()} is sold back only where it may be bought; "
                              f"{station or 'your Piece'} does not sell it")  # fmt: skip
        return
    take(ctx, item, written)
    ctx.gain({Colour.BR: line.sale_price}, f"[Selling {written.render()}]")


def _hat(ctx: TurnContext, kind: HatType) -> Hat:
    return next(h for h in emporium(ctx).hat if h.letter == kind.initial)


@VANILLA.action("Purchasing Hat")
def purchasing_hat(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.6 - You Can Leave Your Hat On: a typed Hat at a Station of its type, Hard or
    Silly at a British Rail Station (the Emporium); not one e has, nor when cashing in."""
    (kind,) = action.args
    assert isinstance(kind, HatType)
    hat = _hat(ctx, kind)
    here = ctx.position()
    categories = ctx.network.facts[here.station].categories if here else frozenset()
    british = Category.BRITISH_RAIL in categories
    if here is None or not hat.may_be_bought_at(frozenset(c.value for c in categories),
                                                at_british_rail=british):  # fmt: skip
        sold = f"{hat.category} Stations" if hat.category else "British Rail Stations"
        ctx.violate("1.4.6", f"a {kind.value} Hat is sold only at {sold}; "
                             f"{here.station if here else 'your Piece'} is not one")  # fmt: skip
        return
    if kind.initial in hat_letters(ctx):
        ctx.violate("1.4.6", f"you already carry a {kind.value} Hat; buy another type")
        return
    if ctx.has_done("Cashing In Hats"):
        ctx.violate("1.4.6", "no Hat may be bought in the Turn Hats are cashed in")
        return
    give(ctx, Possession(name="Hat", hats=kind.initial))
    ctx.event("purchase", f"bought a {kind.value} Hat", item=f"Hat ({kind.initial})")


@VANILLA.action("Cashing In Hats")
def cashing_in_hats(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.6 - You Can Leave Your Hat On: the A to Z, British Rail, Compass, Terminus and
    Verdant Hats together are given up for one Gold and two Silver Tokens."""
    hats = [i for i in ctx.luggage() if i.hats and not i.nantucketed and not i.worn]
    have = {letter for item in hats for letter in (item.hats or "")}
    missing = sorted(CASHABLE - have)
    if missing:
        ctx.violate("1.4.6", "cashing in needs the A-Z, British Rail, Compass, Terminus and "
                             f"Verdant Hats, unworn (rule 1.4.30); you lack "
                             f"{', '.join(missing)}")  # fmt: skip
        return
    if ctx.has_done("Purchasing Hat"):
        ctx.violate("1.4.6", "no Hats may be cashed in the Turn a Hat is bought")
        return
    for item in hats:
        cashed = "".join(sorted(CASHABLE & set(item.hats or "")))
        take(ctx, item, Possession(name="Hat", hats=cashed))
    ctx.gain({Colour.GO: 1, Colour.SI: 2}, "[Cashing in Hats]")
