"""The sender: delivers the outbox through the configured relay, retrying with backoff.

Attempts and the time of the next one are stored on each outbox row, so a restart carries on
where the last run stopped. A temporary failure (4xx, refused connection, timeout, a relay
that will not let us log in) waits ``relay_backoff_seconds`` doubled per attempt, up to a cap,
until ``relay_max_attempts``; a permanent refusal of the message itself (5xx) fails at once.
Delivery is at least once: a crash between the relay's 250 and our commit sends that message
again, with the same Message-ID. Run one sender per database; it holds no lock while it talks
to the relay, so the listener is never blocked.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.store.models import OutboxMessage
from referee.store.outbox import pending
from referee.store.wall_clock import Clock, utcnow

log = logging.getLogger(__name__)


class Sender:
    """Delivers due outbox messages over one relay connection per pass."""

    def __init__(
        self, factory: sessionmaker[Session], settings: Settings, *, clock: Clock = utcnow
    ) -> None:
        self.factory = factory
        self.settings = settings
        self.clock = clock
        self._smtp: smtplib.SMTP | None = None

    def send_due(self) -> int:
        """Attempt every message that is due; the number delivered."""
        with self.factory() as session:
            due = pending(session, self.clock())
            session.expunge_all()
        delivered = 0
        try:
            for row in due:
                delivered += self._attempt(row)
        finally:
            self._close()
        return delivered

    def _attempt(self, row: OutboxMessage) -> int:
        try:
            smtp = self._connection()
        except (OSError, smtplib.SMTPException) as error:
            # Reaching or logging in to the relay is not this message's fault (a 535 means our
            # credentials are wrong): keep it for a later attempt, whatever the code.
            self._close()
            self._failed(row, f"relay unavailable: {type(error).__name__}: {error}", False)
            return 0
        try:
            refused = smtp.sendmail(row.mail_from, row.rcpt_tos, row.raw)
        except smtplib.SMTPResponseException as error:
            self._close()
            self._failed(row, f"{error.smtp_code} {error.smtp_error!r}", error.smtp_code >= 500)
            return 0
        except smtplib.SMTPRecipientsRefused as error:
            self._close()
            codes = [code for code, _ in error.recipients.values()]
            self._failed(row, f"recipients refused: {error.recipients}", min(codes) >= 500)
            return 0
        except (OSError, smtplib.SMTPException) as error:
            self._close()
            self._failed(row, f"{type(error).__name__}: {error}", permanent=False)
            return 0
        with self.factory.begin() as session:
            stored = session.get_one(OutboxMessage, row.id)
            stored.attempts += 1
            stored.status = "sent"
            stored.sent_at = self.clock()
            stored.last_error = f"some recipients refused: {refused}" if refused else ""
        return 1

    def _failed(self, row: OutboxMessage, error: str, permanent: bool) -> None:
        with self.factory.begin() as session:
            stored = session.get_one(OutboxMessage, row.id)
            stored.attempts += 1
            stored.last_error = error
            if permanent or stored.attempts >= self.settings.relay_max_attempts:
                stored.status = "failed"
                log.error("outbox %s failed for good: %s", row.id, error)
                return
            delay = min(
                self.settings.relay_backoff_cap_seconds,
                self.settings.relay_backoff_seconds * 2 ** (stored.attempts - 1),
            )
            stored.next_attempt_at = self.clock() + timedelta(seconds=delay)
            log.warning("outbox %s: attempt %s failed (%s)", row.id, stored.attempts, error)

    def _connection(self) -> smtplib.SMTP:
        if self._smtp is None:
            settings = self.settings
            smtp = smtplib.SMTP(settings.relay_host, settings.relay_port, timeout=30)
            try:
                if settings.relay_starttls:
                    smtp.starttls(context=ssl.create_default_context())
                if settings.relay_user:
                    smtp.login(settings.relay_user, settings.relay_password)
            except BaseException:
                smtp.close()
                raise
            self._smtp = smtp
        return self._smtp

    def _close(self) -> None:
        if self._smtp is not None:
            try:
                self._smtp.quit()
            except (OSError, smtplib.SMTPException):
                self._smtp.close()
            self._smtp = None

    def seconds_until_due(self) -> float | None:
        """How long until the next pending message is due (None if nothing is pending)."""
        with self.factory() as session:
            soonest = session.scalar(
                select(func.min(OutboxMessage.next_attempt_at)).where(
                    OutboxMessage.status == "pending"
                )
            )
        if soonest is None:
            return None
        return max(0.0, (soonest - self.clock()).total_seconds())

    def run(self, stop: threading.Event, wake: threading.Event) -> None:
        """Deliver until ``stop``; the runner sets ``wake`` when it queues a reply."""
        while not stop.is_set():
            try:
                self.send_due()
                wait = self.seconds_until_due()
            except Exception:
                log.exception("sender: cannot reach the outbox; retrying")
                wait = None
            poll = self.settings.worker_poll_seconds
            wake.wait(poll if wait is None else min(wait, poll))
            wake.clear()
