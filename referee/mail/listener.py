"""The SMTP listener: accept mail for our addresses, commit it, then say 250.

Modelled on Mailman's LMTP runner: the handler only checks the envelope and enqueues the raw
bytes; reading, classifying and answering happen in the runner. Oversize mail is refused by
aiosmtpd itself with 552, both when the client declares ``SIZE=`` in MAIL FROM and when the data
runs past the limit, so a large message is never stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy.orm import Session, sessionmaker

from referee.store import games
from referee.store.inbox import enqueue

log = logging.getLogger(__name__)


class InboxHandler:
    """aiosmtpd handler: RCPT checks the address, DATA commits to the inbox before 250."""

    def __init__(
        self,
        factory: sessionmaker[Session],
        own_addresses: set[str],
        *,
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        self.factory = factory
        self.own = {a.lower() for a in own_addresses}
        self.lounges: set[str] = set()
        self.on_commit = on_commit

    def _refresh(self) -> None:
        with self.factory() as session:
            self.lounges = games.lounge_addresses(session)

    def accepts(self, address: str) -> bool:
        """Mail is taken only for the referee's addresses and the lounges of known games."""
        lowered = address.lower()
        if lowered in self.own or lowered in self.lounges:
            return True
        self._refresh()
        return lowered in self.lounges

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        known = address.lower() in self.own or address.lower() in self.lounges
        if not known and not await asyncio.to_thread(self.accepts, address):
            return f"550 5.1.1 <{address}>: no game lounge or referee here by that address"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Commit, then 250. The commit runs on the event loop's thread: SQLite takes one
        writer at a time anyway, and a thread hop per message cost more than it saved
        (bench/mail.py)."""
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):  # pragma: no cover - only with decode_data=True
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            stored = enqueue(
                self.factory,
                raw,
                mail_from=envelope.mail_from or "",
                rcpt_tos=list(envelope.rcpt_tos),
                source="smtp",
            )
        except Exception:
            log.exception("could not store a message from %s", envelope.mail_from)
            return "451 4.3.0 The referee could not store your message; please try again later"
        if self.on_commit is not None:
            self.on_commit()
        if stored.duplicate:
            return f"250 2.0.0 Already have this message (inbox {stored.id})"
        return f"250 2.0.0 Stored as inbox {stored.id}"


def make_listener(handler: Any, host: str, port: int, max_bytes: int) -> Controller:
    """An aiosmtpd Controller for ``handler`` that refuses mail over ``max_bytes`` with 552."""
    return Controller(handler, hostname=host, port=port, data_size_limit=max_bytes, ident="referee")
