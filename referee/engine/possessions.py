"""Reading and changing a player's Possessions for the handlers (section 1.4).

The Luggage Rack (rule 1.4.12) writes Hats as one item of initials, ``Hats (ACT)``, stamps
Newspapers and Rover Cards with a day (rules 1.4.32, 1.4.28), and marks worn Garments and
Nantucketed items (rules 1.4.30, 1.4.15). A play names a Possession as a player would buy it
("Newspaper", "Hat (C)", "Euston Stub"); these helpers find the carried item a play means,
take it or give one, and look up its line of the Emporium's list (rule 1.4.18) for prices,
qualities and sizes. Rule 1.4.15: a Nantucketed item is not carried for any of this.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.tables import TableError
from referee.engine.tables.emporium import Emporium
from referee.engine.tables.emporium import Possession as Line
from referee.notation.possessions import Possession

STAMPED = {"Paper": "Newspaper", "Rover Card": "All Day Rover"}
"""Stamped items as the Luggage writes them, and the Emporium line they were bought as."""


def emporium(ctx: TurnContext) -> Emporium:
    return ctx.ruleset.tables().emporium


def list_line(ctx: TurnContext, item: Possession) -> Line | None:
    """The Emporium's line for an item (None for things the Emporium never sold: Clamps,
    Pigeons, the Drone Stick ...)."""
    shop = emporium(ctx)
    name = STAMPED.get(item.name, item.name)
    if item.hats is not None:
        name = "Hat"
    elif item.station is not None:
        name = f"{item.station} Stub"
    try:
        return shop.lookup(name).possession
    except TableError:
        return None


def has_quality(ctx: TurnContext, item: Possession, quality: str) -> bool:
    line = list_line(ctx, item)
    return line is not None and line.has(quality)


def _key(item: Possession) -> tuple[object, ...]:
    return (item.name, item.stamp, item.station, item.number)


def matches(written: Possession, carried: Possession) -> bool:
    """Whether a play's name for a Possession means this carried item: exactly, or by the
    name it was bought as ("Newspaper" for "Thursday's Paper"), or a Hat among the initials."""
    if written.hats is not None or carried.hats is not None:
        return (written.hats is not None and carried.hats is not None
                and set(written.hats) <= set(carried.hats))  # fmt: skip
    if _key(written) == _key(carried):
        return True
    bought_as = STAMPED.get(carried.name)
    return bought_as is not None and written.name == bought_as and written.stamp is None


def carried(ctx: TurnContext, player: str | None = None) -> list[Possession]:
    """Rule 1.4.15: the Possessions a player carries (Nantucketed ones are not carried)."""
    return [item for item in ctx.luggage(player) if not item.nantucketed]


def find(ctx: TurnContext, written: Possession, player: str | None = None) -> Possession | None:
    """The carried item a play's name means, or None."""
    return next((item for item in carried(ctx, player) if matches(written, item)), None)


def take(ctx: TurnContext, item: Possession, written: Possession | None = None,
         player: str | None = None) -> None:  # fmt: skip
    """Remove ``item`` from a player's Luggage; for Hats only the written initials go."""
    luggage = ctx.luggage(player)
    number = next(i for i, held in enumerate(luggage) if held is item)
    if item.hats is not None and written is not None and written.hats is not None:
        left = "".join(h for h in item.hats if h not in written.hats)
        if left:
            luggage[number] = item.model_copy(update={"hats": left})
            return
    del luggage[number]


def give(ctx: TurnContext, item: Possession, player: str | None = None) -> None:
    """Add ``item`` to a player's Luggage; a Hat joins the player's unworn Hats' initials."""
    luggage = ctx.luggage(player)
    if item.hats is not None:
        for number, held in enumerate(luggage):
            if held.hats is not None and not held.worn and not held.nantucketed:
                letters = "".join(sorted(set(held.hats) | set(item.hats)))
                luggage[number] = held.model_copy(update={"hats": letters})
                return
    luggage.append(item)


def hat_letters(ctx: TurnContext, player: str | None = None) -> set[str]:
    """The initials of every Hat a player carries, worn or not (rule 1.4.12)."""
    return {h for item in carried(ctx, player) if item.hats is not None for h in item.hats}


CURSED = ("Clamp", "Velocity Bomb", "Podume of Infinite Darkness", "PoID")
"""Rules 1.4.24 and 1.4.38-1.4.47: the Cursed Possessions are the PoID, the Velocity Bombs and
every Clamp (each rule says so of its own)."""


def is_cursed(item: Possession) -> bool:
    return any(word.casefold() in item.name.casefold() for word in CURSED)


def size(ctx: TurnContext, item: Possession) -> str:
    """Rule 1.4.31 - Size Matters: Small, Medium (the default), Big or Huge, from the
    Emporium's qualities; its "Large" (the Vacuum Cleaner) is read as Big
    (rules/vanilla/readings.md#r1-4-31)."""
    line = list_line(ctx, item)
    if line is None:
        return "Medium"
    for quality, named in (("Huge", "Huge"), ("Large", "Big"), ("Big", "Big"),
                           ("Small", "Small")):  # fmt: skip
        if line.has(quality):
            return named
    return "Medium"
