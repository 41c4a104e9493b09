"""The inbox: every message stored raw and once, before anyone answers 250 or sets \\Seen.

A message is the same message if it has the same Message-ID or the same bytes (a client that
retries after a lost 250, or an IMAP message that was also delivered by SMTP); the second copy
is acknowledged but not stored again, so it is processed once.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from email.policy import compat32

from sqlalchemy import Connection, Engine, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.dml import ReturningInsert

from referee.store.models import InboxMessage, Turn
from referee.store.status import InboxStatus, TurnStatus
from referee.store.wall_clock import Clock, utcnow

_HEADERS = BytesHeaderParser(policy=compat32)


@dataclass(frozen=True)
class Enqueued:
    """Where a message went: its inbox row, and whether it was already there."""

    id: int
    duplicate: bool


_HEADER_BLOCK = re.compile(rb"(?:(?:From |[\x21-\x39\x3b-\x7e]*:|[ \t])[^\r\n]*(?:\r\n|\r|\n|\Z))*")
"""The lines the standard library's parser reads as headers: each a field name and a colon, a
continuation, or an mbox ``From `` line, up to the first line that is none of these."""

_MESSAGE_ID_FIELD = re.compile(
    rb"(?:\A|(?<=[\r\n]))message-id:[ \t]*([^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*)",
    re.IGNORECASE,
)
"""The first ``Message-ID`` field of a header block, with its continuation lines."""


def message_id_of(raw: bytes) -> str | None:
    """The Message-ID of ``raw`` without angle brackets, or None if it has none.

    Read as the standard library's header parser reads it (the first field of that name, its
    continuation lines included), but by two regular expressions over the header lines alone:
    the listener reads it for every message before its 250, and a full header parse cost more
    than the rest of storing the message. A value with bytes beyond ASCII goes to the parser,
    which alone knows how it decodes them.
    """
    block = _HEADER_BLOCK.match(raw)
    found = _MESSAGE_ID_FIELD.search(raw, 0, block.end()) if block else None
    if found is None:
        return None
    value = found.group(1)
    if not value.isascii():
        return _message_id_by_parser(raw)
    text = value.decode("ascii").strip().strip("<>").strip()
    return text[:998] or None


def _message_id_by_parser(raw: bytes) -> str | None:
    value = _HEADERS.parsebytes(raw, headersonly=True).get("Message-ID")
    if value is None:  # pragma: no cover - only reached for a field the fast reading found
        return None
    text = str(value).strip().strip("<>").strip()
    return text[:998] or None


def digest_of(raw: bytes) -> str:
    """The hash that makes identical bytes one message."""
    return hashlib.sha256(raw).hexdigest()


@dataclass(frozen=True)
class Arrival:
    """A message as it reached us, before it is stored."""

    raw: bytes
    mail_from: str
    rcpt_tos: list[str]
    source: str
    status: InboxStatus = InboxStatus.NEW
    """``new`` for the runner; another status keeps it from the runner (postmaster mail)."""


def enqueue(
    factory: sessionmaker[Session],
    raw: bytes,
    *,
    mail_from: str,
    rcpt_tos: list[str],
    source: str,
    clock: Clock = utcnow,
) -> Enqueued:
    """Commit ``raw`` to the inbox unless it is already there; return its row either way."""
    return enqueue_many(factory, [Arrival(raw, mail_from, rcpt_tos, source)], clock=clock)[0]


Stored = Callable[[Connection, Arrival, int], None]
"""Work done in the same transaction for each message newly stored (not for a duplicate)."""


def enqueue_many(
    factory: sessionmaker[Session],
    arrivals: list[Arrival],
    *,
    clock: Clock = utcnow,
    also: Stored | None = None,
) -> list[Enqueued]:
    """Commit several messages in one transaction (one disk flush), each at most once.
    Either all of them are committed or none is."""
    engine: Engine = factory.kw["bind"]
    with engine.begin() as connection:
        return store_many(connection, arrivals, clock=clock, also=also)


def store_many(
    connection: Connection,
    arrivals: list[Arrival],
    *,
    clock: Clock = utcnow,
    also: Stored | None = None,
) -> list[Enqueued]:
    """Store several messages, each at most once, in the transaction ``connection`` is in
    (the caller commits: the listener's writer keeps one connection for all its batches).

    One ``INSERT ... ON CONFLICT DO NOTHING`` for the whole batch, on a plain connection
    rather than an ORM session, keeps the work before each 250 small; only a duplicate costs
    a second look-up.
    """
    rows = [
        {
            "message_id": message_id_of(arrival.raw),
            "digest": digest_of(arrival.raw),
            "raw": arrival.raw,
            "mail_from": arrival.mail_from,
            "rcpt_tos": arrival.rcpt_tos,
            "source": arrival.source,
            "status": arrival.status,
            "note": "",
            "received_at": clock(),
        }
        for arrival in arrivals
    ]
    results = []
    # One statement for the whole batch; a row the database already had (or that an
    # earlier message of the batch became) comes back from no RETURNING, and is found.
    inserted = {
        digest: id_ for id_, digest in connection.execute(_insert(connection.dialect.name), rows)
    }
    for arrival, values in zip(arrivals, rows, strict=True):
        new = inserted.pop(str(values["digest"]), None)
        if new is not None:
            if also is not None:
                also(connection, arrival, new)
            results.append(Enqueued(new, duplicate=False))
            continue
        message_id = values["message_id"]
        known = _find(connection, message_id if isinstance(message_id, str) else None,
                      str(values["digest"]))  # fmt: skip
        if known is None:  # pragma: no cover - a conflict means a row exists
            raise RuntimeError("inbox: a conflicting message vanished")
        results.append(Enqueued(known, duplicate=True))
    return results


@functools.cache
def _insert(dialect: str) -> ReturningInsert[int, str]:
    """``INSERT ... ON CONFLICT DO NOTHING RETURNING id, digest`` in the database's own
    dialect (the digest says which message of a batch each new row is)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return (
        insert(InboxMessage)
        .on_conflict_do_nothing()
        .returning(InboxMessage.id, InboxMessage.digest)
    )


def _find(connection: Connection, message_id: str | None, digest: str) -> int | None:
    condition = InboxMessage.digest == digest
    if message_id is not None:
        condition = or_(condition, InboxMessage.message_id == message_id)
    return connection.scalars(select(InboxMessage.id).where(condition).limit(1)).first()


def requeue(session: Session, inbox_ids: list[int]) -> list[int]:
    """Put finished messages back in the queue, for the operator once a cause is fixed.

    A quarantined message whose game now exists, or a turn kept while no engine was connected,
    is processed again from its raw bytes. Turns recorded from an earlier pass that changed
    nothing are marked ``superseded`` so the history shows both; applied turns are never
    requeued. Returns the ids actually requeued.
    """
    done: list[int] = []
    for row in session.scalars(
        select(InboxMessage).where(InboxMessage.id.in_(inbox_ids)).with_for_update()
    ):
        applied = session.scalars(
            select(Turn.id).where(Turn.inbox_id == row.id, Turn.status == TurnStatus.APPLIED)
        ).first()
        if row.status == InboxStatus.NEW or applied is not None:
            continue
        for turn in session.scalars(select(Turn).where(Turn.inbox_id == row.id)):
            turn.status = TurnStatus.SUPERSEDED
        row.note = f"requeued by the operator (was {row.status}: {row.note})"[:2000]
        row.status = InboxStatus.NEW
        done.append(row.id)
    return done
