"""``referee deadlines run --now T``: the notices a run queues are sent by that run, even when
T is in the future (rule 1.3.5's deadlines processed at the operator's moment)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.store.db import sessions
from referee.store.models import Deadline, OutboxMessage
from tests.conftest import RunningSink, free_port
from tests.service.harness import HandClock, Table

LOUNGE = "mc1@lounge.example.org"


def _started_now(engine: Engine) -> Table:
    """A game started at the real time, so its first turn deadline is in the future."""
    table = Table(sessions(engine), HandClock(datetime.now(UTC).replace(tzinfo=None)))
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        table.mail(f"{name.lower()}@example.org", f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    return table


def _due(table: Table) -> datetime:
    with table.factory() as session:
        deadline = session.scalars(select(Deadline).where(Deadline.kind == "turn")).one()
        return deadline.due


def _cli(monkeypatch: pytest.MonkeyPatch, url: str, relay_port: int) -> CliRunner:
    monkeypatch.chdir(url.removeprefix("sqlite:///").rpartition("/")[0])
    return CliRunner(
        env={
            "REFEREE_DATABASE_URL": url,
            "REFEREE_RELAY_HOST": "127.0.0.1",
            "REFEREE_RELAY_PORT": str(relay_port),
        }
    )


def test_a_future_now_sends_its_notices_at_once(
    sqlite_engine: Engine,
    sqlite_url: str,
    relay_sink: RunningSink,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = _started_now(sqlite_engine)
    due = _due(table)
    assert due > datetime.now(UTC).replace(tzinfo=None) + timedelta(hours=1)
    cli = _cli(monkeypatch, sqlite_url, relay_sink.port)
    result = cli.invoke(main, ["deadlines", "run", "--now", due.isoformat()])
    assert result.exit_code == 0, result.output
    assert "0 reminded, 1 passed" in result.output
    assert "1 of 1 notice(s) sent" in result.output
    [message] = relay_sink.sink.wait_for(1, timeout=5)
    assert "Time is up" in str(message["Subject"])
    with table.factory() as session:
        rows = list(session.scalars(select(OutboxMessage).where(OutboxMessage.created_at == due)))
    assert [r.status for r in rows] == ["sent"]


def test_notices_the_relay_will_not_take_wait_for_serve_by_the_wall_clock(
    sqlite_engine: Engine, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _started_now(sqlite_engine)
    due = _due(table)
    cli = _cli(monkeypatch, sqlite_url, free_port())  # nothing listens there
    result = cli.invoke(main, ["deadlines", "run", "--now", due.isoformat()])
    assert result.exit_code == 0, result.output
    assert "0 of 1 notice(s) sent; 1 wait in the outbox for the relay" in result.output
    with table.factory() as session:
        [row] = list(session.scalars(select(OutboxMessage).where(OutboxMessage.created_at == due)))
    assert row.status == "pending" and row.attempts == 1
    assert row.next_attempt_at < due, "retried by the wall clock, not at --now"


def test_the_help_says_what_a_future_now_means() -> None:
    result = CliRunner().invoke(main, ["deadlines", "run", "--help"])
    assert "future" in result.output and "nothing waits for the wall" in " ".join(
        result.output.split()
    )
