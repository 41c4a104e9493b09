"""A table to play whole games at through the runner: mail in, outbox out, time by hand.

Turns are judged by the real rules engine (:class:`EngineDesk`) from the game's real opening,
so every play a test sends must be legal by the rules (or be meant not to be). The plays here
are ones the engine accepts from any opening: a first Move onto the Map is a Special Move to
any Station (:data:`OPENINGS`), Pass after that; :func:`road_to_the_crescent` is a real way
from the opening holdings to a win (rule 1.1.1). A player joins with no Home Station (rule
1.1.8) and must declare one in eir Turn (rule 1.12.2): :func:`declaring` writes that into a
first play, with a Home of :data:`HOMES` far from every Move the tests make.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage, Message
from itertools import count

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from referee.notation.gsd import GSD
from referee.service.engine_desk import EngineDesk
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


_DESK: list[EngineDesk] = []


def engine_desk() -> EngineDesk:
    """The real turn desk, made once: preparing the ruleset's tables is the slow part, and
    the desk keeps nothing between games but a cache checked against the stored GSD."""
    if not _DESK:
        _DESK.append(EngineDesk())
    return _DESK[0]


HOMES = {
    "Alice": "Upney (DS)",
    "Bob": "Debden (CN)",
    "Carol": "Perivale (CN)",
    "Dan": "Dagenham Heathway (DS)",
    "Eve": "Boston Manor (PD)",
    "Frank": "North Ealing (PD)",
    "Erin": "Hainault (CN)",
    "Gina": "Loughton (CN)",
    "Hugo": "Becontree (DS)",
}
"""Each test player's Home Station (rule 1.12.2): valid Homes where no test's Move goes."""


def declaring(name: str, play: str) -> str:
    """``play`` with ``name``'s Home declared first (rule 1.12.2: a player without a Home
    Station must declare one in eir Turn), as a player's first play must be."""
    return f"[Home: {HOMES[name]}] {play}"


def homeward(state: str | None, name: str, play: str) -> str:
    """``play``, declaring ``name``'s Home first when the stored GSD ``state`` shows em
    without one (rule 1.12.2) and the play does not already (a Timeout allows no Actions)."""
    if state is None or "[Home" in play or play.strip() == "Timeout":
        return play
    gsd = GSD.parse(state)
    row = next((r for r in gsd.players if r.name == name), None)
    return declaring(name, play) if row is not None and row.home is None else play


OPENINGS = ("Brixton (VC)", "Ealing Broadway (CN)", "Upminster (DS)", "Stanmore (JL)")
"""First Moves for players who are not heading anywhere: far from each other and from the
winner's Northern line, so nobody is in anybody's way."""

ROUTE = (
    "Morden (NT)",
    "[LV+3] Tooting Broadway (NT)",
    "[LV+3] Stockwell (NT)",
    "[LV+2] Goodge Street (NT)",
    "[Electroplating] Pass",
    "[Electroplating] Pass",
    "[Gold to Bronze] [Electroplating] Pass",
)
"""A winner's plays from the opening holdings (two Black, Red and Bronze, no Gold; rule 1.1.8)
to the brink of a win, while everyone else only Passes:

- Morden (Current 58) to Goodge Street (Current 4) leaves eir Charge at -54 (rule 1.19.2),
  fifty from everyone else's 0, so [Electroplating] turns a Bronze into a Gold (rule 1.7.46);
- two Bronze make two Gold; [Gold to Bronze] (rule 1.7.21) buys eight Bronze for one of them;
- the last [Electroplating], in the winning play itself, makes the three Gold that
  [Opening MC] costs (rule 1.7.28), and Goodge Street is three stops from the Crescent."""

WINNING_PLAY = "[Electroplating] [Opening MC] [LV+3] Mornington Crescent (NT)"
"""The winning play after :data:`ROUTE`: the Piece rests at Mornington Crescent (rule 1.1.1)."""


def road_to_the_crescent(people: list[str], winner: str) -> list[tuple[str, str]]:
    """Every play, in Order of Play, from the opening to the winner's :data:`WINNING_PLAY`
    (not included): the winner follows :data:`ROUTE`, the others make a first Move from
    :data:`OPENINGS` and then Pass; every first play declares its player's Home."""
    others = iter(OPENINGS)
    first = {name: next(others) for name in people if name != winner}
    plays: list[tuple[str, str]] = []
    for round_ in range(len(ROUTE) + 1):
        for name in people:
            if name == winner:
                if round_ == len(ROUTE):
                    return plays
                step = ROUTE[round_]
                plays.append((name, declaring(name, step) if round_ == 0 else step))
            else:
                plays.append((name, declaring(name, first[name]) if round_ == 0 else "Pass"))
    return plays


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
    ) -> None:
        self.factory = factory
        self.clock = clock
        self.desk = engine_desk()
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
