"""A game's settings and its committed dice, through the real mail path.

smtplib -> the referee's SMTP listener -> runner (EngineDesk) -> outbox -> sender -> an
aiosmtpd relay on loopback. The Speaker creates a game with settings; they are shown in the
first post and answered to ``nomic settings``, and the engine judges the game's turns under
them. Every roll (the Game Time, the order of play, a turn's fFlourish dice) is derived from
the game's seed: its SHA-256 is in the first post, the seed itself only in the game-over post,
and ``referee verify`` recomputes every roll, naming a roll edited in the store.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from datetime import datetime
from email import message_from_bytes
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from referee.cli import main
from referee.notation.gsd import GSD
from referee.service.gsd_edits import to_play
from referee.store.models import Game, OutboxMessage, Turn
from tests.conftest import REFEREE, MailPath
from tests.service.harness import SPEAKER, SPEAKER_SECRET, HandClock, text

LOUNGE = "mc1@lounge.example.org"
START = datetime(2026, 11, 24, 10, 0)  # a Tuesday
FIRST_MOVES = {
    "Alice": "[Home: Cockfosters (PD)] Brixton (VC)",
    "Bob": "[Home: Morden (NT)] Ealing Broadway (CN)",
}


class Table:
    def __init__(self, path: MailPath, clock: HandClock, url: str) -> None:
        self.path, self.clock, self.url = path, clock, url
        self.ids = count(1)
        self.read = 0

    def send(
        self, sender: str, body: str, *, to: str = LOUNGE, subject: str = "[MC 1]"
    ) -> list[Message]:
        self.clock.advance(minutes=30)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, to, subject
        message["Message-ID"] = f"<dice-{next(self.ids)}@example.org>"
        message.set_content(body)
        self.path.deliver(message, sender, [to])
        messages = self.path.replies()
        fresh, self.read = messages[self.read :], len(messages)
        return fresh

    def speaker(self, command: str) -> list[Message]:
        return self.send(SPEAKER, f"speaker {command}\nSecret: {SPEAKER_SECRET}", to=REFEREE)

    def game(self) -> Game:
        with self.path.service.factory() as session:
            return session.scalars(select(Game)).one()

    def play(self, name: str, play: str) -> list[Message]:
        return self.send(address(name), f"{name} : {play}")


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


@pytest.fixture
def table(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Table:
    clock = HandClock(START)
    url = f"sqlite:///{tmp_path / 'dice.sqlite3'}"
    path = mail_path(
        url,
        clock=clock,
        rng=random.Random(4),
        speaker_address=SPEAKER,
        speaker_secret=SPEAKER_SECRET,
        deadline_poll_seconds=3600,
    )
    return Table(path, clock, url)


def _give_blue(table: Table, name: str, blue: int) -> None:
    """Set up the stored GSD (the operator's hand, as a fixture): ``name`` holds ``blue``
    Blue Tokens more, enough to pay for an fFrobisher fFlourish (rule 1.7.59)."""
    with table.path.service.factory.begin() as session:
        game = session.scalars(select(Game)).one()
        gsd = GSD.parse(game.state or "")
        rows = tuple(
            row.model_copy(
                update={"tokens": row.tokens.model_copy(update={"bu": row.tokens.bu + blue})}
            )
            if row.name == name
            else row
            for row in gsd.players
        )
        game.state = gsd.model_copy(update={"players": rows}).render()


def _readable(raw: bytes) -> str:
    """Everything a reader of ``raw`` could see: its bytes, and each part decoded (lower
    case, so the seed is found however its hexadecimal is written)."""
    message = message_from_bytes(raw)
    parts = [raw.decode("ascii", "replace")]
    for part in message.walk():
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            parts.append(payload.decode("utf-8", "replace"))
    return "\n".join(parts).lower()


def _verify(table: Table, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setenv("REFEREE_DATABASE_URL", table.url)
    result = CliRunner().invoke(main, ["verify", "1"])
    return result.exit_code, result.output


def test_settings_and_seeded_dice_of_a_game_played_by_mail(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An unknown setting or value is refused with the valid ones, and nothing is created.
    [refused] = table.speaker(f"new-game {LOUNGE} normal set route_choice=most-tokens")
    assert "route_choice='most-tokens' is not a value it takes; write best or first" in text(
        refused
    )
    [refused] = table.speaker(f"new-game {LOUNGE} normal set narg=0")
    assert "narg_tolerance_degrees" in text(refused) and "route_choice" in text(refused)
    with table.path.service.factory() as session:
        assert session.scalars(select(Game)).first() is None

    # The Speaker's settings are stored, answered and shown in the game's first post.
    created = table.speaker(
        f"new-game {LOUNGE} normal set route_choice=first set narg_tolerance_degrees=0 "
        "set home_declaration_required=true"
    )
    [answer] = [m for m in created if m["To"] == SPEAKER]
    [first] = [m for m in created if m["To"] == LOUNGE]
    for message in (answer, first):
        assert "route_choice = first (default best)" in text(message)
        assert "narg_tolerance_degrees = 0.0 (default 22.5)" in text(message)
    game = table.game()
    assert game.settings["route_choice"] == "first"
    assert game.settings["home_declaration_required"] == "true"
    assert len(game.settings) >= 12, "every setting's value is stored with the game"
    seed = game.dice_seed
    assert seed is not None and len(seed) == 64
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() in text(first)

    for name in ("Alice", "Bob"):
        table.send(address(name), f"nomic join {name}", to=REFEREE)
        table.speaker(f"approve 1 {name}")
    [settings] = table.send(address("Bob"), "nomic settings", to=REFEREE)
    assert "route_choice = first (default best)" in text(settings)
    assert "co_located_direction = track" in text(settings), "every setting, defaults too"
    table.speaker("start 1")

    # Rule 1.12.2, set for this game: a first Turn that declares no Home is refused.
    mover = to_play(table.game().state)
    assert mover in FIRST_MOVES
    move = FIRST_MOVES[mover].split("] ", 1)[1]
    [refusal] = table.play(mover, move)
    assert "Rule 1.12.2" in text(refusal) and table.game().turn_number == 0
    table.play(mover, FIRST_MOVES[mover])
    other = to_play(table.game().state)
    assert other in FIRST_MOVES and other != mover
    table.play(other, FIRST_MOVES[other])
    assert table.game().turn_number == 2

    # Rule 1.7.59: the fFlourish rolls six dice, derived from the seed and kept with the turn.
    flourisher = to_play(table.game().state)
    assert flourisher is not None
    _give_blue(table, flourisher, 5)
    station = {"Alice": "Brixton (VC)", "Bob": "Ealing Broadway (CN)"}[flourisher]
    table.play(flourisher, f"[fFrobisher fFlourish] Pass {station}")
    assert table.game().turn_number == 3
    with table.path.service.factory() as session:
        flourish = session.scalars(select(Turn).where(Turn.number == 3)).one()
        assert [r["sides"] for r in flourish.rolls or []] == [2] * 6
        assert all(str(r["label"]).startswith("MC 1 message ") for r in flourish.rolls or [])

    # Before the end, the seed is in no message the referee sent; `referee verify` refuses.
    assert _verify(table, monkeypatch)[0] == 2
    quitter = next(n for n in FIRST_MOVES if n != flourisher)
    table.send(address(quitter), "nomic resign", to=LOUNGE)
    assert table.game().status == "won"
    with table.path.service.factory() as session:
        outgoing = list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    over = [row for row in outgoing if b"Game over" in row.raw]
    assert len(over) == 1
    for row in outgoing:
        assert (seed in _readable(row.raw)) == (row is over[0]), row.raw[:200]
    assert re.search(rf"dice seed of this game was\s+{seed}", _readable(over[0].raw))

    archived = CliRunner().invoke(main, ["archive", "1"])
    assert f"Dice seed: {seed}" in archived.output, archived.output

    # After the end every roll checks out; one edited in the store is named.
    code, output = _verify(table, monkeypatch)
    assert code == 0, output
    with table.path.service.factory() as session:
        game = session.scalars(select(Game)).one()
        kept = [r for t in session.scalars(select(Turn)) for r in t.rolls or []]
    assert {r["why"] for r in game.draws} == {
        "Game Time (rule 1.1.2)",
        "order of play (rule 1.1.12)",
    }
    assert f"all {len(game.draws) + len(kept)} rolls match the seed" in output
    with table.path.service.factory.begin() as session:
        flourish = session.scalars(select(Turn).where(Turn.number == 3)).one()
        rolls = [dict(r) for r in flourish.rolls or []]
        rolls[1]["value"] = 3 - int(str(rolls[1]["value"]))
        flourish.rolls = rolls
    code, output = _verify(table, monkeypatch)
    assert code == 1
    [mismatch] = [line for line in output.splitlines() if line.startswith("MISMATCH")]
    assert f"turn 3 ({flourisher} : [fFrobisher fFlourish]" in mismatch
    assert ", roll 2: recorded" in mismatch and "the seed gives" in mismatch
