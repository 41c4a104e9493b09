"""A game kind supplies its own pages: the site asks the registry which kind draws a game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sqlalchemy.orm import Session

from referee.service.ledger import Standing
from referee.web import kinds, reading
from referee.web.kinds import GameKind, MorningtonNomic, Page
from referee.web.site import Site
from tests.conftest import Seeded


class Board(GameKind):
    """A stand-in for another kind of game, drawn with a page of its own."""

    name = "board"
    title = "A board game"

    def handles(self, game: reading.GameRow) -> bool:
        return game.number == 12

    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        return ["board.html"]

    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        return Page("archive.html.j2", {"entries": []})

    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        if path != "board.html":
            return None
        return Page("points.html.j2", {"standing": Standing({}, None)})


def test_a_kind_draws_the_games_it_handles(seeded: Seeded, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kinds, "KINDS", (Board(), MorningtonNomic()))
    site = Site(seeded.factory)
    assert "games/12/board.html" in site.paths()
    page = site.render("games/12.html")
    assert page is not None and b"The Game Archive is empty" in page.body
    board = site.render("games/12/board.html")
    assert board is not None and b"No game has been won yet" in board.body
    assert site.render("games/12/turn-1.html") is None
