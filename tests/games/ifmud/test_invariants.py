"""Whatever players post, the referee answers and the state stays whole: hypothesis plays
random postings from the grammar on the test map with random dice."""

from __future__ import annotations

import random
from datetime import timedelta

from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee.engine.dice import RecordingDice
from referee.games.ifmud.actions import ActionSyntaxError, parse_actions
from referee.games.ifmud.consent import add_dark_gift, add_token
from referee.games.ifmud.judge import judge
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState, Token, Where

from .helpers import game

ROOMS = (
    "Lounge",
    "Attic",
    "Central Park",
    "Saturn",
    "Zrblm",
    "Dot-Com Bubble",
    "The House of Commons",
    "Servants' Quarters",
    "Washington, DC",
    "Narnia",
)
TOKENS = (
    "gem",
    "golden key",
    "a pie",
    "a bomb",
    "Adam Biltcliffe's bomb",
    "personal teleporter",
    "mind-control satellite uplink",
    "The Bus Driver's Lunchbox",
    "Bottle Imp",
    "red primary",
)
WHO = (*SEED_PLAYERS, "the monkey", "the servant of Roger Carbol", "Nobody")
LINES = st.one_of(
    st.sampled_from(ROOMS).map(lambda r: f"move to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"move servant to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"ride the omnibus to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"send servant by omnibus to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"teleport to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"move the monkey to {r}"),
    st.sampled_from(ROOMS).map(lambda r: f"robot examine after moving to {r}"),
    st.sampled_from(TOKENS).map(lambda t: f"pick up {t}"),
    st.sampled_from(TOKENS).map(lambda t: f"drop {t}"),
    st.sampled_from(TOKENS).map(lambda t: f"servant pick up {t}"),
    st.sampled_from(TOKENS).map(lambda t: f"monkey pick up {t}"),
    st.tuples(st.sampled_from(TOKENS), st.sampled_from(WHO)).map(
        lambda p: f"steal {p[0]} from {p[1]}"
    ),
    st.tuples(st.sampled_from(TOKENS), st.sampled_from(WHO)).map(
        lambda p: f"monkey steal {p[0]} from {p[1]}"
    ),
    st.sampled_from(WHO).map(lambda w: f"throw pie at {w}"),
    st.sampled_from(SEED_PLAYERS).map(lambda w: f"donate 3 to {w}"),
    st.sampled_from(SEED_PLAYERS).map(lambda w: f"accept donation from {w}"),
    st.sampled_from(
        [
            "xyzzy",
            "end turn",
            "buy a pie",
            "buy a bomb of 2 days",
            "rename a bomb to an odd bomb",
            "create pie bomb",
            "create quest blue",
            "move the kitten",
            "fly the kitten",
            "robot examine",
            "metamorphose into Wings",
            "abandon Wings",
            "sacrifice the lunchbox",
            "name servant Bob, a dog",
            "join the passive turn-takers",
            "leave the game",
            "damage Attic letter 1",
            "repair Attic letter 2 as X",
            "create esploding cigar",
            "monkey retime a bomb",
            "i am awake",
            "set destination of golden key to Saturn",
        ]
    ),
)
ACTIVE = "(the active player)"
POSTING = st.tuples(
    st.sampled_from((*SEED_PLAYERS, ACTIVE, ACTIVE, ACTIVE, ACTIVE)),
    st.lists(LINES, min_size=1, max_size=2),
    st.integers(0, 600),
)


def start() -> GameState:
    state = add_dark_gift(game(), "Wings", "flies")
    for token in (
        Token("gem", Where("room", "Lounge")),
        Token("golden key", Where("player", "Adam Biltcliffe"), 9, "Attic"),
        Token("mind-control satellite uplink", Where("player", "Roger Carbol"), charge=4),
        Token("The Bus Driver's Lunchbox", Where("servant", "Admiral Jota"), value=0, die=3),
        Token("Bottle Imp", Where("room", "Attic")),
        Token("personal teleporter", Where("player", "Carl Muckenhoupt"), status="fully charged"),
    ):
        state = add_token(state, token)
    return state


def whole(state: GameState) -> None:
    players = {p.name for p in state.players}
    assert {s.owner for s in state.servants} == players
    assert state.active is None or state.active in players or state.winner is not None
    for p in state.players:
        assert state.has_room(p.location), p
    for token in state.tokens:
        if token.where.kind == "room":
            assert state.has_room(token.where.name), token
        elif token.where.kind in ("player", "servant"):
            assert token.where.name in players, token
    assert sum(t.where.kind == "monkey" for t in state.tokens) <= 1
    assert GameState.parse(state.render()) == state


@settings(max_examples=150, deadline=None)
@given(st.lists(POSTING, min_size=1, max_size=25), st.integers(0, 2**32))
def test_any_postings_are_answered_and_leave_the_state_whole(
    postings: list[tuple[str, list[str], int]], seed: int
) -> None:
    state = start()
    rng = random.Random(seed)
    now = state.time
    for who, lines, minutes in postings:
        now += timedelta(minutes=minutes)
        try:
            actions = parse_actions("\n".join(lines))
        except ActionSyntaxError:
            continue
        poster = (state.active or SEED_PLAYERS[0]) if who == ACTIVE else who
        ruling = judge(state, poster, actions, RecordingDice(rng), now)
        event("applied" if ruling.applied else "refused")
        if not ruling.applied:
            assert ruling.state == state
            assert ruling.refusal or ruling.not_judged
            continue
        whole(ruling.state)
        state = ruling.state
        if state.winner is not None:
            break
