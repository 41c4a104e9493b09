"""A game's page lists the enactments of its rules (issue 15), and shows a new one at once."""

from __future__ import annotations

from datetime import datetime

from referee.service import rulebook
from referee.store.models import Game
from referee.web.site import Site
from tests.conftest import Seeded


def _enact(seeded: Seeded, proposal: str, text: str, at: datetime) -> None:
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        rulebook.record(session, game, proposal, text, at)


def test_the_game_page_lists_each_version_of_the_rules_as_it_is_enacted(seeded: Seeded) -> None:
    site = Site(seeded.factory)
    before = site.render("games/12.html")
    assert before is not None and 'id="amendments"' not in before.body.decode()
    _enact(
        seeded,
        "Dear Books [Al]",
        "Amend rule 1.4.18: the price of Book is 5.",
        datetime(2026, 11, 25, 21, 0),
    )
    after = site.render("games/12.html")
    assert after is not None
    html = after.body.decode()
    assert 'id="amendments"' in html
    assert "version 2: Dear Books [Al], in effect from" in html
