"""What a use case wants said, and to whom, before the mail service words and queues it.

Use cases return :class:`Notice` values rather than composing mail, so they are testable as
plain functions and the runner (inside a message's transaction) or the deadline runner (on its
own) decides how each is threaded and capped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.mail.compose import compose, render
from referee.store.outbox import queue_reply, take_reply_allowance


@dataclass(frozen=True)
class Notice:
    """One message: ``templates/mail/<template>.txt`` rendered with ``values``, sent to ``to``.

    ``lounge`` marks a post to a Game Lounge: it is never held back by the daily reply cap.
    ``reply`` marks the answer to the message being processed, threaded under it.
    """

    template: str
    to: str
    values: dict[str, object] = field(default_factory=dict)
    subject: str | None = None
    lounge: bool = False
    reply: bool = False
    thread: str | None = None
    """The Message-ID to thread under when there is no message being answered."""


class CommandError(ValueError):
    """A command or step the rules or the game's state do not allow; the message says why."""


def queue_notice(
    session: Session, settings: Settings, notice: Notice, now: datetime, *, game: str = ""
) -> bool:
    """Queue ``notice`` as a new thread (deadlines have no message to answer); False if capped."""
    if not notice.lounge and not take_reply_allowance(
        session, notice.to, now, settings.daily_reply_cap
    ):
        return False
    body = render(notice.template, game=game, attachments=[], sender=notice.to, **notice.values)
    message = compose(
        sender=settings.address,
        sender_name=settings.display_name,
        to=[notice.to],
        subject=notice.subject or f"[{game}] {notice.template.partition('.')[2].replace('-', ' ')}",
        body=body,
        loop_token=settings.loop_token,
        in_reply_to=notice.thread,
        references=[notice.thread] if notice.thread else [],
        now=now,
    )
    queue_reply(
        session, message, mail_from=settings.address, rcpt_tos=[notice.to], inbox_id=None, now=now
    )
    return True
