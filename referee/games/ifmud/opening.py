"""The state a new game of ifMUD Nomic begins in: what the rules themselves set up.

The map holds every room a rule says exists or uses as a location (14, 16, 18, 29, 36, 44,
107, 154, 155) and no connections: rule 25 makes connections by unanimous consent only, so
the players agree the first ones through the chamber (:mod:`referee.games.ifmud.consent`).
Players start in the Lounge (14) with no demerits (41), ten brownie points (148, read as
applying to every player the referee seats: rules/ifmud-nomic/readings.md#r148) and a
Puissance of 1 (136); servants wait in the Servants' Quarters (44); the monkey and the
pieman in Central Park (71, 114), the Omnibus at the House of Commons (80), the robot in
Embedded CPU and the kitten in the Lounge (155). The only tokens are the personal teleporter
on the Blasted Heath (109) and, since there is no other time bomb, one bomb per player (134).
The first player by surname is active (27).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from referee.engine.dice import Dice
from referee.games.ifmud.board import BLASTED_HEATH, LOUNGE, QUARTERS
from referee.games.ifmud.effects import STARTING_BROWNIE, Play, settle
from referee.games.ifmud.state import GameState, Player, Room, Servant, Token, check_name, room
from referee.games.ifmud.turns import turn_order

SEED_PLAYERS = ("Adam Biltcliffe", "Roger Carbol", "Admiral Jota", "Carl Muckenhoupt")
"""Rule 3's players, for a game replaying the original."""

ROOMS = (
    "Lounge",
    "Mornington Crescent",
    "West of House",
    "Attic",
    "Under the High Wall (on a resting)",
    "Washington, DC",
    "Central Park",
    "The House of Commons",
    "Saturn",
    "Blasted Heath",
    "The North Pole",
    "West of Nowhere",
    "Dot-Com Bubble",
    "Zrblm",
    "Servants' Quarters",
    "Brigadoon",
    "Jaws of Death",
    "Embedded CPU",
)
"""Rules 14, 16 and 18 name these; 29 the bubble; 36 Zrblm; 44 the Servants' Quarters;
107 Brigadoon; 154 the Jaws of Death; 155 Embedded CPU."""


class _NoDice:
    def roll(self, sides: int, why: str) -> int:
        raise AssertionError(f"the opening rolls no dice ({why})")


def new_game(players: Sequence[str], now: datetime, dice: Dice | None = None) -> GameState:
    """The state at the start of a game of ``players`` at time ``now``."""
    names = [check_name(name) for name in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    if not names:
        raise ValueError("a game needs at least one player (rule 3)")
    state = GameState(
        time=now,
        players=tuple(Player(name, LOUNGE, brownie=STARTING_BROWNIE) for name in names),
        servants=tuple(Servant(name, QUARTERS) for name in names),
        rooms=tuple(Room(name) for name in ROOMS),
        tokens=(Token("personal teleporter", room(BLASTED_HEATH), status="burned out"),),
        monkey="Central Park",
        omnibus="The House of Commons",
        pieman="Central Park",
        active=turn_order(names)[0],
        turn_began=now,
    )
    play = Play(state, "the referee", dice or _NoDice())
    settle(play)
    return play.state
