"""The running service: listener, poller, runner and sender wired to one database.

Each part runs in its own thread and they speak only through the database, nudged by events
so a reply leaves moments after its message arrives: the listener (and poller) wake the runner
after each commit, the runner wakes the sender after queuing replies. Anything killed at any
moment is picked up from the tables at the next start.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Iterable

from referee.config import Settings
from referee.games import GameKind, hosted
from referee.mail.listener import InboxHandler, make_listener
from referee.mail.poller import Poller
from referee.mail.postmaster import Postmaster
from referee.mail.sender import Sender
from referee.service.deadlines import aware
from referee.service.desk import TurnDesk
from referee.service.enactment import Enactor, by_kind
from referee.service.engine_desk import EngineDesk
from referee.service.runner import Runner
from referee.service.timekeeper import run_due
from referee.store.db import make_engine, sessions, upgrade
from referee.store.wall_clock import Clock, utcnow

log = logging.getLogger(__name__)

STOP_GRACE = 5.0
"""Seconds ``Service.stop`` waits for workers to finish the message in hand."""


class Service:
    """Everything ``referee serve`` runs, startable and stoppable from tests and the demo.

    Turns are judged by the rules engine (:class:`EngineDesk`) unless a test passes a desk;
    ``kinds`` are the kinds of game hosted beside Mornington Nomic (:mod:`referee.games`), by
    default those :func:`referee.games.hosted` builds on the service's clock. The enactor is
    by default :func:`referee.service.enactment.by_kind`'s for those kinds."""

    def __init__(
        self,
        settings: Settings,
        *,
        desk: TurnDesk | None = None,
        clock: Clock = utcnow,
        rng: random.Random | None = None,
        kinds: Iterable[GameKind] | None = None,
        enactor: Enactor | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        if kinds is None:
            kinds = hosted(lambda: aware(clock()))
        self.engine = make_engine(
            settings.database_url, sqlite_synchronous=settings.sqlite_synchronous
        )
        upgrade(self.engine)
        self.factory = sessions(self.engine)
        self.stopping = threading.Event()
        self.runner_wake = threading.Event()
        self.sender_wake = threading.Event()
        self.handler = InboxHandler(
            self.factory,
            {settings.address},
            on_commit=self.runner_wake.set,
            postmaster=Postmaster(settings),
        )
        self.listener = make_listener(
            self.handler,
            settings.smtp_host,
            settings.smtp_port,
            settings.max_message_bytes,
            server_name=settings.helo_name,
        )
        self.runner = Runner(
            self.factory,
            settings,
            desk or EngineDesk(),
            clock=clock,
            on_queued=self.sender_wake,
            rng=rng,
            kinds=kinds,
            enactor=enactor,
        )
        self.enactor: Enactor = enactor or by_kind(self.runner.kinds)
        self.runner.enactor = self.enactor
        self.sender = Sender(self.factory, settings, clock=clock)
        self.poller = (
            Poller(self.factory, settings, on_commit=self.runner_wake.set)
            if settings.imap_host
            else None
        )
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        """Start every part; the listener is accepting when this returns."""
        try:
            self.listener.start()
        except BaseException:
            self.listener.loop.close()
            self.handler.close()
            self.engine.dispose()
            raise
        self._spawn("runner", self.runner.run, self.stopping, self.runner_wake)
        self._spawn("sender", self.sender.run, self.stopping, self.sender_wake)
        if self.poller is not None:
            self._spawn("poller", self.poller.run, self.stopping)
        self._spawn("deadlines", self.keep_time, self.stopping)

    def keep_time(self, stop: threading.Event) -> None:
        """Process deadlines as they fall due, at ``deadline_poll_seconds`` with the clock."""
        while not stop.is_set():
            try:
                done = run_due(
                    self.factory,
                    self.settings,
                    self.clock(),
                    enactor=self.enactor,
                    kinds=self.runner.kinds,
                )
                if done.reminded or done.passed:
                    self.sender_wake.set()
            except Exception:
                log.exception("deadlines: cannot process; retrying")
            stop.wait(self.settings.deadline_poll_seconds)

    def _spawn(self, name: str, target: object, *args: object) -> None:
        thread = threading.Thread(target=target, args=args, name=name, daemon=True)  # type: ignore[arg-type]
        thread.start()
        self.threads.append(thread)

    def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop taking mail, give the workers ``grace`` seconds to finish their current
        message, then return.

        A runner still busy after that (a long judgement) abandons its message: the
        transaction is rolled back, so the message stays ``new`` with nothing sent, and the
        next start processes it from the beginning (the one-transaction-per-message rule).
        """
        self.listener.stop()
        self.handler.close()
        self.stopping.set()
        self.runner_wake.set()
        self.sender_wake.set()
        until = time.monotonic() + grace
        for thread in self.threads:
            left = max(0.0, until - time.monotonic())
            thread.join(timeout=left if thread.name != "poller" else min(left, 0.5))
        if any(thread.is_alive() for thread in self.threads if thread.name == "runner"):
            self.runner.abandon.set()
            log.warning("stop: the runner is still busy; its message is rolled back")
        self.engine.dispose()
