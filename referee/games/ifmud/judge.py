"""Judging a posting: each action checked against the rules that govern it and applied in
order, or the whole posting refused citing the rule it breaks.

A posting's actions are applied one after another on a copy of the state; the first action
the rules forbid stops the posting and nothing of it is kept, and the player reads which
action and why (the rule's number and what to do instead). Before the actions the time of
the posting is played (:func:`~referee.games.ifmud.turns.pass_time`): bombs due esplode and
turns due time out, so an action posted after its turn ended is out of turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from referee.engine.dice import Dice
from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    BLASTED_HEATH,
    EMBEDDED_CPU,
    LOUNGE,
    MORNINGTON,
    ZRBLM,
    carried_by,
    connected,
    find_room,
    find_token,
    holder_room,
    neighbours,
    same,
    with_player,
    with_room,
    with_servant,
    with_token,
)
from referee.games.ifmud.effects import (
    CIGAR,
    LUNCHBOX,
    PIE_BOMB,
    TELEPORTER,
    UPLINK,
    Play,
    Refused,
    booby_trap,
    brownie,
    drop_everything,
    lose,
    place_token,
    relocate_player,
    relocate_servant,
    remove_token,
    settle,
)
from referee.games.ifmud.order import random_selection
from referee.games.ifmud.settings import Readings
from referee.games.ifmud.state import (
    Donation,
    GameState,
    Player,
    Quest,
    Token,
    Where,
    check_name,
    room,
)
from referee.games.ifmud.turns import end_turn, pass_time

PIE = "pie"
"""The status that marks a token as a pie (115): it keeps a pie's function when renamed (108)."""


class NotJudged(Exception):
    """An action the grammar reads but the referee cannot carry out from the state alone."""


@dataclass(frozen=True)
class Ruling:
    """What became of a posting: the state after it (the old one if refused), what the
    players are told, and, when refused, why; ``out_of_turn`` when a turn-dependent action
    came from a player who is not active."""

    state: GameState
    notes: tuple[str, ...] = ()
    refusal: str | None = None
    out_of_turn: bool = False
    not_judged: str | None = None

    @property
    def applied(self) -> bool:
        return self.refusal is None and not self.out_of_turn and self.not_judged is None


def judge(
    state: GameState,
    poster: str,
    actions: tuple[Action, ...],
    dice: Dice,
    now: datetime,
    readings: Readings | None = None,
) -> Ruling:
    """Rule on ``poster``'s ``actions`` posted at ``now``, under the game's ``readings``."""
    play = Play(state, poster, dice, readings=readings or Readings())
    pass_time(play, now)
    if play.state.winner is not None:
        return Ruling(state, refusal=f"rule 33: the game is over; {play.state.winner} won it")
    if poster not in {p.name for p in play.state.players}:
        return Ruling(state, refusal=f"rule 3: {poster} is not a player of this game")
    for number, action in enumerate(actions, 1):
        where = f"action {number} ({action.render()})"
        if action.turn_dependent and play.state.active != poster:
            why = f"it is {play.state.active}'s turn, and {where} is for the active player only"
            return Ruling(state, out_of_turn=True, refusal=f"rule 27: {why}")
        before = play.state.player(poster)
        try:
            _check_state_of_mind(play, action)
            HANDLERS[action.verb](play, action)
            _after_action(play, action)
            if action.verb not in ("end turn", "leave game") and poster in _names(play.state):
                _rule_42(before, play.state)
        except Refused as refusal:
            return Ruling(state, refusal=f"{where}: {refusal}")
        except NotJudged as why:
            return Ruling(state, not_judged=f"{where}: {why}")
        if play.state.winner is not None:
            break
    notes = tuple(play.notes)
    return Ruling(replace(play.state, news=notes), notes)


def _names(state: GameState) -> set[str]:
    return {p.name for p in state.players}


