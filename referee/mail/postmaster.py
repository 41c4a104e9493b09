"""Mail to ``postmaster``: accepted for every domain the listener serves, kept, and forwarded
to the operator, never read as a turn.

RFC 5321 section 4.5.1 asks every SMTP server to accept mail for ``postmaster`` at each of
its domains (and for the bare local part): it is how other mail operators report a problem.
Such mail is committed to the inbox like any other, and in the same transaction a copy is
queued in the outbox for ``REFEREE_POSTMASTER_ADDRESS``, the original attached whole. Mail
only for postmaster is stored with status ``forwarded`` (or ``postmaster`` when no operator
address is set, for ``referee db inbox``), so the runner never claims it; mail also for the
referee or a lounge keeps status ``new`` and is read as usual as well.
"""

from __future__ import annotations

import logging
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from sqlalchemy import Connection

from referee.config import Settings
from referee.mail.compose import compose
from referee.store import outbox

log = logging.getLogger(__name__)

LOCAL_PART = "postmaster"


def is_postmaster(address: str, domains: set[str]) -> bool:
    """Whether ``address`` is postmaster (any case) at one of ``domains``, or bare."""
    local, _, domain = address.strip().strip("<>").rpartition("@")
    if not local:
        return domain.lower() == LOCAL_PART
    return local.lower() == LOCAL_PART and domain.lower() in domains


class Postmaster:
    """Forwards postmaster mail to the operator inside the inbox's own transaction."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @property
    def operator(self) -> str:
        return self.settings.postmaster_address

    def queue_forward(
        self,
        connection: Connection,
        *,
        inbox_id: int,
        raw: bytes,
        mail_from: str,
        rcpt_tos: list[str],
        now: datetime,
    ) -> None:
        """Queue the forward of inbox message ``inbox_id`` to the operator, if one is set."""
        if not self.operator:
            log.warning(
                "postmaster mail (inbox %s) kept: REFEREE_POSTMASTER_ADDRESS unset", inbox_id
            )
            return
        message = self._forward(raw, mail_from, rcpt_tos, now)
        connection.execute(
            outbox.new_row(
                message,
                mail_from=self.settings.address,
                rcpt_tos=[self.operator],
                inbox_id=inbox_id,
                now=now,
            )
        )

    def _forward(
        self, raw: bytes, mail_from: str, rcpt_tos: list[str], now: datetime
    ) -> EmailMessage:
        original = BytesParser(policy=policy.default).parsebytes(raw)
        subject = " ".join(str(original.get("Subject", "") or "").split())
        message = compose(
            sender=self.settings.address,
            sender_name=self.settings.display_name,
            to=[self.operator],
            subject=f"Postmaster mail from {mail_from or '<>'}: {subject}"[:200],
            body=(
                f"Mail for {', '.join(rcpt_tos)} from {mail_from or 'an empty return path'} "
                "reached the referee's postmaster address (RFC 5321 section 4.5.1). It was not "
                "read as a turn and nobody was answered; the message is attached whole.\n"
            ),
            loop_token=self.settings.loop_token,
            in_reply_to=None,
            references=[],
            now=now,
        )
        message.replace_header("Auto-Submitted", "auto-forwarded")
        try:
            message.add_attachment(original)
        except (TypeError, ValueError, LookupError):
            message.add_attachment(
                raw, maintype="application", subtype="octet-stream", filename="original.eml"
            )
        return message
