"""The mail grammar: what players type, parsed and rendered as a pair."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.one_day_in_london.moves import (
    Claim,
    Discard,
    Exchange,
    Move,
    MoveSyntaxError,
    Place,
    Resign,
    Take,
    parse_move,
)
from referee.games.one_day_in_london.network import load_game_network
from referee.network.names import UnknownStationError


def test_the_briefs_examples() -> None:
    assert parse_move("draw deck") == Move((Take(),))
    assert parse_move("place 7") == Move((Place(7),))
    assert parse_move("discard 2") == Move((Discard(2),))
    assert parse_move("take pile 2, place 7, discard pile 1") == Move(
        (Take(2), Place(7), Discard(1))
    )


def test_forgiving_forms() -> None:
    assert parse_move("Take from pile 3;  Discard onto pile 1") == Move((Take(3), Discard(1)))
    assert parse_move("draw\nswap kings cross st pancras\ndiscard 1") == Move(
        (Take(), Exchange("King's Cross St. Pancras"), Discard(1))
    )
    assert parse_move("exchange Aldgate East") == Move((Exchange("Aldgate"),))
    assert parse_move("CLAIM") == Move((Claim(),))
    assert parse_move("resign") == Move((Resign(),))


def test_an_exchange_reads_a_name_shortened_to_its_first_words() -> None:
    assert parse_move("swap kings cross") == Move((Exchange("King's Cross St. Pancras"),))


def test_an_exchange_naming_several_stations_keeps_them_for_the_rack_to_decide() -> None:
    move = parse_move("exchange Edgware Road")
    among = ("Edgware Road (Bakerloo)", "Edgware Road (Circle)")
    assert move == Move((Exchange("Edgware Road", among=among),))
    assert parse_move(move.render()) == move


def test_unknown_station_in_an_exchange() -> None:
    with pytest.raises(UnknownStationError, match="did you mean"):
        parse_move("exchange Picadilly Circus")


@pytest.mark.parametrize("text", ["", "fly to Paris", "place seven", "discard pile", "take 1 2"])
def test_unreadable_actions_show_the_forms(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="take deck"):
        parse_move(text)


actions = st.one_of(
    st.builds(Take, st.none() | st.integers(min_value=1, max_value=3)),
    st.builds(Place, st.integers(min_value=1, max_value=10)),
    st.builds(Exchange, st.sampled_from(load_game_network().stations)),
    st.builds(Discard, st.integers(min_value=1, max_value=3)),
    st.just(Claim()),
    st.just(Resign()),
)


@given(st.lists(actions, min_size=1, max_size=5))
def test_property_render_then_parse_is_the_same_move(listed: list[object]) -> None:
    move = Move(tuple(listed))  # type: ignore[arg-type]
    assert parse_move(move.render()) == move
