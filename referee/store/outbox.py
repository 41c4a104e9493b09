"""The outbox: composed replies waiting for the relay, and the daily cap per address.

A reply is written in the same transaction that finishes its inbox message, so a crash either
loses both (and the message is processed again) or keeps both (and the sender delivers it).
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from typing import cast

from sqlalchemy import Insert, Table, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from referee.store.models import OutboxMessage, ReplyCount
from referee.store.status import OutboxStatus


def queue_reply(
    session: Session,
    message: EmailMessage,
    *,
    mail_from: str,
    rcpt_tos: list[str],
    inbox_id: int | None,
    now: datetime,
) -> None:
    """Add ``message`` to the outbox inside the caller's transaction.

    Written at once as a row, not as an object for the commit's flush: nothing in the
    transaction reads it back, and the sender reads it only once the transaction commits."""
    session.execute(
        new_row(message, mail_from=mail_from, rcpt_tos=rcpt_tos, inbox_id=inbox_id, now=now)
    )


def new_row(
    message: EmailMessage,
    *,
    mail_from: str,
    rcpt_tos: list[str],
    inbox_id: int | None,
    now: datetime,
) -> Insert:
    """The INSERT of one message waiting for its first attempt, with SMTP's CRLF lines: one
    shape of outbox row for the runner's replies and the listener's postmaster forwards."""
    return insert(cast(Table, OutboxMessage.__table__)).values(
        inbox_id=inbox_id,
        message_id=str(message["Message-ID"]).strip().strip("<>"),
        mail_from=mail_from,
        rcpt_tos=rcpt_tos,
        raw=message.as_bytes(policy=message.policy.clone(linesep="\r\n")),
        status=OutboxStatus.PENDING,
        attempts=0,
        next_attempt_at=now,
        last_error="",
        created_at=now,
    )


def take_reply_allowance(session: Session, address: str, now: datetime, cap: int) -> bool:
    """Count one reply to ``address`` today; False (and nothing counted) if it is over ``cap``.

    The cap stops a misbehaving correspondent, or a loop our other checks miss, from making
    the referee a mail cannon. One upsert does the count, so two runners answering the same
    address at once neither collide nor both slip past the cap.
    """
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(ReplyCount).values(address=address.lower(), day=now.date(), count=1)
    statement = statement.on_conflict_do_update(
        index_elements=[ReplyCount.address, ReplyCount.day],
        set_={"count": ReplyCount.count + 1},
        where=ReplyCount.count < cap,
    )
    counted = session.execute(statement.returning(ReplyCount.count)).scalar_one_or_none()
    return counted is not None and counted <= cap


def pending(session: Session, now: datetime, limit: int = 50) -> list[OutboxMessage]:
    """Messages due for an attempt, oldest first."""
    query = (
        select(OutboxMessage)
        .where(OutboxMessage.status == OutboxStatus.PENDING, OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.id)
        .limit(limit)
    )
    return list(session.scalars(query))
