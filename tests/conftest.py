"""Shared fixtures for the mail service: real databases, SMTP sinks, dovecot, a free port.

Every test gets its own SQLite file or its own PostgreSQL database (created and dropped around
the test), migrated by the same code the service runs at start.

A test that needs PostgreSQL or dovecot fails (never skips) when that server is missing, with
a sentence saying how to get it, so a run cannot pass without them unnoticed. Such tests carry
the ``postgres`` or ``imap`` marker (added here to every test using the fixtures), so a
developer without them deselects them explicitly: ``-m "not postgres and not imap"``.
"""

from __future__ import annotations

import functools
import os
import shutil
import smtplib
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage, Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from hypothesis import HealthCheck, settings
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool

from referee.store.db import make_engine, sessions, upgrade

PG_SERVER = os.environ.get("REFEREE_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432")

# Speed is measured by bench/, never by a test: on a shared machine a property's time says
# nothing about the code, so no property fails for being slow to run or to draw its inputs.
settings.register_profile("referee", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("referee")


def free_port() -> int:
    """A TCP port on loopback nobody is listening on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(name="free_port")
def free_port_fixture() -> int:
    return free_port()


@functools.cache
def _pg_available() -> bool:
    probe = create_engine(f"{PG_SERVER}/test", poolclass=NullPool)
    try:
        with probe.connect() as connection:
            connection.execute(text("select 1"))
        return True
    except Exception:
        return False
    finally:
        probe.dispose()


NO_POSTGRES = (
    "no PostgreSQL answers at {server} (REFEREE_TEST_PG): start one (apt-get install "
    "postgresql, or `docker compose up db`) and point REFEREE_TEST_PG at it, or deselect "
    'these tests with -m "not postgres"'
)
NO_DOVECOT = (
    "dovecot is not installed: apt-get install dovecot-imapd (scripts/test does), or deselect "
    'these tests with -m "not imap"'
)
DOVECOT_NOT_ROOT = (
    "dovecot needs root to start here: run the suite as root (as CI does), or deselect these "
    'tests with -m "not imap"'
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses a real server's fixture, so ``-m`` can deselect it."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "pg_url" in names and item.get_closest_marker("postgres") is None:
            item.add_marker(pytest.mark.postgres)
        if "dovecot" in names and item.get_closest_marker("imap") is None:
            item.add_marker(pytest.mark.imap)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    yield from fresh_pg_database("referee_test")


def fresh_pg_database(prefix: str) -> Iterator[str]:
    """Create a PostgreSQL database named from ``prefix``, yield its URL, then drop it."""
    if not _pg_available():
        pytest.fail(NO_POSTGRES.format(server=PG_SERVER), pytrace=False)
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(f"{PG_SERVER}/test", isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{PG_SERVER}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'referee.sqlite3'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The same test on a SQLite file and on a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    else:
        yield request.getfixturevalue("pg_url")


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A migrated engine on each database."""
    made = make_engine(db_url, sqlite_synchronous="NORMAL")
    upgrade(made)
    yield made
    made.dispose()


@pytest.fixture
def sqlite_engine(sqlite_url: str) -> Iterator[Engine]:
    """A migrated SQLite engine, for tests whose subject is not the database."""
    made = make_engine(sqlite_url, sqlite_synchronous="NORMAL")
    upgrade(made)
    yield made
    made.dispose()


@pytest.fixture
def factory(engine: Engine) -> sessionmaker[Session]:
    return sessions(engine)


@dataclass
class Sink:
    """An SMTP server standing in for the outgoing relay; it keeps what it receives."""

    fail_first: int = 0
    received: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    refused: int = 0
    arrived: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.arrived:
            if self.refused < self.fail_first:
                self.refused += 1
                return "451 4.3.0 Try again later"
            self.received.append(
                (envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.original_content))
            )
            self.arrived.notify_all()
        return "250 OK"

    def messages(self) -> list[Message]:
        with self.arrived:
            return [message_from_bytes(raw) for _, _, raw in self.received]

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Message]:
        """Block until ``count`` messages have arrived (or fail the test)."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.received) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"sink got {len(self.received)} of {count} messages")
                self.arrived.wait(left)
        return self.messages()


@dataclass
class RunningSink:
    sink: Sink
    host: str
    port: int


def _start_sink(sink: Sink) -> tuple[Controller, RunningSink]:
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    return controller, RunningSink(sink, "127.0.0.1", port)


@pytest.fixture
def relay_sink() -> Iterator[RunningSink]:
    """A relay that accepts everything."""
    controller, running = _start_sink(Sink())
    yield running
    controller.stop()


@dataclass
class MailPath:
    """A running service (SMTP listener on loopback, runner, sender) and the relay sink its
    replies reach: the whole mail path, driven as players drive it, over SMTP."""

    service: Any
    port: int
    sink: RunningSink

    def deliver(self, message: EmailMessage | bytes, mail_from: str, rcpt: list[str]) -> None:
        """Hand ``message`` to the referee's listener, as a player's mail server would (raw
        bytes are sent exactly as given, however broken)."""
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            if isinstance(message, bytes):
                client.sendmail(mail_from, rcpt, message)
            else:
                client.send_message(message, mail_from, rcpt)

    def settled(self, timeout: float = 15.0) -> None:
        """Wait until the runner has finished every message and the sender every reply."""
        from sqlalchemy import func, select

        from referee.store.models import InboxMessage

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.service.factory() as session:
                waiting = session.scalar(
                    select(func.count())
                    .select_from(InboxMessage)
                    .where(InboxMessage.status == "new")
                )
            if waiting == 0 and self.service.sender.seconds_until_due() is None:
                return
            time.sleep(0.02)
        raise AssertionError("the service did not settle")

    def replies(self) -> list[Message]:
        """Everything the relay has received, once the service has settled."""
        self.settled()
        return self.sink.sink.messages()


@pytest.fixture
def mail_path(relay_sink: RunningSink) -> Iterator[Callable[..., MailPath]]:
    """Start the service on a database URL (``mail_path(url, desk=..., clock=..., rng=...,
    kinds=..., **settings)``) with its listener on a free loopback port and its relay the
    sink; every service started is stopped after the test."""
    from referee.service.app import Service

    started: list[Any] = []

    def start(
        url: str,
        *,
        desk: Any = None,
        clock: Any = None,
        rng: Any = None,
        kinds: Any = (),
        **settings: Any,
    ) -> MailPath:
        port = free_port()
        config = make_settings(url, smtp_port=port, relay_port=relay_sink.port, **settings)
        extra: dict[str, Any] = {"desk": desk, "rng": rng, "kinds": kinds}
        if clock is not None:
            extra["clock"] = clock
        service = Service(config, **extra)
        service.start()
        started.append(service)
        return MailPath(service, port, relay_sink)

    yield start
    for service in started:
        service.stop()


@pytest.fixture
def flaky_sink() -> Iterator[RunningSink]:
    """A relay that refuses the first two messages with 451, then accepts."""
    controller, running = _start_sink(Sink(fail_first=2))
    yield running
    controller.stop()


@dataclass
class Dovecot:
    """A throwaway dovecot IMAP server on loopback (TESTING.md)."""

    host: str
    port: int
    user: str
    password: str
    base: Path


@pytest.fixture
def dovecot(tmp_path: Path) -> Iterator[Dovecot]:
    """Start dovecot with one user and an empty maildir; stop it afterwards."""
    binary = shutil.which("dovecot") or "/usr/sbin/dovecot"
    if not Path(binary).exists():
        pytest.fail(NO_DOVECOT, pytrace=False)
    if os.geteuid() != 0:
        pytest.fail(DOVECOT_NOT_ROOT, pytrace=False)
    base = Path(f"/tmp/dovecot-{uuid.uuid4().hex[:8]}")
    (base / "run").mkdir(parents=True)
    (base / "state").mkdir()
    mail = base / "mail"
    mail.mkdir()
    port = free_port()
    user, password = "referee@example.org", "secret"
    (base / "passwd").write_text(f"{user}:{{PLAIN}}{password}\n")
    conf = base / "dovecot.conf"
    conf.write_text(
        f"""
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
mail_location = maildir:{mail}/%u
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = nobody
default_internal_user = nobody
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
passdb {{
  driver = passwd-file
  args = {base}/passwd
}}
userdb {{
  driver = static
  args = uid=65534 gid=65534 home={mail}/%u
}}
"""
    )
    shutil.chown(mail, 65534, 65534)
    subprocess.run([binary, "-c", str(conf)], check=True)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    yield Dovecot("127.0.0.1", port, user, password, base)
    pid = (base / "run" / "master.pid").read_text().strip()
    os.kill(int(pid), 15)
    time.sleep(0.2)
    shutil.rmtree(base, ignore_errors=True)


LOUNGE = "mc12@lounge.example.org"
REFEREE = "referee@example.org"


@dataclass(frozen=True)
class Seeded:
    """Game MC 12 with Alice (seat 1, secret "orange peel") and Bob (seat 2), started as
    ``referee db new-game`` starts one: its real opening GSD (Turn 1, Monday 0900), with
    Alice to play first (rule 1.3.2)."""

    factory: sessionmaker[Session]
    game_id: int
    alice_id: int
    bob_id: int


def seed_game(factory: sessionmaker[Session], lounge: str = LOUNGE) -> Seeded:
    """Create the standard test game in an empty, migrated database, so that turns sent to
    it are judged by the rules engine from the game's real opening (``lounge`` is its lounge
    address: another list's for tests that play it behind that list)."""
    from referee.service.starting import start_game
    from referee.store import games
    from referee.store.wall_clock import utcnow

    with factory.begin() as session:
        game = games.create_game(session, 12, lounge, utcnow(), name="Test")
        alice = games.add_player(session, "Alice", "alice@example.org", secret="orange peel")
        bob = games.add_player(session, "Bob", "bob@example.org")
        games.join(session, game, alice, 1)
        games.join(session, game, bob, 2)
        start_game(session, game)
        return Seeded(factory, game.id, alice.id, bob.id)


@pytest.fixture
def seeded(sqlite_engine: Engine) -> Seeded:
    return seed_game(sessions(sqlite_engine))


def make_settings(database_url: str, **overrides: Any) -> Any:
    """Settings for tests: our addresses, no .env file, fast polling."""
    from referee.config import Settings

    values: dict[str, Any] = {
        "database_url": database_url,
        "address": REFEREE,
        "worker_poll_seconds": 0.05,
        "relay_backoff_seconds": 0.0,
        "sqlite_synchronous": "NORMAL",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


from tests.mailman import mailman  # noqa: E402, F401  (the GNU Mailman fixture, one per session)
