"""Issue 15's living rulebook, done when: a Mornington game by mail in which an amendment of
rule 1.4.18's price list takes effect, the lounge is posted the rulebook's diff, and the next
Turn is judged with the new price.

smtplib -> the referee's SMTP listener -> runner (EngineDesk) -> outbox -> aiosmtpd relay on
loopback, on SQLite and PostgreSQL. The amendment comes as the Speaker's ``speaker amend``
(the chamber's ratified proposals reach the same enactment through ``RulebookEnactor``).

Rule 1.4.18 prices a Chocolate Bar at one Bronze Token and, being Dispensable, sells it at
any Station; every player joins with two Bronze (rule 1.1.8). At two Bronze, buying one
leaves none, where Volume 1's price would leave one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage, Message

from sqlalchemy import select

from referee.notation.gsd import GSD
from referee.service.engine_desk import EngineDesk
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Game, RulesChange
from tests.conftest import LOUNGE, REFEREE, MailPath, seed_game
from tests.service.harness import SPEAKER, SPEAKER_SECRET, HandClock

FIRST = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
SECOND = "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)"
BUY = "Alice : [Purchasing Chocolate Bar] Pass Holborn (CN)"
AMEND = "Amend rule 1.4.18: the price of Chocolate Bar is 2."


def _text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode().replace("\r\n", "\n")


class _Table:
    def __init__(self, path: MailPath) -> None:
        self.path = path
        self.read = 0
        self.number = 0

    def send(self, sender: str, body: str, to: str = LOUNGE) -> list[Message]:
        self.number += 1
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = "[MC 12] rules"
        message["Message-ID"] = f"<rulebook-{self.number}@example.org>"
        message.set_content(body)
        self.path.deliver(message, sender, [to])
        fresh = self.path.replies()[self.read :]
        self.read += len(fresh)
        return fresh

    def bronze(self, name: str) -> int:
        with self.path.service.factory() as session:
            state = session.scalars(select(Game)).one().state or ""
        row = next(r for r in GSD.parse(state).players if r.name == name)
        return row.tokens.br


def test_1_4_18_an_amended_price_takes_effect_by_mail_and_the_next_turn_pays_it(
    db_url: str, mail_path: Callable[..., MailPath]
) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    clock = HandClock(datetime(2026, 11, 25, 20, 0))
    table = _Table(
        mail_path(
            db_url,
            desk=EngineDesk(),
            clock=clock,
            speaker_address=SPEAKER,
            speaker_secret=SPEAKER_SECRET,
        )
    )
    table.send("alice@example.org", FIRST)
    table.send("bob@example.org", SECOND)
    assert table.bronze("Alice") == 2

    clock.advance(hours=1)
    posted = table.send(
        SPEAKER,
        f"speaker amend MC12 Dearer chocolate\n{AMEND}\nSecret: {SPEAKER_SECRET}",
        to=REFEREE,
    )
    [lounge] = [m for m in posted if m["To"] == LOUNGE]
    assert lounge["Subject"] == "[MC 12] Rules version 2: Dearer chocolate"
    body = _text(lounge)
    assert "the rules of game MC 12 are now version 2 (they were version 1)" in body
    assert "-      price of Chocolate Bar: 1\n+      price of Chocolate Bar: 2" in body
    assert "Secret" not in body and SPEAKER_SECRET not in body
    [done] = [m for m in posted if m["To"] == SPEAKER]
    assert "Done" in _text(done)

    [applied] = table.send("alice@example.org", BUY)
    assert applied["Subject"] == f"[MC 12] Turn 3: {BUY}", _text(applied)
    assert table.bronze("Alice") == 0

    [diff] = table.send("bob@example.org", "nomic rules diff 1 2", to=REFEREE)
    assert diff["To"] == "bob@example.org"
    assert "+      price of Chocolate Bar: 2" in _text(diff)
    [shown] = table.send("bob@example.org", "nomic rules", to=REFEREE)
    assert "Version 2: after proposal Dearer chocolate" in _text(shown)
    [beyond] = table.send("bob@example.org", "nomic rules 3", to=REFEREE)
    assert "versions 1 to 2, not 3" in " ".join(_text(beyond).split())

    with table.path.service.factory() as session:
        [change] = session.scalars(select(RulesChange)).all()
        assert (change.version, change.proposal) == (2, "Dearer chocolate")
        assert change.effective_at == datetime(2026, 11, 25, 21, 0)
        assert AMEND in change.text
        assert SPEAKER_SECRET not in change.text, "the Speaker's secret is never kept"


def test_1_4_18_a_speaker_amendment_that_does_not_apply_changes_nothing(
    db_url: str, mail_path: Callable[..., MailPath]
) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    table = _Table(
        mail_path(db_url, desk=EngineDesk(), speaker_address=SPEAKER, speaker_secret=SPEAKER_SECRET)
    )
    [refused] = table.send(
        SPEAKER,
        "speaker amend MC12\nAmend rule 1.4.18: the price of Unicorn is 2.\n"
        f"Secret: {SPEAKER_SECRET}",
        to=REFEREE,
    )
    assert refused["To"] == SPEAKER
    words = " ".join(_text(refused).split())
    assert "Unicorn" in words and "not enacted" in words
    with table.path.service.factory() as session:
        assert session.scalars(select(RulesChange)).all() == []