def _rule_42(before: Player, state: GameState) -> None:
    """Rule 42: an action on one's own intent may not push one's tally below zero."""
    after = state.player(before.name)
    for tally in ("brownie", "demerits", "puissance"):
        old, new = getattr(before, tally), getattr(after, tally)
        if (old >= 0 > new) or (old < 0 and new < old):
            raise Refused(
                42,
                f"it would take your {tally.replace('brownie', 'brownie points')} from "
                f"{old} to {new}; no action taken on your own intent may do that",
            )


def _check_state_of_mind(play: Play, action: Action) -> None:
    """Rule 62 (chatting) and rule 135 (metamorphosed) limit what else a turn may hold."""
    if not action.turn_dependent or action.verb == "end turn":
        return
    if play.state.player(play.actor).chatting:
        raise Refused(62, "you are chatting your life away after xyzzy: you may only end your turn")
    if play.state.log.did("metamorphosed") and action.verb != "abandon":
        raise Refused(
            135, "you have metamorphosed this turn: you may only end it or abandon Dark Gifts"
        )


def _after_action(play: Play, action: Action) -> None:
    """Mark the turn as acted in (92, 93, 135), wake the sleeper (93), and let everything
    that follows by itself happen; a turn whose active player is gone ends (27)."""
    if action.verb not in ("end turn", "wake") and play.state.active == play.actor:
        log = play.state.log.doing("acted")
        if action.verb != "abandon":
            log = log.doing("acted other than abandoning")
        play.state = replace(play.state, log=log)
    if (
        play.actor in _names(play.state)
        and play.state.player(play.actor).asleep
        and action.verb != "end turn"
    ):
        play.state = with_player(play.state, replace(play.state.player(play.actor), asleep=False))
        play.note(f"{play.actor} is no longer asleep at the switch (rule 93)")
    settle(play)
    if (
        play.state.winner is None
        and play.state.active is not None
        and play.state.active not in _names(play.state)
    ):
        end_turn(play)


def _room(play: Play, name: str) -> str:
    """The room a player named, exactly or by a synonym (72); else refused (14)."""
    found = find_room(play.state, name)
    if found is None:
        raise Refused(14, f"there is no room called {name!r} on the map")
    return found


def _once(play: Play, what: str, rule: int, sentence: str) -> None:
    if play.state.log.did(what):
        raise Refused(rule, sentence)
    play.state = replace(play.state, log=play.state.log.doing(what))


def _done(play: Play, *what: str) -> None:
    log = play.state.log
    for each in what:
        log = log.doing(each)
    play.state = replace(play.state, log=log)


def move(play: Play, action: Action) -> None:
    """Rules 26 and 30: once per turn, to a room connected to one's own."""
    to = _room(play, action.get("room"))
    here = play.state.player(play.actor).location
    if play.state.log.did("omnibus") or play.state.log.did("teleported"):
        rule = 80 if play.state.log.did("omnibus") else 110
        raise Refused(rule, "after riding the Omnibus or teleporting you may not move this turn")
    if not connected(play.state, here, to):
        raise Refused(26, f"{to} is not connected to {here}, so you cannot move there")
    _once(play, "moved", 30, "you have already moved yourself this turn")
    _done(play, "location changed")
    relocate_player(play, play.actor, to)


def move_servant(play: Play, action: Action) -> None:
    """Rules 46, 26, 36, 87 and 116: once per turn, to a connected room that is not Zrblm
    and holds no other player, and not after the servant threw a pie."""
    to = _room(play, action.get("room"))
    servant = play.state.servant(play.actor)
    _servant_bars(play, to)
    if play.state.log.did("pie thrown"):
        raise Refused(116, "your servant threw a pie this turn and may not change location")
    if play.state.log.did("servant by omnibus"):
        raise Refused(80, "your servant rode the Omnibus this turn and may not move again")
    if not connected(play.state, servant.location, to):
        raise Refused(26, f"{to} is not connected to {servant.location}, where your servant is")
    _once(play, "servant moved", 46, "you have already moved your servant this turn")
    _done(play, "servant location changed")
    relocate_servant(play, play.actor, to)


