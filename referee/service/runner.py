"""The runner: takes each inbox message exactly once, decides what it is, and answers it.

The message is read first, with no transaction open (:func:`referee.service.chain.read_letter`).
Then claiming it, everything done about it (turns recorded, replies queued) and marking it
finished happen in one transaction, in which the classification chain
(:data:`referee.service.classify.CHAIN`) decides what it is. A crash anywhere before the
commit leaves the message ``new`` with nothing else changed, so it is processed again from
the start; after the commit it is never processed again. On PostgreSQL the claim is
``FOR UPDATE SKIP LOCKED`` so several runners share the queue; on SQLite ``BEGIN IMMEDIATE``
makes runners take turns.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Iterable
from datetime import timedelta

from sqlalchemy import Connection, Engine, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, load_only, sessionmaker

from referee.config import Settings
from referee.games import GameKind, Kinds
from referee.games.mornington import MorningtonNomic, TurnDesk
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.service import gsd_edits, roster
from referee.service.chain import Handling, Rule, Work, read_letter, run_chain
from referee.service.classify import CHAIN
from referee.service.enactment import Enactor, RecordOnly
from referee.service.rulebook import RulebookEnactor
from referee.store.models import InboxMessage
from referee.store.status import InboxStatus
from referee.store.wall_clock import Clock, utcnow

log = logging.getLogger(__name__)

__all__ = ["Handling", "Runner", "mornington"]


def mornington(desk: TurnDesk) -> MorningtonNomic:
    """Mornington Nomic judged by ``desk``, with the service's GSD edits for whose turn it
    is and for a new game's opening."""
    return MorningtonNomic(
        desk,
        to_play=gsd_edits.to_play,
        opening=lambda number, rng: gsd_edits.new_game(number, gsd_edits.random_game_time(rng)),
    )


class _Abandoned(Exception):
    """Raised inside a message's transaction to roll it back at shutdown."""


