"""Hidden information: the lounge never sees a rack; each player sees only their own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.one_day_in_london.moves import parse_move
from referee.games.one_day_in_london.network import load_game_network
from referee.games.one_day_in_london.rules import apply, new_game
from referee.games.one_day_in_london.shuffle import commitment, verify
from referee.games.one_day_in_london.state import Phase
from referee.games.one_day_in_london.views import (
    final_reveal,
    private_view,
    public_view,
    revealed,
)
from referee.network.lines import LineCode
from tests.service.odil_plan import plan

from .play import random_game

STATIONS = load_game_network().stations


LINE_ON_A_CARD = re.compile(
    r"\d+ (?:" + "|".join(re.escape(code.line_name) for code in LineCode) + r") \d+"
)


def named(text: str) -> set[str]:
    """The stations a text names, longest names first (Euston Square is not Euston), after
    taking out the line names a card face shows ('5 Victoria 2')."""
    text = LINE_ON_A_CARD.sub("#", text)
    found = set()
    for station in sorted(STATIONS, key=len, reverse=True):
        pattern = re.compile(rf"(?<![\w(]){re.escape(station)}(?![\w)])")
        if pattern.search(text):
            found.add(station)
            text = pattern.sub("#", text)
    return found


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=200),
)
def test_property_public_view_names_only_pile_tops(number: int, players: int, steps: int) -> None:
    state = random_game(number, players, steps)
    view = public_view(state)
    text = view.render() + "\n".join(view.record)
    tops = {top for top in state.pile_tops() if top}
    assert named(text) <= tops
    assert state.seed not in text
    assert commitment(state.seed) in text


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=200),
)
def test_property_private_view_shows_only_the_players_own_cards(
    number: int, players: int, steps: int
) -> None:
    state = random_game(number, players, steps)
    for seat in state.seats:
        view = private_view(state, seat.name)
        assert view.rack == seat.rack
        own = {card for card in seat.rack if card} | {view.to_place, view.hand} - {None}
        assert named(view.render()) <= own


def test_setup_private_view_shows_the_next_card_only() -> None:
    state = random_game(3, 2, 0)
    view = private_view(state, "Alice")
    assert view.to_place == state.seat("Alice").dealt[0]
    assert named(view.render()) == {state.seat("Alice").dealt[0]}


def test_final_reveal_only_when_over_and_it_shows_every_rack_and_the_seed() -> None:
    state = random_game(11, 3, 40)
    with pytest.raises(ValueError):
        final_reveal(state)
    over = apply(state, "Bob", parse_move("resign")) if state.phase is not Phase.SETUP else state
    over = apply(over, "Carol", parse_move("resign"))
    text = final_reveal(over)
    for seat in over.seats:
        assert "; ".join(card or "-" for card in seat.rack) in text
    assert over.seed in text
    assert verify(over.seed, public_view(state).commitment)


def test_game_end_revealed_holds_what_the_final_post_reveals_and_only_when_over() -> None:
    state = random_game(11, 3, 40)
    with pytest.raises(ValueError):
        revealed(state)
    over = apply(state, "Bob", parse_move("resign")) if state.phase is not Phase.SETUP else state
    over = apply(over, "Carol", parse_move("resign"))
    shown = revealed(over)
    assert shown.racks == tuple((seat.name, seat.rack) for seat in over.seats)
    assert (shown.winner, shown.seed) == (over.winner, over.seed)
    assert shown.commitment == public_view(state).commitment
    text = final_reveal(over)
    assert shown.seed in text and all(
        "; ".join(card or "-" for card in rack) in text for _, rack in shown.racks
    )
    assert shown.journey is None and "->" not in text, "the last player left made no journey"
    won = plan(new_game(("Ann", "Ben"), "5" * 64)).end
    journey = revealed(won).journey
    assert journey is not None and journey.journey and journey.describe() in final_reveal(won)
    assert journey.stations == tuple(card for card in won.seat(won.winner or "").rack if card)


def test_golden_public_and_private_views() -> None:
    state = random_game(1999, 3, 34)
    golden = Path(__file__).parents[2] / "golden" / "one-day-in-london"
    assert public_view(state).render() == (golden / "public-view.txt").read_text("utf-8")
    bob = (golden / "private-view-bob.txt").read_text("utf-8")
    assert private_view(state, "Bob").render() == bob