def _servant_bars(play: Play, to: str) -> None:
    """Rules 36 and 87: where no servant may be moved."""
    if to == ZRBLM:
        raise Refused(36, "no servant may be moved to Zrblm")
    others = [p.name for p in play.state.players if p.location == to and p.name != play.actor]
    if others:
        raise Refused(87, f"{others[0]} is in {to}: your servant may not be moved there")


def xyzzy(play: Play, action: Action) -> None:
    """Rule 62: to the Lounge, if nothing changed one's location this turn; then chatting for
    the rest of this turn and all of the next."""
    if play.state.log.did("location changed"):
        raise Refused(62, "xyzzy may not be used after you changed your location this turn")
    _once(play, "xyzzy", 62, "xyzzy may be used once per turn")
    _done(play, "location changed")
    relocate_player(play, play.actor, LOUNGE)
    if play.actor in _names(play.state):
        player = play.state.player(play.actor)
        play.state = with_player(play.state, replace(player, chatting=2))
        play.note(f"{play.actor} is chatting their life away until the end of their next turn")


def _barred(token: Token, actor: str) -> None:
    if token.barred == actor:
        rule = 145 if same(token.name, LUNCHBOX) else 112
        raise Refused(
            rule,
            f"you scored with {token.name}: you and your servant may not take it until another "
            "player or servant has picked it up",
        )


def pick_up(play: Play, action: Action, *, servant: bool = False) -> None:
    """Rules 55 and 56: a token where one stands (or where one's servant stands)."""
    holder = Where("servant" if servant else "player", play.actor)
    here = holder_room(play.state, holder)
    at = find_token(play.state, action.get("token"), room(here))
    if at is None:
        raise Refused(55, f"no token called {action.get('token')!r} lies in {here}")
    _barred(play.state.tokens[at], play.actor)
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
        _score(play, at, here, servant)
    else:
        place_token(play, at, room(here))


def _score(play: Play, at: int, here: str, servant: bool) -> None:
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
    name, to = action.get("token"), _room(play, action.get("room"))
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


def _victim(play: Play, text: str) -> Where:
    lowered = text.lower()
    if lowered in ("the monkey", "monkey"):
        return Where("monkey")
    for prefix in ("the servant of ", "servant of "):
        if lowered.startswith(prefix):
            owner = text[len(prefix) :]
            if owner in _names(play.state):
                return Where("servant", owner)
    if text.endswith("'s servant") and text[: -len("'s servant")] in _names(play.state):
        return Where("servant", text[: -len("'s servant")])
    if text in _names(play.state):
        return Where("player", text)
    raise Refused(84, f"{text!r} is no player, servant or the monkey")


def _uplink_holder(state: GameState) -> str | None:
    for token in state.tokens:
        if same(token.name, UPLINK) and token.where.kind == "player":
            return token.where.name
    return None


def steal(play: Play, action: Action) -> None:
    """Rules 64 to 67, 74, 84, 86 and 100."""
    victim = _victim(play, action.get("victim"))
    state = play.state
    here = state.player(play.actor).location
    there = holder_room(state, victim)
    if there != here:
        raise Refused(64, f"you can steal only from someone in your own room, {here}")
    if victim == Where("player", play.actor) or (victim == Where("servant", play.actor) and False):
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
        holder = _uplink_holder(state)
        if holder not in (None, play.actor):
            raise Refused(
                86,
                f"{holder} holds the mind-control satellite uplink: only they "
                "may steal from the monkey",
            )
    at = find_token(state, action.get("token"), victim)
    if at is None:
        raise Refused(64, f"{action.get('victim')} carries no token called {action.get('token')!r}")
    _barred(state.tokens[at], play.actor)
    _once(play, "stole", 64, "you may steal only once a turn")
    place_token(play, at, Where("player", play.actor), direct=True)
    play.note(f"{play.actor} steals {action.get('token')} from {action.get('victim')}")


