"""The pieman's pies and bombs (108, 114-116, 132, 133), the pie bomb (120) and the esploding
cigar (152).
"""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    BLASTED_HEATH,
    carried_by,
    connected,
    holder_room,
    neighbours,
    same,
    with_token,
)
from referee.games.ifmud.effects import (
    CIGAR,
    PIE_BOMB,
    Play,
    Refused,
    brownie,
    drop_everything,
    place_token,
    remove_token,
)
from referee.games.ifmud.handlers.common import (
    PIE,
    mark,
    names,
    open_choice,
    victim_of,
)
from referee.games.ifmud.order import random_selection
from referee.games.ifmud.state import (
    GameState,
    Token,
    Where,
    check_name,
    room,
)


def pieman_moves(play: Play, rule: int) -> None:
    around = [r for r in neighbours(play.state, play.state.pieman) if r != play.state.pieman]
    if not around:
        raise Refused(
            rule,
            f"no room is connected to {play.state.pieman}: the pieman cannot "
            "move on, so nothing can be bought from him",
        )
    to = random_selection(around, play.dice, f"where the pieman goes, rule {rule}")
    play.state = replace(play.state, pieman=to)
    play.note(f"the pieman moves on to {to}")


def buy_pie(play: Play, action: Action) -> None:
    """Rule 115: twenty brownie points for a pie, carried by one's servant."""
    if play.state.servant(play.actor).location != play.state.pieman:
        raise Refused(115, "your servant must be where the pieman is to buy a pie")
    brownie(play, play.actor, -20, "a pie, rule 115")
    pieman_moves(play, 115)
    pie = Token("a pie", Where("servant", play.actor), status=PIE)
    play.state = replace(play.state, tokens=(*play.state.tokens, pie))
    open_choice(play, "rename a pie")


def throw_pie(play: Play, action: Action) -> None:
    """Rule 116: the servant throws a pie into a connected room; an even die hits."""
    target = victim_of(play, action.get("victim"))
    state = play.state
    servant = state.servant(play.actor)
    if state.log.did("servant location changed"):
        raise Refused(116, "your servant changed location this turn and may not throw a pie")
    pies = [
        i for i in carried_by(state, Where("servant", play.actor)) if state.tokens[i].status == PIE
    ]
    if not pies:
        raise Refused(116, "your servant carries no pie")
    there = holder_room(state, target)
    if there == servant.location or not connected(state, servant.location, there):
        raise Refused(116, f"a pie flies only into a room connected to {servant.location}")
    mark(play, "pie thrown")
    sides = play.readings.pie_die
    roll = play.dice.roll(sides, "rule 116: does the pie hit")
    play.note(f"{play.actor} rolls {roll} on a d{sides} for the pie (rule 116)")
    if roll % 2 == 0:
        remove_token(play, pies[0], "the pie hit, rule 116")
        drop_everything(play, target, "hit by a pie, rule 116")
    else:
        place_token(play, pies[0], room(there))
        play.note(f"the pie misses and lands in {there}")


def buy_bomb(play: Play, action: Action) -> None:
    """Rule 132: ten brownie points for a time bomb of 1 to 7 days."""
    days = int(action.get("days") or "1")
    if not 1 <= days <= 7:
        raise Refused(132, "a bomb's delay is between 1 and 7 days")
    if play.state.player(play.actor).location != play.state.pieman:
        raise Refused(132, "you must be where the pieman is to buy a bomb")
    brownie(play, play.actor, -10, "a bomb, rule 132")
    pieman_moves(play, 132)
    bomb = Token("a bomb", Where("player", play.actor), delay=24 * days)
    play.state = replace(play.state, tokens=(*play.state.tokens, bomb))
    open_choice(play, "rename a bomb")


def rename(play: Play, action: Action) -> None:
    """Rules 133 and 108: right after buying, a bomb or pie may take a new name."""
    old, new = action.get("token"), action.get("name")
    kind = "bomb" if same(old, "a bomb") else "pie"
    choice = f"rename a {kind}"
    if choice not in play.state.log.open:
        raise Refused(
            133 if kind == "bomb" else 108,
            f"you have bought no {kind} this turn that you may still rename",
        )
    if not new.lower().startswith(("a ", "an ")) or not new.lower().endswith(f" {kind}"):
        raise Refused(
            133 if kind == "bomb" else 108,
            f"the new name must begin with 'a ' or 'an ' and end with ' {kind}'",
        )
    if kind == "bomb" and new.lower() == "a pie bomb":
        raise Refused(133, "a bomb may not be named 'a pie bomb'")
    at = max(i for i, t in enumerate(play.state.tokens) if same(t.name, f"a {kind}"))
    try:
        check_name(new)
    except ValueError as error:
        raise Refused(133 if kind == "bomb" else 108, str(error)) from None
    play.state = with_token(play.state, at, replace(play.state.tokens[at], name=new))
    play.state = replace(
        play.state,
        log=replace(play.state.log, open=tuple(c for c in play.state.log.open if c != choice)),
    )
    play.note(f"the {kind} is now called {new}")


def create_pie_bomb(play: Play, action: Action) -> None:
    """Rule 120: with no pie bomb, one of value 7 in a randomly selected room, bound for
    another randomly selected room."""
    if any(same(t.name, PIE_BOMB) for t in play.state.tokens):
        raise Refused(120, "there is already a pie bomb")
    rooms = [r.name for r in play.state.rooms]
    where = random_selection(rooms, play.dice, "the pie bomb's location, rule 120")
    to = random_selection(rooms, play.dice, "the pie bomb's destination, rule 120")
    token = Token("a pie bomb", room(where), value=7, destination=to)
    play.state = replace(play.state, tokens=(*play.state.tokens, token))
    play.note(f"a pie bomb appears in {where}, bound for {to}")


def create_cigar(play: Play, action: Action) -> None:
    """Rule 152: with no esploding cigar, the last one again, a day shorter; where it would
    be removed at once, on the Blasted Heath instead."""
    if any(same(t.name, CIGAR) for t in play.state.tokens):
        raise Refused(152, "an esploding cigar already exists")
    last = play.state.last_cigar
    if last is None or last.delay is None:
        raise Refused(152, "no esploding cigar has existed yet, so there is none to make again")
    delay = last.delay - 24
    if delay <= 0:
        raise Refused(152, f"the last cigar's delay was {last.delay} hours: a day less leaves none")
    where = last.where
    if not still_there(play.state, where):
        where = room(BLASTED_HEATH)
    cigar = replace(last, where=where, delay=delay, since=None, moved_by=None, barred=None)
    play.state = replace(play.state, tokens=(*play.state.tokens, cigar))
    play.note(f"{cigar.name} is made again {where.render()}, with a delay of {delay} hours")


def still_there(state: GameState, where: Where) -> bool:
    """Whether a token placed at ``where`` would stay in the game (not removed at once)."""
    if where.kind == "room":
        return state.has_room(where.name) and not state.room(where.name).secure
    if where.kind in ("player", "servant"):
        return where.name in names(state)
    return not carried_by(state, Where("monkey"))
