"""The pages of a One Day in London game: the lounge's view, never a rack before the end.

The stored state holds every rack and the deal's seed, so this module never hands it to a
template: it reads it only through the kind's own public view
(:func:`referee.games.one_day_in_london.views.public_view`: discard tops, the draw pile's size,
whose turn, how many cards each rack holds, the plays) and, once the game is over, through
:func:`~referee.games.one_day_in_london.views.revealed`, which the final post's reveal is made
of (every rack, the winning journey, the seed). A page is built from those values alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from referee.games.one_day_in_london.kind import NAME as ONE_DAY_IN_LONDON
from referee.games.one_day_in_london.state import GameState, NotationError, Phase
from referee.games.one_day_in_london.views import PublicView, Revealed, public_view, revealed
from referee.web import reading
from referee.web.lru import LRU
from referee.web.page import GameKind, Page
from referee.web.stationsvg import draw_network


@dataclass(frozen=True)
class Table:
    """What a One Day in London page shows: only public values."""

    view: PublicView
    doing: str
    racks: tuple[tuple[str, int, bool], ...]
    """(player, cards in rack, resigned), in seat order."""
    svg: str
    reveal: Revealed | None
    journey: tuple[tuple[str, str], ...]
    """The winner's journey, (line taken to it, station) step by step; the first line empty."""


def _doing(view: PublicView) -> str:
    if view.phase is Phase.SETUP:
        return "setup: every player places eir dealt cards (The Setup)"
    if view.phase is Phase.OVER:
        return f"over: {view.winner} won"
    if view.phase is Phase.TAKE:
        return f"{view.turn} is to take a card (The Play)"
    if view.phase is Phase.HOLD:
        source = "the draw pile" if view.taken == "deck" else f"discard pile {view.taken}"
        return f"{view.turn} holds the card taken from {source} (The Play)"
    return f"{view.turn} is to discard (The Play)"


def table(text: str, title: str) -> Table | None:
    """The page's values from the stored state, or None when it cannot be read. The state
    itself goes no further than this function."""
    try:
        state = GameState.parse(text)
    except (NotationError, ValueError):
        return None
    view = public_view(state)
    reveal = revealed(state) if state.phase is Phase.OVER else None
    del state
    resigned = set(view.resigned)
    racks = tuple(
        (name, count, name in resigned)
        for name, count in zip(view.players, view.placed, strict=True)
    )
    steps: tuple[tuple[str, str], ...] = ()
    stations: tuple[str, ...] = ()
    if reveal is not None and reveal.journey is not None and reveal.journey.legs is not None:
        stations = reveal.journey.stations
        legs = ("", *(leg.line_name for leg in reveal.journey.legs))
        steps = tuple(zip(legs, stations, strict=True))
    svg = draw_network(view.pile_tops, journey=stations, title=title)
    return Table(view, _doing(view), racks, svg, reveal, steps)


class LondonPages(GameKind):
    """One Day in London: one page per game."""

    name = ONE_DAY_IN_LONDON
    title = "One Day in London"

    def __init__(self) -> None:
        self._tables: LRU[tuple[tuple[str, int], int, str], Table | None] = LRU(256)

    def handles(self, game: reading.GameRow) -> bool:
        return game.kind == ONE_DAY_IN_LONDON

    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        return []

    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        text = reading.state(session, game.id)
        title = f"The network of {game.tag} after turn {game.turn_number}"
        drawn = None
        if text:
            key = (game.key, game.version, game.status)
            drawn = self._tables.get(key, lambda: table(text, title))
        return Page(
            "london/game.html.j2",
            {
                "game": game,
                "kind": self,
                "table": drawn,
                "stored": bool(text),
                "seats": reading.seats(session, game.id),
            },
        )

    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        return None
