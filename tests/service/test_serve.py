"""``referee serve`` as a real process: SMTP in, replies out, and a SIGKILL in mid-stream."""

from __future__ import annotations

import os
import signal
import smtplib
import subprocess
import sys
import threading
import time
from collections import Counter
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import func, select

from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import InboxMessage, OutboxMessage, Turn
from tests.conftest import LOUNGE, REFEREE, RunningSink, free_port, seed_game

MESSAGES = 60


def _referee() -> str:
    return str(Path(sys.executable).with_name("referee"))


def _start(env: dict[str, str], log: Path) -> subprocess.Popen[str]:
    with log.open("a") as stderr:
        process = subprocess.Popen(
            [_referee(), "serve"], env=env, stdout=subprocess.PIPE, stderr=stderr, text=True
        )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "listening on" in line, line + log.read_text()
    return process


def _end(process: subprocess.Popen[str], signum: int) -> None:
    process.send_signal(signum)
    process.wait(timeout=20)
    if process.stdout is not None:
        process.stdout.close()


def _turn(n: int) -> tuple[str, bytes]:
    message = EmailMessage()
    player = ("alice", "bob")[n % 2]
    message["From"] = f"{player.title()} <{player}@example.org>"
    message["To"] = LOUNGE
    message["Subject"] = f"[MC 12] turn {n}"
    message["Message-ID"] = f"<kill-{n}@example.org>"
    message.set_content(f"Rushton : Euston {n}")
    return f"{player}@example.org", bytes(message)


def _send_all(port: int, accepted: list[int], errors: list[str]) -> None:
    """Deliver every turn like an MTA would: retry a message until it gets its 250."""
    for n in range(MESSAGES):
        sender, raw = _turn(n)
        deadline = time.monotonic() + 60
        while True:
            try:
                with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
                    client.sendmail(sender, [LOUNGE], raw)
                accepted.append(n)
                break
            except (OSError, smtplib.SMTPException) as error:
                if time.monotonic() > deadline:
                    errors.append(f"{n}: {error}")
                    return
                time.sleep(0.05)


def test_sigkill_mid_stream_loses_nothing_and_processes_each_message_once(
    tmp_path: Path, relay_sink: RunningSink, db_url: str
) -> None:
    """On SQLite and on PostgreSQL: every accepted turn processed once, every reply sent."""
    url = db_url
    engine = make_engine(url)
    upgrade(engine)
    factory = sessions(engine)
    seed_game(factory)
    port = free_port()
    env = {
        **os.environ,
        "REFEREE_DATABASE_URL": url,
        "REFEREE_ADDRESS": REFEREE,
        "REFEREE_SMTP_PORT": str(port),
        "REFEREE_RELAY_PORT": str(relay_sink.port),
        "REFEREE_WORKER_POLL_SECONDS": "0.05",
        "REFEREE_RELAY_BACKOFF_SECONDS": "0.1",
        "REFEREE_DAILY_REPLY_CAP": "1000",
    }
    log = tmp_path / "serve.log"
    process = _start(env, log)
    accepted: list[int] = []
    errors: list[str] = []
    client = threading.Thread(target=_send_all, args=(port, accepted, errors))
    client.start()
    try:
        while len(accepted) < MESSAGES // 3 and client.is_alive():
            time.sleep(0.01)
        _end(process, signal.SIGKILL)
        killed_at = len(accepted)
        time.sleep(0.3)
        process = _start(env, log)
        client.join(timeout=90)
        assert not errors and sorted(accepted) == list(range(MESSAGES))
        assert killed_at < MESSAGES, "the kill came after the stream had ended"

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with factory() as session:
                waiting = session.scalar(
                    select(func.count())
                    .select_from(InboxMessage)
                    .where(InboxMessage.status == "new")
                )
                unsent = session.scalar(
                    select(func.count())
                    .select_from(OutboxMessage)
                    .where(OutboxMessage.status != "sent")
                )
            if waiting == 0 and unsent == 0:
                break
            time.sleep(0.1)
    finally:
        _end(process, signal.SIGTERM)

    with factory() as session:
        inbox = session.scalars(select(InboxMessage)).all()
        outbox = session.scalars(select(OutboxMessage)).all()
        turns = session.scalars(select(Turn)).all()
    assert sorted(r.message_id or "" for r in inbox) == sorted(
        f"kill-{n}@example.org" for n in range(MESSAGES)
    )
    assert {r.status for r in inbox} == {"done"}
    assert Counter(t.inbox_id for t in turns) == Counter({r.id: 1 for r in inbox})
    assert Counter(o.inbox_id for o in outbox) == Counter({r.id: 1 for r in inbox})
    assert {o.status for o in outbox} == {"sent"}
    delivered = Counter(str(m["Message-ID"]).strip("<>") for m in relay_sink.sink.messages())
    assert set(delivered) == {o.message_id for o in outbox}
    assert sum(delivered.values()) - len(delivered) <= 1, "at most the one reply in flight"
    in_reply_to = {str(m["In-Reply-To"]) for m in relay_sink.sink.messages()}
    assert in_reply_to == {f"<kill-{n}@example.org>" for n in range(MESSAGES)}
    engine.dispose()
