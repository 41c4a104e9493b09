"""The game state's notation: parse and render are a pair (golden file, hypothesis)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.one_day_in_london.journey import JourneyRules
from referee.games.one_day_in_london.state import GameState, NotationError

from .play import random_game

GOLDEN = Path(__file__).parents[2] / "golden" / "one-day-in-london"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=120),
)
def test_property_render_then_parse_is_the_same_state(
    number: int, players: int, steps: int
) -> None:
    state = random_game(number, players, steps)
    text = state.render()
    assert GameState.parse(text) == state
    assert GameState.parse(text).render() == text


def test_golden_state_after_setup_and_two_turns() -> None:
    state = random_game(1999, 3, 34)
    expected = (GOLDEN / "state-3-players.txt").read_text(encoding="utf-8")
    assert state.render() == expected
    assert GameState.parse(expected) == state


def test_setting_round_trips() -> None:
    state = random_game(7, 2, 5)
    loose = replace(state, rules=JourneyRules(turn_back_alongside=True))
    assert "Turn back alongside: yes" in loose.render()
    assert GameState.parse(loose.render()) == loose


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("One Day in London", "Two Days"), "line 1"),
        (lambda t: t.replace("Phase: ", "Phase: lunch"), "Phase"),
        (lambda t: t.replace("Turn: ", "Turn: Zed"), "Turn"),
        (lambda t: t.replace("Seed: ", "Seed: x"), "seed"),
        (lambda t: t.replace("Moves:", "Colour: blue\nMoves:"), "'Colour'"),
    ],
)
def test_bad_notation_names_the_fault(edit: Callable[[str], str], message: str) -> None:
    text = random_game(3, 2, 3).render()
    with pytest.raises(NotationError, match=message):
        GameState.parse(edit(text))
