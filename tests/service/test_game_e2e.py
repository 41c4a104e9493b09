"""Issue 6, done when: a whole game through the real mail path, judged by the real engine.

smtplib -> the referee's SMTP listener -> runner (EngineDesk, rules engine) -> outbox -> sender
-> an aiosmtpd relay on loopback. From the Speaker's new-game mail to a real win (rule 1.1.1:
[Opening MC], then the Piece rests at Mornington Crescent), with a join (and one declined), a
late turn forced to Timeout, a take-back, a buzz conceded, a buzz contested to a Judgment of
Illegal that rolls back two turns, a Judgment of Legal, and a resignation. Time is a hand
clock; deadlines are run at chosen moments, never slept for.

Every play is legal by the engine from the game's real opening (rules 1.1.2, 1.1.8); the
winner's road is :func:`tests.service.harness.road_to_the_crescent`'s. The buzzed turns are
turns the engine accepted: buzzing is the players' own check (rule 1.16.1), and a Judgment is
binding whatever the engine found (rule 1.16.4), so a turn the engine passed can still fall.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.notation.gsd import GSD
from referee.service.gsd_edits import to_play
from referee.service.ledger import archive, standing
from referee.service.timekeeper import run_due
from referee.store.models import BuzzRecord, Deadline, Game, Turn
from tests.conftest import REFEREE, MailPath
from tests.service.harness import (
    ROUTE,
    SPEAKER,
    SPEAKER_SECRET,
    WINNING_PLAY,
    HandClock,
    declaring,
    homeward,
    text,
)

LOUNGE = "mc1@lounge.example.org"
START = datetime(2026, 11, 20, 10, 0)  # a Friday, 10am
MONDAY_10PM = datetime(2026, 11, 23, 22, 0)


class Players:
    """The players' side of the table: they send mail and read what reached the relay."""

    def __init__(self, path: MailPath, clock: HandClock) -> None:
        self.path, self.clock = path, clock
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
        self.path.deliver(message, sender, [to])
        return self.new()

    def new(self) -> list[Message]:
        """What reached the relay since the last look, once the service has settled."""
        messages = self.path.replies()
        fresh, self.read = messages[self.read :], len(messages)
        return fresh

    def speaker(self, command: str) -> list[Message]:
        return self.send(SPEAKER, f"speaker {command}\nSecret: {SPEAKER_SECRET}", to=REFEREE)

    def deadlines(self, at: datetime) -> list[Message]:
        """Run the deadlines due at ``at`` (as `referee deadlines run --now` does)."""
        self.clock.now = at
        service = self.path.service
        run_due(service.factory, service.settings, at, rng=random.Random(5))
        service.sender_wake.set()
        return self.new()

    def game(self) -> Game:
        with self.path.service.factory() as session:
            return session.scalars(select(Game).where(Game.number == 1)).one()

    def record(self) -> list[str]:
        """The plays of the stored GSD's record, as the referee wrote them."""
        return [play.render() for play in GSD.parse(self.game().state or "").plays]

    def owed(self) -> list[str]:
        """Who owes a turn now, by the open turn deadlines."""
        with self.path.service.factory() as session:
            query = select(Deadline.owed_by).where(
                Deadline.kind == "turn", Deadline.closed_at.is_(None)
            )
            return [name or "" for name in session.scalars(query)]

    def play(self, name: str, play: str) -> list[Message]:
        self.clock.advance(hours=2)
        play = homeward(self.game().state, name, play)
        return self.send(address(name), f"{name} : {play}", subject="[MC 1] my turn")

    def reply(self, name: str, words: str, turn: int) -> list[Message]:
        """Answer in turn ``turn``'s thread (a buzz, a defence, a judgment)."""
        self.clock.advance(hours=2)
        return self.send(address(name), words, subject=f"Re: [MC 1] Turn {turn}: a play")


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def lounge(messages: list[Message]) -> list[str]:
    return [text(m) for m in messages if m["To"] == LOUNGE]


def applied(players: Players, name: str, play: str) -> str:
    """Play a turn the engine must accept; return its lounge post."""
    number = players.game().turn_number + 1
    sent = players.play(name, play)
    assert players.game().turn_number == number, [text(m) for m in sent]
    return lounge(sent)[0]


