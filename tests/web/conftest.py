"""The scripted games on SQLite and on PostgreSQL, played once per module and shared.

Playing the three games by mail takes seconds, and every page test only reads them, so each
database is made once per test module. PostgreSQL is a real server: when none answers, the
PostgreSQL half of each test fails saying so, rather than being skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.store.db import make_engine, sessions, upgrade
from tests.conftest import fresh_pg_database
from tests.web.games import Scripted, script_games
from tests.web.kind_games import Kinds, script_kinds


def _postgres() -> Iterator[str]:
    yield from fresh_pg_database("referee_web")


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def scripted(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Scripted]:
    """The three scripted games (see :mod:`tests.web.games`) in a fresh database."""
    if request.param == "sqlite":
        folder: Path = tmp_path_factory.mktemp("web-db")
        urls: Iterator[str] = iter([f"sqlite:///{folder / 'referee.sqlite3'}"])
    else:
        urls = _postgres()
    url = next(urls)
    engine = make_engine(url, sqlite_synchronous="NORMAL")
    try:
        upgrade(engine)
        yield script_games(sessions(engine))
    finally:
        engine.dispose()
        for _ in urls:  # finish the generator: drop the PostgreSQL database
            pass


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def kinds_played(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Kinds]:
    """Games of One Day in London and ifMUD Nomic (see :mod:`tests.web.kind_games`) in a
    fresh database."""
    if request.param == "sqlite":
        folder: Path = tmp_path_factory.mktemp("web-kinds-db")
        urls: Iterator[str] = iter([f"sqlite:///{folder / 'referee.sqlite3'}"])
    else:
        urls = _postgres()
    url = next(urls)
    engine = make_engine(url, sqlite_synchronous="NORMAL")
    try:
        upgrade(engine)
        yield script_kinds(sessions(engine))
    finally:
        engine.dispose()
        for _ in urls:
            pass