def servant_steal(play: Play, action: Action) -> None:
    """Rule 86: one's servant steals from the monkey (once a turn, 64)."""
    state = play.state
    if state.servant(play.actor).location != state.monkey:
        raise Refused(64, "your servant is not in the monkey's room")
    holder = _uplink_holder(state)
    if holder not in (None, play.actor):
        raise Refused(86, f"{holder} holds the mind-control satellite uplink")
    at = find_token(state, action.get("token"), Where("monkey"))
    if at is None:
        raise Refused(64, f"the monkey carries no token called {action.get('token')!r}")
    _barred(state.tokens[at], play.actor)
    _once(play, "stole", 64, "you may steal only once a turn")
    place_token(play, at, Where("servant", play.actor), direct=True)
    play.note(f"the servant of {play.actor} steals {action.get('token')} from the monkey")


def ride_omnibus(play: Play, action: Action, *, servant: bool = False) -> None:
    """Rules 80 and 51: once a turn, the active player or their servant, standing with the
    Omnibus and not yet moved this turn, rides it anywhere else for five brownie points."""
    to = _room(play, action.get("room"))
    state = play.state
    where = state.servant(play.actor).location if servant else state.player(play.actor).location
    if where != state.omnibus:
        raise Refused(80, f"the Omnibus is in {state.omnibus}, not in {where}")
    if to == where:
        raise Refused(80, "the Omnibus carries its passenger to another room")
    if state.log.did("servant moved" if servant else "moved"):
        raise Refused(80, "the passenger has moved this turn and may not use the Omnibus")
    if servant and play.readings.omnibus_servant_bars:
        _servant_bars(play, to)
    if state.player(play.actor).brownie < 5:
        raise Refused(51, "riding the Omnibus costs five brownie points and you have fewer")
    _once(play, "omnibus", 80, "the Omnibus may be used once per turn")
    play.state = replace(play.state, omnibus=to)
    brownie(play, play.actor, -5, "the Magic Omnibus, rule 51")
    if servant:
        _done(play, "servant by omnibus", "servant location changed")
        relocate_servant(play, play.actor, to)
    else:
        _done(play, "location changed")
        relocate_player(play, play.actor, to)


def teleport(play: Play, action: Action) -> None:
    """Rules 110: burn out a charged teleporter one carries, drop it, and go anywhere."""
    to = _room(play, action.get("room"))
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
    _once(play, "teleported", 110, "you have teleported this turn")
    play.state = with_token(play.state, at, replace(play.state.tokens[at], status="burned out"))
    place_token(play, at, room(play.state.player(play.actor).location))
    _done(play, "location changed")
    relocate_player(play, play.actor, to)


def _pieman_moves(play: Play, rule: int) -> None:
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
    _pieman_moves(play, 115)
    pie = Token("a pie", Where("servant", play.actor), status=PIE)
    play.state = replace(play.state, tokens=(*play.state.tokens, pie))
    _open(play, "rename a pie")


def _open(play: Play, choice: str) -> None:
    play.state = replace(
        play.state, log=replace(play.state.log, open=(*play.state.log.open, choice))
    )


def throw_pie(play: Play, action: Action) -> None:
    """Rule 116: the servant throws a pie into a connected room; an even die hits."""
    target = _victim(play, action.get("victim"))
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
    _done(play, "pie thrown")
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
    _pieman_moves(play, 132)
    bomb = Token("a bomb", Where("player", play.actor), delay=24 * days)
    play.state = replace(play.state, tokens=(*play.state.tokens, bomb))
    _open(play, "rename a bomb")


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


