"""The monkey run by the mind-control satellite uplink's holder (71, 81, 83, 85, 100, 101)."""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    connected,
    find_token,
    holder_room,
    with_token,
)
from referee.games.ifmud.effects import (
    Play,
    Refused,
    booby_trap,
    place_token,
)
from referee.games.ifmud.handlers.common import (
    named_room,
    once,
    spend_charge,
    victim_of,
)
from referee.games.ifmud.state import (
    Where,
    room,
)


def monkey_move(play: Play, action: Action) -> None:
    """Rules 71 and 101: the uplink's holder moves the monkey once a turn, for one charge."""
    to = named_room(play, action.get("room"))
    spend_charge(play)
    if not connected(play.state, play.state.monkey, to):
        raise Refused(26, f"{to} is not connected to {play.state.monkey}, where the monkey is")
    once(play, "monkey moved", 71, "the monkey may be moved once per turn")
    play.state = replace(play.state, monkey=to, monkey_moved=(play.actor, play.state.time))
    play.note(f"the monkey moves to {to}")
    booby_trap(play, to)


def monkey_pick_up(play: Play, action: Action) -> None:
    """Rules 81, 100 and 101: the monkey picks up a token in its room."""
    spend_charge(play)
    at = find_token(play.state, action.get("token"), room(play.state.monkey))
    if at is None:
        raise Refused(81, f"no token called {action.get('token')!r} lies in {play.state.monkey}")
    place_token(play, at, Where("monkey"), direct=True)
    play.note(f"the monkey picks up {action.get('token')}")


def monkey_drop(play: Play, action: Action) -> None:
    """Rules 81 and 101: the monkey drops what it carries."""
    spend_charge(play)
    at = find_token(play.state, action.get("token"), Where("monkey"))
    if at is None:
        raise Refused(81, f"the monkey carries no token called {action.get('token')!r}")
    place_token(play, at, room(play.state.monkey))
    play.note(f"the monkey drops {action.get('token')}")


def monkey_retime(play: Play, action: Action) -> None:
    """Rule 83: once a turn, the monkey sets the delay of a time bomb it carries to a d100 of
    hours."""
    at = find_token(play.state, action.get("token"), Where("monkey"))
    if at is None or not play.state.tokens[at].is_time_bomb:
        raise Refused(83, f"the monkey carries no time bomb called {action.get('token')!r}")
    spend_charge(play)
    once(play, "monkey retimed", 83, "the monkey may re-time a bomb once per turn")
    hours = play.dice.roll(100, "rule 83: the bomb's new delay in hours")
    play.state = with_token(play.state, at, replace(play.state.tokens[at], delay=hours))
    play.note(f"the monkey sets {play.state.tokens[at].name}'s delay to {hours} hours")


def monkey_steal(play: Play, action: Action) -> None:
    """Rule 85: the monkey steals for the uplink's holder from a player or servant in its
    room, even in a high-security area; rule 65 still protects a player with their servant,
    and the monkey still carries only one token (100)."""
    victim = victim_of(play, action.get("victim"))
    if victim.kind == "monkey":
        raise Refused(85, "the monkey cannot steal from itself")
    state = play.state
    if holder_room(state, victim) != state.monkey:
        raise Refused(85, f"{action.get('victim')} is not in the monkey's room, {state.monkey}")
    owner = victim.name
    if state.servant(owner).location == state.player(owner).location:
        raise Refused(65, f"{owner} is with their servant: their tokens are safe")
    at = find_token(state, action.get("token"), victim)
    if at is None:
        raise Refused(85, f"{action.get('victim')} carries no token called {action.get('token')!r}")
    spend_charge(play)
    place_token(play, at, Where("monkey"), direct=True)
    play.note(f"the monkey steals {action.get('token')} from {action.get('victim')}")
