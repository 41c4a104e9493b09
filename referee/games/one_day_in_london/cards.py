"""The cards of One Day in London: one per station, more for a station where lines cross.

The rules ("Features of the Cards") give one card per intersection at a station on several
lines, and their examples fix what an intersection is: King's Cross St. Pancras, on five lines
of which the Metropolitan and the Hammersmith & City run concurrently, has 3 copies;
Embankment on three lines has 2; Sloane Square on one has 1. So lines that run concurrently
count once, and a station on ``n`` such groups has ``max(1, n - 1)`` cards. The rules say the
two lines run concurrently, not that they do so at King's Cross only, and in the game they do
everywhere: the Metropolitan's whole zone-1 run lies along the Hammersmith & City's. So two
lines run concurrently when one's run is a stretch of the other's, which pairs those two at
every Metropolitan station (Baker Street included) and no other lines, and gives the rules'
72 cards for 62 stations. Each card shows its lines and, per line, how many stations come
before and after it.

Until the audit (rules/one-day-in-london/audit.md) the referee paired lines only where they
shared a station's track on both sides, which gave Baker Street 3 copies and the deck 73
cards. Each game keeps the :class:`Edition` it was dealt from, so a game dealt from the 73
cards is dealt, replayed and checked from them to its end, whatever the referee now counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.network.lines import LineCode


class Edition(StrEnum):
    """A deck as the referee has dealt it, named by its number of cards."""

    FIRST = "73"
    """Until the audit: Baker Street 3 copies, every other station as now."""
    AUDITED = "72"
    """The rules' count, dealt to every game opened since the audit."""


CURRENT = Edition.AUDITED
_FIRST_EXTRA = {"Baker Street": 1}
"""What the first edition dealt beyond the audited one."""


def edition_of(text: str) -> Edition:
    """The edition named ``text`` (its number of cards), or ``ValueError`` naming them all."""
    try:
        return Edition(text.strip())
    except ValueError:
        known = ", ".join(edition.value for edition in Edition)
        raise ValueError(f"{text!r} is not a deck edition; the editions are {known}") from None


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


def runs_along(network: GameNetwork, inner: LineCode, outer: LineCode) -> bool:
    """Does ``inner`` run concurrently with ``outer``: is its whole run, in order, one
    stretch of consecutive stations of ``outer`` (in either direction)?"""
    run, along = network.line(inner).stations, network.line(outer).stations
    if inner == outer or len(run) > len(along):
        return False
    for way in (along, along[::-1]):
        for at in range(len(way) - len(run) + 1):
            if way[at : at + len(run)] == run:
                return True
    return False


def concurrent_groups(network: GameNetwork, station: str) -> tuple[frozenset[LineCode], ...]:
    """The lines at ``station`` grouped so lines that run concurrently share a group."""
    groups: list[set[LineCode]] = []
    for code in network.lines_at(station):
        for group in groups:
            if any(runs_along(network, code, o) or runs_along(network, o, code) for o in group):
                group.add(code)
                break
        else:
            groups.append({code})
    return tuple(frozenset(group) for group in groups)


def card_face(network: GameNetwork, station: str) -> CardFace:
    lines = []
    for code, at in network.positions(station).items():
        count = len(network.line(code).stations)
        lines.append(CardLine(code, at, count - at - 1))
    copies = max(1, len(concurrent_groups(network, station)) - 1)
    return CardFace(station, tuple(lines), copies)


@cache
def card_faces(
    network: GameNetwork | None = None, edition: Edition = CURRENT
) -> dict[str, CardFace]:
    """Every station's card face in ``edition``, by station name."""
    network = network or load_game_network()
    faces = {station: card_face(network, station) for station in network.stations}
    if edition is Edition.FIRST:
        for station, extra in _FIRST_EXTRA.items():
            faces[station] = replace(faces[station], copies=faces[station].copies + extra)
    return faces


@cache
def full_deck(network: GameNetwork | None = None, edition: Edition = CURRENT) -> tuple[str, ...]:
    """The unshuffled deck of ``edition``: each station's name once per copy, stations in
    name order, which is the order the deal shuffles.

    Copies of a station are interchangeable (same face), so a card is named by its station.
    """
    faces = card_faces(network, edition)
    return tuple(name for name in sorted(faces) for _ in range(faces[name].copies))


def deck_counts(network: GameNetwork | None = None, edition: Edition = CURRENT) -> Counter[str]:
    return Counter(full_deck(network, edition))
