"""Stopping the service is prompt even while the runner is deep in one message, and loses
nothing: the message in hand is rolled back and processed again by the next start."""

from __future__ import annotations

import smtplib
import threading
import time
from email.message import EmailMessage

from sqlalchemy import select

from referee.games.kind import GameView, PlayerView, TurnOutcome
from referee.games.mornington import NoEngineDesk
from referee.service.app import Service
from referee.service.runner import Runner
from referee.store.models import InboxMessage, OutboxMessage, Turn
from tests.conftest import LOUNGE, RunningSink, Seeded, free_port, make_settings


class SlowDesk:
    """A desk that takes as long as the test says: it judges only once released."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        self.entered.set()
        self.release.wait(30)
        return TurnOutcome("not_adjudicated", explanation="slow")


def test_stop_during_a_long_judgement_is_prompt_and_the_message_stays_new(
    seeded: Seeded, sqlite_url: str, relay_sink: RunningSink
) -> None:
    desk = SlowDesk()
    settings = make_settings(sqlite_url, smtp_port=free_port(), relay_port=relay_sink.port)
    service = Service(settings, desk=desk)
    service.start()
    try:
        message = EmailMessage()
        message["From"] = "alice@example.org"
        message["To"] = LOUNGE
        message["Subject"] = "[MC 12] my turn"
        message.set_content("Pass")
        with smtplib.SMTP("127.0.0.1", settings.smtp_port) as client:
            client.send_message(message, "alice@example.org", [LOUNGE])
        assert desk.entered.wait(10), "the runner never reached the desk"
        started = time.monotonic()
        service.stop(grace=0.3)
        assert time.monotonic() - started < 2.0
    finally:
        desk.release.set()
    [runner] = [thread for thread in service.threads if thread.name == "runner"]
    runner.join(10)
    assert not runner.is_alive()
    with seeded.factory() as session:
        [row] = session.scalars(select(InboxMessage)).all()
        assert row.status == "new"
        assert session.scalars(select(OutboxMessage)).all() == []
        assert session.scalars(select(Turn)).all() == []
    assert Runner(seeded.factory, settings, NoEngineDesk()).drain() == 1
    with seeded.factory() as session:
        row = session.scalars(select(InboxMessage)).one()
        assert row.status == "done" and row.note.startswith("turn received")
