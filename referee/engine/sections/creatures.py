"""Pigeons and Rats (rules 1.4.25 - Release the Pigeons! and 1.4.35 - Not Hamsters).

Rule 1.4.25: a player at Charing Cross catches a Pigeon after eir Move (two if e carries an
Overpriced Baguette); at a Park Station of Zone 3 to 7 e releases every Pigeon e carries for a
Gold each. No one ends eir Turn with more than four, and a player who caught none this Turn
and holds more than two loses one as the Turn ends. (Pigeons forbid Eating: see food.py;
a Shunted player's Pigeons belong to the Shunting family.)
Rule 1.4.35: Rats are caught at Closed and Ghost Stations (three with a Lukewarm Burger),
released one at a time (into a co-located player's Luggage if e carries food or paper), kept
four at most, and eat every Edible and Papery thing their carrier holds as any Turn ends.
The Luggage writes each Pigeon and each Rat as its own item, ``Pigeon, Pigeon``.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.possessions import carried, has_quality
from referee.engine.registry import VANILLA
from referee.engine.sections.opening import station_open
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
    ctx.facts.caught_pigeon = True
    ctx.event("caught", f"caught {caught} Pigeon(s)", count=caught)


@VANILLA.action("Releasing Pigeons")
def releasing_pigeons(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.25: at a Park Station in Zone 3 to 7, every Pigeon carried flies, for a Gold
    each."""
    here = ctx.position()
    facts = ctx.network.facts[here.station] if here else None
    if facts is None or Category.PARK not in facts.categories or not (facts.zones & RELEASE_ZONES):
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


@VANILLA.at_end("1.4.25")
def pigeons_escape(ctx: TurnContext) -> None:
    """Rule 1.4.25: at the end of eir Turn a player keeps at most four Pigeons, and one of more
    than two escapes unless e caught some this Turn."""
    flock = pigeons(ctx)
    lose = max(0, len(flock) - MOST_PIGEONS)
    if not ctx.facts.caught_pigeon and len(flock) - lose > ESCAPE_ABOVE:
        lose += 1
    for item in flock[:lose]:
        ctx.luggage().remove(item)
    if lose:
        ctx.event("escaped", f"{lose} Pigeon(s) escaped (rule 1.4.25)", count=lose)


RAT = "Rat"
MOST_RATS = 4
RATS_WITH_BURGER = 3
RAT_FOOD = ("Edible", "Papery")


def rats(ctx: TurnContext, player: str | None = None) -> list[Possession]:
    return [item for item in carried(ctx, player) if item.name == RAT]


def _rat_hole(ctx: TurnContext, station: str) -> bool:
    """Rule 1.4.35: a Closed Station, a Ghost Station, or one only on Lines Under Construction
    (the 1999 map marks none, rules/vanilla/readings.md#r1-4-35)."""
    facts = ctx.network.facts[station]
    return facts.ghost or not station_open(ctx, station)


@VANILLA.action("Catching Rat")
def catching_rat(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.35 - Not Hamsters: at a Closed or Ghost Station, one Rat (three carrying a
    Lukewarm Burger)."""
    here = ctx.position()
    if here is None or not _rat_hole(ctx, here.station):
        ctx.violate("1.4.35", "Rats are caught at a Closed or Ghost Station; "
                              f"{here.station if here else 'your Piece'} is neither")  # fmt: skip
        return
    burger = any(item.name == "Lukewarm Burger" for item in carried(ctx))
    caught = RATS_WITH_BURGER if burger else 1
    ctx.luggage().extend(Possession(name=RAT) for _ in range(caught))
    ctx.facts.caught_rat = True
    ctx.event("caught", f"caught {caught} Rat(s)", count=caught)


@VANILLA.action("Releasing Rat", "Release Rat")
def releasing_rat(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.35 - Not Hamsters: one Rat goes free, or into the Luggage of a player sharing
    the Station who carries something Edible or Papery (the comment's ``rat to: <player>``,
    one name per release in order). Wearing a Scarf, [Release Rat] is a Neutral Action."""
    if action.name == "Release Rat" and not any(
        item.worn and item.name == "Scarf" for item in carried(ctx)
    ):
        ctx.violate("1.4.35", "[Release Rat] at any time needs a Worn Scarf; otherwise play "
                              "[Releasing Rat] after your Move")  # fmt: skip
        return
    held = rats(ctx)
    if not held:
        ctx.violate("1.4.35", "you carry no Rat to release")
        return
    ctx.luggage().remove(held[0])
    released = ctx.state(_Released)
    count = released.rats
    released.rats += 1
    names = [n.strip() for n in (field(ctx, "rat to") or "").split(",") if n.strip()]
    if count >= len(names):
        ctx.event("released", "a Rat is set free")
        return
    _plant_rat(ctx, names[count])


def _plant_rat(ctx: TurnContext, target: str) -> None:
    here, there = ctx.position(), ctx.position(target)
    if (
        target not in ctx.players
        or target == ctx.player
        or here is None
        or there is None
        or (here.station != there.station)
    ):
        ctx.violate("1.4.35", f"a Rat is placed only with another player at your Station; "
                              f"{target} is not there")  # fmt: skip
        return
    if not any(has_quality(ctx, item, q) for item in carried(ctx, target) for q in RAT_FOOD):
        ctx.violate("1.4.35", f"{target} carries nothing Edible or Papery, so no Rat may be "
                              "placed in eir Luggage")  # fmt: skip
        return
    ctx.luggage(target).append(Possession(name=RAT))
    ctx.event("released", f"a Rat goes into {target}'s Luggage", target=target)


@dataclass
class _Released:
    rats: int = 0
    """Rats released so far this Turn, matched in order to the comment's ``rat to:``."""


@VANILLA.at_end("1.4.35")
def rats_at_the_end_of_the_turn(ctx: TurnContext) -> None:
    """Rule 1.4.35 - Not Hamsters: the player keeps at most four Rats, and one of more than two
    escapes unless e caught some this Turn; then anyone carrying a Rat loses every Edible and
    Papery Possession e carries."""
    held = rats(ctx)
    lose = max(0, len(held) - MOST_RATS)
    if not ctx.facts.caught_rat and len(held) - lose > 2:
        lose += 1
    for item in held[:lose]:
        ctx.luggage().remove(item)
    if lose:
        ctx.event("escaped", f"{lose} Rat(s) escaped (rule 1.4.35)", count=lose)
    for player in list(ctx.rack):
        if not rats(ctx, player):
            continue
        eaten = [item for item in carried(ctx, player)
                 if any(has_quality(ctx, item, q) for q in RAT_FOOD)]  # fmt: skip
        for item in eaten:
            ctx.luggage(player).remove(item)
        if eaten:
            ctx.event("destroyed", f"Rats ate {', '.join(i.render() for i in eaten)} "
                                   "(rule 1.4.35)", player=player)  # fmt: skip
