"""GNU Mailman 3 core as a real list manager for the referee's tests (imported by conftest).

Mailman lives in its own throwaway venv (``.venv-mailman``, made by scripts/test, or
``REFEREE_MAILMAN_VENV``): it pins its own SQLAlchemy, aiosmtpd and more, so it never shares
the project's. One Mailman is started per test session: posts go in by LMTP, as a mail server
hands them over, and everything Mailman sends goes out by SMTP to :class:`Router`, an aiosmtpd
server of the test that takes each message at once, as a mail server would, then hands mail
for a list to Mailman and mail for the referee to the referee's listener in the background,
and records every member's copy. Without Mailman's venv the fixture FAILS: a test that needs
a list manager never skips quietly.

Lists (domain ``lounge.example.org``), each with Alice, Bob and the referee as members:
``mc12`` default (subject prefix, footer), ``mc13`` From-munging (DMARC ``munge_from``,
unconditionally), ``mc14`` personalised (one copy per member), ``mc15`` plain (no prefix,
no header or footer), ``mc16`` wrapping (DMARC ``wrap_message``: the post goes out as an
attachment of the list's own message, with a sentence saying why). None keeps an archive or
a digest: the tests judge the members' copies.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import signal
import smtplib
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import func, select

from referee.config import Settings
from referee.store.models import InboxMessage, OutboxMessage
from referee.store.status import InboxStatus, OutboxStatus

if TYPE_CHECKING:
    from referee.service.app import Service

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "lounge.example.org"
REFEREE = "referee@example.org"
MEMBERS = [("alice@example.org", "Alice"), ("bob@example.org", "Bob"), (REFEREE, "Referee")]
LISTS = {
    "default": f"mc12@{DOMAIN}",
    "munged": f"mc13@{DOMAIN}",
    "personal": f"mc14@{DOMAIN}",
    "plain": f"mc15@{DOMAIN}",
    "wrapped": f"mc16@{DOMAIN}",
}
RUNNER_QUEUES = ("in", "pipeline", "out", "virgin", "command", "retry", "bad", "shunt")
"""Queues a message can wait in between a post and its copies (and ``bad``/``shunt``, where
Mailman puts what it failed on, so a failure is never mistaken for quiet). The lists keep no
archive and no digest, so nothing goes to those queues."""
RUNNER_SLEEP = {"in": "0.05s", "pipeline": "0.05s", "out": "0.05s", "virgin": "0.05s"}
"""How long each runner sleeps when its queue is empty (Mailman's default is a second): an
idle list passes a post on in a fraction of a second. Only these runners and LMTP's start:
the router takes every message at once, so nothing goes to the retry queue, and nobody
mails the lists' command addresses; mail in either queue would show as mail in flight that
never moves, and fail the wait."""
POLL = 0.25
"""Most seconds between looks at what a wait waits for, when no message through the router
wakes it sooner."""
GAP = 0.05
"""Fewest seconds between looks at what a wait waits for, however fast messages pass."""
LOOK = 1.0
"""Seconds between looks at whether anything moved, to tell a stalled wait."""
CEILING = 600.0
"""The most any wait lasts, however busy the lists: mail that moves for ever is a loop."""
SERVED_POLL: float = Settings.model_fields["worker_poll_seconds"].default
"""How often a referee behind the lists looks for work nobody told it of: as ``referee serve``
does. Each message wakes its workers at once, so the tests' usual fast polling would only
spend the CPU the lists need (five referees' two workers, twenty looks a second each)."""
WRAPPED_TEXT = (
    "This message was wrapped by the list because the sender's domain publishes a DMARC"
    " policy; the original is attached."
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Delivery:
    """One message as Mailman handed it to the router (or the router handed on)."""

    mail_from: str
    rcpt_tos: list[str]
    raw: bytes

    @functools.cached_property
    def message(self) -> EmailMessage:
        """The message, parsed once: the tests look at every copy again at each wake."""
        parsed = message_from_bytes(self.raw, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed

    @functools.cached_property
    def list_address(self) -> str:
        """The list this copy came through, from its own List-Post header; else ""."""
        head = re.split(rb"\r?\n\r?\n", self.raw, maxsplit=1)[0]
        found = re.search(rb"^List-Post: *<mailto:([^>?]+)", head, re.MULTILINE | re.IGNORECASE)
        return found.group(1).decode().lower() if found else ""

    @functools.cached_property
    def message_ids(self) -> frozenset[str]:
        """The Message-IDs of the message and of any message wrapped in it, unbracketed."""
        return frozenset(
            str(part["Message-ID"]).strip().strip("<>")
            for part in self.message.walk()
            if part["Message-ID"] is not None
        )


@dataclass
class Forward:
    """A hand-off the router owes: ``delivery`` to the server at ``port``, by LMTP (Mailman)
    or SMTP (a referee's listener), recorded in ``done`` once passed on."""

    port: int
    lmtp: bool
    delivery: Delivery
    done: list[Delivery]
    generation: int


@dataclass
class Router:
    """Mailman's outgoing SMTP server and the referees' relay: routes by recipient.

    Like a mail server, it takes a message at once (Mailman's one out runner never waits on a
    referee) and hands it on in the background, one worker and one queue per destination so
    each destination gets its mail in the order it came, by real LMTP or SMTP. A hand-off
    refused for a moment (a 451, a listener not up) is tried again, as a mail server's queue
    would; one refused for good, or owed to a referee the tests have since stopped routing to,
    is given up and kept in ``refused``."""

    lmtp_port: int = 0
    referee_port: int | None = None
    referees: dict[str, int] = field(default_factory=dict)
    """The referee's listener by list address, for tests that run one referee per list."""
    delivered: list[Delivery] = field(default_factory=list)
    """Every member's copy, as Mailman sent it."""
    handed: list[Delivery] = field(default_factory=list)
    """What the router passed on to a referee's listener."""
    posted: list[Delivery] = field(default_factory=list)
    """Everything passed on to a list: players' posts come by LMTP, so these are the referee's."""
    refused: list[tuple[Delivery, str]] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)
    busy: int = 0
    """Hand-offs taken and not yet finished: mail in the router's hands."""
    moved: int = 0
    """Messages taken and hand-offs finished (passed on or given up): a clock of progress."""
    generation: int = 0
    """Bumped at each :meth:`reset`: a hand-off to a referee from before it is not retried."""
    queues: dict[tuple[int, bool], SimpleQueue[Forward | None]] = field(default_factory=dict)
    workers: list[threading.Thread] = field(default_factory=list)
    closing: threading.Event = field(default_factory=threading.Event)

    def reset(self, referee_port: int | None, referees: dict[str, int] | None = None) -> None:
        with self.lock:
            self.referee_port = referee_port
            self.referees = dict(referees or {})
            self.generation += 1
            self.delivered.clear()
            self.handed.clear()
            self.posted.clear()
            self.refused.clear()

    def _referee_port(self, delivery: Delivery) -> int | None:
        """The listener of the referee behind the list that sent it, else the one."""
        port = self.referees.get(delivery.list_address)
        return self.referee_port if port is None else port

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = bytes(envelope.original_content or envelope.content)
        rcpts = [r.lower() for r in envelope.rcpt_tos]
        lists = [r for r in rcpts if r in LISTS.values()]
        referee = [r for r in rcpts if r == REFEREE]
        members = [r for r in rcpts if r not in lists and r not in referee]
        with self.lock:
            if members:
                self.delivered.append(Delivery(envelope.mail_from, members, raw))
            if lists:
                self._owe(self.lmtp_port, True, Delivery(envelope.mail_from, lists, raw))
            if referee:
                to_referee = Delivery(envelope.mail_from, referee, raw)
                port = self._referee_port(to_referee)
                if port is not None:
                    self._owe(port, False, to_referee)
            self.moved += 1
            self.lock.notify_all()
        return "250 OK"

    def _owe(self, port: int, lmtp: bool, delivery: Delivery) -> None:
        """Queue a hand-off (the lock held), starting the destination's worker if need be."""
        done = self.posted if lmtp else self.handed
        line = self.queues.get((port, lmtp))
        if line is None:
            line = self.queues[(port, lmtp)] = SimpleQueue()
            worker = threading.Thread(
                target=self._work, args=(line,), name=f"router-{port}", daemon=True
            )
            worker.start()
            self.workers.append(worker)
        self.busy += 1
        line.put(Forward(port, lmtp, delivery, done, self.generation))

    def _work(self, line: SimpleQueue[Forward | None]) -> None:
        while (job := line.get()) is not None:
            refused = self._pass_on(job)
            with self.lock:
                if refused is None:
                    job.done.append(job.delivery)
                else:
                    self.refused.append((job.delivery, refused))
                self.busy -= 1
                self.moved += 1
                self.lock.notify_all()

    def _pass_on(self, job: Forward) -> str | None:
        """Hand ``job`` over, trying again while refused for a moment; None once handed,
        else why it was given up."""
        pause = 0.02
        while True:
            try:
                with (smtplib.LMTP if job.lmtp else smtplib.SMTP)("127.0.0.1", job.port) as peer:
                    peer.sendmail(job.delivery.mail_from, job.delivery.rcpt_tos, job.delivery.raw)
                return None
            except (OSError, smtplib.SMTPException) as error:
                if _permanent(error):
                    return str(error)
                with self.lock:
                    stale = job.generation != self.generation and not job.lmtp
                if stale or self.closing.wait(pause):
                    return f"given up: {error}"
                pause = min(pause * 2, 0.5)

    def close(self) -> None:
        """Stop the workers, giving up what they still owe."""
        self.closing.set()
        with self.lock:
            for line in self.queues.values():
                line.put(None)
        for worker in self.workers:
            worker.join(timeout=10)

    def deliveries(self, member: str, list_address: str | None = None) -> list[Delivery]:
        """The copies ``member`` got, in order; only those of ``list_address`` if given."""
        with self.lock:
            return [
                d
                for d in self.delivered
                if member in d.rcpt_tos and (list_address is None or d.list_address == list_address)
            ]

    def copies(self, member: str, list_address: str | None = None) -> list[EmailMessage]:
        return [d.message for d in self.deliveries(member, list_address)]

    def wait(self, condition: Any, timeout: float = 30.0) -> None:
        """Block until ``condition(router)`` holds, or fail the test once no message has passed
        through the router for ``timeout`` seconds: a deadline that moves while mail moves."""
        with self.lock:
            moved, deadline = self.moved, time.monotonic() + timeout
            while not condition(self):
                if self.moved != moved:
                    moved, deadline = self.moved, time.monotonic() + timeout
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"nothing passed through the router for {timeout} s")
                self.lock.wait(min(left, 0.2))


def _permanent(error: Exception) -> bool:
    """Whether the server refused for good (5xx), not for a moment (4xx, no connection)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    return isinstance(error, smtplib.SMTPResponseException) and error.smtp_code >= 500


@dataclass
class Mailman:
    """A running Mailman: post to a list by LMTP; read what it sent from the router."""

    config: Path
    lmtp_port: int
    smtp_port: int
    router: Router
    lists: dict[str, str]
    queues: Path
    """Mailman's queue folder: a message Mailman still has to move is a file in it."""

    def post(self, message: EmailMessage | bytes, mail_from: str, list_address: str) -> None:
        raw = message if isinstance(message, bytes) else bytes(message)
        raw = re.sub(rb"\r?\n", b"\r\n", raw)  # SMTP's line ends, as a mail server sends
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            lmtp.sendmail(mail_from, [list_address], raw)

    def queued(self) -> frozenset[str]:
        """The files in the queues of Mailman's running runners: every message Mailman has
        taken and not yet handed on (``.bak`` is one a runner is working on). A runner moves
        a message to its next queue before it lets go of it, so none is ever out of sight."""
        found = set()
        for queue in RUNNER_QUEUES:
            with contextlib.suppress(FileNotFoundError):
                found.update(f"{queue}/{entry.name}" for entry in os.scandir(self.queues / queue))
        return frozenset(found)

    def idle(self) -> bool:
        """Nothing in Mailman's runners' queues and nothing in the router's hands."""
        with self.router.lock:
            busy = self.router.busy
        return busy == 0 and not self.queued()

    def until(
        self,
        condition: Callable[[], bool],
        *,
        stall: float,
        progress: Callable[[], Hashable] = lambda: None,
        ceiling: float = CEILING,
    ) -> bool:
        """Wait until ``condition()`` holds; False once nothing has moved for ``stall``
        seconds (through the router, Mailman's queues or ``progress()``, the caller's own
        sign of work, e.g. the referee's tables), or after ``ceiling`` seconds in all, which
        mail moving round a loop for ever would reach.

        ``condition`` is looked at whenever a message passes the router (at most every
        :data:`GAP` seconds) and every :data:`POLL` seconds; whether anything moved, only
        every :data:`LOOK` seconds, which is plenty to tell a minute's stall: several waits
        run at once, and each look reads every queue folder and the caller's tables."""
        start = time.monotonic()
        looked, deadline = -LOOK, start + stall
        state: object = None
        while not condition():
            now = time.monotonic()
            if now - start > ceiling:
                return False
            if now - looked >= LOOK:
                looked = now
                with self.router.lock:
                    moving = (self.router.moved, self.router.busy)
                seen = (moving, self.queued(), progress())
                if seen != state:
                    state, deadline = seen, now + stall
                elif now > deadline:
                    return False
            with self.router.lock:
                self.router.lock.wait(POLL)
            time.sleep(max(0.0, now + GAP - time.monotonic()))
        return True

    def quiet(self, referees: Sequence[Service], *, stall: float) -> None:
        """Wait until no mail is anywhere on its way: none in the router's hands or in
        Mailman's queues, none unread or unsent in any of ``referees``' tables, seen twice in
        a row with no message passing the router in between (every hop hands a message on
        before it lets go, so mail in flight is always in one of those places). Fails if that
        never comes: the lists or a referee stalled, or mail went round a loop until the
        ceiling."""
        seen: list[tuple[int, bool]] = []

        def still() -> bool:
            with self.router.lock:
                moved = self.router.moved
            idle = self.idle() and all(settled(referee) for referee in referees)
            seen.append((moved, idle))
            return idle and len(seen) > 1 and seen[-2] == seen[-1]

        def where() -> tuple[object, ...]:
            return tuple(progress(referee) for referee in referees)

        assert self.until(still, stall=stall, progress=where), (
            f"the lists never fell quiet: Mailman holds {sorted(self.queued())},"
            f" the referees are at {where()}"
        )


def progress(referee: Service) -> tuple[int, int, int, int]:
    """Where a referee is: messages in, still to read, answers out, still to send."""
    with referee.factory() as session:
        inbox = session.execute(
            select(
                func.count(InboxMessage.id),
                func.count(InboxMessage.id).filter(InboxMessage.status == InboxStatus.NEW),
            )
        ).one()
        outbox = session.execute(
            select(
                func.count(OutboxMessage.id),
                func.count(OutboxMessage.id).filter(OutboxMessage.status == OutboxStatus.PENDING),
            )
        ).one()
    return (inbox[0], inbox[1], outbox[0], outbox[1])


def settled(referee: Service) -> bool:
    """Nothing left for ``referee`` to read or to send."""
    _, unread, _, unsent = progress(referee)
    return unread == 0 and unsent == 0


def mailman_venv() -> Path:
    return Path(os.environ.get("REFEREE_MAILMAN_VENV", ROOT / ".venv-mailman"))


def _config(folder: Path, lmtp_port: int, smtp_port: int) -> Path:
    runners = "".join(
        f"[runner.{name}]\nstart: no\n\n"
        for name in ("rest", "archive", "bounces", "digest", "nntp", "task", "command", "retry")
    )
    fast = "".join(
        f"[runner.{name}]\nsleep_time: {sleep}\n\n" for name, sleep in RUNNER_SLEEP.items()
    )
    text = f"""[mailman]
layout: testing
site_owner: owner@{DOMAIN}

[paths.testing]
var_dir: {folder / "var"}

[database]
class: mailman.database.sqlite.SQLiteDatabase
url: sqlite:///$DATA_DIR/mailman.db

[mta]
incoming: mailman.mta.null.NullMTA
lmtp_host: 127.0.0.1
lmtp_port: {lmtp_port}
smtp_host: 127.0.0.1
smtp_port: {smtp_port}

[dmarc]
resolver_timeout: 0.1s
resolver_lifetime: 0.2s
org_domain_data_url: http://127.0.0.1:9/public_suffix_list.dat

[archiver.mhonarc]
class:

[archiver.mail_archive]
class:

[archiver.prototype]
class:

{runners}{fast}"""
    path = folder / "mailman.cfg"
    path.write_text(text)
    return path


def _mailman(venv: Path, config: Path, *args: str, env: dict[str, str]) -> tuple[int, str]:
    """Run a ``mailman`` command; its exit status and what it printed. Output goes to a file,
    not a pipe: ``mailman start`` leaves the master running with it open."""
    root = ["--run-as-root"] if os.geteuid() == 0 else []
    output = config.parent / "command.log"
    with output.open("w") as sink:
        done = subprocess.run(
            [str(venv / "bin" / "mailman"), "-C", str(config), *root, *args],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            timeout=120,
            check=False,
            env=env,
        )
    return done.returncode, output.read_text()


def _wait_for_port(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.2)
    return False


@pytest.fixture(scope="session")
def mailman(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mailman]:
    """One GNU Mailman for the whole session, its lists made once."""
    venv = mailman_venv()
    if not (venv / "bin" / "mailman").exists():
        pytest.fail(
            f"GNU Mailman 3 is not installed in {venv}: run scripts/test, which makes that venv"
            " (tests that need a list manager fail rather than skip)"
        )
    folder = tmp_path_factory.mktemp("mailman")
    router = Router()
    smtp_port, lmtp_port = _free_port(), _free_port()
    router.lmtp_port = lmtp_port
    controller = Controller(router, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    config = _config(folder, lmtp_port, smtp_port)
    empty = folder / "empty.txt"
    empty.write_text("")
    spec = folder / "lists.json"
    spec.write_text(
        json.dumps(
            {
                "lists": [
                    {
                        "address": address,
                        "kind": kind,
                        "members": MEMBERS,
                        "empty_template": str(empty),
                        "wrapped_text": WRAPPED_TEXT,
                    }
                    for kind, address in LISTS.items()
                ]
            }
        )
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent / "lists")}
    status, said = _mailman(venv, config, "shell", "-r", "mailman_setup.setup", str(spec), env=env)
    if status != 0:
        controller.stop()
        router.close()
        pytest.fail(f"Mailman could not create the lists:\n{said}")
    status, said = _mailman(venv, config, "start", env=env)
    pid_file = folder / "var" / "master.pid"
    try:
        if status != 0 or not _wait_for_port(lmtp_port, 60):
            log = folder / "var" / "logs" / "mailman.log"
            pytest.fail(
                f"Mailman did not start:\n{said}\n"
                + (log.read_text()[-3000:] if log.exists() else "")
            )
        yield Mailman(config, lmtp_port, smtp_port, router, dict(LISTS), folder / "var" / "queue")
    finally:
        _stop_master(pid_file)
        controller.stop()
        router.close()


def _stop_master(pid_file: Path) -> None:
    """Stop the Mailman this fixture started: SIGTERM to its master (which stops its runners,
    as ``mailman stop`` does, without loading Mailman again), then SIGKILL to whichever of
    those processes is still there after five seconds."""
    if not pid_file.exists():
        return
    try:
        master = int(pid_file.read_text().strip())
    except ValueError:
        return
    ours = [master, *_children(master)]
    with contextlib.suppress(ProcessLookupError):
        os.kill(master, signal.SIGTERM)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(pid) for pid in ours):
        time.sleep(0.1)
    for pid in ours:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def _children(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == parent:
                found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        return state != "Z"
    return True
