"""The IMAP poller: fetch unseen mail from a mailbox, commit it, only then mark it \\Seen.

It uses IDLE when the server offers it (new mail arrives within moments) and polls otherwise.
Messages are fetched with ``BODY.PEEK[]`` so reading does not set \\Seen; the flag is set one
message at a time after that message is committed, so a crash leaves it unseen and it is
fetched again, where the inbox's deduplication makes the second copy harmless.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parseaddr
from typing import Any

from imapclient import FLAGGED, SEEN, IMAPClient
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.store.inbox import enqueue

log = logging.getLogger(__name__)
_HEADERS = BytesHeaderParser(policy=compat32)
BATCH = 50


def _return_path(raw: bytes) -> str:
    value = _HEADERS.parsebytes(raw, headersonly=True).get("Return-Path")
    return parseaddr(str(value))[1] if value is not None else ""


class Poller:
    """Moves unseen messages from one IMAP mailbox into the inbox."""

    def __init__(
        self,
        factory: sessionmaker[Session],
        settings: Settings,
        *,
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        self.factory = factory
        self.settings = settings
        self.on_commit = on_commit
        self.waiting = threading.Event()

    def connect(self) -> Any:
        """A logged-in client with the configured mailbox selected."""
        client = IMAPClient(
            self.settings.imap_host,
            port=self.settings.imap_port,
            ssl=self.settings.imap_ssl,
            timeout=60,
        )
        client.login(self.settings.imap_user, self.settings.imap_password)
        client.select_folder(self.settings.imap_mailbox)
        return client

    def fetch_unseen(self, client: Any) -> int:
        """Store every unseen message, marking each \\Seen once it is committed."""
        uids = sorted(client.search(["UNSEEN"]))
        stored = 0
        for start in range(0, len(uids), BATCH):
            batch = self._small_enough(client, uids[start : start + BATCH])
            if not batch:
                continue
            for uid, data in sorted(client.fetch(batch, ["BODY.PEEK[]"]).items()):
                raw = data.get(b"BODY[]")
                if raw is None:
                    continue
                enqueue(self.factory, raw, mail_from=_return_path(raw), rcpt_tos=[], source="imap")
                client.add_flags([uid], [SEEN], silent=True)
                stored += 1
                if self.on_commit is not None:
                    self.on_commit()
        return stored

    def _small_enough(self, client: Any, uids: list[int]) -> list[int]:
        """Leave oversize mail in the mailbox, flagged for the operator and marked seen.

        SMTP refuses such mail with 552 before it is stored; IMAP cannot refuse, so the
        message stays where the operator can read it and the referee does not fetch it.
        """
        limit = self.settings.max_message_bytes
        sizes = client.fetch(uids, ["RFC822.SIZE"])
        over = [uid for uid, data in sizes.items() if data.get(b"RFC822.SIZE", 0) > limit]
        if over:
            log.warning("poller: leaving %d oversize message(s) flagged: %s", len(over), over)
            client.add_flags(over, [FLAGGED, SEEN], silent=True)
        return [uid for uid in uids if uid not in over]

    def wait_for_mail(self, client: Any, stop: threading.Event) -> None:
        """Block until the server reports new mail (IDLE) or the polling interval passes."""
        timeout = self.settings.imap_poll_seconds
        self.waiting.set()
        if self.settings.imap_use_idle and b"IDLE" in client.capabilities():
            client.idle()
            try:
                client.idle_check(timeout=timeout)
            finally:
                client.idle_done()
        else:
            stop.wait(timeout)

    def run(self, stop: threading.Event) -> None:
        """Poll until ``stop``, reconnecting after any failure."""
        while not stop.is_set():
            try:
                client = self.connect()
            except Exception:
                log.exception("poller: cannot log in to %s", self.settings.imap_host)
                stop.wait(self.settings.imap_poll_seconds)
                continue
            try:
                while not stop.is_set():
                    self.fetch_unseen(client)
                    self.wait_for_mail(client, stop)
            except Exception:
                log.exception("poller: lost the IMAP connection; reconnecting")
                stop.wait(1.0)
            finally:
                try:
                    client.logout()
                except Exception:
                    log.debug("poller: logout failed", exc_info=True)
