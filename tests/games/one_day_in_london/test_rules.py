"""Setup, The Play and Game End, refusals that leave the state untouched, and replay."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.one_day_in_london.cards import full_deck
from referee.games.one_day_in_london.moves import parse_move
from referee.games.one_day_in_london.rules import (
    MoveRefused,
    apply,
    new_game,
    replay,
    waiting_on,
)
from referee.games.one_day_in_london.state import GameState, Phase

from .play import NAMES, random_game, seed_of
from .test_journey import STARTING_POSITION, WINNING_POSITION

PLAYERS = ("Alice", "Bob", "Carol")


def play(state: GameState, player: str, text: str) -> GameState:
    return apply(state, player, parse_move(text))


def set_up(state: GameState) -> GameState:
    for slot in range(1, 11):
        for seat in state.seats:
            state = play(state, seat.name, f"place {slot}")
    return state


def started(racks: dict[str, tuple[str, ...]] | None = None) -> GameState:
    state = set_up(new_game(PLAYERS, seed_of(42)))
    for name, rack in (racks or {}).items():
        state = state.with_seat(replace(state.seat(name), rack=rack))
    return state


def refused(state: GameState, player: str, text: str, match: str) -> None:
    before = state.render()
    with pytest.raises(MoveRefused, match=match):
        play(state, player, text)
    assert state.render() == before


def test_players_2_to_4() -> None:
    with pytest.raises(ValueError, match="2-4"):
        new_game(["Alice"], seed_of(1))
    with pytest.raises(ValueError, match="2-4"):
        new_game([*NAMES, "Eve"], seed_of(1))


def test_setup_each_player_is_dealt_10_to_place_and_no_pile_is_dealt_yet() -> None:
    state = new_game(PLAYERS, seed_of(5))
    assert [len(seat.dealt) for seat in state.seats] == [10, 10, 10]
    assert state.piles == ((), (), ())
    assert len(state.deck) == len(full_deck()) - 30


def test_setup_places_each_card_as_drawn_and_it_never_moves() -> None:
    state = new_game(PLAYERS, seed_of(5))
    first = state.seat("Bob").dealt[0]
    state = play(state, "Bob", "place 4")
    assert state.seat("Bob").rack[3] == first
    refused(state, "Bob", "place 4", "slot 4 already holds a card")


def test_setup_one_card_at_a_time() -> None:
    refused(new_game(PLAYERS, seed_of(5)), "Alice", "place 1, place 2", "one at a time")


def test_setup_only_placing() -> None:
    refused(new_game(PLAYERS, seed_of(5)), "Alice", "take deck", "placing the card")


def test_setup_slot_out_of_range() -> None:
    refused(new_game(PLAYERS, seed_of(5)), "Alice", "place 11", "slots are 1 to 10")


def test_setup_ends_with_three_piles_of_one_and_the_first_player_to_take() -> None:
    state = set_up(new_game(PLAYERS, seed_of(5)))
    assert state.phase is Phase.TAKE
    assert state.mover.name == "Alice"
    assert [len(pile) for pile in state.piles] == [1, 1, 1]
    assert len(state.deck) == len(full_deck()) - 33


def test_a_whole_turn_in_one_mail() -> None:
    state = started()
    top = state.piles[1][-1]
    out = state.seat("Alice").rack[6]
    after = play(state, "Alice", "take pile 2, place 7, discard pile 2")
    assert after.seat("Alice").rack[6] == top
    assert after.piles[1] == (out,)
    assert after.mover.name == "Bob"
    assert after.record[-1] == "Alice: take pile 2, place 7, discard pile 2"


def test_a_turn_over_several_mails() -> None:
    state = started()
    card = state.deck[0]
    state = play(state, "Alice", "draw deck")
    assert state.hand == card and state.phase is Phase.HOLD
    state = play(state, "Alice", "discard 3")
    assert state.piles[2][-1] == card
    assert state.mover.name == "Bob"


def test_exchange_names_the_rack_card() -> None:
    state = started()
    card = state.seat("Alice").rack[2]
    assert card is not None
    state = play(state, "Alice", f"take deck, exchange {card}, discard 1")
    assert state.piles[0][-1] == card
    assert state.record[-1] == "Alice: take deck, place 3, discard pile 1"


EDGWARE = ("Edgware Road (Bakerloo)", "Edgware Road (Circle)")
PLAIN = tuple(sorted(set(full_deck()) - set(EDGWARE)))[:10]


def racked(cards: dict[int, str]) -> GameState:
    """A started game with Alice's rack ten cards of neither Edgware Road but ``cards``."""
    rack = list(PLAIN)
    for slot, card in cards.items():
        rack[slot - 1] = card
    return started({"Alice": tuple(rack)})


