"""The chamber end to end: players mail the referee over SMTP, the service's own deadline
thread (``referee serve``) keeps time by an injected clock, and what reaches the relay is
what the players read. ifMUD Nomic rules 10-13, 21, 24, 31, 32, 34, 40 and 128.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import func, or_, select

from referee.cli import main
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Deadline
from tests.conftest import LOUNGE, REFEREE, MailPath, seed_game
from tests.service.harness import HandClock

T0 = datetime(2026, 11, 2, 9, 30)
"""A Monday morning: the chamber of MC 12 opens."""

SPEAKER = "speaker@example.org"
SECRET = "gavel and bell"


def _text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return " ".join(payload.decode().split())


@dataclass
class Floor:
    """Game MC 12 with Alice, Bob and Carol seated and its chamber open, on a running service."""

    path: MailPath
    clock: HandClock
    seen: int = 0
    ids: count[int] = field(default_factory=lambda: count(1))

    def say(self, who: str, body: str) -> None:
        """``who`` mails ``body`` to the lounge address (directly, as the referee reads it)."""
        message = EmailMessage()
        message["From"] = f"{who} <{who.lower()}@example.org>"
        message["To"] = LOUNGE
        message["Subject"] = "[MC 12] chamber"
        message["Message-ID"] = f"<c{next(self.ids)}@example.org>"
        message.set_content(body)
        self.path.deliver(message, f"{who.lower()}@example.org", [LOUNGE])
        self.path.settled()

    def tick(self, moment: datetime) -> None:
        """Set the clock to ``moment`` and wait for the service's deadline thread to do
        everything due by then."""
        self.clock.now = moment
        until = time.monotonic() + 15
        factory = self.path.service.factory
        while time.monotonic() < until:
            with factory() as session:
                due = session.scalar(
                    select(func.count())
                    .select_from(Deadline)
                    .where(
                        Deadline.closed_at.is_(None),
                        Deadline.passed_at.is_(None),
                        or_(
                            Deadline.due <= moment,
                            (Deadline.remind_at <= moment) & Deadline.reminded_at.is_(None),
                        ),
                    )
                )
            if not due:
                self.path.settled()
                return
            time.sleep(0.02)
        raise AssertionError("the deadline thread did not catch up")

    def posts(self) -> list[Message]:
        """What reached the relay since the last look."""
        messages = self.path.replies()
        new = messages[self.seen :]
        self.seen = len(messages)
        return new

    def lounge(self) -> list[str]:
        """The subjects and bodies of the new lounge posts, as 'subject | body'."""
        return [f"{m['Subject']} | {_text(m)}" for m in self.posts() if m["To"] == LOUNGE]


@pytest.fixture
def floor(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Floor:
    return open_floor(tmp_path, mail_path, poll=0.02)


def open_floor(
    tmp_path: Path, mail_path: Callable[..., MailPath], *, poll: float, **service: Any
) -> Floor:
    """Game MC 12 (Mornington Nomic, started) with Alice, Bob and Carol seated and its chamber
    open, on a running service whose deadline thread polls the injected clock every ``poll``
    seconds; ``service`` goes to the mail path (a desk, say)."""
    url = f"sqlite:///{tmp_path / 'chamber.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    seeded = seed_game(sessions(engine))
    with seeded.factory.begin() as session:
        game = games.game_by_number(session, 12)
        assert game is not None
        games.join(session, game, games.add_player(session, "Carol", "carol@example.org"), 3)
    engine.dispose()
    clock = HandClock(T0)
    path = mail_path(
        url,
        clock=clock,
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
        deadline_poll_seconds=poll,
        **service,
    )
    floor = Floor(path, clock)
    opening = EmailMessage()
    opening["From"], opening["To"], opening["Subject"] = SPEAKER, REFEREE, "chamber"
    opening["Message-ID"] = "<open@example.org>"
    opening.set_content(f"speaker chamber 12\nSecret: {SECRET}")
    path.deliver(opening, SPEAKER, [REFEREE])
    path.settled()
    [news] = [p for p in floor.lounge() if "The chamber is open" in p]
    assert "Players: Alice, Bob, Carol" in news
    return floor


def _refusal(floor: Floor, who: str) -> str:
    [answer] = [m for m in floor.posts() if m["To"] == f"{who.lower()}@example.org"]
    return _text(answer)


def test_rule_10_silence_for_72_hours_is_an_aye_and_the_proposer_ratifies(floor: Floor) -> None:
    floor.say("Alice", "propose Cheap fares [A]\nEvery fare is halved.")
    [posted] = floor.lounge()
    assert "Proposal: Cheap fares [A]" in posted and "Every fare is halved." in posted
    assert (
        "aye: Alice; implied aye (silent 72 hours): none; nay: none; not yet voted: Bob, Carol"
        in posted
    )
    floor.clock.now = T0 + timedelta(hours=1)
    floor.say("Bob", "vote aye Cheap fares [A]")
    assert "Bob votes aye on Cheap fares [A]" in floor.lounge()[0]

    floor.clock.now = T0 + timedelta(hours=59)
    floor.say("Alice", "ratify Cheap fares [A]")
    refusal = _refusal(floor, "Alice")
    assert "not agreed by every player counted" in refusal
    assert "ifMUD rule 10, proposals and votes" in refusal and "Nothing has changed" in refusal

    floor.tick(T0 + timedelta(hours=60))
    reminders = floor.posts()
    assert [m["To"] for m in reminders] == ["carol@example.org"], "only the silent player"
    assert "unless you vote by Thursday 05 November 09:30 UTC you are taken as voting aye" in _text(
        reminders[0]
    )

    floor.tick(T0 + timedelta(hours=72))
    [seventy_two] = floor.lounge()
    assert "implied aye (silent 72 hours): Carol" in seventy_two
    assert "Alice may now ratify it by writing 'ratify Cheap fares [A]'" in seventy_two

    floor.clock.now = T0 + timedelta(hours=73)
    floor.say("Alice", "ratify Cheap fares [A]")
    [ratified] = floor.lounge()
    assert "Cheap fares [A] is ratified" in ratified and "Every fare is halved." in ratified
    assert "takes effect at Thursday 05 November 11:30 UTC, one hour from this post" in ratified
    assert "aye: Alice, Bob; implied aye (silent 72 hours): Carol" in ratified


def test_rule_10_the_issue_is_agreed_one_hour_after_ratification(floor: Floor) -> None:
    floor.say("Alice", "propose Open the Attic [A]\nThe Attic is connected to the Lounge.")
    floor.say("Bob", "vote aye Open the Attic [A]")
    floor.say("Carol", "vote aye Open the Attic [A]")
    floor.clock.now = T0 + timedelta(minutes=10)
    floor.say("Alice", "ratify Open the Attic [A]")
    floor.lounge()
    floor.clock.now = T0 + timedelta(minutes=20)
    floor.say("Carol", "vote nay Open the Attic [A]")
    assert "voting on it is complete" in _refusal(floor, "Carol")
    floor.tick(T0 + timedelta(minutes=69))
    assert floor.lounge() == [], "not before the hour has passed"
    floor.tick(T0 + timedelta(minutes=70))
    effect, recorded = floor.lounge()
    assert "Open the Attic [A] is in effect" in effect
    assert "took effect at Monday 02 November 10:40 UTC" in effect
    assert "recorded, not adjudicated" in recorded and "connected to the Lounge" in recorded


def test_rule_10_a_nay_lets_another_player_declare_the_proposal_dead(floor: Floor) -> None:
    floor.say("Alice", "propose No more Mondays [A]\nMondays are abolished.")
    floor.say("Bob", "vote nay No more Mondays [A]")
    floor.lounge()
    floor.say("Bob", "dead No more Mondays [A]")
    assert "you are the only nay on No more Mondays [A]" in _refusal(floor, "Bob")
    floor.say("Carol", "dead No more Mondays [A]")
    [dead] = floor.lounge()
    assert "Carol declares No more Mondays [A] dead, after a nay" in dead
    floor.say("Alice", "vote aye No more Mondays [A]")
    assert "is dead: voting on it is complete" in _refusal(floor, "Alice")
    floor.say("Alice", "propose no more mondays [A]\nAgain.")
    refusal = _refusal(floor, "Alice")
    assert "already used by an earlier proposal" in refusal
    assert "ifMUD rule 34, proposal names" in refusal


def test_rule_34_a_name_without_a_referent_is_refused_and_changes_nothing(floor: Floor) -> None:
    floor.say("Alice", "propose Cheap fares\nEvery fare is halved.")
    refusal = _refusal(floor, "Alice")
    assert "must end with your name, initials or another referent" in refusal
    floor.say("Alice", "proposals")
    [listing] = [_text(m) for m in floor.posts()]
    assert "No proposal has been made." in listing


def test_rule_3_a_stranger_cannot_vote(floor: Floor) -> None:
    floor.say("Mallory", "vote aye Anything [M]")
    [answer] = floor.posts()
    assert answer["To"] == "mallory@example.org"
    assert "is not registered for any player of game MC 12" in _text(answer)


def test_rule_21_sectional_consent_counts_only_the_section(floor: Floor) -> None:
    floor.say("Alice", "propose Two of us [A]\nConsent of: Alice, Bob\nAlice and Bob swap seats.")
    [posted] = floor.lounge()
    assert "Consent of: Alice, Bob" in posted and "not yet voted: Bob" in posted
    floor.say("Carol", "vote nay Two of us [A]")
    assert "not counted: Carol" in floor.lounge()[0]
    floor.say("Bob", "vote aye Two of us [A]")
    floor.say("Alice", "ratify Two of us [A]")
    assert any("Two of us [A] is ratified" in p for p in floor.lounge())


def test_rules_31_and_32_a_passive_voter_votes_aye_on_every_new_proposal(floor: Floor) -> None:
    floor.say("Carol", "passive on")
    assert "Carol is now on the Passive Voters list (ifMUD rule 32" in floor.lounge()[0]
    floor.say("Alice", "propose Quiet please [A]\nNo shouting in the Lounge.")
    [posted] = floor.lounge()
    assert "aye: Alice, Carol;" in posted and "not yet voted: Bob" in posted
    floor.say("Bob", "vote aye Quiet please [A]")
    floor.say("Alice", "ratify Quiet please [A]")
    assert any("Quiet please [A] is ratified" in p for p in floor.lounge())
    floor.say("Alice", "proposals")
    listing = _text(floor.posts()[0])
    assert "Passive Voters (ifMUD rule 31, the Passive Voters list): Carol" in listing


def test_rule_40_a_silent_player_is_made_passive_by_all_the_others(floor: Floor) -> None:
    floor.clock.now = T0 + timedelta(hours=71)
    floor.say("Alice", "propose Wake Carol [A]\nPassive: Carol")
    assert "less than 72 hours ago" in _refusal(floor, "Alice")
    floor.clock.now = T0 + timedelta(hours=73)
    floor.say("Alice", "propose Wake Carol [A]\nPassive: Carol")
    floor.say("Bob", "vote aye Wake Carol [A]")
    floor.say("Alice", "ratify Wake Carol [A]")
    floor.lounge()
    floor.tick(T0 + timedelta(hours=74))
    assert any(
        "Carol is now on the Passive Voters list (ifMUD rule 40" in p for p in floor.lounge()
    )


def test_rule_128_an_undecided_proposal_dies_after_two_weeks(floor: Floor) -> None:
    floor.say("Alice", "propose Forever [A]\nThe game never ends.")
    floor.say("Bob", "vote nay Forever [A]")
    floor.posts()
    for day in range(1, 14):  # everyone keeps posting, so no demerits muddle the lounge
        floor.clock.now = T0 + timedelta(days=day)
        for who in ("Alice", "Bob", "Carol"):
            floor.say(who, "proposals")
    floor.posts()
    floor.tick(T0 + timedelta(weeks=2) - timedelta(hours=12))
    [reminder] = floor.posts()
    assert reminder["To"] == "alice@example.org"
    assert "dead at Monday 16 November 09:30 UTC unless it is ratified" in _text(reminder)
    floor.tick(T0 + timedelta(weeks=2))
    [dead] = floor.lounge()
    assert "Forever [A] was neither ratified nor declared dead within two weeks" in dead
    assert "ifMUD rule 128" in dead


def test_rules_24_and_11_demerits_at_one_week_and_removal_at_three(floor: Floor) -> None:
    def keep_posting(until: datetime) -> None:
        moment = floor.clock.now
        while moment < until:
            moment = min(moment + timedelta(days=3), until)
            floor.tick(moment)
            for who in ("Alice", "Bob"):
                floor.say(who, "proposals")

    keep_posting(T0 + timedelta(days=6, hours=12))
    reminders = [m for m in floor.posts() if m["To"] == "carol@example.org"]
    assert len(reminders) == 1 and "unless you post by Monday 09 November 09:30 UTC" in _text(
        reminders[0]
    )
    floor.tick(T0 + timedelta(weeks=1))
    [demerit] = floor.lounge()
    assert "Carol incurs a demerit (ifMUD rule 24, a week without posting) and now has 1" in demerit
    keep_posting(T0 + timedelta(weeks=3) - timedelta(minutes=1))
    floor.posts()
    floor.tick(T0 + timedelta(weeks=3))
    news = floor.lounge()
    assert any("Carol incurs a demerit" in p and "now has 3" in p for p in news)
    assert any("Carol has three demerits and is removed from the game" in p for p in news)
    floor.say("Carol", "vote aye Anything [A]")
    assert "was removed with three demerits" in _refusal(floor, "Carol")


def test_referee_deadlines_run_takes_the_chamber_steps_too(
    tmp_path: Path, mail_path: Callable[..., MailPath], monkeypatch: pytest.MonkeyPatch
) -> None:
    floor = open_floor(tmp_path, mail_path, poll=3600)
    floor.say("Alice", "propose Later [A]\nSomething later.")
    floor.posts()
    monkeypatch.setenv("REFEREE_DATABASE_URL", floor.path.service.settings.database_url)
    monkeypatch.setenv("REFEREE_RELAY_PORT", str(floor.path.sink.port))
    monkeypatch.setenv("REFEREE_ADDRESS", REFEREE)
    cli = CliRunner()
    early = cli.invoke(main, ["deadlines", "run", "--now", "2026-11-04T21:30Z"])
    assert "2026-11-04 21:30 UTC: 1 reminded, 0 passed" in early.output, early.output
    result = cli.invoke(main, ["deadlines", "run", "--now", "2026-11-05T09:30Z"])
    assert "2026-11-05 09:30 UTC: 0 reminded, 1 passed" in result.output, result.output
    subjects = [str(m["Subject"]) for m in floor.path.sink.sink.messages()[floor.seen :]]
    assert "[MC 12] Later [A]: 72 hours" in subjects
    assert "[MC 12] Reminder: you have not voted on Later [A]" in subjects
