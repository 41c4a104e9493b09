"""Statements of intent end to end (ifMUD rules 146 and 147): players mail the referee over
SMTP, the service's deadline thread (``referee serve``) or ``referee deadlines run --now``
keeps time by an injected clock, and what reaches the relay is what the players read.

Rule 146: a statement posted in advance, saying when it is to take effect, takes effect as if
its player had posted it then. Rule 147: it may depend on the state of the game at that time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.games import IFMUD_NOMIC
from referee.games.ifmud.consent import connect
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.service.gsd_edits import to_play
from referee.service.timekeeper import run_due
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Deadline, Game, Turn
from tests.conftest import LOUNGE, REFEREE, MailPath, seed_game
from tests.service.harness import HandClock, Table, declaring, engine_desk, text
from tests.service.test_chamber_mail import Floor, open_floor

T0 = datetime(2026, 11, 2, 9, 30)
SPEAKER = "speaker@example.org"
SECRET = "gavel and bell"


@pytest.fixture
def floor(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Floor:
    """The chamber tests' floor, with the real engine judging the Mornington turns."""
    return open_floor(tmp_path, mail_path, poll=0.02, desk=engine_desk())


def _to(floor: Floor, who: str) -> list[str]:
    return [text(m) for m in floor.posts() if m["To"] == who]


def _intents(floor: Floor) -> list[Deadline]:
    with floor.path.service.factory() as session:
        return list(session.scalars(select(Deadline).where(Deadline.kind == "intent")))


def _game(floor: Floor) -> Game:
    with floor.path.service.factory() as session:
        return session.scalars(select(Game).where(Game.number == 12)).one()


def _stored(answer: str) -> int:
    """The number the referee gave a stored statement, read from its answer."""
    head = answer.split("statement of intent ", 1)[1]
    return int(head.split(" ", 1)[0])


def test_rule_146_an_intended_vote_takes_effect_at_its_time_as_if_posted_then(
    floor: Floor,
) -> None:
    floor.say("Alice", "propose Cheap fares [A]\nEvery fare is halved.")
    floor.lounge()
    floor.say("Bob", "At 2026-11-02 18:00:\nvote nay Cheap fares [A]")
    [stored] = _to(floor, "bob@example.org")
    assert "it takes effect at Monday 02 November 2026 18:00 UTC" in stored
    assert "ifMUD rule 146, intent posted in advance" in stored
    assert "vote nay Cheap fares [A]" in stored
    floor.tick(datetime(2026, 11, 2, 17, 59))
    assert floor.posts() == [], "nothing before its time"
    floor.tick(datetime(2026, 11, 2, 18, 0))
    [vote] = floor.lounge()
    assert "Bob votes nay on Cheap fares [A]" in vote
    [row] = _intents(floor)
    assert row.passed_at == datetime(2026, 11, 2, 18, 0)
    floor.tick(datetime(2026, 11, 2, 19, 0))
    assert floor.posts() == [], "carried out once"


def test_rule_147_a_conditional_intent_whose_condition_fails_lapses_and_says_why(
    floor: Floor,
) -> None:
    floor.say("Alice", "propose Quiet please [A]\nNo shouting.")
    floor.lounge()
    floor.say("Carol", "In 3 hours:\nIf proposal Quiet please [A] is dead:\npropose Loud [C]\nNo.")
    [stored] = _to(floor, "carol@example.org")
    assert (
        "on the condition 'If proposal Quiet please [A] is dead:' (ifMUD rule 147, conditional"
        in stored
    )
    floor.tick(T0 + timedelta(hours=3))
    [lapsed] = _to(floor, "carol@example.org")
    assert "has lapsed and changed nothing" in lapsed
    assert "its condition 'If proposal Quiet please [A] is dead:' did not hold" in lapsed
    assert "Quiet please [A] was pending" in lapsed
    floor.say("Alice", "proposals")
    [listing] = [text(m) for m in floor.posts()]
    assert "Loud [C]" not in listing, "a lapsed intent proposes nothing"


def test_rule_147_a_conditional_intent_whose_condition_holds_is_carried_out(
    floor: Floor,
) -> None:
    floor.say("Alice", "propose Quiet please [A]\nNo shouting.")
    floor.say("Bob", "vote nay Quiet please [A]")
    floor.say("Carol", "In 1 hour:\nIf Bob has voted on Quiet please [A]:\ndead Quiet please [A]")
    floor.lounge()
    floor.tick(T0 + timedelta(hours=1))
    [dead] = floor.lounge()
    assert "Carol declares Quiet please [A] dead, after a nay" in dead


def test_rule_146_an_intended_mornington_turn_is_played_at_its_time(floor: Floor) -> None:
    game = _game(floor)
    first = to_play(game.state)
    assert first is not None and game.turn_number == 0
    play = declaring(first, "Brixton (VC)")
    floor.say(first, f"In 2 hours:\nIf it is my turn:\n{first} : {play}")
    [stored] = _to(floor, f"{first.lower()}@example.org")
    assert "on the condition 'If it is my turn:'" in stored
    floor.tick(T0 + timedelta(hours=1, minutes=59))
    assert _game(floor).turn_number == 0, "not before its time"
    floor.tick(T0 + timedelta(hours=2))
    assert _game(floor).turn_number == 1
    posts = floor.lounge()
    assert any("Brixton" in p for p in posts), posts
    with floor.path.service.factory() as session:
        turn = session.scalars(select(Turn)).one()
    assert turn.created_at == T0 + timedelta(hours=2), "as if posted at its time"


