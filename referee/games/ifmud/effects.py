"""What follows by itself when something in the game changes: the rules that say "whenever",
"immediately" or "automatically".

A :class:`Play` carries the state through one posting's actions, with the dice and the
lines the players will read about what happened. Every change of a player's location goes
through :func:`relocate_player` (visits 98-99, tolls 43 and 78, the bubble 29, Mornington
Crescent 16, quests 141, the pie bomb 118); every change of a token's location through
:func:`place_token` (the monkey's one token 100, the Bottle Imp 149, resting bombs 70,
prohibitions lifted 112 and 145, quest tokens merging 140); :func:`settle` applies the
standing conditions (three demerits 11, time bombs for all 134, tax havens 68,
high-security areas 74, the banana 138, the Lunchbox's destination 106, the Compass 123,
honours 153, winning 148).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from referee.engine.dice import Dice
from referee.games.ifmud.board import (
    ATTIC,
    BUBBLE,
    JAWS,
    LOUNGE,
    MORNINGTON,
    QUARTERS,
    SATURN,
    WEST_OF_NOWHERE,
    carried_by,
    connected,
    holder_room,
    same,
    with_player,
    with_room,
    with_servant,
    with_token,
    without_tokens,
)
from referee.games.ifmud.order import standard_key, standard_order
from referee.games.ifmud.settings import Readings
from referee.games.ifmud.state import GameState, Room, Token, Where, room

WIN = 350
STARTING_BROWNIE = 10
"""Rule 148: what every player added to the game receives."""
HONOURS = 250
BUBBLE_BURST = 32
BOTTLE_IMP = "Bottle Imp"
LUNCHBOX = "Bus Driver's Lunchbox"
COMPASS = "Explorer's Compass"
PIE_BOMB = "pie bomb"
TELEPORTER = "personal teleporter"
UPLINK = "mind-control satellite uplink"
CIGAR = "esploding cigar"


def ticks(token: Token) -> bool:
    """Whether the time a token has rested in its room counts: a time bomb's (70) or the
    uplink's (101)."""
    return token.is_time_bomb or same(token.name, UPLINK)


class Refused(ValueError):
    """An action the rules forbid: the rule broken and a sentence the player can act on."""

    def __init__(self, rule: int, sentence: str) -> None:
        super().__init__(f"rule {rule}: {sentence}")
        self.rule = rule


@dataclass
class Play:
    """One posting's work in progress: the state so far, who is acting, the dice, and what
    the players will be told happened."""

    state: GameState
    actor: str
    dice: Dice
    notes: list[str] = field(default_factory=list)
    readings: Readings = field(default_factory=Readings)

    def note(self, line: str) -> None:
        self.notes.append(line)