@pytest.mark.parametrize("held", EDGWARE)
def test_exchange_by_a_name_two_stations_share_means_the_one_the_rack_holds(held: str) -> None:
    after = play(racked({4: held}), "Alice", "take deck, exchange Edgware Road, discard 1")
    assert after.piles[0][-1] == held
    assert after.record[-1] == "Alice: take deck, place 4, discard pile 1"


def test_exchange_by_a_shared_name_refused_privately_when_the_rack_holds_both() -> None:
    state = racked({4: EDGWARE[0], 6: EDGWARE[1]})
    refused(state, "Alice", "take deck, exchange Edgware Road", "holds both")
    with pytest.raises(MoveRefused) as caught:
        play(state, "Alice", "take deck, exchange Edgware Road")
    assert caught.value.private


def test_exchange_by_a_shared_name_refused_privately_when_the_rack_holds_neither() -> None:
    state = racked({})
    refused(state, "Alice", "take deck, exchange Edgware Road", "is not in your rack")
    with pytest.raises(MoveRefused) as caught:
        play(state, "Alice", "take deck, exchange Edgware Road")
    assert caught.value.private


def test_refusals_leave_the_state_untouched() -> None:
    state = started()
    refused(state, "Bob", "take deck", "it is Alice's turn")
    refused(state, "Zed", "take deck", "not a player")
    refused(state, "Alice", "place 3", "take a card first")
    refused(state, "Alice", "take pile 4", "piles are 1 to 3")
    refused(state, "Alice", "take deck, take pile 1", "already took a card")
    refused(state, "Alice", "take deck, place 0", "slots are 1 to 10")
    refused(state, "Alice", "take deck, place 2, place 3", "already exchanged")
    missing = next(name for name in full_deck() if name not in state.seat("Alice").rack)
    refused(state, "Alice", f"take deck, exchange {missing}", "is not in your rack")
    emptied = play(state, "Alice", "take pile 1")
    refused(emptied, "Alice", "discard 2", "pile 1 is empty")


def test_discard_onto_the_empty_pile() -> None:
    state = play(started(), "Alice", "take pile 1, discard pile 1")
    assert len(state.piles[0]) == 1


def test_game_end_a_journey_wins_when_the_turn_ends() -> None:
    rack = (*WINNING_POSITION[:6], "Temple", *WINNING_POSITION[7:])
    state = started({"Alice": rack})
    state = replace(state, deck=(WINNING_POSITION[6], *state.deck))
    state = play(state, "Alice", "take deck, place 7, discard 1")
    assert state.phase is Phase.OVER and state.winner == "Alice"
    refused(state, "Bob", "take deck", "the game is over")


def dealt_to(state: GameState, racks: dict[str, tuple[str, ...]]) -> GameState:
    """``state`` in setup with each named player dealt ``racks[name]``, in slot order."""
    for name, rack in racks.items():
        state = state.with_seat(replace(state.seat(name), dealt=rack))
    return state


def test_game_end_a_journey_placed_in_setup_ends_the_game_before_anyone_plays() -> None:
    """Game End: play goes on only until some player has a journey, so a rack that is one
    when setup ends wins there, even the rack of a player who would play after others."""
    state = set_up(dealt_to(new_game(PLAYERS, seed_of(42)), {"Bob": WINNING_POSITION}))
    assert state.phase is Phase.OVER and state.winner == "Bob"
    assert all(": place " in line for line in state.record)
    refused(state, "Alice", "take deck", "the game is over; Bob won")


def test_game_end_two_journeys_from_setup_the_first_in_the_order_of_play_wins() -> None:
    """Reading R4: when setup leaves several journeys, the player first in the order of
    play wins, as the first to have had a turn."""
    racks = {"Bob": WINNING_POSITION, "Carol": WINNING_POSITION}
    state = set_up(dealt_to(new_game(PLAYERS, seed_of(42)), racks))
    assert state.winner == "Bob"
    state = set_up(dealt_to(new_game(PLAYERS, seed_of(42)), {**racks, "Alice": WINNING_POSITION}))
    assert state.winner == "Alice"


