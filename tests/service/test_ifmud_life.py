"""The life of an ifMUD Nomic game around its turns, by mail through the SMTP path: silence
counted by the chamber (rules 24, 130) and never by Mornington's two months, the Passive
Voters kept by one owner (rules 31, 32), and a player admitted after the start seated in the
game (rules 12, 27, 148)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.games import Silence, hosted
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.state import GameState
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.service.deadlines import SILENCE, aware
from referee.service.timekeeper import run_due
from referee.store.models import Deadline, Game
from tests.conftest import REFEREE, MailPath
from tests.service.harness import HandClock, text
from tests.service.test_ifmud_by_mail import START

SPEAKER, SECRET = "speaker@example.org", "gavel and bell"
LOUNGE = "ifmud-life@lounge.example.org"
PEOPLE = ("Ann Able", "Ben Baker", "Cat Cole")


def address(name: str) -> str:
    return name.split()[0].lower() + "@example.org"


class Game1:
    """Game MC 1 of ifMUD Nomic, started by the Speaker by mail, and its players' mail."""

    def __init__(self, path: MailPath, clock: HandClock) -> None:
        self.path, self.clock = path, clock
        self.ids = count(1)
        self.read = 0

    def send(self, sender: str, body: str, *, to: str = REFEREE) -> list[Message]:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, to, "[MC 1] play"
        message["Message-ID"] = f"<ifmud-life-{next(self.ids)}@example.org>"
        message.set_content(body)
        self.path.deliver(message, sender, [to])
        self.path.settled()
        return self.new()

    def speaker(self, command: str) -> list[Message]:
        return self.send(SPEAKER, f"speaker {command}\nSecret: {SECRET}")

    def player(self, name: str, body: str) -> list[Message]:
        self.clock.advance(minutes=5)
        return self.send(address(name), body, to=LOUNGE)

    def new(self) -> list[Message]:
        messages = self.path.replies()
        fresh, self.read = messages[self.read :], len(messages)
        return fresh

    def deadlines(self, **later: float) -> list[Message]:
        self.clock.advance(**later)
        service = self.path.service
        run_due(
            service.factory,
            service.settings,
            self.clock(),
            kinds=service.runner.kinds,
            enactor=service.enactor,
        )
        service.sender_wake.set()
        self.path.settled()
        return self.new()

    def game(self) -> Game:
        with self.path.service.factory() as session:
            return session.scalars(select(Game).where(Game.number == 1)).one()

    def state(self) -> GameState:
        return GameState.parse(self.game().state or "")

    def open_deadlines(self) -> list[tuple[str, str | None, object]]:
        with self.path.service.factory() as session:
            rows = session.scalars(
                select(Deadline).where(Deadline.closed_at.is_(None), Deadline.passed_at.is_(None))
            )
            return [(row.kind, row.owed_by, row.due) for row in rows]


@pytest.fixture
def game(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Game1:
    clock = HandClock(START)
    path = mail_path(
        f"sqlite:///{tmp_path / 'ifmud-life.sqlite3'}",
        clock=clock,
        rng=random.Random(11),
        kinds=hosted(lambda: aware(clock())),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
        deadline_poll_seconds=3600,
    )
    table = Game1(path, clock)
    table.speaker(f"new-game {LOUNGE} ifmud-nomic")
    for name in PEOPLE:
        table.send(address(name), f"nomic join {name}")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    return table


def lounge(messages: list[Message]) -> list[str]:
    return [text(m) for m in messages if m["To"] == LOUNGE]


def to(messages: list[Message], name: str) -> list[str]:
    return [text(m) for m in messages if m["To"] == address(name)]


def test_the_kinds_name_their_silence_rule() -> None:
    assert IfmudNomic(lambda: aware(START)).silence is Silence.CHAMBER
    assert OneDayInLondon().silence is Silence.RESIGNS


def test_rule_24_an_ifmud_game_counts_silence_by_its_chamber_never_by_two_months(
    game: Game1,
) -> None:
    week = timedelta(weeks=1)
    opened = game.open_deadlines()
    assert not [row for row in opened if row[0] == SILENCE]
    silences = {who: due for kind, who, due in opened if kind == "chamber-silence"}
    assert silences == dict.fromkeys(PEOPLE, START + week)
    # Ann's posting is a post (rule 23): her week starts again, and no two months start.
    posted = game.player("Ann Able", "end turn")
    assert any("Ann Able played turn 1" in t for t in lounge(posted))
    after = game.open_deadlines()
    assert not [row for row in after if row[0] == SILENCE]
    silences = {who: due for kind, who, due in after if kind == "chamber-silence"}
    assert silences["Ann Able"] == game.clock() + week
    assert silences["Ben Baker"] == START + week
    # A week of Ben's silence is a demerit in the state (rule 24), not a resignation.
    news = lounge(game.deadlines(days=7))
    assert any("Ben Baker incurs a demerit (ifMUD rule 24," in t for t in news)
    assert game.state().player("Ben Baker").demerits == 1
    assert game.game().status == "running"
