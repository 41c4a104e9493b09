"""Random legal play for property tests: a game driven by a seeded random.Random."""

from __future__ import annotations

import random

from referee.games.one_day_in_london.moves import Discard, Move, Place, Take
from referee.games.one_day_in_london.rules import apply, new_game
from referee.games.one_day_in_london.state import GameState, Phase

NAMES = ("Alice", "Bob", "Carol", "Dee")


def seed_of(number: int) -> str:
    return f"{number:064x}"


def random_move(state: GameState, rng: random.Random) -> tuple[str, Move]:
    """A legal move for someone, chosen at random."""
    if state.phase is Phase.SETUP:
        seat = rng.choice([seat for seat in state.seats if seat.dealt])
        return seat.name, Move((Place(rng.choice(seat.slots_free())),))
    actions: list[Take | Place | Discard] = []
    if state.phase is Phase.TAKE:
        sources = [None] if state.deck else []
        sources += [n for n, pile in enumerate(state.piles, start=1) if pile]
        actions.append(Take(rng.choice(sources)))
        empty = [n for n, pile in enumerate(state.piles, start=1) if not pile]
        if actions[0].pile is not None and len(state.piles[actions[0].pile - 1]) == 1:
            empty.append(actions[0].pile)
    else:
        empty = [n for n, pile in enumerate(state.piles, start=1) if not pile]
    if state.phase is not Phase.DISCARD and rng.random() < 0.7:
        actions.append(Place(rng.randint(1, 10)))
    actions.append(Discard(rng.choice(sorted(set(empty)) or [1, 2, 3])))
    cut = rng.randint(1, len(actions))
    return state.mover.name, Move(tuple(actions[:cut]))


def random_game(number: int, players: int, steps: int) -> GameState:
    rng = random.Random(number)
    state = new_game(NAMES[:players], seed_of(number))
    for _ in range(steps):
        if state.phase is Phase.OVER:
            break
        player, move = random_move(state, rng)
        state = apply(state, player, move)
    return state