def brownie(play: Play, name: str, delta: int, why: str) -> None:
    """Add ``delta`` brownie points to ``name``; at 350 the Bottle Imp may cap the tally
    instead (150), else the player wins (148)."""
    state = play.state
    if delta == 0 or name not in {p.name for p in state.players}:
        return
    player = state.player(name)
    total = player.brownie + delta
    if total >= WIN and player.brownie < WIN:
        imp = [t for t in state.tokens if same(t.name, BOTTLE_IMP)]
        if any(t.where == Where("player", name) for t in imp):
            total = min(50, total // 5)
            play.note(f"{name} holds the Bottle Imp: brownie points fall to {total} (rule 150)")
        elif any(t.where == Where("servant", name) for t in imp):
            total = min(150, total // 2)
            play.note(
                f"{name}'s servant holds the Bottle Imp: brownie points fall to {total} (rule 150)"
            )
    play.state = with_player(state, replace(player, brownie=total))
    play.note(f"{name} {'gains' if delta > 0 else 'loses'} {abs(delta)} brownie points ({why})")


def place_token(play: Play, at: int, where: Where, *, direct: bool = False) -> int | None:
    """Set token ``at``'s location to ``where`` with everything that follows; the token's
    index afterwards (None if it left the game)."""
    state = play.state
    token = state.tokens[at]
    if where.kind == "monkey" and any(
        t.where.kind == "monkey" for i, t in enumerate(state.tokens) if i != at
    ):
        if direct:
            raise Refused(100, "the monkey already carries a token and can carry only one")
        where = room(state.monkey)
    old = token.where
    since = state.time if where.kind == "room" and ticks(token) else None
    if old == where and where.kind == "room":
        since = token.since
    barred = token.barred
    if barred is not None and where.kind in ("player", "servant") and where.name != barred:
        barred = None
    mover = play.actor if play.actor in {p.name for p in state.players} else None
    play.state = with_token(
        state, at, replace(token, where=where, since=since, barred=barred, moved_by=mover)
    )
    if same(token.name, BOTTLE_IMP) and old != where:
        if old.kind == "player":
            puissance(play, old.name, -1, "the Bottle Imp left them, rule 149")
        if where.kind == "player":
            puissance(play, where.name, +1, "they hold the Bottle Imp, rule 149")
    return merge_quest_tokens(play, at)


def puissance(play: Play, name: str, delta: int, why: str) -> None:
    """Change a player's Puissance; Dark Gifts beyond it are lost from the end (137)."""
    player = play.state.player(name)
    level = player.puissance + delta
    gifts = player.gifts
    if len(gifts) > max(level, 0):
        keep = standard_order(gifts)[: max(level, 0)]
        gifts = tuple(g for g in gifts if g in keep)
        play.note(f"{name} loses Dark Gifts beyond their Puissance (rule 137)")
    play.state = with_player(play.state, replace(player, puissance=level, gifts=gifts))
    play.note(f"{name}'s Puissance becomes {level} ({why})")


def merge_quest_tokens(play: Play, at: int) -> int | None:
    """Rule 140: quest tokens of one name in one location become a single new one."""
    state = play.state
    token = state.tokens[at]
    if token.quest is None:
        return at
    twins = {
        i
        for i, t in enumerate(state.tokens)
        if t.quest is not None and t.name == token.name and t.where == token.where
    }
    if len(twins) < 2:
        return at
    fresh = Token(token.name, token.where, quest=token.quest)
    play.state = replace(
        without_tokens(state, twins), tokens=(*without_tokens(state, twins).tokens, fresh)
    )
    play.note(f"the quest tokens {token.name!r} together become one (rule 140)")
    return len(play.state.tokens) - 1


def remove_token(play: Play, at: int, why: str) -> None:
    """Remove token ``at`` from the game; a protected one goes to the Jaws of Death first
    (154); the Bottle Imp's holder loses its Puissance (149)."""
    token = play.state.tokens[at]
    if token.protected and token.where != room(JAWS):
        place_token(play, at, room(JAWS))
        play.note(f"{token.name} is protected: it goes to the {JAWS} instead (rule 154)")
        return
    if same(token.name, BOTTLE_IMP) and token.where.kind == "player":
        puissance(play, token.where.name, -1, "the Bottle Imp left them, rule 149")
    play.state = without_tokens(play.state, {at})
    play.note(f"{token.name} is removed from the game ({why})")


def drop_everything(play: Play, holder: Where, why: str) -> None:
    """Everything ``holder`` carries is dropped where it stands."""
    here = room(holder_room(play.state, holder))
    while indexes := carried_by(play.state, holder):
        place_token(play, indexes[0], here)
    play.note(f"{_holder_name(holder)} drops everything ({why})")


def _holder_name(holder: Where) -> str:
    if holder.kind == "monkey":
        return "the monkey"
    if holder.kind == "servant":
        return f"the servant of {holder.name}"
    return holder.name


def tolls_of(state: GameState, where: Room) -> list[tuple[str, int, str]]:
    """The tolls charged on entering ``where``, each with the rules that make and charge it:
    its own (43) and its Death Toll (78, charged as any tax by 43); none in a tax haven
    (68)."""
    if where.haven:
        return []
    found = [(toll.name, toll.value, "rule 43") for toll in where.tolls]
    if where.damage > 0:
        found.append(("Death Toll", 2 * where.damage, "rules 78, 43"))
    return found


def relocate_player(play: Play, name: str, to: str) -> None:
    """Set player ``name``'s location to room ``to`` with all that follows."""
    state = play.state
    player = state.player(name)
    if player.location == to:
        play.note(f"{name} is already in {to}: their location does not change")
        return
    play.state = with_player(state, replace(player, location=to))
    log = play.state.log
    if (name, to) not in log.entered:
        play.state = replace(play.state, log=replace(log, entered=(*log.entered, (name, to))))
    play.note(f"{name} is now in {to}")
    top = max(r.visits for r in play.state.rooms)
    brownie(play, name, top - play.state.room(to).visits, "the visits tallies, rule 99")
    for toll, value, rules in tolls_of(play.state, play.state.room(to)):
        brownie(play, name, -value, f"the toll {toll}, {rules}")
        for other in play.state.players:
            if other.name != name:
                brownie(play, other.name, math.ceil(value / 2), f"{name} paid {toll}, {rules}")
    if to == BUBBLE:
        enter_bubble(play, name)
    if to == MORNINGTON:
        play.note(f"{name} has won Mornington Crescent, and so loses the game (rule 16)")
        lose(play, name, "rule 16")
        return
    quests_for(play, name)
    booby_trap(play, to)


def relocate_servant(play: Play, owner: str, to: str) -> None:
    play.state = with_servant(play.state, replace(play.state.servant(owner), location=to))
    play.note(f"the servant of {owner} is now in {to}")
    booby_trap(play, to)


def enter_bubble(play: Play, name: str) -> None:
    """Rule 29: 1, 2, 4, ... brownie points to each player entering the bubble, none to the
    one who last received some; at 32 it bursts."""
    state = play.state
    if state.bubble_last == name:
        play.note(f"{name} was the last to profit from the bubble: nothing this time (rule 29)")
        if play.readings.bubble_doubles_every_entry:
            play.state = replace(state, bubble_next=state.bubble_next * 2)
        return
    award = state.bubble_next
    play.state = replace(state, bubble_next=award * 2, bubble_last=name)
    brownie(play, name, award, "entering the bubble, rule 29")
    if award >= BUBBLE_BURST:
        burst(play)


def burst(play: Play) -> None:
    """Rule 29: everything in the bubble goes to the Lounge and the bubble leaves the map.
    Players so moved change location as by any other means (43, 98, 99)."""
    for player in play.state.players:
        if player.location == BUBBLE:
            relocate_player(play, player.name, LOUNGE)
    for servant in play.state.servants:
        if servant.location == BUBBLE:
            relocate_servant(play, servant.owner, LOUNGE)
    state = play.state
    play.state = replace(
        state,
        monkey=LOUNGE if state.monkey == BUBBLE else state.monkey,
        omnibus=LOUNGE if state.omnibus == BUBBLE else state.omnibus,
        pieman=LOUNGE if state.pieman == BUBBLE else state.pieman,
        robot=LOUNGE if state.robot == BUBBLE else state.robot,
        kitten=LOUNGE if state.kitten == BUBBLE else state.kitten,
    )
    for at in carried_by(play.state, room(BUBBLE)):
        place_token(play, at, room(LOUNGE))
    play.note("the bubble bursts: everything in it is now in the Lounge (rule 29)")
    drop_room(play, BUBBLE)


def refuge(state: GameState, preferred: str, leaving: str) -> str:
    """Where something goes when room ``leaving`` leaves the map: the room its rule names
    (49, 52, 53), or, if that room is gone too, the first room alphabetically not counting
    articles (69)."""
    left = [r.name for r in state.rooms if r.name != leaving]
    if preferred in left:
        return preferred
    return standard_order(n for n in left if standard_key(n)[0] == 0)[0]


def drop_room(play: Play, name: str) -> None:
    """Take room ``name`` off the map with its connections, its Quests (151) and the
    destinations that named it (57); what is still in it goes where rules 49 (tokens to the
    Attic), 52 (servants to their Quarters) and 53 (the rest to Saturn) say, or 69."""
    attic, quarters, saturn = (
        refuge(play.state, preferred, name) for preferred in (ATTIC, QUARTERS, SATURN)
    )
    for at in carried_by(play.state, room(name)):
        place_token(play, at, room(attic))
    state = play.state
    for servant in state.servants:
        if servant.location == name:
            state = with_servant(state, replace(servant, location=quarters))
    for player in state.players:
        if player.location == name:
            state = with_player(state, replace(player, location=saturn))
    state = replace(
        state,
        monkey=saturn if state.monkey == name else state.monkey,
        omnibus=saturn if state.omnibus == name else state.omnibus,
        pieman=saturn if state.pieman == name else state.pieman,
        robot=saturn if state.robot == name else state.robot,
        kitten=saturn if state.kitten == name else state.kitten,
    )
    rooms = tuple(r for r in state.rooms if r.name != name)
    fallback = WEST_OF_NOWHERE
    if not any(r.name == fallback for r in rooms):
        fallback = standard_order(r.name for r in rooms if standard_key(r.name)[0] == 0)[-1]
    tokens = tuple(
        replace(t, destination=fallback) if t.destination == name else t for t in state.tokens
    )
    doomed = [q for q in state.quests if name in (q.home, q.locate, q.goal)]
    play.state = replace(
        state,
        rooms=rooms,
        tokens=tokens,
        connections=tuple(c for c in state.connections if name not in c),
        quests=tuple(q for q in state.quests if q not in doomed),
    )
    for quest in doomed:
        play.note(
            f"the {quest.colour} Quest leaves the Roster of Quests: its room {name} left the "
            "map (rule 151)"
        )
        for at in reversed([i for i, t in enumerate(play.state.tokens) if t.quest == quest.colour]):
            remove_token(play, at, f"its Quest lost its room {name}, rule 151")


def lose(play: Play, name: str, why: str, *, lost: bool = True) -> None:
    """Rule 33: a player who loses leaves the state for good; their servant ceases (44) and
    what they and it carried goes to the Attic (49). One who leaves (13) is not ``lost``."""
    for holder in (Where("player", name), Where("servant", name)):
        for at in carried_by(play.state, holder):
            place_token(play, at, room(ATTIC))
    state = play.state
    play.state = replace(
        state,
        players=tuple(p for p in state.players if p.name != name),
        servants=tuple(s for s in state.servants if s.owner != name),
        passive_voters=tuple(n for n in state.passive_voters if n != name),
        passive_turn_takers=tuple(n for n in state.passive_turn_takers if n != name),
        donations=tuple(d for d in state.donations if name not in (d.donor, d.recipient)),
        lost=(*state.lost, name) if lost else state.lost,
    )
    play.note(f"{name} {'has lost and leaves' if lost else 'leaves'} the game ({why})")


def quests_for(play: Play, name: str) -> None:
    """Rule 141 for player ``name`` where they now stand."""
    if name not in {p.name for p in play.state.players}:
        return
    here = play.state.player(name).location
    mine = Where("player", name)
    for quest in play.state.quests:
        primary = f"{quest.colour} primary"
        held = [
            i for i in carried_by(play.state, mine) if play.state.tokens[i].quest == quest.colour
        ]
        if quest.home == here and not any(play.state.tokens[i].name == primary for i in held):
            token = Token(primary, room(here), quest=quest.colour)
            play.state = replace(play.state, tokens=(*play.state.tokens, token))
            play.note(f"a quest token {primary!r} appears in {here} (rule 141)")
            merge_quest_tokens(play, len(play.state.tokens) - 1)
        for at in carried_by(play.state, mine):
            token = play.state.tokens[at]
            if token.quest == quest.colour and "primary" in token.name and quest.locate == here:
                renamed = token.name.replace("primary", "secondary")
                play.state = with_token(play.state, at, replace(token, name=renamed))
                play.note(f"{name}'s {token.name!r} becomes {renamed!r} (rule 141)")
                merge_quest_tokens(play, at)
        if quest.goal == here and any(
            play.state.tokens[i].quest == quest.colour and "secondary" in play.state.tokens[i].name
            for i in carried_by(play.state, mine)
        ):
            complete_quest(play, name, quest.colour)
            return


def complete_quest(play: Play, name: str, colour: str) -> None:
    quest = next(q for q in play.state.quests if q.colour == colour)
    if quest.puissance:
        puissance(play, name, quest.value, f"the {colour} Quest, rule 141")
    else:
        brownie(play, name, quest.value, f"the {colour} Quest, rule 141")
    play.state = replace(play.state, quests=tuple(q for q in play.state.quests if q != quest))
    for at in reversed([i for i, t in enumerate(play.state.tokens) if t.quest == colour]):
        remove_token(play, at, f"the {colour} Quest is done, rule 141")


def booby_trap(play: Play, where: str) -> None:
    """Rule 118: entering the pie bomb's room by an action costs the actor a d6; on a six it
    kersplats (119)."""
    bombs = [i for i, t in enumerate(play.state.tokens) if same(t.name, PIE_BOMB)]
    if not bombs or holder_room(play.state, play.state.tokens[bombs[0]].where) != where:
        return
    roll = play.dice.roll(6, "rule 118: entering the pie bomb's location")
    play.note(f"{play.actor} rolls {roll} on a d6 for the pie bomb (rule 118)")
    if roll == 6:
        kersplat(play, bombs[0])


def kersplat(play: Play, at: int) -> None:
    """Rule 119: a d2 for each carrier in or next to the pie bomb's room; even drops all."""
    state = play.state
    centre = holder_room(state, state.tokens[at].where)
    near = [centre, *[r.name for r in state.rooms if connected(state, centre, r.name)]]
    carriers = [Where("player", p.name) for p in state.players if p.location in near]
    carriers += [Where("servant", s.owner) for s in state.servants if s.location in near]
    if state.monkey in near:
        carriers.append(Where("monkey"))
    play.note("the pie bomb kersplats (rule 119)")
    play.state = without_tokens(state, {at})
    for holder in carriers:
        if not carried_by(play.state, holder):
            continue
        roll = play.dice.roll(2, f"rule 119: {_holder_name(holder)}")
        if roll % 2 == 0:
            drop_everything(play, holder, f"rolled {roll} on a d2, rule 119")


def savage_wilderness(state: GameState) -> str | None:
    """Rule 122: the room with the fewest visits (not Mornington Crescent), ties broken by
    Standard Order."""
    rooms = [r for r in state.rooms if r.name != MORNINGTON]
    if not rooms:
        return None
    least = min(r.visits for r in rooms)
    return standard_order(r.name for r in rooms if r.visits == least)[0]


def time_bombs_for_all(play: Play) -> None:
    """Rule 134: with no time bomb in the game, each player gets one of 24 hours."""
    state = play.state
    if any(t.is_time_bomb for t in state.tokens) or not state.players:
        return
    fresh = tuple(
        Token(f"{p.name}'s bomb", Where("player", p.name), delay=24) for p in state.players
    )
    play.state = replace(state, tokens=(*state.tokens, *fresh))
    play.note("there are no time bombs, so each player gets one of 24 hours (rule 134)")


def settle(play: Play) -> None:
    """Apply the rules that hold at every moment, after any change."""
    state = play.state
    for player in state.players:
        if player.demerits >= 3:
            lose(play, player.name, "three demerits, rule 11")
    state = play.state
    for each in state.rooms:
        if each.haven and each.tolls:
            play.state = with_room(play.state, replace(each, tolls=()))
            play.note(f"{each.name} is a tax haven: its tolls cease (rule 68)")
    for at in reversed(range(len(play.state.tokens))):
        token = play.state.tokens[at]
        if not token.is_time_bomb or token.where.kind != "room":
            continue
        if play.state.room(token.where.name).secure:
            play.note(f"{token.name} is in a high-security area: taken away unexploded (rule 74)")
            remove_token(play, at, "a time bomb in a high-security area, rule 74")
    for at, token in enumerate(play.state.tokens):
        if ticks(token) and token.where.kind == "room" and token.since is None:
            play.state = with_token(play.state, at, replace(token, since=play.state.time))
        if same(token.name, CIGAR):
            play.state = replace(play.state, last_cigar=token)
    time_bombs_for_all(play)
    monkey_and_banana(play)
    for at, token in enumerate(play.state.tokens):
        if same(token.name, LUNCHBOX) and token.destination != play.state.omnibus:
            play.state = with_token(play.state, at, replace(token, destination=play.state.omnibus))
        wild = savage_wilderness(play.state)
        if same(token.name, COMPASS) and wild and token.destination != wild:
            play.state = with_token(play.state, at, replace(token, destination=wild))
    if not play.state.honours:
        top = [p.name for p in play.state.players if p.brownie >= HONOURS]
        if top:
            play.state = replace(play.state, honours=tuple(top))
            kind = "First Honours" if len(top) == 1 else "Shared Honours"
            play.note(f"{', '.join(top)} achieve{'s' if len(top) == 1 else ''} {kind} (rule 153)")
    if play.state.winner is None:
        for player in play.state.players:
            if player.brownie >= WIN:
                win(play, player.name)
                break


def win(play: Play, name: str) -> None:
    """Rule 148 and 33: the game ends and everyone else loses. The others are listed as lost
    but kept in the final state for the record (rules/ifmud-nomic/readings.md#r33)."""
    others = tuple(p.name for p in play.state.players if p.name != name)
    play.state = replace(play.state, winner=name, active=None, lost=(*play.state.lost, *others))
    points = play.state.player(name).brownie
    play.note(f"{name} has {points} brownie points, {WIN} or more, and wins (rules 148, 33)")


def monkey_and_banana(play: Play) -> None:
    """Rule 138: the monkey drops all and takes the first banana token in its room."""
    state = play.state
    carrying = carried_by(state, Where("monkey"))
    if any(state.tokens[i].is_banana for i in carrying):
        return
    bananas = [i for i in carried_by(state, room(state.monkey)) if state.tokens[i].is_banana]
    if not bananas:
        return
    first = min(bananas, key=lambda i: standard_key(state.tokens[i].name))
    name = state.tokens[first].name
    for at in carrying:
        place_token(play, at, room(state.monkey))
    at = next(
        i
        for i, t in enumerate(play.state.tokens)
        if t.name == name and t.where == room(state.monkey)
    )
    place_token(play, at, Where("monkey"))
    play.note(f"the monkey takes {name} (rule 138)")
