"""The deal's shuffle: committed by a hash, recomputable from the revealed seed."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.one_day_in_london.cards import full_deck
from referee.games.one_day_in_london.rules import new_game
from referee.games.one_day_in_london.shuffle import (
    SeedError,
    commitment,
    new_seed,
    shuffled,
    verify,
)

SEED = "0123456789abcdef" * 4


def test_commitment_is_sha256_of_the_seed_text() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED.encode("ascii")).hexdigest()


def test_verify_accepts_the_seed_and_refuses_another() -> None:
    committed = commitment(SEED)
    assert verify(SEED, committed)
    assert verify(SEED, committed.upper() + "\n")
    assert not verify("f" * 64, committed)
    assert not verify("not a seed", committed)


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    first = new_game(["Alice", "Bob", "Carol"], SEED)
    again = new_game(["Alice", "Bob", "Carol"], SEED)
    other = new_game(["Alice", "Bob", "Carol"], "f" * 64)
    assert first == again
    assert first.deck != other.deck
    assert [seat.dealt for seat in first.seats] != [seat.dealt for seat in other.seats]


def test_purposes_are_independent_streams() -> None:
    deck = full_deck()
    assert shuffled(deck, SEED, "deal") != shuffled(deck, SEED, "reshuffle/1")


def test_known_answer_pins_the_scheme() -> None:
    """A fixed answer, so any change to the documented derivation fails loudly."""
    assert shuffled(range(10), "00" * 32, "deal") == (9, 2, 8, 5, 7, 3, 6, 4, 0, 1)


def test_new_seeds_are_well_formed_and_differ() -> None:
    one, two = new_seed(), new_seed()
    assert one != two
    assert verify(one, commitment(one))


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(SeedError):
        commitment("XYZ")


@given(st.integers(min_value=0, max_value=2**256 - 1), st.integers(min_value=0, max_value=80))
def test_property_a_shuffle_is_a_permutation(number: int, size: int) -> None:
    items = list(range(size))
    result = shuffled(items, f"{number:064x}", "deal")
    assert sorted(result) == items