class Runner:
    """Processes the inbox one message per transaction, handing turns to the game's kind.

    Every game of Mornington Nomic is judged by ``desk``, every game of One Day in London by
    its kind; ``kinds`` adds other kinds of game.
    """

    def __init__(
        self,
        factory: sessionmaker[Session],
        settings: Settings,
        desk: TurnDesk,
        *,
        clock: Clock = utcnow,
        on_queued: threading.Event | None = None,
        rng: random.Random | None = None,
        kinds: Iterable[GameKind] = (),
        chain: tuple[Rule, ...] = CHAIN,
        enactor: Enactor | None = None,
    ) -> None:
        self.factory = factory
        self.settings = settings
        self.desk = desk
        self.kinds = Kinds([mornington(desk), OneDayInLondon(), *kinds])
        self.chain = chain
        self.enactor: Enactor = enactor or RulebookEnactor(RecordOnly())
        """What a ratified proposal taking effect does to a game's rules (the chamber)."""
        self.clock = clock
        self.on_queued = on_queued
        self.rng = rng or random.SystemRandom()
        self.timing = roster.Timing(timedelta(hours=settings.reminder_lead_hours))
        self.abandon = threading.Event()
        """Set at shutdown when waiting longer is not wanted: the message in hand is rolled
        back (left ``new``, processed again from the start by the next runner), never half
        committed, and no new one is taken."""

    def process_one(self) -> bool:
        """Process the oldest new message; False when there was none.

        The message is looked at before it is claimed, with no lock held while it is read, so
        another runner may take it meanwhile: then the next one is looked at, so that True
        always means one message was finished by this call.
        """
        engine: Engine = self.factory.kw["bind"]
        while not self.abandon.is_set():
            # One connection for the look and the message's transaction: one check-out (and
            # its liveness ping) per message, not two. No transaction is open between them.
            with engine.connect() as connection:
                found = self._next_new(connection)
                if found is None:
                    return False
                finished = self._process(connection, *found)
            if finished is not None:
                return finished
        return False

    def _process(
        self,
        connection: Connection,
        inbox_id: int,
        raw: bytes,
        rcpt_tos: list[str],
        mail_from: str,
        source: str,
    ) -> bool | None:
        """Read, claim and handle one message; None when another runner claimed it first."""
        try:
            letter = read_letter(
                inbox_id, raw, rcpt_tos=list(rcpt_tos), mail_from=mail_from, source=source
            )
            with self.factory(bind=connection) as session, session.begin():
                row = self._claim(session, inbox_id)
                if row is None:
                    return None  # another runner took it first
                if letter.raw != raw:  # the secret redacted: only its hash is kept anywhere
                    row.raw = letter.raw
                work = Work(
                    letter=letter,
                    session=session,
                    settings=self.settings,
                    kinds=self.kinds,
                    now=self.clock(),
                    rng=self.rng,
                    timing=self.timing,
                    row=row,
                    enactor=self.enactor,
                )
                work.handling.notes.extend(letter.notes)
                handling = run_chain(self.chain, work)
                if self.abandon.is_set():
                    raise _Abandoned
                row.status = handling.status
                row.note = "; ".join([*handling.notes, row.note] if row.note else handling.notes)
                row.processed_at = self.clock()
        except _Abandoned:
            log.warning("runner: stopped while on inbox %s; it stays new", inbox_id)
            return False
        except OperationalError:
            raise  # the database is unwell, not the message: leave it new and retry later
        except Exception:
            log.exception("runner: inbox %s could not be processed; quarantining it", inbox_id)
            self._quarantine_after_crash(inbox_id)
            return True
        if handling.queued and self.on_queued is not None:
            self.on_queued.set()
        return True

    def drain(self) -> int:
        """Process until the inbox has nothing new; the number processed."""
        count = 0
        while self.process_one():
            count += 1
        return count

    def run(self, stop: threading.Event, wake: threading.Event) -> None:
        """Work until ``stop``; sleep on ``wake`` (set by the listener) between batches."""
        while not stop.is_set():
            try:
                busy = self.process_one()
            except Exception:
                log.exception("runner: cannot reach the inbox; retrying")
                busy = False
            if not busy:
                wake.wait(self.settings.worker_poll_seconds)
                wake.clear()

    def _next_new(self, connection: Connection) -> tuple[int, bytes, list[str], str, str] | None:
        """The oldest new message no other runner holds: its id, raw bytes and envelope.

        The row is only looked at here (its lock, if any, ends with this short transaction),
        so no transaction is open while the text is parsed; :meth:`_claim` then takes it for
        good, or finds another runner did first.
        """
        with connection.begin():
            found = connection.execute(
                select(
                    InboxMessage.id,
                    InboxMessage.raw,
                    InboxMessage.rcpt_tos,
                    InboxMessage.mail_from,
                    InboxMessage.source,
                )
                .where(InboxMessage.status == InboxStatus.NEW)
                .order_by(InboxMessage.id)
                .limit(1)
                .with_for_update(skip_locked=True)
            ).first()
        if found is None:
            return None
        inbox_id, raw, rcpt_tos, mail_from, source = found
        return inbox_id, raw, list(rcpt_tos), mail_from, source

    def _claim(self, session: Session, inbox_id: int) -> InboxMessage | None:
        """Lock the row if it is still new; its bytes, already read by :meth:`_next_new`,
        are not fetched again (the row's ``raw`` is written only when redacted)."""
        query = (
            select(InboxMessage)
            .options(load_only(InboxMessage.id, InboxMessage.status, InboxMessage.note))
            .where(InboxMessage.id == inbox_id, InboxMessage.status == InboxStatus.NEW)
            .with_for_update(skip_locked=True)
        )
        return session.scalars(query).first()

    def _quarantine_after_crash(self, inbox_id: int) -> None:
        """A message that makes the runner fail is kept aside, not retried forever."""
        with self.factory.begin() as session:
            row = session.get(InboxMessage, inbox_id, with_for_update=True)
            if row is not None and row.status == InboxStatus.NEW:
                row.status = InboxStatus.QUARANTINED
                row.note = "the runner failed on this message; see the service log"
                row.processed_at = self.clock()
