"""A game found for a message is read with three facts every message about it asks: whether it
has a chamber, an open buzz (rule 1.16.1: play waits) and enactments (the rules it is judged
under). They are asked no more, and are never stale: anything the transaction adds to those
tables, written or not, is seen, as a query would have seen it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, event

from referee.service import buzzes, chamber, rulebook
from referee.store import games
from referee.store.db import sessions
from referee.store.models import ChamberRecord, Game, RulesChange
from referee.store.wall_clock import utcnow
from tests.conftest import LOUNGE, seed_game


def _counting(engine: Engine) -> list[str]:
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    return seen


def test_a_game_found_by_its_lounge_answers_its_facts_without_a_query(engine: Engine) -> None:
    seeded = seed_game(sessions(engine))
    seen = _counting(engine)
    with seeded.factory.begin() as session:
        game = games.game_by_address(session, [LOUNGE])
        assert game is not None
        asked = len(seen)
        assert not chamber.is_open(session, game)
        assert buzzes.open_in(session, game) is None
        assert rulebook.changes_of(session, game) == ()
        assert len(seen) == asked


def test_a_chamber_and_an_enactment_stored_before_are_read_with_the_game(engine: Engine) -> None:
    seeded = seed_game(sessions(engine))
    now = utcnow()
    with seeded.factory.begin() as session:
        session.add(ChamberRecord(game_id=seeded.game_id, opened_at=now))
        session.add(RulesChange(game_id=seeded.game_id, version=2, proposal="P1", text="x",
                                effective_at=now))  # fmt: skip
    with seeded.factory.begin() as session:
        game = games.game_by_number(session, 12)
        assert game is not None
        assert chamber.is_open(session, game)
        assert [c.version for c in rulebook.changes_of(session, game)] == [2]


def test_a_chamber_and_an_enactment_made_in_the_transaction_are_seen(engine: Engine) -> None:
    seeded = seed_game(sessions(engine))
    now = utcnow()
    with seeded.factory.begin() as session:
        game = games.game_by_address(session, [LOUNGE])
        assert game is not None
        assert not chamber.is_open(session, game) and rulebook.changes_of(session, game) == ()
        session.add(ChamberRecord(game_id=game.id, opened_at=now))  # not flushed
        assert chamber.is_open(session, game)
        session.add(RulesChange(game_id=game.id, version=2, proposal="P1", text="x",
                                effective_at=now))  # fmt: skip
        session.flush()
        assert [c.version for c in rulebook.changes_of(session, game)] == [2]


def test_facts_end_with_the_transaction(engine: Engine) -> None:
    seeded = seed_game(sessions(engine))
    with seeded.factory() as session:
        game = games.game_by_address(session, [LOUNGE])
        assert isinstance(game, Game) and not chamber.is_open(session, game)
        session.commit()
        with seeded.factory.begin() as other:
            other.add(ChamberRecord(game_id=seeded.game_id, opened_at=utcnow()))
        assert chamber.is_open(session, game)
