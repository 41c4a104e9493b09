"""One Day in London as the referee dealt it before the audit, rebuilt for the tests.

The audit (rules/one-day-in-london/audit.md) changed how lines running together are paired,
and so the deck, from 73 cards to 72. These build a game as the referee before it did: its
pairing rule (two lines are paired at a station when they share its track on both sides: the
same neighbours there and the same neighbours at each of those), its deck, its deal and its
notation, which had no ``Deck edition`` line. Nothing here reads the edition the package keeps,
so a test can hold the package to what was dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.one_day_in_london.journey import RACK_SIZE
from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.games.one_day_in_london.shuffle import shuffled
from referee.games.one_day_in_london.state import PILES, GameState, Seat
from referee.network.lines import LineCode


def _groups(network: GameNetwork, station: str) -> int:
    def track(code: LineCode) -> tuple[frozenset[str], ...]:
        line = network.line(code)
        near = line.neighbours(station)
        return (near, *(line.neighbours(name) for name in sorted(near)))

    return len({track(code) for code in network.lines_at(station)})


def first_deck() -> tuple[str, ...]:
    """The unshuffled deck before the audit: stations in name order, each once per copy."""
    network = load_game_network()
    copies = {name: max(1, _groups(network, name) - 1) for name in network.stations}
    return tuple(name for name in sorted(copies) for _ in range(copies[name]))


def first_deal(players: Sequence[str], seed: str) -> str:
    """The state text the referee stored on dealing ``players`` from ``seed`` before the
    audit: the old deck shuffled, 10 cards each in seat order, the old notation."""
    deck = shuffled(first_deck(), seed, "deal")
    seats = tuple(
        Seat(name, dealt=deck[at * RACK_SIZE : (at + 1) * RACK_SIZE])
        for at, name in enumerate(players)
    )
    rest = deck[len(players) * RACK_SIZE :]
    text = GameState(seed=seed, seats=seats, deck=rest, piles=((),) * PILES).render()
    return "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("Deck edition:")
    )
