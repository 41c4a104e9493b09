"""Deck editions: a game dealt from the 73 cards before the audit is dealt, replayed and
checked from them to its end; a new game is dealt from the rules' 72."""

from __future__ import annotations

import random
from dataclasses import replace

from referee.games.one_day_in_london.cards import CURRENT, Edition, deck_counts, full_deck
from referee.games.one_day_in_london.rules import apply, new_game, replay
from referee.games.one_day_in_london.state import GameState, Phase
from referee.games.one_day_in_london.views import final_reveal, public_view

from .first_edition import first_deal, first_deck
from .play import random_move, seed_of

PLAYERS = ("Alice", "Bob", "Carol")


def test_the_first_edition_is_the_deck_dealt_before_the_audit() -> None:
    assert full_deck(edition=Edition.FIRST) == first_deck()
    assert len(first_deck()) == 73


def test_the_editions_differ_only_by_baker_streets_third_copy() -> None:
    extra = deck_counts(edition=Edition.FIRST) - deck_counts(edition=Edition.AUDITED)
    assert dict(extra) == {"Baker Street": 1}
    assert not deck_counts(edition=Edition.AUDITED) - deck_counts(edition=Edition.FIRST)


def test_a_new_game_is_dealt_from_the_audited_72_cards() -> None:
    state = new_game(PLAYERS, seed_of(5))
    assert CURRENT is Edition.AUDITED and state.edition is Edition.AUDITED
    assert "Deck edition: 72" in state.render()
    assert len(state.deck) + sum(len(seat.dealt) for seat in state.seats) == 72


def test_a_state_stored_before_editions_reads_as_the_first_edition() -> None:
    stored = first_deal(PLAYERS, seed_of(11))
    assert "Deck edition" not in stored
    state = GameState.parse(stored)
    assert state.edition is Edition.FIRST
    assert state.render().replace("Deck edition: 73\n", "") == stored
    assert GameState.parse(state.render()) == state


def test_a_game_dealt_before_the_audit_replays_card_for_card_after_it() -> None:
    """Some seeds' deals differ between the editions (this one's does), so a replay that
    dealt from today's deck would not be the game the players played."""
    seed = seed_of(11)
    old = GameState.parse(first_deal(PLAYERS, seed))
    assert new_game(PLAYERS, seed).seats != old.seats
    rng, state = random.Random(3), old
    while state.phase is not Phase.OVER and len(state.record) < 80:
        player, move = random_move(state, rng)
        state = apply(state, player, move)
    assert state.reshuffles or len(state.record) == 80
    again = replay(PLAYERS, seed, state.record, state.rules, state.edition)
    assert again == state
    assert GameState.parse(state.render()) == state


def test_the_edition_is_shown_with_the_seed_for_dealing_again() -> None:
    old = GameState.parse(first_deal(PLAYERS, seed_of(11)))
    assert public_view(old).edition is Edition.FIRST
    over = replace(old, phase=Phase.OVER, winner="Alice")
    assert "Deck edition: 73 cards" in final_reveal(over)
