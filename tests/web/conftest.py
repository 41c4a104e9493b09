"""The scripted games on SQLite and on PostgreSQL, played once per module and shared.

Playing the three games by mail takes seconds, and every page test only reads them, so each
database is made once per test module. PostgreSQL is a real server: when none answers, the
PostgreSQL half of each test fails saying so, rather than being skipped.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from referee.store.db import make_engine, sessions, upgrade
from tests.conftest import PG_SERVER, _pg_available
from tests.web.games import Scripted, script_games


def _postgres() -> Iterator[str]:
    if not _pg_available():
        pytest.fail(
            f"PostgreSQL does not answer at {PG_SERVER}; start it (or set REFEREE_TEST_PG) to "
            "test the pages on PostgreSQL"
        )
    name = f"referee_web_{uuid.uuid4().hex[:12]}"
    admin = create_engine(f"{PG_SERVER}/test", isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{PG_SERVER}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


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
