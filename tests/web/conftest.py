"""The scripted games on SQLite and on PostgreSQL, played once per module and shared.

Playing the three games by mail takes seconds, and every page test only reads them, so each
database is made once per test module. PostgreSQL is a real server: when none answers, the
PostgreSQL half of each test fails saying so, rather than being skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from sqlalchemy.orm import Session, sessionmaker

from referee.store.db import make_engine, sessions, upgrade
from tests.conftest import fresh_pg_database
from tests.web.games import Scripted, script_games
from tests.web.kind_games import Kinds, script_kinds

T = TypeVar("T")


def _played(
    database: str,
    folder: Callable[[], Path],
    script: Callable[[sessionmaker[Session]], T],
) -> Iterator[T]:
    """``script`` played into a fresh migrated database of kind ``database`` ("sqlite" in a
    new folder, or a throwaway PostgreSQL database, dropped afterwards)."""
    if database == "sqlite":
        urls: Iterator[str] = iter([f"sqlite:///{folder() / 'referee.sqlite3'}"])
    else:
        urls = fresh_pg_database("referee_web")
    url = next(urls)
    engine = make_engine(url, sqlite_synchronous="NORMAL")
    try:
        upgrade(engine)
        yield script(sessions(engine))
    finally:
        engine.dispose()
        for _ in urls:  # finish the generator: drop the PostgreSQL database
            pass


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def scripted(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Scripted]:
    """The three scripted games (see :mod:`tests.web.games`) in a fresh database."""
    yield from _played(request.param, lambda: tmp_path_factory.mktemp("web-db"), script_games)


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def kinds_played(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Kinds]:
    """Games of One Day in London and ifMUD Nomic (see :mod:`tests.web.kind_games`) in a
    fresh database."""
    yield from _played(request.param, lambda: tmp_path_factory.mktemp("web-kinds-db"), script_kinds)
