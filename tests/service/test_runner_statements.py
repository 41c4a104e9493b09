"""What one applied turn costs the database: every statement the runner sends, counted.

Counts, unlike timings, do not depend on the machine's load. The shape below is the runner's
own: a look at the inbox, then one transaction that claims the message, reads the game with
whether it has a chamber, an open buzz or enactments (one statement), its roster (once,
whoever asks), applies the turn with one conditional UPDATE, keeps the turn, moves the two
deadlines rules 1.3.5 and 1.1.10 keep (one UPDATE closes both), marks the message done and
queues the lounge post. A change that adds a query per turn (the roster read again for each
view of the game, a deadline read before it is closed) fails here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import Engine, event, select

from referee.service.runner import Runner
from referee.store.db import sessions
from referee.store.inbox import enqueue
from referee.store.models import Turn
from referee.store.status import TurnStatus
from tests.conftest import LOUNGE, make_settings, seed_game
from tests.service.harness import engine_desk

FIRST = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
SECOND = "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)"

SHAPE: dict[tuple[str, str], int] = {
    ("BEGIN", ""): 2,  # SQLite's BEGIN IMMEDIATE: the look, then the message's transaction
    ("SELECT", "inbox"): 2,  # the look (no lock held while the mail is read), the claim
    ("SELECT", "games"): 1,  # the game named by the lounge address, with whether it has a
    # chamber, an open buzz (play waits, rule 1.16.1) or enactments (the rules it is judged under)
    ("SELECT", "players"): 1,  # the roster with its seats, for every use in the message
    ("UPDATE", "games"): 1,  # the turn applied only at the version it was judged against
    ("INSERT", "turns"): 1,
    ("UPDATE", "deadlines"): 1,  # closes the turn owed (1.3.5) and the mover's silence (1.1.10)
    ("INSERT", "deadlines"): 2,
    ("UPDATE", "inbox"): 1,  # the message done
    ("INSERT", "outbox"): 1,  # the lounge post
}
"""Each kind of statement an applied turn sends, at most this many times."""

_TABLE = re.compile(r"^\s*(?:SELECT\b.*?\bFROM|INSERT INTO|UPDATE)\s+(\w+)", re.S | re.I)


_NESTED = re.compile(r"\([^()]*\)")


def kind_of(statement: str) -> tuple[str, str]:
    """The verb and the table a statement reads or writes, its subqueries left out (a
    question asked beside the game's row is not a query of its own)."""
    verb = statement.split(None, 1)[0].upper()
    outer, shorter = statement, _NESTED.sub("", statement)
    while shorter != outer:
        outer, shorter = shorter, _NESTED.sub("", shorter)
    found = _TABLE.match(outer)
    return verb, found.group(1) if found is not None and verb != "BEGIN" else ""


class Statements:
    """Every statement sent on ``engine`` while counting."""

    def __init__(self, engine: Engine) -> None:
        self.seen: list[str] = []
        self.counting = False
        event.listen(engine, "before_cursor_execute", self._note)

    def _note(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.counting:
            self.seen.append(statement)

    def kinds(self) -> Counter[tuple[str, str]]:
        return Counter(kind_of(statement) for statement in self.seen)


@pytest.fixture
def counted(engine: Engine) -> Iterator[tuple[Runner, Statements]]:
    seeded = seed_game(sessions(engine))
    runner = Runner(seeded.factory, make_settings(str(engine.url)), engine_desk())
    yield runner, Statements(engine)


def _mail(runner: Runner, sender: str, play: str, mid: str) -> None:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = LOUNGE
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = mid
    message.set_content(play)
    enqueue(runner.factory, bytes(message), mail_from=sender, rcpt_tos=[LOUNGE], source="smtp")


def test_an_applied_turn_sends_each_statement_of_its_shape_at_most_once(
    counted: tuple[Runner, Statements],
) -> None:
    runner, statements = counted
    _mail(runner, "alice@example.org", FIRST, "<t1@x>")
    assert runner.process_one()
    _mail(runner, "bob@example.org", SECOND, "<t2@x>")  # both deadlines now close a row
    statements.counting = True
    assert runner.process_one()
    statements.counting = False
    with runner.factory() as session:
        kept = list(session.scalars(select(Turn.status).order_by(Turn.id)))
    assert kept == [TurnStatus.APPLIED, TurnStatus.APPLIED]
    kinds = statements.kinds()
    over = {kind: n for kind, n in kinds.items() if n > SHAPE.get(kind, 0)}
    assert not over, f"statements beyond the turn's shape: {over}\n" + "\n".join(statements.seen)
    assert sum(kinds.values()) <= sum(SHAPE.values())
