"""Moving oneself and one's servant (26, 30, 36, 46, 87), xyzzy (62), the Magic Omnibus (51,
80) and the personal teleporter (110).
"""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    LOUNGE,
    carried_by,
    connected,
    same,
    with_player,
    with_token,
)
from referee.games.ifmud.effects import (
    TELEPORTER,
    Play,
    Refused,
    brownie,
    place_token,
    relocate_player,
    relocate_servant,
)
from referee.games.ifmud.handlers.common import (
    mark,
    named_room,
    names,
    once,
    servant_bars,
)
from referee.games.ifmud.state import (
    Where,
    room,
)


def move(play: Play, action: Action) -> None:
    """Rules 26 and 30: once per turn, to a room connected to one's own."""
    to = named_room(play, action.get("room"))
    here = play.state.player(play.actor).location
    if play.state.log.did("rode the omnibus") or play.state.log.did("teleported"):
        rule = 80 if play.state.log.did("rode the omnibus") else 110
        raise Refused(rule, "after riding the Omnibus or teleporting you may not move this turn")
    if not connected(play.state, here, to):
        raise Refused(26, f"{to} is not connected to {here}, so you cannot move there")
    once(play, "moved", 30, "you have already moved yourself this turn")
    mark(play, "location changed")
    relocate_player(play, play.actor, to)


def move_servant(play: Play, action: Action) -> None:
    """Rules 46, 26, 36, 87 and 116: once per turn, to a connected room that is not Zrblm
    and holds no other player, and not after the servant threw a pie."""
    to = named_room(play, action.get("room"))
    servant = play.state.servant(play.actor)
    servant_bars(play, to)
    if play.state.log.did("pie thrown"):
        raise Refused(116, "your servant threw a pie this turn and may not change location")
    if play.state.log.did("servant by omnibus"):
        raise Refused(80, "your servant rode the Omnibus this turn and may not move again")
    if not connected(play.state, servant.location, to):
        raise Refused(26, f"{to} is not connected to {servant.location}, where your servant is")
    once(play, "servant moved", 46, "you have already moved your servant this turn")
    mark(play, "servant location changed")
    relocate_servant(play, play.actor, to)


def xyzzy(play: Play, action: Action) -> None:
    """Rule 62: to the Lounge, if nothing changed one's location this turn; then chatting for
    the rest of this turn and all of the next."""
    if play.state.log.did("location changed"):
        raise Refused(62, "xyzzy may not be used after you changed your location this turn")
    once(play, "xyzzy", 62, "xyzzy may be used once per turn")
    mark(play, "location changed")
    relocate_player(play, play.actor, LOUNGE)
    if play.actor in names(play.state):
        player = play.state.player(play.actor)
        play.state = with_player(play.state, replace(player, chatting=2))
        play.note(f"{play.actor} is chatting their life away until the end of their next turn")


def ride_omnibus(play: Play, action: Action, *, servant: bool = False) -> None:
    """Rules 80 and 51: once a turn, the active player or their servant, standing with the
    Omnibus and not yet moved this turn, rides it anywhere else for five brownie points."""
    to = named_room(play, action.get("room"))
    state = play.state
    where = state.servant(play.actor).location if servant else state.player(play.actor).location
    if where != state.omnibus:
        raise Refused(80, f"the Omnibus is in {state.omnibus}, not in {where}")
    if to == where:
        raise Refused(80, "the Omnibus carries its passenger to another room")
    if state.log.did("servant moved" if servant else "moved"):
        raise Refused(80, "the passenger has moved this turn and may not use the Omnibus")
    if servant and play.readings.omnibus_servant_bars:
        servant_bars(play, to)
    if state.player(play.actor).brownie < 5:
        raise Refused(51, "riding the Omnibus costs five brownie points and you have fewer")
    once(play, "omnibus", 80, "the Omnibus may be used once per turn")
    play.state = replace(play.state, omnibus=to)
    brownie(play, play.actor, -5, "the Magic Omnibus, rule 51")
    if servant:
        mark(play, "servant by omnibus", "servant location changed")
        relocate_servant(play, play.actor, to)
    else:
        mark(play, "rode the omnibus", "location changed")
        relocate_player(play, play.actor, to)


def teleport(play: Play, action: Action) -> None:
    """Rules 110: burn out a charged teleporter one carries, drop it, and go anywhere."""
    to = named_room(play, action.get("room"))
    mine = Where("player", play.actor)
    at = next(
        (i for i in carried_by(play.state, mine) if same(play.state.tokens[i].name, TELEPORTER)),
        None,
    )
    if at is None:
        raise Refused(110, "you are not carrying the personal teleporter")
    if play.state.tokens[at].status != "fully charged":
        raise Refused(110, "the personal teleporter is burned out")
    if play.state.log.did("moved"):
        raise Refused(110, "you have moved this turn and may not teleport")
    once(play, "teleported", 110, "you have teleported this turn")
    play.state = with_token(play.state, at, replace(play.state.tokens[at], status="burned out"))
    place_token(play, at, room(play.state.player(play.actor).location))
    mark(play, "location changed")
    relocate_player(play, play.actor, to)
