"""The Drone (section 1.15).

Rule 1.15.1 - Nyurmenyurmenyurmen: every game has a player called the Drone, whose turns are
made by whoever carries the Drone Stick. It is a seat at the table rather than a person, so it
never wins, has no Home Station, and (our reading, rules/vanilla/readings.md#r1-15-1) is never drawn
to judge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.notation.gsd import GSD

DRONE = "Drone"
"""The Drone's name in the token table (rule 1.15.1)."""


def is_drone(player: str) -> bool:
    """True for the Drone's seat, however the name was capitalised."""
    return player.strip().casefold() == DRONE.casefold()


DRONE_STICK = "Drone Stick"
"""Rule 1.15.2 - Here, Boy: the Small, Unique Possession whose carrier plays the Drone."""


def stick_holder(gsd: GSD) -> str | None:
    """Who carries the Drone Stick (rule 1.15.2), from the Luggage Rack; None if no one."""
    for entry in gsd.rack:
        if any(p.name.casefold() == DRONE_STICK.casefold() for p in entry.possessions):
            return entry.player
    return None


def drone_active(gsd: GSD, holder: str | None = None) -> bool:
    """Rule 1.15.1: the Drone is Inactive unless an Active player other than the Drone carries
    the Drone Stick (``holder`` overrides the rack's answer)."""
    holder = holder if holder is not None else stick_holder(gsd)
    if holder is None or is_drone(holder):
        return False
    return any(row.name == holder and not row.inactive for row in gsd.players)
