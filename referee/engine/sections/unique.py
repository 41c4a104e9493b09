"""Unique Possessions (rule 1.4.23 - Unique Opportunity), judged in one place.

A Unique Possession may exist once in the whole game. Whatever brought a second one into play
(a purchase, a find, a Shunt's claim, a gift, a Stick taken, a GSD handed in with two), the
newer is destroyed. :func:`destroy_duplicates` is the one check: every Turn ends with it, over
every Luggage Rack, the Lost & Found box and the Map (the PoID rests there as a Stack entry),
and a handler that makes an item may call it at once so the copy cannot be used meanwhile.

Which items are Unique: the Emporium's lines with that quality (the Knerdling Stick) and the
items whose own rules call them Unique: the Podume of Infinite Darkness (1.4.24), the Hyde
Mask (1.7.38), the Drone Stick (1.15.2).

The record does not date each item, so "the most recently created" is read from the Turn:
items in a place that holds more of the name than it held before the Turn are this Turn's
(newest, and the last written of them newest of all); among items already in play before the
Turn, the one written first in the GSD (Token Table order, then the Lost & Found box, then
the Map) is kept (rules/vanilla/readings.md#r1-4-23).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.tables.emporium import Emporium
from referee.identity import Identity
from referee.notation.possessions import Possession

BY_THEIR_RULES = ("Podume of Infinite Darkness", "Hyde Mask", "Drone Stick")
"""Rules 1.4.24, 1.7.38 and 1.15.2 each call their item Unique."""
ALIASES = {"poid": "Podume of Infinite Darkness"}
"""Names written for the same item (rule 1.4.24 writes the PoID so on the Map)."""
MAP = "the Map"
BOX = "the Lost & Found box"


def unique_names(ctx: TurnContext) -> frozenset[str]:
    """Case-folded names of every Unique Possession of the Turn's own Emporium (its Unique
    lines) and the items rules call Unique."""
    return _unique_names(Identity(ctx.ruleset.tables().emporium))


@lru_cache(maxsize=64)
def _unique_names(shop: Identity[Emporium]) -> frozenset[str]:
    """Read once per Emporium, by the very one: a game's rules version may carry its own list,
    and variants their own tables, so neither the rules folder nor the ruleset's name says
    which list a Turn reads."""
    listed = {line.name for line in shop.value.possession if line.has("Unique")}
    return frozenset(name.casefold() for name in (*listed, *BY_THEIR_RULES))


def _name(item: Possession) -> str:
    name = item.name.casefold()
    return ALIASES.get(name, item.name).casefold()


def _places(ctx: TurnContext, *, now: bool) -> list[tuple[str, list[str]]]:
    """(place, names of the items there in written order), racks first, then box and Map."""
    if now:
        racks = [(player, [_name(i) for i in items]) for player, items in ctx.rack.items()]
        box = ctx.current("lost_and_found")
        stacks = ctx.stacks
    else:
        racks = [(e.player, [_name(i) for i in e.possessions]) for e in ctx.before.rack]
        box = ctx.before.lost_and_found
        stacks = list(ctx.before.stacks)
    order = list(ctx.players)
    racks.sort(key=lambda pair: order.index(pair[0]) if pair[0] in order else len(order))
    on_map = [ALIASES[s.marker.casefold()].casefold() for s in stacks
              if s.marker is not None and s.marker.casefold() in ALIASES]  # fmt: skip
    return [*racks, (BOX, [_name(i) for i in box]), (MAP, on_map)]


def destroy_duplicates(ctx: TurnContext) -> None:
    """Rule 1.4.23 - Unique Opportunity: while two or more of a Unique Possession are in play,
    destroy the most recently created until one is left."""
    uniques = unique_names(ctx)
    now = _places(ctx, now=True)
    counts = Counter(name for _, names in now for name in names if name in uniques)
    for name, count in counts.items():
        if count > 1:
            _destroy(ctx, name, now, count - 1)


def _destroy(ctx: TurnContext, name: str, now: list[tuple[str, list[str]]], extra: int) -> None:
    held_before = {place: names.count(name) for place, names in _places(ctx, now=False)}
    newest: list[tuple[str, int]] = []
    older: list[tuple[str, int]] = []
    for place, names in now:
        spots = [i for i, held in enumerate(names) if held == name]
        grown = max(0, len(spots) - held_before.get(place, 0))
        kept = len(spots) - grown
        older += [(place, i) for i in spots[:kept]]
        newest += [(place, i) for i in spots[kept:]]
    doomed = (newest[::-1] + older[::-1])[:extra]
    for place, index in sorted(doomed, key=lambda spot: -spot[1]):
        written = _remove(ctx, place, index)
        ctx.event("destroyed", f"{written} is Unique and another is in play, so the newer one "
                               f"({place}) is destroyed (rule 1.4.23)", item=written)  # fmt: skip


def _remove(ctx: TurnContext, place: str, index: int) -> str:
    if place == BOX:
        box: list[Possession] = list(ctx.current("lost_and_found"))
        item = box.pop(index)
        ctx.change("lost_and_found", tuple(box))
        return item.render()
    if place == MAP:
        spots = [i for i, s in enumerate(ctx.stacks)
                 if s.marker is not None and s.marker.casefold() in ALIASES]  # fmt: skip
        stack = ctx.stacks.pop(spots[index])
        return str(stack.marker)
    return ctx.luggage(place).pop(index).render()


@VANILLA.at_end("1.4.23")
def unique_opportunity(ctx: TurnContext) -> None:
    """Rule 1.4.23 - Unique Opportunity: no Turn ends with two of a Unique Possession."""
    destroy_duplicates(ctx)
