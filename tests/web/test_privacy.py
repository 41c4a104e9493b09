"""One Day in London keeps hidden things (the deal's seed, each rack) in its stored state: no page
may show them."""

from __future__ import annotations

import random
from datetime import datetime

from referee.games.kind import GameView
from referee.games.one_day_in_london.kind import NAME, OneDayInLondon
from referee.store import games
from referee.store.models import Game
from referee.web.site import Site
from tests.conftest import Seeded

NOW = datetime(2026, 11, 30, 9, 0)


def test_a_one_day_in_london_rack_stays_private(seeded: Seeded) -> None:
    kind = OneDayInLondon()
    people = ("Alice", "Bob")
    state = kind.opening(40, people, random.Random(1))
    with seeded.factory.begin() as session:
        game = games.create_game(session, 40, "odil40@lounge.example.org", NOW, state=state)
        game.kind, game.status, game.turn_number = NAME, "running", 1
        game_id = game.id
    view = GameView(40, 1, 1, state, people)
    public = kind.public_view(view)
    hidden = {
        line.strip()
        for line in state.splitlines()
        if len(line.strip()) > 12 and line.strip() not in public
    }
    assert any(line.startswith("Seed:") for line in hidden), "the deal's seed is kept hidden"
    site = Site(seeded.factory)
    assert "games/40.html" in site.paths()
    for path in site.paths():
        rendered = site.render(path)
        assert rendered is not None, path
        body = rendered.body.decode()
        for line in hidden:
            assert line not in body, (path, line)
        assert state not in body
    with seeded.factory.begin() as session:
        row = session.get(Game, game_id)
        assert row is not None
        row.status, row.ended_at = "won", NOW
    archive = site.render("archive.html")
    assert archive is not None
    body = archive.body.decode()
    assert "ODL 40" in body and all(line not in body for line in hidden)