@pytest.fixture
def players(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Players:
    clock = HandClock(START)
    path = mail_path(
        f"sqlite:///{tmp_path / 'game.sqlite3'}",
        clock=clock,
        rng=random.Random(2),
        speaker_address=SPEAKER,
        speaker_secret=SPEAKER_SECRET,
        deadline_poll_seconds=3600,
    )
    return Players(path, clock)


def test_a_whole_game_by_mail_from_the_speakers_new_game_to_a_win(players: Players) -> None:
    # Rule 1.1.2: the Speaker opens the game; its GSD is the ruleset's opening, Turn 1.
    opened = players.speaker(f"new-game {LOUNGE}")
    assert {m["To"] for m in opened} == {SPEAKER, LOUNGE}
    assert GSD.parse(players.game().state or "").turn == 1
    # Rule 1.1.8: four apply, one is declined with a reason, three are approved...
    for name in ("Alice", "Bob", "Carol", "Mallory"):
        asked = players.send(address(name), f"nomic join {name}", to=REFEREE)
        assert {m["To"] for m in asked} == {address(name), SPEAKER}
    declined = players.speaker("decline 1 Mallory: already playing in this lounge as Bob")
    assert any("already playing in this lounge" in text(m) for m in declined)
    for name in ("Alice", "Bob", "Carol"):
        players.speaker(f"approve 1 {name}")
    # ...and one more joins once the Speaker has seen em.
    players.send(address("Dan"), "nomic join Dan", to=REFEREE)
    [joined] = lounge(players.speaker("approve 1 Dan"))
    assert "Dan" in joined
    # Rules 1.1.2 and 1.1.12: the game starts with its order of play; the Drone starts
    # Inactive, so the first Active player in the Token Table plays first (rule 1.3.2).
    [started] = lounge(players.speaker("start 1"))
    order = players.game().order_of_play
    assert f"The order of play (rule 1.1.12) is: {', '.join(order)}" in started
    late, winner, third, fourth = [n for n in order if n != "Drone"]
    assert GSD.parse(players.game().state or "").player_names == tuple(order)
    assert f"{late} plays first, by Monday 23 November 22:00 UTC" in started

    # Rule 1.3.5: Friday 10am to Monday 10pm; reminded once, told once, then Timeout forced.
    assert players.deadlines(MONDAY_10PM - timedelta(hours=12, minutes=1)) == []
    reminded = players.deadlines(MONDAY_10PM - timedelta(hours=12))
    assert [m["To"] for m in reminded] == [address(late)]
    [refused] = players.send(address(winner), f"nomic timeout {late}")
    assert "Timeout can be forced only after that" in text(refused)
    passed = players.deadlines(MONDAY_10PM)
    assert [m["To"] for m in passed] == [address(late)]
    [timeout] = lounge(players.send(address(winner), f"nomic timeout {late}"))
    assert f"{winner} has played Timeout for em (rule 1.3.5)" in timeout
    assert players.record() == [f"{late} : Timeout"] and players.owed() == [winner]

    # Rule 1.3.3: a turn taken back and played again.
    before_take_back = players.game().state
    applied(players, winner, "Euston (VC)")  # turn 2
    [taken] = lounge(players.send(address(winner), "nomic take-back"))
    assert "deemed never to have happened" in taken
    assert (players.game().state, players.game().turn_number) == (before_take_back, 1)
    applied(players, winner, ROUTE[0])  # turn 2 again

    # Rule 1.16.3: a buzz conceded; the turn is Illegal and the GSD before it returns.
    before_buzz = players.game().state
    applied(players, third, "Brixton (VC)")  # turn 3
    players.reply(fourth, "BUZZ Brixton is shut at this hour", 3)
    [conceded] = lounge(players.reply(third, "CONCEDE", 3))
    assert "Turn 3 is now Illegal" in conceded
    assert (players.game().state, players.game().turn_number) == (before_buzz, 2)
    assert players.owed() == [third], "the buzzed player owes the turn again"
    applied(players, third, "Ealing Broadway (CN)")  # turn 3 again

    # Rule 1.16.4: contested to Judgment, ruled Illegal: two turns roll back.
    before_judgment = players.game().state
    applied(players, fourth, "Upminster (DS)")  # turn 4
    applied(players, late, "Stanmore (JL)")  # turn 5
    players.reply(third, "BUZZ the District line does not run to Upminster today", 4)
    players.reply(fourth, "CONTEST it does, every day", 4)
    drawn = players.reply(third, "CONTEST", 4)
    judge = _buzz_referee(players)
    assert judge in {late, winner}, "drawn from the active players who are not parties"
    assert any(m["To"] == address(judge) for m in drawn), "the drawn referee is told"
    [judged] = lounge(players.reply(judge, "ILLEGAL", 4))
    assert "Turn 4 is now Illegal" in judged and "Turn 4 and every turn after it" in judged
    assert (players.game().state, players.game().turn_number) == (before_judgment, 3)
    voided = f"{late} : {declaring(late, 'Stanmore (JL)')}"
    assert _plays_with_status(players, "voided") == [voided]
    assert players.owed() == [fourth]
    applied(players, fourth, "Pass")  # turn 4 again
    applied(players, late, "Stanmore (JL)")  # turn 5 again

    # Rule 1.16.4: a Judgment of Legal, and play goes on from the judged turn.
    applied(players, winner, ROUTE[1])  # turn 6
    players.reply(late, "BUZZ an LV of three cannot reach Tooting Broadway", 6)
    players.reply(winner, "CONTEST", 6)
    players.reply(late, "CONTEST", 6)
    judge = _buzz_referee(players)
    assert judge in {third, fourth}
    [legal] = lounge(players.reply(judge, "LEGAL", 6))
    assert "Turn 6 is now Legal" in legal and players.game().turn_number == 6
    assert players.owed() == [third]

    # Rule 1.1.3: one resigns while owing the turn; the next in the Token Table owes it.
    applied(players, third, "Pass")  # turn 7
    assert players.owed() == [fourth]
    [resigned] = lounge(players.send(address(fourth), "nomic resign"))
    assert "Home Station is ownerless (rule 1.1.3)" in resigned
    assert fourth not in GSD.parse(players.game().state or "").player_names
    assert players.owed() == [late]

    # Rule 1.1.1: the winner's road (every play judged by the engine) to Mornington Crescent.
    while players.game().status == "running":
        name = to_play(players.game().state)
        assert name is not None
        applied(players, name, _next_play(players, name, winner))
    game = players.game()
    assert (game.status, game.winner) == ("winning", winner)
    assert players.record()[-1] == f"{winner} : {WINNING_PLAY}"
    [waiting] = lounge(players.send(address(late), "nomic acknowledge"))
    assert f"Still to acknowledge or buzz: {third}" in waiting
    over = lounge(players.send(address(third), "nomic acknowledge"))
    assert any(f"won by {winner}" in post for post in over)
    game = players.game()
    assert (game.status, game.winner) == ("won", winner)

    # Rules 1.1.9 and 1.1.5: two points to the winner, none below zero for the others still
    # in it (the resigned player is not scored); the final GSD is in the archive.
    with players.path.service.factory() as session:
        assert standing(session).points == {winner: 2, late: 0, third: 0}
        assert standing(session).grandmaster == winner
        [entry] = archive(session)
    assert entry.final_gsd == game.state
    assert entry.final_gsd.rstrip().endswith(f"{winner} : {WINNING_PLAY}")
    assert players.deadlines(players.clock.now + timedelta(days=70)) == [], "ended: owes nothing"


def _next_play(players: Players, name: str, winner: str) -> str:
    """The winner's next step on the road (counted from the record, so a rollback or a
    take-back is followed); everyone else Passes (rule 1.5.2)."""
    if name != winner:
        return "Pass"
    done = [p for p in players.record() if p.startswith(f"{winner} : ") and "Timeout" not in p]
    return ROUTE[len(done)] if len(done) < len(ROUTE) else WINNING_PLAY


def _buzz_referee(players: Players) -> str:
    with players.path.service.factory() as session:
        buzz = session.scalars(select(BuzzRecord).order_by(BuzzRecord.id.desc())).first()
    assert buzz is not None and buzz.referee is not None
    return buzz.referee


def _plays_with_status(players: Players, status: str) -> list[str | None]:
    with players.path.service.factory() as session:
        return list(session.scalars(select(Turn.play).where(Turn.status == status)))


def test_referee_serve_processes_deadlines_by_itself_with_its_clock(
    tmp_path: Path, mail_path: Callable[..., MailPath]
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
    path = mail_path(url, clock=HandClock(START + timedelta(minutes=1)), deadline_poll_seconds=0.05)
    [told] = path.sink.sink.wait_for(1)
    assert told["To"] == address("Alice") and "Time is up" in str(told["Subject"])
