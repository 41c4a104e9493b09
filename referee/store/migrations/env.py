"""Alembic environment: uses the caller's connection when given one, else the configured URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from referee.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        from referee.config import Settings

        url = Settings().database_url
    with create_engine(url).connect() as connection:
        _run(connection)
        connection.commit()


_main()
