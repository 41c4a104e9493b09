"""Changes the rules put to the players' consent, as pure functions the chamber applies once
a proposal is agreed: the referee never makes them on one player's word.

Each returns the new state, or raises :class:`ValueError` with a sentence saying why the
change cannot be made as worded. The proposals, votes and timing are the chamber's
(rules 6, 10, 12, 20, 21, 25, 54, 72, 127 and the rest); these are only their effects.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from referee.engine.dice import Dice
from referee.games.ifmud.board import with_player, with_room, with_servant
from referee.games.ifmud.effects import (
    STARTING_BROWNIE,
    Play,
    drop_room,
    lose,
    merge_quest_tokens,
    remove_token,
    settle,
)
from referee.games.ifmud.state import (
    GameState,
    Gift,
    Player,
    Room,
    Servant,
    Token,
    Toll,
    check_name,
)
from referee.games.ifmud.turns import end_turn


class _NoDice:
    def roll(self, sides: int, why: str) -> int:
        raise ValueError(f"this change needs a die ({why}); roll it through a posting")


def _settled(state: GameState, dice: Dice | None = None) -> GameState:
    play = Play(state, "the players", dice or _NoDice())
    settle(play)
    return play.state


def add_room(state: GameState, name: str) -> GameState:
    """Rule 20: a new room on the map, with zero tallies (75, 97)."""
    if state.has_room(check_name(name)):
        raise ValueError(f"there is already a room called {name}")
    return replace(state, rooms=(*state.rooms, Room(name)))


def remove_room(state: GameState, name: str) -> GameState:
    """Rule 20: a room leaves the map; what was in it goes where 49, 52, 53, 57 and 151 say."""
    if not state.has_room(name):
        raise ValueError(f"there is no room called {name}")
    play = Play(state, "the players", _NoDice())
    drop_room(play, name)
    settle(play)
    return play.state


def connect(state: GameState, one: str, two: str) -> GameState:
    """Rule 25: two rooms declared connected (both ways, 39)."""
    for name in (one, two):
        if not state.has_room(name):
            raise ValueError(f"there is no room called {name}")
    if one == two:
        raise ValueError("a room is not connected to itself")
    if (one, two) in state.connections or (two, one) in state.connections:
        raise ValueError(f"{one} and {two} are already connected")
    return replace(state, connections=(*state.connections, (one, two)))


def disconnect(state: GameState, one: str, two: str) -> GameState:
    """Rule 20: a connection removed from the map."""
    kept = tuple(c for c in state.connections if set(c) != {one, two})
    if len(kept) == len(state.connections):
        raise ValueError(f"{one} and {two} are not connected")
    return replace(state, connections=kept)


def set_toll(state: GameState, where: str, name: str, value: int) -> GameState:
    """Rules 43 and 20: a toll on a room (none in a tax haven, 68)."""
    target = state.room(where)
    if target.haven:
        raise ValueError(f"{where} is a tax haven: no toll may be attached to it (rule 68)")
    tolls = (*(t for t in target.tolls if t.name != name), Toll(check_name(name), value))
    return with_room(state, replace(target, tolls=tolls))


def set_tax_haven(state: GameState, where: str, haven: bool = True) -> GameState:
    """Rule 68: a room made (or unmade) a tax haven; its tolls cease."""
    return _settled(with_room(state, replace(state.room(where), haven=haven)))


def set_high_security(state: GameState, where: str, secure: bool = True) -> GameState:
    """Rule 74: a room made (or unmade) a high-security area; time bombs there go."""
    return _settled(with_room(state, replace(state.room(where), secure=secure)))


def check_token(state: GameState, token: Token, replacing: int | None = None) -> Token:
    """``token`` if the game can hold it as worded, else :class:`ValueError` citing the rule
    it would break: a location that exists (54), a destination on the map and a value that is
    not negative (57), a delay of some time (70), a Quest on the Roster (140), a die of a side
    or more (105), a charge that is not negative (101), and the monkey's one token (100)."""
    check_name(token.name)
    where = token.where
    if where.kind == "room" and not state.has_room(where.name):
        raise ValueError(f"there is no room called {where.name} to put {token.name} in (rule 54)")
    if where.kind in ("player", "servant") and where.name not in {p.name for p in state.players}:
        raise ValueError(f"{where.name} is not a player of this game (rule 54)")
    if where.kind == "monkey" and any(
        t.where.kind == "monkey" for i, t in enumerate(state.tokens) if i != replacing
    ):
        raise ValueError("the monkey already carries a token and can carry only one (rule 100)")
    if token.value is not None and token.value < 0:
        raise ValueError(f"a prize token's value is not negative, not {token.value} (rule 57)")
    if token.destination is not None and not state.has_room(token.destination):
        raise ValueError(
            f"there is no room called {token.destination} to be a destination (rule 57)"
        )
    if token.delay is not None and token.delay <= 0:
        raise ValueError(
            f"a time bomb's delay is a span of time, not {token.delay} hours (rule 70)"
        )
    if token.quest is not None and not any(q.colour == token.quest for q in state.quests):
        raise ValueError(f"no Quest on the Roster is {token.quest} (rule 140)")
    if token.die is not None and token.die < 1:
        raise ValueError(f"a die has at least one side, not {token.die} (rule 105)")
    if token.charge is not None and token.charge < 0:
        raise ValueError(f"a charge level is not negative, not {token.charge} (rule 101)")
    return token


def add_token(state: GameState, token: Token) -> GameState:
    """Rule 54: a token added to the game."""
    check_token(state, token)
    return _merged(replace(state, tokens=(*state.tokens, token)), len(state.tokens))


