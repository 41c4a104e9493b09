"""A whole game through the real mail path: smtplib -> listener -> runner -> sender -> relay.

From the Speaker's new-game mail to a win, with a join declined, a late turn forced to
Timeout, a take-back, a buzz conceded, a buzz contested to a judgment of Illegal that rolls
back two turns, a judgment of Legal, and resignations. Turns are judged by the scripted desk
(tests/service/harness.py) until the rules engine is connected; time is a hand clock.
"""

from __future__ import annotations

import random
import smtplib
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from sqlalchemy import func, select

from referee.service.app import Service
from referee.service.ledger import archive, standing
from referee.service.timekeeper import run_due
from referee.store.models import BuzzRecord, Game, InboxMessage, Turn
from tests.conftest import REFEREE, RunningSink, free_port, make_settings
from tests.service.harness import SPEAKER, SPEAKER_SECRET, HandClock, ScriptDesk, text

LOUNGE = "mc1@lounge.example.org"
START = datetime(2026, 11, 20, 10, 0)  # a Friday, 10am


class Game1:
    """The players' side of the table: they send mail and read what the relay received."""

    def __init__(self, service: Service, port: int, sink: RunningSink, clock: HandClock) -> None:
        self.service, self.port, self.sink, self.clock = service, port, sink, clock
        self.ids = count(1)
        self.read = 0

    def send(
        self, sender: str, body: str, *, to: str = LOUNGE, subject: str = "[MC 1]"
    ) -> list[Message]:
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = f"<e2e-{next(self.ids)}@example.org>"
        message.set_content(body)
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            client.sendmail(sender, [to], bytes(message))
        return self.settle()

    def speaker(self, command: str) -> list[Message]:
        return self.send(SPEAKER, f"speaker {command}\nSecret: {SPEAKER_SECRET}", to=REFEREE)

    def settle(self, timeout: float = 15.0) -> list[Message]:
        """Wait for the service to answer everything; return what reached the relay since."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.service.factory() as session:
                waiting = session.scalar(
                    select(func.count())
                    .select_from(InboxMessage)
                    .where(InboxMessage.status == "new")
                )
            if waiting == 0 and self.service.sender.seconds_until_due() is None:
                messages = self.sink.sink.messages()
                new, self.read = messages[self.read :], len(messages)
                return new
            time.sleep(0.02)
        raise AssertionError("the service did not settle")

    def deadlines(self, at: datetime) -> list[Message]:
        self.clock.now = at
        run_due(self.service.factory, self.service.settings, at, rng=random.Random(5))
        self.service.sender_wake.set()
        return self.settle()

    def game(self) -> Game:
        with self.service.factory() as session:
            return session.scalars(select(Game).where(Game.number == 1)).one()

    def play(self, name: str, play: str) -> list[Message]:
        self.clock.advance(hours=2)
        return self.send(address(name), f"{name} : {play}", subject="[MC 1] my turn")

    def reply(self, name: str, words: str, turn: int) -> list[Message]:
        self.clock.advance(hours=2)
        return self.send(address(name), words, subject=f"Re: [MC 1] Turn {turn}: a play")


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def lounge_texts(messages: list[Message]) -> list[str]:
    return [text(m) for m in messages if m["To"] == LOUNGE]


@pytest.fixture
def table(tmp_path: Path, relay_sink: RunningSink) -> Iterator[Game1]:
    clock = HandClock(START)
    port = free_port()
    settings = make_settings(
        f"sqlite:///{tmp_path / 'game.sqlite3'}",
        smtp_port=port,
        relay_port=relay_sink.port,
        speaker_address=SPEAKER,
        speaker_secret=SPEAKER_SECRET,
        deadline_poll_seconds=3600,
    )
    service = Service(settings, desk=ScriptDesk(), clock=clock, rng=random.Random(2))
    service.start()
    yield Game1(service, port, relay_sink, clock)
    service.stop()


def test_a_whole_game_by_mail_from_the_speakers_new_game_to_a_win(table: Game1) -> None:
    # Rule 1.1.2: the Speaker opens the game.
    opened = table.speaker(f"new-game {LOUNGE}")
    assert {m["To"] for m in opened} == {SPEAKER, LOUNGE}
    # Rule 1.1.8: four apply, one is declined with a reason, three are approved.
    for name in ("Alice", "Bob", "Carol", "Mallory"):
        asked = table.send(address(name), f"nomic join {name}", to=REFEREE)
        assert {m["To"] for m in asked} == {address(name), SPEAKER}
    declined = table.speaker("decline 1 Mallory: already playing in this lounge as Bob")
    assert any("already playing in this lounge" in text(m) for m in declined)
    for name in ("Alice", "Bob", "Carol"):
        table.speaker(f"approve 1 {name}")
    # Rules 1.1.2 and 1.1.12: the game starts with its order of play.
    [started] = lounge_texts(table.speaker("start 1"))
    order = table.game().order_of_play
    people = [n for n in order if n != "Drone"]
    assert f"The order of play (rule 1.1.12) is: {', '.join(order)}" in started
    first, second, third = people

    # Rule 1.3.5: the first player is late; after Monday 22:00 anyone may force Timeout.
    late = order[0] if order[0] != "Drone" else order[1]
    forcer = next(n for n in people if n != late)
    reminded = table.deadlines(datetime(2026, 11, 23, 10, 0))
    assert [m["To"] for m in reminded] == [address(late)]
    passed = table.deadlines(datetime(2026, 11, 23, 22, 0))
    assert [m["To"] for m in passed] == [address(late)]
    [timeout] = lounge_texts(table.send(address(forcer), f"nomic timeout {late}"))
    assert f"{forcer} has played Timeout for em (rule 1.3.5)" in timeout
    assert table.game().turn_number == 1

    # Rule 1.3.3: a turn taken back and played again.
    table.play(first, "Euston (VC)")
    assert table.game().turn_number == 2
    [taken] = lounge_texts(table.send(address(first), "nomic take-back"))
    assert "deemed never to have happened" in taken and table.game().turn_number == 1
    table.play(first, "Warren Street (VC)")

    # Rule 1.16.3: a buzz conceded; the turn is Illegal and the GSD before it returns.
    before_bank = table.game().state
    table.play(second, "Bank (NT)")  # turn 3
    table.reply(third, "BUZZ Bank is not on the Northern line from there", 3)
    [conceded] = lounge_texts(table.reply(second, "CONCEDE", 3))
    assert "Turn 3 is now Illegal" in conceded
    assert (table.game().state, table.game().turn_number) == (before_bank, 2)

    # Rule 1.16.4: contested to Judgment, ruled Illegal: two turns roll back.
    before_three = table.game().state
    table.play(second, "Moorgate (NT)")  # turn 3
    table.play(third, "Angel (NT)")  # turn 4
    table.reply(first, "BUZZ Moorgate is closed at this Game Time", 3)
    table.reply(second, "CONTEST it opens at dawn", 3)
    drawn = table.reply(first, "CONTEST", 3)
    with table.service.factory() as session:
        referee = session.scalars(select(BuzzRecord).order_by(BuzzRecord.id.desc())).first()
    assert referee is not None and referee.referee == third, "the only player not a party"
    assert any(m["To"] == address(third) for m in drawn), "the drawn referee is told"
    [judged] = lounge_texts(table.reply(third, "ILLEGAL", 3))
    assert "Turn 3 is now Illegal" in judged and "Turn 3 and every turn after it" in judged
    assert (table.game().state, table.game().turn_number) == (before_three, 2)
    with table.service.factory() as session:
        voided = session.scalars(select(Turn.play).where(Turn.status == "voided")).all()
    assert voided == [f"{third} : Angel (NT)"]

    # Rule 1.16.4: a judgment of Legal, and play goes on.
    table.play(second, "Old Street (NT)")  # turn 3 again
    table.reply(third, "BUZZ Old Street is too far", 3)
    table.reply(second, "CONTEST", 3)
    table.reply(third, "CONTEST", 3)
    [legal] = lounge_texts(table.reply(first, "LEGAL", 3))
    assert "Turn 3 is now Legal" in legal and table.game().turn_number == 3

    # Rule 1.1.3: two resign; the last non-Drone player has won.
    table.clock.advance(hours=1)
    table.send(address(third), "nomic resign")
    table.clock.advance(hours=1)
    over = lounge_texts(table.send(address(second), "nomic resign"))
    assert any(f"won by {first}" in t for t in over)
    game = table.game()
    assert (game.status, game.winner) == ("won", first)

    # Rules 1.1.9 and 1.1.5: the winner's points, and the final GSD in the archive.
    with table.service.factory() as session:
        assert standing(session).points == {first: 2}
        assert standing(session).grandmaster == first
        [entry] = archive(session)
    assert entry.final_gsd == game.state and f"| {first}" in entry.final_gsd
    table.clock.advance(days=70)
    assert table.deadlines(table.clock.now) == [], "an ended game owes nothing"


def test_referee_serve_processes_deadlines_by_itself_with_its_clock(
    tmp_path: Path, relay_sink: RunningSink
) -> None:
    from referee.service import deadlines
    from referee.store import games
    from referee.store.db import make_engine, sessions, upgrade

    url = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    with sessions(engine).begin() as session:
        game = games.create_game(session, 1, LOUNGE, START)
        alice = games.add_player(session, "Alice", address("Alice"))
        games.join(session, game, alice, 1)
        deadlines.open_deadline(session, game, deadlines.TURN, "Alice", START, START)
    engine.dispose()
    settings = make_settings(
        url, smtp_port=free_port(), relay_port=relay_sink.port, deadline_poll_seconds=0.05
    )
    service = Service(settings, clock=HandClock(START + timedelta(minutes=1)))
    service.start()
    try:
        [told] = relay_sink.sink.wait_for(1)
    finally:
        service.stop()
    assert told["To"] == address("Alice") and "Time is up" in str(told["Subject"])