def test_rule_146_a_cancelled_intent_never_takes_effect(floor: Floor) -> None:
    floor.say("Alice", "propose Cheap fares [A]\nEvery fare is halved.")
    floor.lounge()
    floor.say("Bob", "In 5 hours:\nvote nay Cheap fares [A]")
    sent = floor.posts()
    assert [m["To"] for m in sent] == ["bob@example.org"], "sent directly: kept between us"
    number = _stored(text(sent[0]))
    floor.say("Carol", f"intent cancel {number}")
    [refusal] = _to(floor, "carol@example.org")
    assert f"you have no statement of intent {number} waiting" in refusal
    floor.say("Bob", "intents")
    [listing] = _to(floor, "bob@example.org")
    assert "vote nay Cheap fares [A]" in listing
    assert f"{number}, due at Monday 02 November 2026 14:30 UTC" in listing
    floor.say("Bob", f"intent cancel {number}")
    [withdrawn] = _to(floor, "bob@example.org")
    assert "is withdrawn and will not take effect" in withdrawn
    floor.tick(T0 + timedelta(hours=6))
    assert floor.posts() == []
    floor.say("Bob", "intents")
    assert "None." in _to(floor, "bob@example.org")[0]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("At 2026-11-01 12:00:\nvote aye X [A]", "is not after now"),
        ("In 2 hours:\nIf the moon is full:\nvote aye X [A]", "is not a condition the referee"),
        ("At tomorrow noon:\nvote aye X [A]", "is not a time"),
        ("In a while:\nvote aye X [A]", "is not a span of time"),
        ("In 2 hours:\nIn 3 hours:\nvote aye X [A]", "cannot carry"),
        ("In 2 hours:", "write what you intend below"),
    ],
)
def test_rules_146_and_147_bad_statements_are_answered_and_store_nothing(
    floor: Floor, body: str, why: str
) -> None:
    floor.say("Alice", body)
    [answer] = _to(floor, "alice@example.org")
    assert why in answer and "Nothing has changed" in answer
    assert _intents(floor) == []


def test_rule_146_a_stranger_cannot_state_intent(floor: Floor) -> None:
    floor.say("Mallory", "In 2 hours:\nvote aye Anything [M]")
    [answer] = floor.posts()
    assert answer["To"] == "mallory@example.org"
    assert "is not registered for any player of game MC 12" in text(answer)
    assert _intents(floor) == []


def test_rule_146_referee_deadlines_run_now_carries_out_a_due_intent(
    tmp_path: Path, mail_path: Callable[..., MailPath], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    clock = HandClock(T0)
    path = mail_path(
        url, desk=engine_desk(), clock=clock, speaker_address=SPEAKER, speaker_secret=SECRET,
        deadline_poll_seconds=3600,
    )  # fmt: skip
    floor = Floor(path, clock)
    opening = EmailMessage()
    opening["From"], opening["To"], opening["Subject"] = SPEAKER, REFEREE, "chamber"
    opening["Message-ID"] = "<open@example.org>"
    opening.set_content(f"speaker chamber 12\nSecret: {SECRET}")
    path.deliver(opening, SPEAKER, [REFEREE])
    path.settled()
    floor.say("Alice", "propose Cheap fares [A]\nEvery fare is halved.")
    floor.say("Bob", "At 2026-11-03 08:00:\nvote aye Cheap fares [A]")
    floor.posts()
    monkeypatch.chdir(tmp_path)
    cli = CliRunner(
        env={
            "REFEREE_DATABASE_URL": url,
            "REFEREE_RELAY_HOST": "127.0.0.1",
            "REFEREE_RELAY_PORT": str(path.sink.port),
        }
    )
    result = cli.invoke(main, ["deadlines", "run", "--now", "2026-11-03T08:00"])
    assert result.exit_code == 0, result.output
    assert "0 reminded, 1 passed" in result.output
    assert "1 of 1 notice(s) sent" in result.output, "sent by the run itself, not left waiting"
    [vote] = [m for m in path.sink.sink.messages() if "votes aye" in text(m)]
    assert vote["To"] == LOUNGE and "Bob votes aye on Cheap fares [A]" in text(vote)
    with path.service.factory() as session:
        row = session.scalars(select(Deadline).where(Deadline.kind == "intent")).one()
    assert row.passed_at == datetime(2026, 11, 3, 8, 0)


def test_rule_146_an_intended_ifmud_nomic_posting_is_judged_by_its_own_kind(
    sqlite_engine: Engine,
) -> None:
    """Statements of intent are for every kind of game: `referee deadlines run` judges one
    in an ifMUD Nomic game by that kind, on the run's clock."""
    clock = HandClock(T0)
    table = Table(sessions(sqlite_engine), clock)
    lounge = "ifmud9@lounge.example.org"
    adam = SEED_PLAYERS[0]
    with table.factory.begin() as session:
        opening = IfmudNomic(lambda: T0.replace(tzinfo=UTC)).opening(
            9, SEED_PLAYERS, random.Random(0)
        )
        state = connect(GameState.parse(opening), "Lounge", "Attic").render()
        game = games.create_game(session, 9, lounge, T0, state=state)
        game.kind, game.status = IFMUD_NOMIC, "running"
        for seat, name in enumerate(SEED_PLAYERS, start=1):
            address = f"{name.split()[0].lower()}@example.org"
            games.join(session, game, games.add_player(session, name, address), seat)
    sent = table.mail(
        "adam@example.org", "In 1 hour:\nIf it is my turn:\nMove to Attic\nend turn", to=lounge
    )
    assert [r for r, _ in sent] == [["adam@example.org"]] and "stored" in text(sent[0][1])
    run_due(table.factory, table.settings, T0 + timedelta(hours=1))  # type: ignore[arg-type]
    posts = [text(m) for r, m in table.sent() if r == [lounge]]
    assert any(f"{adam} is now in Attic" in p for p in posts), posts
    with table.factory() as session:
        assert session.scalars(select(Game).where(Game.number == 9)).one().turn_number == 1
