"""Picking up, dropping and stealing tokens (55-57, 64-67, 74, 84, 86), scoring prize tokens
(103-105, 112) and sacrificing the Lunchbox (143-145).
"""

from __future__ import annotations

import math
from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    find_token,
    holder_room,
    same,
    with_token,
)
from referee.games.ifmud.effects import (
    LUNCHBOX,
    Play,
    Refused,
    brownie,
    place_token,
    remove_token,
)
from referee.games.ifmud.handlers.common import (
    check_barred,
    named_room,
    once,
    uplink_holder,
    victim_of,
)
from referee.games.ifmud.order import random_selection
from referee.games.ifmud.state import (
    Where,
    room,
)


def pick_up(play: Play, action: Action, *, servant: bool = False) -> None:
    """Rules 55 and 56: a token where one stands (or where one's servant stands)."""
    holder = Where("servant" if servant else "player", play.actor)
    here = holder_room(play.state, holder)
    at = find_token(play.state, action.get("token"), room(here))
    if at is None:
        raise Refused(55, f"no token called {action.get('token')!r} lies in {here}")
    check_barred(play.state.tokens[at], play.actor)
    place_token(play, at, holder, direct=True)
    play.note(f"{'the servant of ' if servant else ''}{play.actor} picks up {action.get('token')}")


def drop(play: Play, action: Action, *, servant: bool = False) -> None:
    """Rules 55 and 56, and 103 and 104 for a prize token dropped at its destination."""
    holder = Where("servant" if servant else "player", play.actor)
    at = find_token(play.state, action.get("token"), holder)
    if at is None:
        whose = "your servant carries" if servant else "you carry"
        raise Refused(55, f"{whose} no token called {action.get('token')!r}")
    token = play.state.tokens[at]
    here = holder_room(play.state, holder)
    play.note(f"{'the servant of ' if servant else ''}{play.actor} drops {token.name}")
    if token.is_prize and token.destination == here:
        score(play, at, here, servant)
    else:
        place_token(play, at, room(here))


def score(play: Play, at: int, here: str, servant: bool) -> None:
    token = play.state.tokens[at]
    value = token.value or 0
    if same(token.name, LUNCHBOX):
        sides = token.die or 18
        value = play.dice.roll(sides, "rule 104: the Bus Driver's Lunchbox's value")
        play.note(f"{play.actor} rolls {value} on a d{sides} for the Lunchbox (rule 104)")
    points = math.ceil(value / 2) if servant else value
    place_token(play, at, room(here))
    brownie(play, play.actor, points, f"{token.name} dropped at its destination, rule 103")
    token = play.state.tokens[at]
    play.state = with_token(play.state, at, replace(token, barred=play.actor))
    if same(token.name, LUNCHBOX):
        others = [r.name for r in play.state.rooms if r.name != here]
        to = random_selection(others, play.dice, "where the Lunchbox goes, rule 104")
        smaller = (token.die or 18) - 1
        play.state = with_token(
            play.state, at, replace(token, barred=play.actor, value=0, die=smaller)
        )
        place_token(play, at, room(to))
        play.note(f"the Lunchbox goes to {to}; its die is now a d{smaller} (rules 104, 105)")
        if smaller < 1:
            remove_token(play, at, "no smaller die, rule 105")
        return
    choice = f"destination of {token.name}"
    play.state = replace(
        play.state, log=replace(play.state.log, open=(*play.state.log.open, choice))
    )
    play.note(f"{play.actor} may choose a new destination for {token.name} this turn (rule 103)")


def set_destination(play: Play, action: Action) -> None:
    """Rule 103: the scorer chooses the prize token's next destination, this turn."""
    name, to = action.get("token"), named_room(play, action.get("room"))
    choice = next((c for c in play.state.log.open if same(c, f"destination of {name}")), None)
    if choice is None:
        raise Refused(
            103,
            f"you have not scored with {name} this turn, so its destination is not yours to choose",
        )
    at = next(
        i for i, t in enumerate(play.state.tokens) if same(t.name, name) and t.barred == play.actor
    )
    play.state = with_token(play.state, at, replace(play.state.tokens[at], destination=to))
    play.state = replace(
        play.state,
        log=replace(play.state.log, open=tuple(c for c in play.state.log.open if c != choice)),
    )
    play.note(f"the destination of {play.state.tokens[at].name} is now {to}")


