"""Pigeons (rule 1.4.25 - Release the Pigeons!).

Rule 1.4.25: a player at Charing Cross catches a Pigeon after eir Move (two if e carries an
Overpriced Baguette); at a Park Station of Zone 3 to 7 e releases every Pigeon e carries for a
Gold each. No one ends eir Turn with more than four, and a player who caught none this Turn
and holds more than two loses one as the Turn ends. (Pigeons forbid Eating: see food.py;
a Shunted player's Pigeons belong to the Shunting family.)
The Luggage writes each Pigeon as its own item, ``Pigeon, Pigeon``.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.possessions import carried
from referee.engine.registry import VANILLA
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour

PIGEON = "Pigeon"
ROOST = "Charing Cross"
RELEASE_ZONES = frozenset({3, 4, 5, 6, 7})
MOST_PIGEONS = 4
ESCAPE_ABOVE = 2


def pigeons(ctx: TurnContext, player: str | None = None) -> list[Possession]:
    return [item for item in carried(ctx, player) if item.name == PIGEON]


@VANILLA.action("Catching Pigeon")
def catching_pigeon(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.25: at Charing Cross, one Pigeon (two carrying an Overpriced Baguette)."""
    here = ctx.position()
    if here is None or here.station != ROOST:
        ctx.violate("1.4.25", f"Pigeons are caught at {ROOST} only; you are at "
                              f"{here.station if here else 'no Station'}")  # fmt: skip
        return
    baguette = any(item.name == "Overpriced Baguette" for item in carried(ctx))
    caught = 2 if baguette else 1
    ctx.luggage().extend(Possession(name=PIGEON) for _ in range(caught))
    ctx.flags.add("caught_pigeon")
    ctx.event("caught", f"caught {caught} Pigeon(s)", count=caught)


@VANILLA.action("Releasing Pigeons")
def releasing_pigeons(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.25: at a Park Station in Zone 3 to 7, every Pigeon carried flies, for a Gold
    each."""
    here = ctx.position()
    facts = ctx.network.facts[here.station] if here else None
    if facts is None or Category.PARK not in facts.categories or not (
        facts.zones & RELEASE_ZONES
    ):
        ctx.violate("1.4.25", "Pigeons are released at a Park Station in Zone 3 to 7; "
                              f"{here.station if here else 'your Piece'} is not one")  # fmt: skip
        return
    flock = pigeons(ctx)
    if not flock:
        ctx.violate("1.4.25", "you carry no Pigeons to release")
        return
    luggage = ctx.luggage()
    luggage[:] = [item for item in luggage if item.name != PIGEON or item.nantucketed]
    ctx.gain({Colour.GO: len(flock)}, f"[Releasing Pigeons] ({len(flock)})")


@VANILLA.at_end
def pigeons_escape(ctx: TurnContext) -> None:
    """Rule 1.4.25: at the end of eir Turn a player keeps at most four Pigeons, and one of more
    than two escapes unless e caught some this Turn."""
    flock = pigeons(ctx)
    lose = max(0, len(flock) - MOST_PIGEONS)
    if "caught_pigeon" not in ctx.flags and len(flock) - lose > ESCAPE_ABOVE:
        lose += 1
    for item in flock[:lose]:
        ctx.luggage().remove(item)
    if lose:
        ctx.event("escaped", f"{lose} Pigeon(s) escaped (rule 1.4.25)", count=lose)
