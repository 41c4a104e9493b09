"""A plan to win a dealt game of One Day in London, made with the pure rules.

The test plays it by mail afterwards, so the plan must be legal move by move: it is made by
applying every move with :func:`referee.games.one_day_in_london.rules.apply`. The winner (the
first in the order of play) aims at a journey walked on the game's network by the rules
(:func:`tests.games.one_day_in_london.test_journey.walk`) whose cards are not in the others'
hands; in setup e places each dealt card in its slot of that journey where it fits, and in
play e takes a pile's top card when it is one e needs, else the draw pile's, and exchanges it
into its slot. The others keep their racks: each takes the draw pile's top card and
discards it at once, on a pile whose top the winner does not need, so the winner sees it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from referee.games.one_day_in_london.cards import full_deck
from referee.games.one_day_in_london.journey import check_journey
from referee.games.one_day_in_london.moves import Discard, Move, Place, Take
from referee.games.one_day_in_london.rules import apply
from referee.games.one_day_in_london.state import GameState, Phase
from tests.games.one_day_in_london.test_journey import walk


@dataclass(frozen=True)
class Plan:
    """The mails to send, in order: (player, text); and the state they lead to."""

    mails: tuple[tuple[str, str], ...]
    target: tuple[str, ...]
    end: GameState


def _target(state: GameState, winner: str, rng: random.Random) -> tuple[str, ...]:
    others = Counter(card for seat in state.seats if seat.name != winner for card in seat.dealt)
    free = Counter(full_deck()) - others
    mine = Counter(state.seat(winner).dealt)
    best: tuple[int, tuple[str, ...]] | None = None
    for _ in range(4000):
        stations, _legs = walk(rng)
        if Counter(stations) - free or not check_journey(stations).journey:
            continue
        overlap = sum((Counter(stations) & mine).values())
        if best is None or overlap > best[0]:
            best = (overlap, stations)
    assert best is not None, "no journey can be built from the cards the others lack"
    return best[1]


def _setup_slots(dealt: tuple[str, ...], target: tuple[str, ...]) -> list[int]:
    """Where the winner puts each dealt card: in a slot of the target it fits, else in a
    slot whose target card e was not dealt."""
    slots: list[int | None] = [None] * len(dealt)
    free = set(range(len(target)))
    for at, card in enumerate(dealt):
        fits = [i for i in sorted(free) if target[i] == card]
        if fits:
            slots[at] = fits[0]
            free.discard(fits[0])
    for at in range(len(dealt)):
        if slots[at] is None:
            slots[at] = min(free)
            free.discard(slots[at])
    return [slot + 1 for slot in slots if slot is not None]


def _discard(state: GameState, holding: str, needed: set[str]) -> int:
    empty = [n for n, pile in enumerate(state.piles, start=1) if not pile]
    if empty:
        return empty[0]
    tops = state.pile_tops()
    calm = [n for n, top in enumerate(tops, start=1) if top not in needed]
    return (calm or [1])[0]


def plan(state: GameState, *, seed: int = 1, turns: int = 400) -> Plan:
    """The mails from a freshly dealt ``state`` to a win by its first player."""
    winner = state.seats[0].name
    target = _target(state, winner, random.Random(seed))
    mails: list[tuple[str, str]] = []

    def send(player: str, move: Move) -> None:
        nonlocal state
        state = apply(state, player, move)
        mails.append((player, move.render()))

    order = {seat.name: list(range(1, 11)) for seat in state.seats}
    order[winner] = _setup_slots(state.seat(winner).dealt, target)
    for at in range(10):
        for seat in state.seats:
            send(seat.name, Move((Place(order[seat.name][at]),)))
    for _ in range(turns):
        if state.phase is Phase.OVER:
            break
        mover = state.mover
        rack = mover.rack
        wanting = [i for i in range(10) if rack[i] != target[i]]
        needed = {target[i] for i in wanting}
        if mover.name == winner:
            tops = state.pile_tops()
            pile = next((n for n, top in enumerate(tops, 1) if top in needed), None)
            take = Take(pile) if pile is not None or not state.deck else Take()
            if take.pile is None and not state.deck:
                take = Take(next(n for n, top in enumerate(tops, 1) if top))
            after = apply(state, mover.name, Move((take,)))
            held = after.hand
            assert held is not None
            slot = next((i for i in wanting if target[i] == held), None)
            actions: list[Take | Place | Discard] = [take]
            if slot is not None:
                actions.append(Place(slot + 1))
                after = apply(after, mover.name, Move((Place(slot + 1),)))
            actions.append(Discard(_discard(after, after.hand or "", needed - {held})))
            send(mover.name, Move(tuple(actions)))
        else:
            need = {target[i] for i in range(10) if state.seat(winner).rack[i] != target[i]}
            tops = state.pile_tops()
            take = Take() if state.deck else Take(next(n for n, t in enumerate(tops, 1) if t))
            after = apply(state, mover.name, Move((take,)))
            send(mover.name, Move((take, Discard(_discard(after, after.hand or "", need)))))
    return Plan(tuple(mails), target, state)