def _merged(state: GameState, at: int) -> GameState:
    """The state settled, once a quest token agreed at index ``at`` has merged with its
    namesakes in the same location (rule 140 holds whenever they meet, agreed or not)."""
    play = Play(state, "the players", _NoDice())
    merge_quest_tokens(play, at)
    settle(play)
    return play.state


def remove_token_named(state: GameState, name: str) -> GameState:
    """Rule 54: a token removed from the game (a protected one goes to the Jaws first, 154)."""
    for at, token in enumerate(state.tokens):
        if token.name == name:
            play = Play(state, "the players", _NoDice())
            remove_token(play, at, "by unanimous agreement, rule 54")
            settle(play)
            return play.state
    raise ValueError(f"there is no token called {name}")


def add_player(state: GameState, name: str) -> GameState:
    """Rule 12: a new player, in the Lounge (14) with ten brownie points (148) and a servant
    in the Servants' Quarters (44). A player who lost may not rejoin (33)."""
    check_name(name)
    if name in state.lost:
        raise ValueError(f"{name} lost and may not rejoin the game (rule 33)")
    if name in {p.name for p in state.players}:
        raise ValueError(f"{name} is already playing")
    return replace(
        state,
        players=(*state.players, Player(name, "Lounge", brownie=STARTING_BROWNIE)),
        servants=(*state.servants, Servant(name, "Servants' Quarters")),
    )


def remove_player(state: GameState, name: str, why: str, *, lost: bool = True) -> GameState:
    """A player removed from the state (11, 33), or leaving it (13: ``lost=False``, so rule
    33's bar on rejoining does not apply)."""
    play = Play(state, "the players", _NoDice())
    lose(play, name, why, lost=lost)
    settle(play)
    return play.state


def end_removed_turn(state: GameState, at: datetime) -> GameState:
    """Rule 27: a turn ends when its active player is removed from the game (by a demerit or
    a departure the chamber decided); the next player's turn begins at ``at``, the moment of
    the removal (naive times are UTC, as the store keeps them). The state as it was when its
    active player is still playing."""
    if state.winner is not None or state.active is None:
        return state
    if state.active in {p.name for p in state.players}:
        return state
    play = Play(state, "the players", _NoDice())
    end_turn(play)
    began = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    return replace(play.state, turn_began=began if play.state.active is not None else None)


def give_demerit(state: GameState, name: str, why: str) -> GameState:
    """A demerit (22, 24, 45, 82, 119, 142); three remove the player (11)."""
    player = state.player(name)
    play = Play(state, "the players", _NoDice())
    play.state = with_player(state, replace(player, demerits=player.demerits + 1))
    play.note(f"{name} receives a demerit ({why})")
    settle(play)
    return play.state


def rename_game(state: GameState, name: str) -> GameState:
    """Rule 37: the game's new name."""
    return replace(state, name=check_name(name))


def add_dark_gift(state: GameState, name: str, description: str) -> GameState:
    """Rule 127: a Dark Gift added to the list."""
    if any(g.name == name for g in state.gifts):
        raise ValueError(f"there is already a Dark Gift called {name}")
    return replace(state, gifts=(*state.gifts, Gift(check_name(name), check_name(description))))


def remove_dark_gift(state: GameState, name: str) -> GameState:
    """Rule 127: a Dark Gift removed; whoever has it loses it."""
    return replace(
        state,
        gifts=tuple(g for g in state.gifts if g.name != name),
        players=tuple(
            replace(p, gifts=tuple(g for g in p.gifts if g != name)) for p in state.players
        ),
    )


def add_synonyms(state: GameState, words: tuple[str, ...]) -> GameState:
    """Rule 72: a row of the Table of Synonyms."""
    return replace(state, synonyms=(*state.synonyms, tuple(check_name(w) for w in words)))


def remove_synonyms(state: GameState, words: tuple[str, ...]) -> GameState:
    """Rule 72: a row of the Table of Synonyms struck out (named by all its words, in any
    order)."""
    wanted = {w.casefold() for w in words}
    kept = tuple(row for row in state.synonyms if {w.casefold() for w in row} != wanted)
    if len(kept) == len(state.synonyms):
        raise ValueError(f"no row of the Table of Synonyms is {'; '.join(words)} (rule 72)")
    return replace(state, synonyms=kept)


def add_passive_voter(state: GameState, name: str) -> GameState:
    """Rule 40: a player silent for 72 hours put on the Passive Voters by the others."""
    if name not in {p.name for p in state.players}:
        raise ValueError(f"{name} is not a player of this game")
    if name in state.passive_voters:
        raise ValueError(f"{name} is already on the Passive Voters")
    return replace(state, passive_voters=(*state.passive_voters, name))


def name_servant(state: GameState, owner: str, name: str, species: str) -> GameState:
    """Rule 45: the others name a servant its player did not name in time."""
    servant = state.servant(owner)
    return with_servant(state, replace(servant, name=check_name(name), species=check_name(species)))


def change_token(state: GameState, name: str, token: Token) -> GameState:
    """Rule 54: a token modified by unanimous agreement (its place, value, status...)."""
    for at, old in enumerate(state.tokens):
        if old.name == name:
            check_token(state, token, replacing=at)
            tokens = (*state.tokens[:at], token, *state.tokens[at + 1 :])
            return _merged(replace(state, tokens=tokens), at)
    raise ValueError(f"there is no token called {name}")


def set_passive_voter(state: GameState, name: str, on: bool) -> GameState:
    """Rule 32, as the chamber records it: the game's copy of the Passive Voters follows."""
    if name not in {p.name for p in state.players}:
        raise ValueError(f"{name} is not a player of this game")
    kept = tuple(n for n in state.passive_voters if n != name)
    return replace(state, passive_voters=(*kept, name) if on else kept)
