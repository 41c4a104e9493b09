"""A cached page is served until something it shows changes, and then never stale."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from referee.service.starting import start_game
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import BuzzRecord, Game, Turn
from referee.store.wall_clock import utcnow
from referee.web import reading
from referee.web.kinds import LRU
from referee.web.reading import TurnLog, close, read_only_sessions
from referee.web.site import Site
from tests.conftest import LOUNGE, Seeded


def _body(site: Site, path: str) -> bytes:
    rendered = site.render(path)
    assert rendered is not None
    return rendered.body


def test_an_unchanged_page_is_served_from_the_cache(seeded: Seeded) -> None:
    site = Site(seeded.factory)
    first = site.render("games/12.html")
    assert first is not None and site.render("games/12.html") is first


def test_a_game_that_ends_moves_to_the_ended_list_and_the_archive(seeded: Seeded) -> None:
    site = Site(seeded.factory)
    before = _body(site, "index.html").decode()
    assert "The Game Archive is empty" in _body(site, "archive.html").decode()
    with seeded.factory.begin() as session:
        game = session.get(Game, seeded.game_id)
        assert game is not None
        game.status, game.ended_at = "stalemate", datetime(2026, 12, 1, 12, 0)
    after = _body(site, "index.html").decode()
    assert after != before
    ended = after[after.index('id="ended"') :]
    assert "MC 12" in ended
    assert "MC 12" in _body(site, "archive.html").decode()


def test_a_buzz_changing_stage_shows_at_once(seeded: Seeded) -> None:
    site = Site(seeded.factory)
    assert "No turn of this game has been buzzed" in _body(site, "games/12.html").decode()
    now = datetime(2026, 11, 30, 9, 0)
    with seeded.factory.begin() as session:
        turn = Turn(
            game_id=seeded.game_id,
            player_id=seeded.alice_id,
            number=1,
            raw_text="x",
            play="Alice : Euston (VC)",
            status="applied",
            violations=[],
            created_at=now,
        )
        session.add(turn)
        session.flush()
        session.add(
            BuzzRecord(
                game_id=seeded.game_id,
                turn_id=turn.id,
                turn_number=1,
                buzzed="Alice",
                buzzer="Bob",
                reason="wrong line",
                stage="DEFENCE_DUE",
                due=now,
                steps=[],
                created_at=now,
            )
        )
    assert "awaiting the buzzed player" in _body(site, "games/12.html").decode()
    with seeded.factory.begin() as session:
        buzz = session.scalars(select(BuzzRecord)).one()
        buzz.stage, buzz.closed_at = "WITHDRAWN", now
    assert "withdrawn by the buzzer" in _body(site, "games/12.html").decode()


def test_the_pages_read_with_sessions_that_cannot_write(seeded: Seeded) -> None:
    url = seeded.factory.kw["bind"].url.render_as_string(hide_password=False)
    readers = read_only_sessions(url)
    site = Site(readers)
    assert b"MC 12" in _body(site, "index.html")
    with pytest.raises(OperationalError, match="readonly"), readers.begin() as session:
        session.execute(update(Game).values(status="void"))
    close(readers)


def test_the_turn_log_reads_on_and_notices_a_take_back(seeded: Seeded) -> None:
    now = datetime(2026, 11, 30, 9, 0)
    log = TurnLog()

    def game() -> reading.GameRow:
        with seeded.factory() as session:
            found = reading.game(session, 12)
            assert found is not None
            return found

    def rows() -> list[tuple[int, str]]:
        with seeded.factory() as session:
            return [(t.number, t.status) for t in log.rows(session, game())]

    def apply(number: int, player_id: int) -> None:
        with seeded.factory.begin() as session:
            row = session.get(Game, seeded.game_id)
            assert row is not None
            games.record_turn(
                session,
                game_id=row.id,
                judged_version=row.version,
                player_id=player_id,
                inbox_id=None,
                raw_text="x",
                play=f"turn {number}",
                new_state=row.state,
                now=now,
            )

    assert rows() == []
    apply(1, seeded.alice_id)
    apply(2, seeded.bob_id)
    assert rows() == [(1, "applied"), (2, "applied")]
    with seeded.factory.begin() as session:
        latest = session.scalars(select(Turn).where(Turn.number == 2)).one()
        latest.status = "taken-back"
        row = session.get(Game, seeded.game_id)
        assert row is not None
        row.turn_number -= 1
        row.version += 1
    apply(2, seeded.bob_id)
    assert rows() == [(1, "applied"), (2, "taken-back"), (2, "applied")]


def test_the_page_cache_keeps_to_its_budget() -> None:
    cache: LRU[str, bytes] = LRU(10, weigh=len, budget=100)
    for name in "abcdef":
        cache.put(name, b"x" * 30)
    assert [cache.peek(name) is not None for name in "abcdef"] == [False] * 3 + [True] * 3
    cache.put("g", b"x" * 500)
    assert cache.peek("g") is not None and cache.peek("f") is None, "one big page still fits"


def _database(path: Path, players: tuple[str, str]) -> sessionmaker[Session]:
    """A fresh SQLite database at ``path`` holding game MC 12 (its first game, so id 1) with
    ``players`` seated and started."""
    engine = make_engine(f"sqlite:///{path}", sqlite_synchronous="NORMAL")
    upgrade(engine)
    factory = sessions(engine)
    with factory.begin() as session:
        game = games.create_game(session, 12, LOUNGE, utcnow(), name="Test")
        for seat, name in enumerate(players, start=1):
            player = games.add_player(session, name, f"{name.lower()}@example.org")
            games.join(session, game, player, seat)
        start_game(session, game)
        assert game.id == 1
    return factory


def test_two_databases_in_one_process_do_not_share_a_games_cached_pages(tmp_path: Path) -> None:
    """The kinds' caches outlive a site: a game is theirs by its database and id, so the same
    id in another database is another game."""
    first = Site(_database(tmp_path / "first.sqlite3", ("Alice", "Bob")))
    second = Site(_database(tmp_path / "second.sqlite3", ("Carol", "Dan")))
    unplaced = "<li>{}: not on the Map yet (rule 1.1.8)</li>"
    assert unplaced.format("Alice") in _body(first, "games/12.html").decode()
    page = _body(second, "games/12.html").decode()
    assert unplaced.format("Carol") in page
    assert unplaced.format("Alice") not in page
