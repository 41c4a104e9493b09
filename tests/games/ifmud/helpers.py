"""A small agreed map and tools to play actions on it, for the ifMUD Nomic tests."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.board import with_player, with_servant
from referee.games.ifmud.consent import connect
from referee.games.ifmud.judge import Ruling, judge
from referee.games.ifmud.opening import SEED_PLAYERS, new_game
from referee.games.ifmud.state import GameState, Token

ADAM, ROGER, JOTA, CARL = SEED_PLAYERS
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
"""A Monday: Brigadoon (rule 107) is cut off until midnight."""

LINKS = (
    ("Lounge", "Attic"),
    ("Lounge", "Central Park"),
    ("Lounge", "Dot-Com Bubble"),
    ("Lounge", "Servants' Quarters"),
    ("Lounge", "Brigadoon"),
    ("Attic", "West of House"),
    ("Central Park", "The House of Commons"),
    ("Central Park", "Washington, DC"),
    ("The House of Commons", "Saturn"),
    ("Saturn", "Mornington Crescent"),
    ("Servants' Quarters", "Attic"),
    ("Zrblm", "Lounge"),
)


@dataclass
class ScriptedDice:
    """Dice that show the given values in order and fail loudly when a test did not expect
    a roll; every roll is kept so a test can see which rule asked."""

    values: list[int] = field(default_factory=list)
    asked: list[tuple[int, str]] = field(default_factory=list)

    def roll(self, sides: int, why: str) -> int:
        if not self.values:
            raise AssertionError(f"an unexpected roll of a d{sides}: {why}")
        value = self.values.pop(0)
        assert 1 <= value <= sides, f"a d{sides} cannot show {value} ({why})"
        self.asked.append((sides, why))
        return value


def game(start: datetime = START) -> GameState:
    """The opening state with the test map's connections agreed (rule 25)."""
    state = new_game(SEED_PLAYERS, start)
    for one, two in LINKS:
        state = connect(state, one, two)
    return state


def play(
    state: GameState,
    who: str,
    text: str,
    *rolls: int,
    at: datetime | None = None,
) -> Ruling:
    """Judge ``who``'s posting of ``text`` a minute after the turn began."""
    when = at or (state.turn_began or state.time) + timedelta(minutes=1)
    return judge(state, who, parse_actions(text), ScriptedDice(list(rolls)), when)


def legal(state: GameState, who: str, text: str, *rolls: int) -> GameState:
    ruling = play(state, who, text, *rolls)
    assert ruling.applied, ruling.refusal or ruling.not_judged
    return ruling.state


def refused(state: GameState, who: str, text: str, *rolls: int) -> str:
    ruling = play(state, who, text, *rolls)
    assert not ruling.applied, f"{text!r} was allowed"
    assert ruling.state == state
    return ruling.refusal or ruling.not_judged or ""


def put(state: GameState, who: str, room: str) -> GameState:
    """Place a player (by the test's hand, not an action)."""
    return with_player(state, replace(state.player(who), location=room))


def put_servant(state: GameState, owner: str, room: str) -> GameState:
    return with_servant(state, replace(state.servant(owner), location=room))


def points(state: GameState, who: str, value: int) -> GameState:
    return with_player(state, replace(state.player(who), brownie=value))


def add(state: GameState, token: Token) -> GameState:
    return replace(state, tokens=(*state.tokens, token))


def token(state: GameState, name: str) -> Token:
    return next(t for t in state.tokens if t.name == name)