def create_quest(play: Play, action: Action) -> None:
    """Rule 142: with fewer than three Quests, a new one: colour, three random rooms, a d20."""
    colour, name = action.get("colour"), action.get("name")
    if len(play.state.quests) >= 3:
        raise Refused(142, "there are already three Quests on the Roster")
    if any(q.colour.lower() == colour.lower() for q in play.state.quests):
        raise Refused(142, f"a Quest is already {colour}; choose another colour")
    rooms = [r.name for r in play.state.rooms if r.name != MORNINGTON]
    if len(rooms) < 3:
        raise Refused(142, "the map has too few rooms for a Quest")
    home = random_selection(rooms, play.dice, "a Quest's home, rule 142")
    locate = random_selection([r for r in rooms if r != home], play.dice, "a Quest's locate")
    goal = random_selection(
        [r for r in rooms if r not in (home, locate)], play.dice, "a Quest's goal"
    )
    roll = play.dice.roll(20, "rule 142: a Quest's value")
    quest = Quest(colour, home, locate, goal, roll if roll <= 17 else 1, roll >= 18, name)
    play.state = replace(play.state, quests=(*play.state.quests, quest))
    play.note(f"a new Quest: {quest.render()}")


def _damaged(play: Play, action: Action, rule: int) -> tuple[str, int]:
    name = _room(play, action.get("room"))
    target = play.state.room(name)
    if target.damage <= 0:
        raise Refused(rule, f"{name} has no damage to spend")
    position = int(action.get("position"))
    if not 1 <= position <= len(target.connectivity_name):
        raise Refused(rule, f"{target.connectivity_name!r} has no letter {position}")
    return name, position


def unletter(play: Play, action: Action) -> None:
    """Rule 76: spend a damage point to strike a letter from a room's connectivity name;
    connections here are the agreed pairs of rule 25, none rests on a letter, so none goes
    (rules/ifmud-nomic/readings.md#r76)."""
    name, position = _damaged(play, action, 76)
    _once(play, "unlettered", 76, "this may be done once per turn")
    target = play.state.room(name)
    letters = target.connectivity_name
    changed = letters[: position - 1] + "_" + letters[position:]
    play.state = with_room(
        play.state, replace(target, damage=target.damage - 1, connectivity=changed)
    )
    play.note(f"{name}'s connectivity name is now {changed}")


def reletter(play: Play, action: Action) -> None:
    """Rule 121: spend a damage point and two brownie points to change a letter."""
    name, position = _damaged(play, action, 121)
    target = play.state.room(name)
    letters = target.connectivity_name
    changed = letters[: position - 1] + action.get("letter") + letters[position:]
    play.state = with_room(
        play.state, replace(target, damage=target.damage - 1, connectivity=changed)
    )
    brownie(play, play.actor, -2, "changing a letter, rule 121")
    play.note(f"{name}'s connectivity name is now {changed}")


def _critter(play: Play) -> None:
    if play.state.log.critters >= 2:
        raise Refused(160, "you have taken two robot and kitten actions this turn already")
    play.state = replace(
        play.state, log=replace(play.state.log, critters=play.state.log.critters + 1)
    )


def kitten_move(play: Play, action: Action) -> None:
    """Rule 160: the kitten moves to a randomly selected connected room."""
    around = neighbours(play.state, play.state.kitten)
    if not around:
        raise Refused(160, f"no room is connected to {play.state.kitten}, where the kitten is")
    _critter(play)
    to = random_selection(around, play.dice, "where the kitten goes, rule 160")
    play.state = replace(play.state, kitten=to)
    play.note(f"the kitten moves to {to}")


def kitten_fly(play: Play, action: Action) -> None:
    raise NotJudged(
        "rule 160 lets the kitten fly to rooms it could fly to, but no rule says which those "
        "are; the referee cannot choose them (rules/ifmud-nomic/rules.md, rule 160)"
    )