def steal(play: Play, action: Action) -> None:
    """Rules 64 to 67, 74, 84, 86 and 100."""
    victim = victim_of(play, action.get("victim"))
    state = play.state
    here = state.player(play.actor).location
    there = holder_room(state, victim)
    if there != here:
        raise Refused(64, f"you can steal only from someone in your own room, {here}")
    if victim == Where("player", play.actor):
        raise Refused(64, "you cannot steal from yourself")
    if state.room(here).secure:
        raise Refused(74, f"{here} is a high-security area: no stealing from anyone in it")
    if victim.kind == "player":
        if state.servant(play.actor).location != here:
            raise Refused(67, "to steal from a player your servant must be in the room with you")
        if state.servant(victim.name).location == here:
            raise Refused(65, f"{victim.name}'s servant is with them: their tokens are safe")
    elif victim.kind == "servant":
        if victim.name != play.actor and state.player(victim.name).location == here:
            raise Refused(65, f"{victim.name} is with their servant: its tokens are safe")
    else:
        holder = uplink_holder(state)
        if holder not in (None, play.actor):
            raise Refused(
                86,
                f"{holder} holds the mind-control satellite uplink: only they "
                "may steal from the monkey",
            )
    at = find_token(state, action.get("token"), victim)
    if at is None:
        raise Refused(64, f"{action.get('victim')} carries no token called {action.get('token')!r}")
    check_barred(state.tokens[at], play.actor)
    once(play, "stole", 64, "you may steal only once a turn")
    place_token(play, at, Where("player", play.actor), direct=True)
    rules = {"player": "rules 64, 67", "servant": "rules 64, 66"}.get(victim.kind, "rules 84, 86")
    play.note(f"{play.actor} steals {action.get('token')} from {action.get('victim')} ({rules})")


def servant_steal(play: Play, action: Action) -> None:
    """Rule 86: one's servant steals from the monkey (once a turn, 64)."""
    state = play.state
    if state.servant(play.actor).location != state.monkey:
        raise Refused(64, "your servant is not in the monkey's room")
    holder = uplink_holder(state)
    if holder not in (None, play.actor):
        raise Refused(86, f"{holder} holds the mind-control satellite uplink")
    at = find_token(state, action.get("token"), Where("monkey"))
    if at is None:
        raise Refused(64, f"the monkey carries no token called {action.get('token')!r}")
    check_barred(state.tokens[at], play.actor)
    once(play, "stole", 64, "you may steal only once a turn")
    place_token(play, at, Where("servant", play.actor), direct=True)
    play.note(
        f"the servant of {play.actor} steals {action.get('token')} from the monkey (rules 84, 86)"
    )


def sacrifice(play: Play, action: Action) -> None:
    """Rules 143 to 145: roll the Lunchbox's die and lose that many brownie points; the
    Omnibus comes to its carrier and the Lunchbox goes to a random other room."""
    mine = [Where("player", play.actor), Where("servant", play.actor)]
    at = next(
        (i for i, t in enumerate(play.state.tokens) if same(t.name, LUNCHBOX) and t.where in mine),
        None,
    )
    if at is None:
        raise Refused(143, "neither you nor your servant carries the Bus Driver's Lunchbox")
    token = play.state.tokens[at]
    sides = token.die or 18
    points = play.state.player(play.actor).brownie
    if points >= 0 and points - sides < 0:
        raise Refused(
            42, f"the sacrifice could cost you up to {sides} brownie points and you have {points}"
        )
    roll = play.dice.roll(sides, "rule 143: sacrificing the Lunchbox")
    brownie(play, play.actor, -roll, "sacrificing the Lunchbox, rule 143")
    carrier = holder_room(play.state, token.where)
    to = random_selection(
        [r.name for r in play.state.rooms if r.name != carrier],
        play.dice,
        "where the Lunchbox goes, rule 144",
    )
    play.state = replace(play.state, omnibus=carrier)
    play.state = with_token(play.state, at, replace(token, die=sides, barred=play.actor))
    place_token(play, at, room(to))
    play.note(f"the Omnibus comes to {carrier}; the Lunchbox goes to {to} (rules 144, 145)")
