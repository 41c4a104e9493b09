"""Deadlines in the store, processed at any moment (rules 1.3.5 and 1.1.10); no sleeping."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.notation.gsd import GSD
from referee.service.timekeeper import run_due
from referee.store.db import sessions
from referee.store.models import Deadline, Game
from tests.service.harness import HandClock, Table, declaring, text, to

LOUNGE = "mc1@lounge.example.org"
FRIDAY_10AM = datetime(2026, 11, 20, 10, 0)
MONDAY_10PM = datetime(2026, 11, 23, 22, 0)


def _started(engine: Engine, at: datetime, seed: int = 7) -> Table:
    table = Table(sessions(engine), HandClock(at), seed=seed)
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        table.mail(f"{name.lower()}@example.org", f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    return table


def _game(table: Table) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game)).one()


def _turn_deadline(table: Table) -> Deadline:
    with table.factory() as session:
        return session.scalars(
            select(Deadline).where(Deadline.kind == "turn").order_by(Deadline.id.desc())
        ).first()  # type: ignore[return-value]


def _run(table: Table, at: datetime) -> tuple[int, int]:
    done = run_due(table.factory, table.settings, at)  # type: ignore[arg-type]
    return done.reminded, done.passed


def _people(table: Table) -> list[str]:
    """The players in Order of Play without the Inactive Drone, who never owes a turn (1.3.2)."""
    return [n for n in _game(table).order_of_play if n != "Drone"]


def test_1_3_5_a_turn_after_friday_10am_is_due_monday_10pm(engine: Engine) -> None:
    table = _started(engine, FRIDAY_10AM)
    first = _people(table)[0]
    assert _turn_deadline(table).due == MONDAY_10PM
    assert _run(table, MONDAY_10PM - timedelta(hours=12, minutes=1)) == (0, 0)
    assert _run(table, MONDAY_10PM - timedelta(hours=12)) == (1, 0)
    [(rcpt, reminder)] = table.sent()
    assert rcpt == [f"{first.lower()}@example.org"], "only the player who owes the turn"
    assert "by Monday 23 November 22:00 UTC" in text(reminder)
    assert _run(table, MONDAY_10PM - timedelta(minutes=1)) == (0, 0), "reminded once"
    assert table.sent() == []
    assert _run(table, MONDAY_10PM) == (0, 1)
    [(rcpt, passed)] = table.sent()
    assert rcpt == [f"{first.lower()}@example.org"]
    assert f"'nomic timeout {first}'" in text(passed)
    assert _run(table, MONDAY_10PM) == (0, 0) and table.sent() == [], "run twice, nothing doubles"


@pytest.mark.parametrize(
    ("started", "due"),
    [
        (datetime(2026, 11, 21, 15, 30), datetime(2026, 11, 24, 12, 0)),  # Saturday
        (datetime(2026, 11, 22, 23, 59), datetime(2026, 11, 24, 12, 0)),  # Sunday night
        (datetime(2026, 11, 19, 12, 0), datetime(2026, 11, 23, 0, 0)),  # Thursday noon
        (datetime(2026, 11, 23, 0, 0), datetime(2026, 11, 24, 12, 0)),  # Monday midnight
    ],
)
def test_1_3_5_weekend_time_does_not_count_and_a_weekend_turn_starts_monday(
    sqlite_engine: Engine, started: datetime, due: datetime
) -> None:
    table = _started(sqlite_engine, started)
    assert _turn_deadline(table).due == due


def test_1_3_5_timeout_can_be_forced_only_once_the_time_is_out(sqlite_engine: Engine) -> None:
    table = _started(sqlite_engine, FRIDAY_10AM)
    late, forcer = _people(table)
    forcer_address = f"{forcer.lower()}@example.org"
    table.clock.now = MONDAY_10PM - timedelta(minutes=1)
    [(_, refusal)] = table.mail(forcer_address, f"nomic timeout {late}", to=LOUNGE)
    assert "has until Monday 23 November 22:00 UTC" in text(refusal)
    table.clock.now = MONDAY_10PM
    time_before = GSD.parse(_game(table).state or "").time
    sent = table.mail(forcer_address, f"nomic timeout {late}", to=LOUNGE)
    assert to(sent) == [LOUNGE]
    assert f"Turn 1: {late} : Timeout" in str(sent[0][1]["Subject"])
    game = _game(table)
    time_after = GSD.parse(game.state or "").time
    assert time_before is not None and time_after is not None
    minutes = lambda t: t.hour * 60 + t.minute  # noqa: E731
    assert (minutes(time_after) - minutes(time_before)) % (24 * 60) == 60
    assert game.turn_number == 1
    assert GSD.parse(game.state or "").plays[-1].render() == f"{late} : Timeout", "in the record"
    deadline = _turn_deadline(table)
    assert deadline.owed_by == forcer, "the engine's next player after the Timeout (1.3.2)"
    assert deadline.due == datetime(2026, 11, 25, 10, 0), "36 weekday hours from Monday 22:00"
    [(_, again)] = table.mail(forcer_address, f"nomic timeout {late}", to=LOUNGE)
    assert f"it is not {late}'s turn" in text(again)


def test_1_1_10_two_months_without_a_move_is_a_resignation(engine: Engine) -> None:
    table = _started(engine, FRIDAY_10AM)
    with table.factory() as session:
        silence = session.scalars(
            select(Deadline).where(Deadline.kind == "silence", Deadline.owed_by == "Alice")
        ).one()
    assert silence.due == datetime(2027, 1, 20, 10, 0)
    assert _run(table, datetime(2027, 1, 20, 9, 59))[1] >= 1  # the turn deadline passes
    assert "Alice" in _game(table).order_of_play, "a minute short of two months"
    table.sent()
    _run(table, datetime(2027, 1, 20, 10, 0))
    sent = table.sent()
    assert "alice@example.org" in to(sent) and LOUNGE in to(sent)
    game = _game(table)
    assert "Alice" not in game.order_of_play
    assert "Alice" not in GSD.parse(game.state or "").player_names
    assert game.status == "won" and game.winner == "Bob", "Bob is the last non-Drone player"


def test_referee_deadlines_run_processes_any_moment_from_the_command_line(
    sqlite_engine: Engine, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _started(sqlite_engine, FRIDAY_10AM)
    monkeypatch.setenv("REFEREE_DATABASE_URL", sqlite_url)
    monkeypatch.chdir(sqlite_url.removeprefix("sqlite:///").rpartition("/")[0])
    cli = CliRunner()
    result = cli.invoke(main, ["deadlines", "run", "--now", "2026-11-23T22:00Z"])
    assert result.exit_code == 0, result.output
    assert "2026-11-23 22:00 UTC: 0 reminded, 1 passed" in result.output
    again = cli.invoke(main, ["deadlines", "run", "--now", "2026-11-23T22:00"])
    assert "0 reminded, 0 passed" in again.output
    bad = cli.invoke(main, ["deadlines", "run", "--now", "Monday"])
    assert bad.exit_code == 2 and "is not an ISO time" in bad.output
    assert table.sent(), "the command queued the notice in the outbox"


def test_1_3_5_the_player_who_forces_a_timeout_may_play_eir_own_turn_in_the_same_mail(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine, FRIDAY_10AM)
    late, following = _people(table)
    table.clock.now = MONDAY_10PM
    sent = table.mail(
        f"{following.lower()}@example.org",
        f"nomic timeout {late}\n{following} : {declaring(following, 'Euston (VC)')}",
        to=LOUNGE,
    )
    subjects = [str(m["Subject"]) for _, m in sent]
    assert subjects == [
        f"[MC 1] Turn 1: {late} : Timeout",
        f"[MC 1] Turn 2: {following} : {declaring(following, 'Euston (VC)')}",
    ]
    assert _game(table).turn_number == 2
