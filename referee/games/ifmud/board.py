"""Reading the map: which rooms connect (25, 39, 107, 129), and finding things on it.

Connections are the pairs the players agreed (rule 25), two-way (39). Brigadoon connects
only on Tuesdays, GMT (107), which is why connectivity needs the state's time (117).
"""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.order import standard_key
from referee.games.ifmud.state import GameState, Player, Room, Servant, Token, Where

LOUNGE = "Lounge"
ATTIC = "Attic"
SATURN = "Saturn"
QUARTERS = "Servants' Quarters"
BUBBLE = "Dot-Com Bubble"
MORNINGTON = "Mornington Crescent"
ZRBLM = "Zrblm"
BRIGADOON = "Brigadoon"
EMBEDDED_CPU = "Embedded CPU"
BLASTED_HEATH = "Blasted Heath"
JAWS = "Jaws of Death"
WEST_OF_NOWHERE = "West of Nowhere"
TUESDAY = 1


def same(one: str, two: str) -> bool:
    """Whether two names name the same thing, ignoring case and articles (rule 94's reading
    of names, used wherever a player names a token the rules name)."""
    return standard_key(one)[:2] == standard_key(two)[:2]


def connected(state: GameState, one: str, two: str) -> bool:
    """Whether rooms ``one`` and ``two`` are connected now (25, 39, 107)."""
    if one == two or not (state.has_room(one) and state.has_room(two)):
        return False
    if BRIGADOON in (one, two) and state.time.weekday() != TUESDAY:
        return False
    return (one, two) in state.connections or (two, one) in state.connections


def neighbours(state: GameState, name: str) -> list[str]:
    """The rooms connected to ``name`` now."""
    return [other.name for other in state.rooms if connected(state, name, other.name)]


def with_player(state: GameState, player: Player) -> GameState:
    return replace(
        state, players=tuple(player if p.name == player.name else p for p in state.players)
    )


def with_servant(state: GameState, servant: Servant) -> GameState:
    return replace(
        state,
        servants=tuple(servant if s.owner == servant.owner else s for s in state.servants),
    )


def with_room(state: GameState, room: Room) -> GameState:
    return replace(state, rooms=tuple(room if r.name == room.name else r for r in state.rooms))


def holder_room(state: GameState, where: Where) -> str:
    """The room a token is in, directly or through whoever carries it."""
    if where.kind == "room":
        return where.name
    if where.kind == "player":
        return state.player(where.name).location
    if where.kind == "servant":
        return state.servant(where.name).location
    return state.monkey


def carried_by(state: GameState, where: Where) -> list[int]:
    """The indexes of the tokens whose location is ``where``."""
    return [at for at, token in enumerate(state.tokens) if token.where == where]


def synonymous(state: GameState, one: str, two: str) -> bool:
    """Whether two names are the same name or stand in one row of the Table of Synonyms
    (rule 72), case and articles aside."""
    if same(one, two):
        return True
    return any(
        any(same(one, word) for word in row) and any(same(two, word) for word in row)
        for row in state.synonyms
    )


def find_room(state: GameState, name: str) -> str | None:
    """The room ``name`` names: exactly, else through the Table of Synonyms (72)."""
    if state.has_room(name):
        return name
    return next((r.name for r in state.rooms if synonymous(state, r.name, name)), None)


def find_token(state: GameState, name: str, where: Where) -> int | None:
    """The index of the first token at ``where`` that ``name`` names (case and articles
    aside, or by a synonym, 72)."""
    for at in carried_by(state, where):
        if synonymous(state, state.tokens[at].name, name):
            return at
    return None


def with_token(state: GameState, at: int, token: Token) -> GameState:
    tokens = list(state.tokens)
    tokens[at] = token
    return replace(state, tokens=tuple(tokens))


def without_tokens(state: GameState, indexes: set[int]) -> GameState:
    return replace(state, tokens=tuple(t for at, t in enumerate(state.tokens) if at not in indexes))


def surname(name: str) -> str:
    """The last word of a player's name: rule 27 orders turns by surname."""
    return name.split()[-1]