def robot_examine(play: Play, action: Action) -> None:
    """Rules 160 and 157: optionally move the robot, then it examines a random entity there;
    finding the kitten scores ten, anything else costs one."""
    to = action.get("room")
    where = play.state.robot
    if to:
        _room(play, to)
        if not connected(play.state, where, to):
            raise Refused(26, f"{to} is not connected to {where}, where the robot is")
        where = to
    entities = _entities_in(play.state, where)
    if not entities:
        raise Refused(
            160,
            f"there is nothing in {where} for the robot to examine, so it "
            "cannot complete an examination (and does not move)",
        )
    _critter(play)
    play.state = replace(play.state, robot=where)
    seen = random_selection(entities, play.dice, "what the robot examines, rule 160")
    play.note(f"the robot examines {seen}")
    if seen == "the kitten":
        brownie(play, play.actor, 10, "robotfindskitten, rule 157")
        play.state = replace(play.state, robot=EMBEDDED_CPU, kitten=LOUNGE)
    else:
        brownie(
            play, play.actor, -1, "the robot examined something that is not the kitten, rule 157"
        )


def _entities_in(state: GameState, where: str) -> list[str]:
    """What the robot may examine (rules/ifmud-nomic/readings.md#r160): players, servants,
    the monkey, the pieman, the Omnibus, the kitten and tokens in the room."""
    found = [p.name for p in state.players if p.location == where]
    found += [f"the servant of {s.owner}" for s in state.servants if s.location == where]
    for thing, at in (
        ("the monkey", state.monkey),
        ("the pieman", state.pieman),
        ("the Magic Omnibus", state.omnibus),
        ("the kitten", state.kitten),
    ):
        if at == where:
            found.append(thing)
    found += [t.name for t in state.tokens if t.where == room(where)]
    return found


def metamorphose(play: Play, action: Action) -> None:
    """Rules 135 and 137: a Dark Gift, as the turn's only action besides abandoning."""
    name = action.get("gift")
    gift = next((g for g in play.state.gifts if same(g.name, name)), None)
    if gift is None:
        raise Refused(124, f"there is no Dark Gift called {name!r} on the list")
    if play.state.log.did("acted other than abandoning"):
        raise Refused(
            135,
            "you may metamorphose only in a turn with no other action than abandoning Dark Gifts",
        )
    player = play.state.player(play.actor)
    if gift.name in player.gifts:
        raise Refused(137, f"you already have {gift.name}")
    _done(play, "metamorphosed")
    if len(player.gifts) >= player.puissance:
        play.note(
            f"{play.actor} metamorphoses but has no Puissance to hold {gift.name}: it is "
            "lost at once (rule 137)"
        )
        return
    play.state = with_player(play.state, replace(player, gifts=(*player.gifts, gift.name)))
    play.note(f"{play.actor} metamorphoses and gains {gift.name}")


def abandon(play: Play, action: Action) -> None:
    """Rule 137: give up a Dark Gift one has."""
    player = play.state.player(play.actor)
    held = next((g for g in player.gifts if same(g, action.get("gift"))), None)
    if held is None:
        raise Refused(137, f"you have no Dark Gift called {action.get('gift')!r}")
    play.state = with_player(
        play.state, replace(player, gifts=tuple(g for g in player.gifts if g != held))
    )
    play.note(f"{play.actor} abandons {held}")


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


def name_servant(play: Play, action: Action) -> None:
    """Rule 45: a player names their servant and its species."""
    servant = play.state.servant(play.actor)
    if servant.name:
        raise Refused(45, f"your servant is already {servant.name}, {servant.species}")
    try:
        check_name(action.get("name"))
        check_name(action.get("species"))
    except ValueError as error:
        raise Refused(45, str(error)) from None
    play.state = with_servant(
        play.state, replace(servant, name=action.get("name"), species=action.get("species"))
    )
    play.note(f"the servant of {play.actor} is {action.get('name')}, {action.get('species')}")


def donate(play: Play, action: Action) -> None:
    """Rule 113: an offer of brownie points, waiting for the recipient to accept."""
    to, amount = action.get("player"), int(action.get("amount"))
    if to not in _names(play.state) or to == play.actor:
        raise Refused(113, f"{to!r} is not another player of this game")
    if amount <= 0:
        raise Refused(113, "a donation is a positive number of brownie points")
    kept = tuple(d for d in play.state.donations if (d.donor, d.recipient) != (play.actor, to))
    play.state = replace(play.state, donations=(*kept, Donation(play.actor, to, amount)))
    play.note(f"{play.actor} offers {to} {amount} brownie points")


