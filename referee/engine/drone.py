"""The Drone (section 1.15).

Rule 1.15.1 - Nyurmenyurmenyurmen: every game has a player called the Drone, whose turns are
made by whoever carries the Drone Stick. It is a seat at the table rather than a person, so it
never wins, has no Home Station, and (our reading, rules/choices.md) is never drawn to judge.
"""

from __future__ import annotations

DRONE = "Drone"
"""The Drone's name in the token table (rule 1.15.1)."""


def is_drone(player: str) -> bool:
    """True for the Drone's seat, however the name was capitalised."""
    return player.strip().casefold() == DRONE.casefold()