def test_claim_checks_the_rack_and_names_the_break_privately() -> None:
    state = started({"Alice": STARTING_POSITION})
    refused(state, "Alice", "claim", "station 3 \\(Angel\\) cannot follow")
    with pytest.raises(MoveRefused) as caught:
        play(state, "Alice", "claim")
    assert caught.value.private


def test_refusals_that_name_no_rack_card_are_public() -> None:
    state = started()
    with pytest.raises(MoveRefused) as caught:
        play(state, "Bob", "take deck")
    assert not caught.value.private
    missing = next(name for name in full_deck() if name not in state.seat("Alice").rack)
    with pytest.raises(MoveRefused) as caught:
        play(state, "Alice", f"take deck, exchange {missing}")
    assert caught.value.private


def test_claim_only_at_the_start_of_the_turn() -> None:
    state = play(started(), "Alice", "take deck")
    refused(state, "Alice", "claim", "start of your turn")


def test_resignation_passes_the_turn_and_the_last_player_wins() -> None:
    state = play(started(), "Alice", "resign")
    assert state.mover.name == "Bob"
    refused(state, "Alice", "take deck", "resigned")
    state = play(state, "Carol", "resign")
    assert state.winner == "Bob"


def test_resignation_mid_turn_puts_the_held_card_back_where_it_was_taken() -> None:
    """R6: a player may leave holding a card (by mail, silence can make them); the card goes
    back on the pile or the draw pile it came from, so none leaves play with them but their
    rack, and the next player takes their turn."""
    state = started()
    drawn = state.deck[0]
    after = play(play(state, "Alice", "take deck"), "Alice", "resign")
    assert after.deck == state.deck and after.hand is None and after.phase is Phase.TAKE
    assert after.seat("Alice").resigned and after.mover.name == "Bob"
    out = state.seat("Alice").rack[3]
    after = play(play(state, "Alice", "take pile 2, place 4"), "Alice", "resign")
    assert after.piles[1] == (out,) and after.seat("Alice").rack[3] == state.piles[1][-1]
    assert after.mover.name == "Bob" and drawn == after.deck[0]
    assert replay(PLAYERS, after.seed, after.record) == after


def test_the_deck_running_out_reshuffles_all_but_the_pile_tops() -> None:
    state = started()
    under = ("Bank", "Temple", "Angel")
    state = replace(
        state,
        deck=state.deck[:1],
        piles=((*under, "Victoria"), ("Holborn",), ("Pimlico",)),
    )
    drawn = state.deck[0]
    state = play(state, "Alice", "take deck, discard 2")
    assert state.reshuffles == 1
    assert sorted(state.deck) == sorted((*under, "Holborn"))
    assert state.piles == (("Victoria",), (drawn,), ("Pimlico",))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=200),
)
def test_property_replay_from_the_record_is_the_same_game(
    number: int, players: int, steps: int
) -> None:
    state = random_game(number, players, steps)
    again = replay(NAMES[:players], state.seed, state.record)
    assert again == state


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=2, max_value=4))
def test_property_no_card_is_lost_or_made(number: int, players: int) -> None:
    state = random_game(number, players, 150)
    cards = list(state.deck) + [card for pile in state.piles for card in pile]
    for seat in state.seats:
        cards += [card for card in seat.rack if card] + list(seat.dealt)
    if state.hand:
        cards.append(state.hand)
    assert sorted(cards) == sorted(full_deck())


def test_waiting_on_everyone_placing_then_the_mover_then_nobody() -> None:
    state = new_game(PLAYERS, seed_of(8))
    assert waiting_on(state) == PLAYERS
    for slot in range(1, 11):
        state = play(state, "Bob", f"place {slot}")
    assert waiting_on(state) == ("Alice", "Carol")
    for slot in range(1, 11):
        state = play(play(state, "Alice", f"place {slot}"), "Carol", f"place {slot}")
    assert waiting_on(state) == ("Alice",)
    state = play(play(state, "Alice", "resign"), "Bob", "resign")
    assert waiting_on(state) == ()