def accept(play: Play, action: Action) -> None:
    """Rule 113: the recipient accepts; the points pass at once."""
    donor = action.get("player")
    offer = next(
        (d for d in play.state.donations if d.donor == donor and d.recipient == play.actor), None
    )
    if offer is None:
        raise Refused(113, f"{donor} has offered you no donation")
    play.state = replace(play.state, donations=tuple(d for d in play.state.donations if d != offer))
    brownie(play, donor, -offer.amount, f"a donation to {play.actor}, rule 113")
    brownie(play, play.actor, offer.amount, f"a donation from {donor}, rule 113")


def retract(play: Play, action: Action) -> None:
    """Rule 113: a donation not yet accepted is withdrawn."""
    to = action.get("player")
    offer = next(
        (d for d in play.state.donations if d.donor == play.actor and d.recipient == to), None
    )
    if offer is None:
        raise Refused(113, f"you have offered {to} no donation")
    play.state = replace(play.state, donations=tuple(d for d in play.state.donations if d != offer))
    play.note(f"{play.actor} retracts the donation to {to}")


def join_list(play: Play, action: Action, *, joining: bool = True) -> None:
    """Rules 32 and 91: onto or off the Passive Voters or Passive Turn-Takers."""
    field = "passive_voters" if action.get("list") == "passive voters" else "passive_turn_takers"
    rule = 32 if field == "passive_voters" else 91
    names: tuple[str, ...] = getattr(play.state, field)
    if joining == (play.actor in names):
        raise Refused(
            rule, f"you are {'already' if joining else 'not'} on the {action.get('list')}"
        )
    names = (*names, play.actor) if joining else tuple(n for n in names if n != play.actor)
    if field == "passive_voters":
        play.state = replace(play.state, passive_voters=names)
    else:
        play.state = replace(play.state, passive_turn_takers=names)
    play.note(f"{play.actor} {'joins' if joining else 'leaves'} the {action.get('list')}")


def wake(play: Play, action: Action) -> None:
    """Rule 93: a player asleep at the switch says they are not."""
    if not play.state.player(play.actor).asleep:
        raise Refused(93, "you are not asleep at the switch")


def leave_game(play: Play, action: Action) -> None:
    """Rule 13: a player leaves; their servant ceases (44) and their tokens go to the Attic
    (49). A player who leaves has not lost, so may be added again (12)."""
    lose(play, play.actor, "they left the game, rule 13")
    play.state = replace(play.state, lost=play.state.lost[:-1])


def finish_turn(play: Play, action: Action) -> None:
    """Rule 27: the active player announces the end of their turn."""
    end_turn(play)


def monkey_move(play: Play, action: Action) -> None:
    """Rules 71 and 101: the uplink's holder moves the monkey once a turn, for one charge."""
    to = _room(play, action.get("room"))
    _charge(play)
    if not connected(play.state, play.state.monkey, to):
        raise Refused(26, f"{to} is not connected to {play.state.monkey}, where the monkey is")
    _once(play, "monkey moved", 71, "the monkey may be moved once per turn")
    play.state = replace(play.state, monkey=to, monkey_moved=(play.actor, play.state.time))
    play.note(f"the monkey moves to {to}")
    booby_trap(play, to)


def _charge(play: Play) -> None:
    mine = Where("player", play.actor)
    at = next(
        (i for i in carried_by(play.state, mine) if same(play.state.tokens[i].name, UPLINK)), None
    )
    if at is None:
        raise Refused(71, "you are not holding the mind-control satellite uplink")
    token = play.state.tokens[at]
    if (token.charge or 0) <= 0:
        raise Refused(101, "the mind-control satellite uplink has no charge left")
    play.state = with_token(play.state, at, replace(token, charge=(token.charge or 0) - 1))


