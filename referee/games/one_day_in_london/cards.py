"""The cards of One Day in London: one per station, more for a station where lines cross.

The rules ("Features of the Cards") give one card per intersection at a station on several
lines, and their examples fix what an intersection is: King's Cross St. Pancras, on five lines
of which the Metropolitan and the Hammersmith & City run together, has 3 copies; Embankment on
three lines has 2; Sloane Square on one has 1. So lines running together through a station
count once, and a station on ``n`` such groups has ``max(1, n - 1)`` cards. Two lines run
together through a station when they share its track on both sides: the same neighbours at
the station and the same neighbours at each of those (the Bakerloo and the Northern meet at
Embankment between the same two stations but part at both, so they are two lines there).
Each card shows its lines and, per line, how many stations come before and after it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.network.lines import LineCode


@dataclass(frozen=True)
class CardLine:
    """One line on a card: the line, and the stations before and after the card's station."""

    code: LineCode
    before: int
    after: int

    def render(self) -> str:
        return f"{self.before} {self.code.line_name} {self.after}"


@dataclass(frozen=True)
class CardFace:
    """What a card of ``station`` shows; every copy of a station shows the same face."""

    station: str
    lines: tuple[CardLine, ...]
    copies: int

    def render(self) -> str:
        """One line of text, e.g. ``Sloane Square: 8 District 11``."""
        return f"{self.station}: " + ", ".join(line.render() for line in self.lines)


def concurrent_groups(network: GameNetwork, station: str) -> tuple[frozenset[LineCode], ...]:
    """The lines at ``station`` grouped so lines that run together through it share a group."""

    def track(code: LineCode) -> tuple[frozenset[str], ...]:
        line = network.line(code)
        near = line.neighbours(station)
        return (near, *(line.neighbours(name) for name in sorted(near)))

    groups: dict[tuple[frozenset[str], ...], set[LineCode]] = {}
    for code in network.lines_at(station):
        groups.setdefault(track(code), set()).add(code)
    return tuple(frozenset(group) for group in groups.values())


def card_face(network: GameNetwork, station: str) -> CardFace:
    lines = []
    for code, at in network.positions(station).items():
        count = len(network.line(code).stations)
        lines.append(CardLine(code, at, count - at - 1))
    copies = max(1, len(concurrent_groups(network, station)) - 1)
    return CardFace(station, tuple(lines), copies)


@cache
def card_faces(network: GameNetwork | None = None) -> dict[str, CardFace]:
    """Every station's card face, by station name."""
    network = network or load_game_network()
    return {station: card_face(network, station) for station in network.stations}


@cache
def full_deck(network: GameNetwork | None = None) -> tuple[str, ...]:
    """The unshuffled deck: each station's name once per copy, stations in name order.

    Copies of a station are interchangeable (same face), so a card is named by its station.
    """
    faces = card_faces(network)
    return tuple(name for name in sorted(faces) for _ in range(faces[name].copies))


def deck_counts(network: GameNetwork | None = None) -> Counter[str]:
    return Counter(full_deck(network))
