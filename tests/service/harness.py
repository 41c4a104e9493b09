"""A table to play whole games at through the runner: mail in, outbox out, time by hand.

The rules engine is not connected yet, so turns are judged by :class:`ScriptDesk`: legal
unless told otherwise, it moves the GSD on by one turn. Tests that use it will be re-pointed
at the real engine's desk when it lands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage, Message
from itertools import count

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from referee.notation.gsd import GSD
from referee.service.desk import GameView, PlayerView, TurnOutcome
from referee.service.runner import Runner
from referee.store.inbox import enqueue
from referee.store.models import OutboxMessage
from tests.conftest import REFEREE, make_settings

SPEAKER = "speaker@example.org"
SPEAKER_SECRET = "gavel and bell"


@dataclass
class HandClock:
    """A clock that moves only when told."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class ScriptDesk:
    """Legal unless ``illegal`` names the play; a legal play moves the GSD on one turn, and
    wins the game if ``winning`` names it."""

    illegal: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winning: set[str] = field(default_factory=set)
    seen: list[tuple[str, str]] = field(default_factory=list)

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        play = text.strip().splitlines()[-1].strip()
        self.seen.append((player.name, play))
        if play in self.illegal:
            return TurnOutcome("illegal", play=play, violations=self.illegal[play])
        gsd = GSD.parse(game.state or "")
        new_state = gsd.model_copy(update={"turn": (gsd.turn or 0) + 1}).render()
        winner = player.name if play in self.winning else None
        return TurnOutcome("legal", play=play, new_state=new_state, winner=winner)


def settings(**overrides: object) -> object:
    values: dict[str, object] = {
        "speaker_address": SPEAKER,
        "speaker_secret": SPEAKER_SECRET,
    }
    values.update(overrides)
    return make_settings("sqlite://", **values)


class Table:
    """Mail the runner as anyone, and read what it sent since the last look."""

    def __init__(
        self,
        factory: sessionmaker[Session],
        clock: HandClock,
        *,
        seed: int = 7,
        desk: ScriptDesk | None = None,
    ) -> None:
        self.factory = factory
        self.clock = clock
        self.desk = desk or ScriptDesk()
        self.settings = settings()
        self.runner = Runner(
            factory,
            self.settings,
            self.desk,
            clock=clock,
            rng=random.Random(seed),  # type: ignore[arg-type]
        )
        self._ids = count(1)
        self._seen = 0

    def mail(
        self,
        sender: str,
        body: str,
        *,
        to: str = REFEREE,
        subject: str = "",
        secret: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> list[tuple[list[str], Message]]:
        message = EmailMessage()
        for name, value in (headers or {}).items():
            message[name] = value
        message["From"] = sender
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = f"<m{next(self._ids)}.{self.clock.now.timestamp()}@example.org>"
        message.set_content(body + (f"\nSecret: {secret}" if secret else ""))
        enqueue(
            self.factory,
            bytes(message),
            mail_from=sender,
            rcpt_tos=[to],
            source="smtp",
            clock=self.clock,
        )
        self.runner.drain()
        return self.sent()

    def speaker(
        self, command: str, secret: str = SPEAKER_SECRET
    ) -> list[tuple[list[str], Message]]:
        return self.mail(SPEAKER, f"speaker {command}", secret=secret)

    def sent(self) -> list[tuple[list[str], Message]]:
        """What the referee queued since the last call: (recipients, message)."""
        with self.factory() as session:
            rows = list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
        new = rows[self._seen :]
        self._seen = len(rows)
        return [(row.rcpt_tos, message_from_bytes(row.raw)) for row in new]


def text(message: Message) -> str:
    """A message's body with its lines joined, so wrapped sentences can be searched."""
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return " ".join(payload.decode().split())


def to(sent: list[tuple[list[str], Message]]) -> list[str]:
    """Who each message went to, in order."""
    return [rcpt[0] for rcpt, _ in sent]
