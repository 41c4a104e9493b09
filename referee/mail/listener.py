"""The SMTP listener: accept mail for our addresses, commit it, then say 250.

Modelled on Mailman's LMTP runner: the handler only checks the envelope and enqueues the raw
bytes; reading, classifying and answering happen in the runner. Oversize mail is refused by
aiosmtpd itself with 552, both when the client declares ``SIZE=`` in MAIL FROM and when the data
runs past the limit, so a large message is never stored.

Mail for ``postmaster`` at any domain served (RFC 5321 section 4.5.1) is accepted, kept and
forwarded to the operator in the same commit (:mod:`referee.mail.postmaster`).

Commits go through one writer thread (``InboxWriter``): while it waits for the disk, the event
loop keeps reading other sessions' mail, and whatever arrived meanwhile shares the next
commit (group commit). Each session still hears 250 only after its own message is committed.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from referee.mail.postmaster import Postmaster, is_postmaster
from referee.store import games
from referee.store.inbox import Arrival, Enqueued, Stored, store_many
from referee.store.status import InboxStatus
from referee.store.wall_clock import utcnow

log = logging.getLogger(__name__)

_LINGER_CAP = 0.02
"""The longest a batch waits for more mail: a few milliseconds, about one disk flush."""


@dataclass
class _Job:
    arrival: Arrival
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Enqueued]
    senders: int = 1
    """How many connections were sending mail when this one's message came: the batch it
    joins waits for more only while fewer messages than that are in it."""

    def settle(self, result: Enqueued | None, error: BaseException | None) -> None:
        """In the event loop's thread: hand the session its row, or the commit's error."""
        if self.future.done():
            return
        if error is not None:
            self.future.set_exception(error)
        else:
            self.future.set_result(result)  # type: ignore[arg-type]


def _report(batch: list[_Job], results: list[Enqueued] | None, error: BaseException | None) -> None:
    """Tell each session of ``batch`` how its commit went, with one wake-up of each event loop
    for the whole batch rather than one per message."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, Enqueued | None]]] = {}
    for n, job in enumerate(batch):
        by_loop.setdefault(job.loop, []).append((job, None if results is None else results[n]))
    for loop, settled in by_loop.items():
        try:
            loop.call_soon_threadsafe(_settle_all, settled, error)
        except RuntimeError:  # the loop closed while we were committing
            log.warning("inbox writer: a session ended before its commit was reported")


def _settle_all(settled: list[tuple[_Job, Enqueued | None]], error: BaseException | None) -> None:
    for job, result in settled:
        job.settle(result, error)


