"""Engines, sessions and migrations: SQLite (WAL) by default, PostgreSQL by URL.

On SQLite every transaction starts with ``BEGIN IMMEDIATE`` so a writer takes the lock up
front instead of failing half-way when a reader upgrades; with WAL readers still never block.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def make_engine(url: str, *, sqlite_synchronous: str = "FULL") -> Engine:
    """An engine for ``url``, with SQLite tuned for a durable, concurrent mail queue."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
    if sqlite_synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
        raise ValueError(
            f"REFEREE_SQLITE_SYNCHRONOUS must be NORMAL, FULL or EXTRA, not {sqlite_synchronous!r}"
        )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sqlite_synchronous.upper()}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def sessions(engine: Engine) -> sessionmaker[Session]:
    """The session factory every part of the service shares."""
    return sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str | None = None) -> Config:
    """Alembic's configuration without needing ``alembic.ini`` (the service starts anywhere)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema; run at every start, cheap when up to date."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