def monkey_pick_up(play: Play, action: Action) -> None:
    """Rules 81, 100 and 101: the monkey picks up a token in its room."""
    _charge(play)
    at = find_token(play.state, action.get("token"), room(play.state.monkey))
    if at is None:
        raise Refused(81, f"no token called {action.get('token')!r} lies in {play.state.monkey}")
    place_token(play, at, Where("monkey"), direct=True)
    play.note(f"the monkey picks up {action.get('token')}")


def monkey_drop(play: Play, action: Action) -> None:
    """Rules 81 and 101: the monkey drops what it carries."""
    _charge(play)
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
    _charge(play)
    _once(play, "monkey retimed", 83, "the monkey may re-time a bomb once per turn")
    hours = play.dice.roll(100, "rule 83: the bomb's new delay in hours")
    play.state = with_token(play.state, at, replace(play.state.tokens[at], delay=hours))
    play.note(f"the monkey sets {play.state.tokens[at].name}'s delay to {hours} hours")


def monkey_steal(play: Play, action: Action) -> None:
    """Rule 85: the monkey steals for the uplink's holder from a player or servant in its
    room, even in a high-security area; rule 65 still protects a player with their servant,
    and the monkey still carries only one token (100)."""
    victim = _victim(play, action.get("victim"))
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
    _charge(play)
    place_token(play, at, Where("monkey"), direct=True)
    play.note(f"the monkey steals {action.get('token')} from {action.get('victim')}")


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
    if not _still_there(play.state, where):
        where = room(BLASTED_HEATH)
    cigar = replace(last, where=where, delay=delay, since=None, moved_by=None, barred=None)
    play.state = replace(play.state, tokens=(*play.state.tokens, cigar))
    play.note(f"{cigar.name} is made again {where.render()}, with a delay of {delay} hours")


def _still_there(state: GameState, where: Where) -> bool:
    """Whether a token placed at ``where`` would stay in the game (not removed at once)."""
    if where.kind == "room":
        return state.has_room(where.name) and not state.room(where.name).secure
    if where.kind in ("player", "servant"):
        return where.name in _names(state)
    return not carried_by(state, Where("monkey"))


Handler = Callable[[Play, Action], None]

HANDLERS: dict[str, Handler] = {
    "move": move,
    "move servant": move_servant,
    "move monkey": monkey_move,
    "xyzzy": xyzzy,
    "pick up": pick_up,
    "servant pick up": lambda play, action: pick_up(play, action, servant=True),
    "monkey pick up": monkey_pick_up,
    "drop": drop,
    "servant drop": lambda play, action: drop(play, action, servant=True),
    "monkey drop": monkey_drop,
    "monkey retime": monkey_retime,
    "monkey steal": monkey_steal,
    "create cigar": create_cigar,
    "steal": steal,
    "servant steal": servant_steal,
    "ride omnibus": ride_omnibus,
    "send servant by omnibus": lambda play, action: ride_omnibus(play, action, servant=True),
    "teleport": teleport,
    "set destination": set_destination,
    "buy pie": buy_pie,
    "throw pie": throw_pie,
    "buy bomb": buy_bomb,
    "rename": rename,
    "create pie bomb": create_pie_bomb,
    "create quest": create_quest,
    "unletter": unletter,
    "reletter": reletter,
    "kitten move": kitten_move,
    "kitten fly": kitten_fly,
    "robot examine": robot_examine,
    "metamorphose": metamorphose,
    "abandon": abandon,
    "sacrifice": sacrifice,
    "name servant": name_servant,
    "donate": donate,
    "accept": accept,
    "retract": retract,
    "join list": join_list,
    "leave list": lambda play, action: join_list(play, action, joining=False),
    "wake": wake,
    "leave game": leave_game,
    "end turn": finish_turn,
}
"""Every verb of the grammar and the function that judges it."""