class InboxWriter:
    """The one thread that commits arriving mail, in batches of whatever is waiting.

    It keeps one database connection for all its batches: taking one from the pool and giving
    it back (with the pool's reset and, on PostgreSQL, its liveness ping) for every batch cost
    as much as the insert. A batch that fails gives the connection back; one that failed
    because the connection was lost is tried once more on a new one, so a database restart
    costs no session a 451.
    """

    def __init__(
        self, factory: sessionmaker[Session], *, max_batch: int = 64, also: Stored | None = None
    ) -> None:
        self.factory = factory
        self.max_batch = max_batch
        self.also = also
        self._engine: Engine = factory.kw["bind"]
        self._connection: Connection | None = None
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="inbox-writer", daemon=True)
        self._thread.start()

    async def submit(self, arrival: Arrival, *, senders: int = 1) -> Enqueued:
        """Commit ``arrival`` (with whatever else is waiting) and return its inbox row;
        ``senders`` connections (this one among them) are sending mail now."""
        loop = asyncio.get_running_loop()
        job = _Job(arrival, loop, loop.create_future(), senders)
        self._jobs.put(job)
        return await job.future

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        self._jobs.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        last_commit = 0.0
        try:
            while True:
                job = self._jobs.get()
                if job is None:
                    return
                batch, stopping = self._gather(job, linger=min(_LINGER_CAP, last_commit))
                started = time.monotonic()
                try:
                    results = self._commit([j.arrival for j in batch])
                except Exception as error:
                    log.exception("inbox writer: could not commit %d message(s)", len(batch))
                    _report(batch, None, error)
                else:
                    _report(batch, results, None)
                last_commit = time.monotonic() - started
                if stopping:
                    return
        finally:
            self._release()

    def _commit(self, arrivals: list[Arrival]) -> list[Enqueued]:
        """Store ``arrivals`` in one transaction on the writer's connection and commit it."""
        for retry in (False, True):
            if self._connection is None:
                self._connection = self._engine.connect()
            try:
                with self._connection.begin():
                    return store_many(self._connection, arrivals, also=self.also)
            except DBAPIError as error:
                self._release()
                if retry or not error.connection_invalidated:
                    raise
            except Exception:
                self._release()
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _release(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _gather(self, first: _Job, *, linger: float) -> tuple[list[_Job], bool]:
        """The batch to commit: ``first``, whatever is waiting, and, while the batch holds
        fewer messages than there are connections sending mail, what arrives within
        ``linger`` seconds (up to the last commit's time: the sessions just answered are
        given time to send their next message, so the next flush carries them too instead
        of costing one of its own). Once every sender's message is in, nothing is waited
        for: a lone sender is never kept waiting."""
        batch, senders = [first], first.senders
        deadline = time.monotonic() + linger
        while len(batch) < self.max_batch:
            left = deadline - time.monotonic() if len(batch) < senders else 0.0
            try:
                more = self._jobs.get(timeout=left) if left > 0 else self._jobs.get_nowait()
            except queue.Empty:
                break
            if more is None:
                return batch, True
            batch.append(more)
            senders = max(senders, more.senders)
        return batch, False


class InboxHandler:
    """aiosmtpd handler: RCPT checks the address, DATA commits to the inbox before 250."""

    def __init__(
        self,
        factory: sessionmaker[Session],
        own_addresses: set[str],
        *,
        on_commit: Callable[[], None] | None = None,
        postmaster: Postmaster | None = None,
    ) -> None:
        self.factory = factory
        self.own = {a.lower() for a in own_addresses}
        self.lounges: set[str] = set()
        self._domains: set[str] | None = None
        self.on_commit = on_commit
        self.postmaster = postmaster
        self.writer = InboxWriter(factory, also=self._forward)
        self._senders: weakref.WeakSet[Any] = weakref.WeakSet()
        """The connections that have sent MAIL FROM (aiosmtpd's protocol objects)."""

    def close(self) -> None:
        """Stop the writer thread (after the listener has stopped taking mail)."""
        self.writer.close()

    def _refresh(self) -> None:
        with self.factory() as session:
            self.lounges = games.lounge_addresses(session)
        self._domains = None

    def domains(self) -> set[str]:
        """Every domain the listener serves: the referee's own and the lounges'. Worked out
        again only when the lounges change, not for every message (a referee hosting a
        thousand games would otherwise split a thousand addresses per message)."""
        if self._domains is None:
            self._domains = {a.rpartition("@")[2] for a in self.own | self.lounges if "@" in a}
        return self._domains

    def accepts(self, address: str) -> bool:
        """Mail is taken only for the referee's addresses, the lounges of known games, and
        postmaster at any of their domains."""
        lowered = address.lower()
        if lowered in self.own or lowered in self.lounges:
            return True
        if is_postmaster(lowered, self.domains()):
            return True
        self._refresh()
        return lowered in self.lounges or is_postmaster(lowered, self.domains())

    def _status(self, rcpt_tos: list[str]) -> InboxStatus:
        """``new`` for the runner, unless every recipient is postmaster: then the message is
        only kept (``postmaster``) or kept and forwarded (``forwarded``), never read."""
        domains = self.domains()
        if not rcpt_tos or not all(is_postmaster(r, domains) for r in rcpt_tos):
            return InboxStatus.NEW
        forwarding = self.postmaster is not None and bool(self.postmaster.operator)
        return InboxStatus.FORWARDED if forwarding else InboxStatus.POSTMASTER

    def _forward(self, connection: Any, arrival: Arrival, inbox_id: int) -> None:
        """In the inbox's transaction: forward postmaster mail to the operator."""
        if self.postmaster is None:
            return
        if any(is_postmaster(r, self.domains()) for r in arrival.rcpt_tos):
            self.postmaster.queue_forward(
                connection,
                inbox_id=inbox_id,
                raw=arrival.raw,
                mail_from=arrival.mail_from,
                rcpt_tos=arrival.rcpt_tos,
                now=utcnow(),
            )

    async def handle_MAIL(
        self, server: Any, session: Any, envelope: Any, address: str, mail_options: list[str]
    ) -> str:
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        self._senders.add(server)
        return "250 OK"

    def senders(self) -> int:
        """How many connections that have sent mail are still open (read in the event loop's
        thread, which alone adds to the set)."""
        return sum(1 for server in list(self._senders) if server.transport is not None)

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        known = address.lower() in self.own or address.lower() in self.lounges
        if not known and not await asyncio.to_thread(self.accepts, address):
            return f"550 5.1.1 <{address}>: no game lounge or referee here by that address"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):  # pragma: no cover - only with decode_data=True
            raw = raw.encode("utf-8", "surrogateescape")
        rcpt_tos = list(envelope.rcpt_tos)
        arrival = Arrival(raw, envelope.mail_from or "", rcpt_tos, "smtp", self._status(rcpt_tos))
        try:
            stored = await self.writer.submit(arrival, senders=self.senders())
        except Exception:
            log.exception("could not store a message from %s", envelope.mail_from)
            return "451 4.3.0 The referee could not store your message; please try again later"
        if self.on_commit is not None:
            self.on_commit()
        if stored.duplicate:
            return f"250 2.0.0 Already have this message (inbox {stored.id})"
        return f"250 2.0.0 Stored as inbox {stored.id}"


def make_listener(
    handler: Any, host: str, port: int, max_bytes: int, *, server_name: str | None = None
) -> Controller:
    """An aiosmtpd Controller for ``handler`` that refuses mail over ``max_bytes`` with 552,
    greeting and answering EHLO as ``server_name`` (the configured host name)."""
    return Controller(
        handler,
        hostname=host,
        port=port,
        data_size_limit=max_bytes,
        ident="referee",
        server_hostname=server_name,
    )
