"""A game's page lists the enactments of its rules (issue 15), and shows a new one at once."""

from __future__ import annotations

from datetime import datetime

from referee.service import rulebook
from referee.store import games
from referee.store.models import Game
from referee.web import reading
from referee.web.kinds import MorningtonNomic
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


def _apply(seeded: Seeded, player_id: int, play: str, at: datetime) -> None:
    """A turn applied as the turn use case applies it, with the version in force."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        games.record_turn(
            session,
            game_id=game.id,
            judged_version=game.version,
            player_id=player_id,
            inbox_id=None,
            raw_text=play,
            play=play,
            new_state=game.state,
            now=at,
            state_before=game.state,
            rules_version=rulebook.number_in_force(session, game),
        )


def test_each_turn_shows_the_rules_version_that_judged_it_once_the_rules_are_amended(
    seeded: Seeded,
) -> None:
    site = Site(seeded.factory)
    _apply(seeded, seeded.alice_id, "Alice : Holborn (CN)", datetime(2026, 11, 25, 20, 0))
    plain = site.render("games/12.html")
    assert plain is not None and "rules version" not in plain.body.decode()
    _enact(seeded, "Dear Books [Al]", "Amend rule 1.4.18: the price of Book is 5.",
           datetime(2026, 11, 25, 21, 0))  # fmt: skip
    _apply(seeded, seeded.bob_id, "Bob : Euston (NT)", datetime(2026, 11, 25, 22, 0))
    page = site.render("games/12.html")
    assert page is not None
    html = page.body.decode()
    first = html.index("Turn 1</a>")
    second = html.index("Turn 2</a>")
    assert "rules version 2" in html[second:first], "the newest turn, judged under version 2"
    assert "rules version 1" in html[first:]
    turn = site.render("games/12/turn-2.html")
    assert turn is not None
    assert "Judged under version 2 of the game's rules." in turn.body.decode()
    earlier = site.render("games/12/turn-1.html")
    assert earlier is not None and "Judged under version 1" in earlier.body.decode()


def test_a_page_reads_each_turn_under_the_version_that_judged_it(seeded: Seeded) -> None:
    """The web pages' own derivations (the GSD read, the map drawn) use the rules of the
    turn's version, as every other replay of the game does."""
    _enact(seeded, "Dear Books [Al]", "Amend rule 1.4.18: the price of Book is 5.",
           datetime(2026, 11, 25, 21, 0))  # fmt: skip
    kind = MorningtonNomic()
    with seeded.factory() as session:
        game = reading.game(session, 12)
        assert game is not None
        amendments = reading.rules_changes(session, game.id)
        prices = [
            kind.judged_by(session, game, amendments, version)
            .tables()
            .emporium.lookup("Book")
            .possession.cost
            for version in (1, 2, None)
        ]
        published = kind.judged_by(session, game, []).tables().emporium.lookup("Book")
    assert prices[1:] == [5, 5] and prices[0] == published.possession.cost != 5
