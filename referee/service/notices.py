"""What a use case wants said, and to whom, before the mail service words and queues it.

Use cases return :class:`Notice` values rather than composing mail, so they are testable as
plain functions and the runner (inside a message's transaction) or the deadline runner (on its
own) decides how each is threaded and capped. Who a notice is for is a typed
:class:`Audience`, never read from the template's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.games import GameTag
from referee.mail.compose import compose, render
from referee.store.outbox import queue_reply, take_reply_allowance


class Role(StrEnum):
    """The kinds of reader a notice can have."""

    SENDER = "sender"
    """Whoever sent the message being answered, privately, threaded under it."""
    POSTER = "poster"
    """The sender of a turn, where e posted it: privately for direct mail, in the lounge for
    mail the lounge list relayed (a verdict on a turn is as public as the turn)."""
    LOUNGE = "lounge"
    """A game's lounge: every player reads it; never held back by the daily reply cap."""
    SPEAKER = "speaker"
    """The Speaker (rule 1.1.2), privately."""
    PLAYER = "player"
    """One named player, privately, at eir registered address: the only audience a kind's
    private view (a hidden hand) may be sent to."""


@dataclass(frozen=True)
class Audience:
    """Who reads a notice: a :class:`Role` and the address (and player) it resolves to."""

    role: Role
    address: str = ""
    name: str = ""

    @classmethod
    def sender(cls, address: str = "") -> Audience:
        return cls(Role.SENDER, address)

    @classmethod
    def poster(cls, address: str = "") -> Audience:
        return cls(Role.POSTER, address)

    @classmethod
    def lounge(cls, address: str) -> Audience:
        return cls(Role.LOUNGE, address)

    @classmethod
    def speaker(cls, address: str) -> Audience:
        return cls(Role.SPEAKER, address)

    @classmethod
    def player(cls, address: str, name: str = "") -> Audience:
        return cls(Role.PLAYER, address, name)

    @property
    def private(self) -> bool:
        """Whether only one person may read it (everything but the lounge)."""
        return self.role is not Role.LOUNGE


@dataclass(frozen=True)
class Notice:
    """One message: ``templates/mail/<template>.txt`` rendered with ``values``, for ``audience``.

    ``thread`` is the Message-ID to thread under when there is no message being answered.
    """

    template: str
    audience: Audience
    values: dict[str, object] = field(default_factory=dict)
    subject: str | None = None
    thread: str | None = None
    capped: bool = True
    """Whether the daily reply cap may hold it back (a private answer); a player's own view
    of hidden cards after a turn is not, any more than the lounge post beside it: withheld,
    it would leave the player unable to play."""

    @property
    def to(self) -> str:
        return self.audience.address

    @property
    def lounge(self) -> bool:
        return self.audience.role is Role.LOUNGE

    @property
    def reply(self) -> bool:
        """An answer to the message being processed (threaded under it)."""
        return self.audience.role in (Role.SENDER, Role.POSTER)


class CommandError(ValueError):
    """A command or step the rules or the game's state do not allow; the message says why."""


def queue_notice(
    session: Session,
    settings: Settings,
    notice: Notice,
    now: datetime,
    *,
    game: GameTag | None = None,
) -> bool:
    """Queue ``notice`` as a new thread (deadlines have no message to answer); False if capped."""
    if (
        not notice.lounge
        and notice.capped
        and not take_reply_allowance(session, notice.to, now, settings.daily_reply_cap)
    ):
        return False
    name = str(game) if game is not None else ""
    body = render(notice.template, game=name, attachments=[], sender=notice.to, **notice.values)
    what = notice.template.partition(".")[2].replace("-", " ")
    message = compose(
        sender=settings.address,
        sender_name=settings.display_name,
        to=[notice.to],
        subject=notice.subject or (game.subject(what) if game is not None else what),
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
