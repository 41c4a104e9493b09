"""The inbox: every message stored raw and once, before anyone answers 250 or sets \\Seen.

A message is the same message if it has the same Message-ID or the same bytes (a client that
retries after a lost 250, or an IMAP message that was also delivered by SMTP); the second copy
is acknowledged but not stored again, so it is processed once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from email.policy import compat32

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from referee.store.clock import Clock, utcnow
from referee.store.models import InboxMessage

_HEADERS = BytesHeaderParser(policy=compat32)


@dataclass(frozen=True)
class Enqueued:
    """Where a message went: its inbox row, and whether it was already there."""

    id: int
    duplicate: bool


def message_id_of(raw: bytes) -> str | None:
    """The Message-ID of ``raw`` without angle brackets, or None if it has none."""
    value = _HEADERS.parsebytes(raw, headersonly=True).get("Message-ID")
    if value is None:
        return None
    text = str(value).strip().strip("<>").strip()
    return text[:998] or None


def digest_of(raw: bytes) -> str:
    """The hash that makes identical bytes one message."""
    return hashlib.sha256(raw).hexdigest()


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
    message_id = message_id_of(raw)
    digest = digest_of(raw)
    for _ in range(2):
        with factory() as session:
            known = _find(session, message_id, digest)
            if known is not None:
                return Enqueued(known, duplicate=True)
            row = InboxMessage(
                message_id=message_id,
                digest=digest,
                raw=raw,
                mail_from=mail_from,
                rcpt_tos=rcpt_tos,
                source=source,
                status="new",
                note="",
                received_at=clock(),
            )
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                continue
            return Enqueued(row.id, duplicate=False)
    raise RuntimeError("inbox: a message kept colliding with itself")  # pragma: no cover


def _find(session: Session, message_id: str | None, digest: str) -> int | None:
    condition = InboxMessage.digest == digest
    if message_id is not None:
        condition = or_(condition, InboxMessage.message_id == message_id)
    return session.scalars(select(InboxMessage.id).where(condition).limit(1)).first()
