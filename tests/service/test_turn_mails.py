"""Golden files for the mails a judged turn produces, rendered by the real runner and engine.

Each case sends one turn through the runner with the :class:`EngineDesk` on a started game and
compares the reply (recipients, subject, body) with ``tests/golden/mail/<case>.txt``. Set
``REFEREE_UPDATE_GOLDEN=1`` to rewrite them after a deliberate change, then read the diff.
"""

from __future__ import annotations

import os
from datetime import datetime
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from referee.service.desk import GameView, PlayerView, TurnOutcome
from referee.service.engine_desk import EngineDesk
from referee.service.runner import Runner
from referee.store.inbox import enqueue
from referee.store.models import Game, OutboxMessage, Turn
from tests.conftest import LOUNGE, Seeded, make_settings

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mail"
NOW = datetime(2026, 11, 24, 9, 0)
"""A Tuesday morning: the next player's 36 hours in the golden files run from it."""
FIRST = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
SECOND = "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)"
"""First plays: each declares a Home (rule 1.12.2) and enters the Map."""


def _send(factory: sessionmaker[Session], body: str, sender: str, n: int) -> None:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = LOUNGE
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = f"<golden-{n}@example.org>"
    message.set_content(body)
    enqueue(factory, bytes(message), mail_from=sender, rcpt_tos=[LOUNGE], source="smtp")


def _started(seeded: Seeded) -> str:
    """The opening GSD ``seed_game`` started the game with."""
    with seeded.factory() as session:
        return session.get_one(Game, seeded.game_id).state or ""


def _last_mail(factory: sessionmaker[Session]) -> str:
    with factory() as session:
        row = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id.desc())).first()
        assert row is not None
        message = message_from_bytes(row.raw)
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    body = payload.decode().replace("\r\n", "\n")
    return f"To: {', '.join(row.rcpt_tos)}\nSubject: {message['Subject']}\n\n{body}"


def _case(seeded: Seeded, steps: list[tuple[str, str]]) -> str:
    runner = Runner(seeded.factory, make_settings("sqlite://"), EngineDesk(), clock=lambda: NOW)
    first = _started(seeded)
    for n, (sender, body) in enumerate(steps, 1):
        _send(seeded.factory, body.replace("{first}", first), sender, n)
        runner.drain()
    return _last_mail(seeded.factory)


ALICE, BOB = "alice@example.org", "bob@example.org"
CASES = {
    "lounge.turn-applied": [(ALICE, f"{FIRST}\n\n-- \nAlice")],
    "player.turn-illegal": [(ALICE, FIRST), (BOB, SECOND), (ALICE, "Alice : Euston (NT)")],
    "player.turn-stale": [(ALICE, FIRST), (BOB, "{first}\n" + SECOND)],
    "player.turn-out-of-turn": [(BOB, SECOND)],
    "player.turn-unreadable": [(ALICE, "Alice : Eustn (NT)")],
    "player.turn-received": [(ALICE, "Alice : Holborn (CN) [Taking a Bow]")],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_judged_turn_is_answered_as_the_golden_file_says(seeded: Seeded, case: str) -> None:
    got = _case(seeded, CASES[case])
    path = GOLDEN / f"{case}.txt"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")


POSITIONS = "Line and column count from the first line of your message's text."


def test_an_unreadable_turn_refused_at_a_position_says_how_positions_count(
    seeded: Seeded,
) -> None:
    got = _case(seeded, [(ALICE, "Alice : Eustn (NT)")])
    assert "line 1, column 9:" in got
    assert POSITIONS in " ".join(got.split())


def test_an_unreadable_turn_refused_at_no_position_says_nothing_of_positions(
    seeded: Seeded,
) -> None:
    got = _case(seeded, [(ALICE, "Euston (NT)")])
    assert "not applied: unreadable" in got and "a play starts with the player's name" in got
    assert "Line and column" not in got and "Nothing in the game has" in got


class _Dice(EngineDesk):
    """The real engine's verdict, with the rolls a dice-throwing Action would have made."""

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        outcome = super().submit(game, player, text)
        rolls = ({"sides": 6, "value": 4, "why": "rule 1.4.24"},)
        return TurnOutcome(outcome.verdict, outcome.play, outcome.new_state, rolls=rolls)


def test_a_turn_keeps_its_dice_and_the_state_it_was_judged_on(seeded: Seeded) -> None:
    first = _started(seeded)
    _send(seeded.factory, FIRST, ALICE, 1)
    Runner(seeded.factory, make_settings("sqlite://"), _Dice()).drain()
    with seeded.factory() as session:
        turn = session.scalars(select(Turn)).one()
        game = session.get_one(Game, seeded.game_id)
        assert (turn.status, turn.state_before, turn.state) == ("applied", first, game.state)
        assert turn.rolls == [{"sides": 6, "value": 4, "why": "rule 1.4.24"}]
