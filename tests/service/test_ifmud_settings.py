"""ifMUD Nomic's readings are the kind's choices on the games seam: the Speaker sets them when
opening a game (``speaker new-game LOUNGE ifmud-nomic set pie_die=8``), they are stored with
the game, shown to its players and read by the kind when it judges."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from referee.games import hosted
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.settings import Readings, choices
from referee.games.kind import GameView
from referee.service import chamber
from referee.service.deadlines import aware
from referee.service.kind_time import TIMED
from referee.store.models import Deadline, Game
from tests.conftest import REFEREE, MailPath
from tests.service.harness import HandClock
from tests.service.test_ifmud_by_mail import START

SPEAKER, SECRET = "speaker@example.org", "gavel and bell"
LOUNGE = "ifmud2@lounge.example.org"


def test_rule_116_the_choices_offer_each_reading_with_its_default_first() -> None:
    offered = choices()
    assert set(offered) == {"omnibus_servant_bars", "bubble_doubles_every_entry", "pie_die"}
    defaults = tuple((name, values[0]) for name, values in offered.items())
    assert Readings.parse(defaults) == Readings()
    for name, values in offered.items():  # every value offered is one the kind can read
        for value in values:
            Readings.parse(((name, value),))
    assert offered["pie_die"][0] == "6" and "8" in offered["pie_die"]


def _speaker(path: MailPath, command: str, number: int) -> list[str]:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = SPEAKER, REFEREE, "speaker"
    message["Message-ID"] = f"<ifmud-settings-{number}@example.org>"
    message.set_content(f"speaker {command}\nSecret: {SECRET}")
    before = len(path.replies())
    path.deliver(message, SPEAKER, [REFEREE])
    path.settled()
    with path.sink.sink.arrived:
        raw = list(path.sink.sink.received)[before:]
    texts = []
    for _, _, data in raw:
        payload = message_from_bytes(data).get_payload(decode=True)
        assert isinstance(payload, bytes)
        texts.append(" ".join(payload.decode().split()))
    return texts


def test_rule_116_the_speaker_sets_pie_die_and_the_players_are_shown_it(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    clock = HandClock(START)
    path = mail_path(
        f"sqlite:///{tmp_path / 'settings.sqlite3'}",
        clock=clock,
        rng=random.Random(3),
        kinds=hosted(lambda: aware(clock())),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
    )
    refused = _speaker(path, "new-game ifmud1@lounge.example.org ifmud-nomic set pie_die=7", 1)
    assert any("'pie_die=7' is not a setting of ifMUD Nomic" in t for t in refused)
    assert any("pie_die=6|4|8|10|12|20" in t for t in refused)
    posted = _speaker(path, f"new-game {LOUNGE} ifmud-nomic set pie_die=8", 2)
    assert any("pie_die = 8 (default 6)" in t for t in posted)
    assert any("rules/ifmud-nomic/README.md" in t for t in posted)
    assert not any("one-day-in-london" in t for t in posted)
    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.lounge_address == LOUNGE)).one()
        stored = dict(game.settings or {})
    assert stored["pie_die"] == "8" and stored["omnibus_servant_bars"] == "no"
    view = GameView(1, 0, 0, None, (), settings=tuple(stored.items()))
    assert Readings.parse(view.settings).pie_die == 8
    kind = IfmudNomic(lambda: aware(clock()))
    opened = kind.opening(1, ["Ann", "Ben"], random.Random(0), stored)
    shown = kind.public_view(GameView(1, 0, 0, opened, ("Ann", "Ben"), settings=view.settings))
    assert "pie_die=8" in shown


def _player(path: MailPath, address: str, body: str, number: int) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = address, REFEREE, "[ifMUD 1]"
    message["Message-ID"] = f"<ifmud-join-{number}@example.org>"
    message.set_content(body)
    path.deliver(message, address, [REFEREE])
    path.settled()


def test_rule_27_a_started_game_keeps_its_turns_24_hours_as_its_time_step(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    clock = HandClock(START)
    path = mail_path(
        f"sqlite:///{tmp_path / 'start.sqlite3'}",
        clock=clock,
        rng=random.Random(4),
        kinds=hosted(lambda: aware(clock())),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
    )
    _speaker(path, "new-game ifmud1@lounge.example.org ifmud-nomic", 10)
    for number, name in enumerate(("Ann Able", "Ben Baker"), start=11):
        _player(path, f"{name.split()[0].lower()}@example.org", f"nomic join {name}", number)
        _speaker(path, f"approve 1 {name}", number + 10)
    started = _speaker(path, "start 1", 30)
    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        open_rows = [
            (row.kind, row.owed_by, row.due)
            for row in session.scalars(select(Deadline).where(Deadline.closed_at.is_(None)))
            if row.kind in (TIMED, "turn")
        ]
    assert game.status == "running"
    # Rule 27: the first active player is first by surname; eir turn ends 24 hours on.
    assert open_rows == [(TIMED, "Ann Able", START + timedelta(hours=24))]
    assert any("Ann Able, whose turn ends at the latest" in t for t in started)


def test_rules_10_and_21_an_ifmud_game_opens_its_chamber_when_it_starts(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    """ifMUD Nomic puts its map, new rules and joining to consent from the first day, so
    starting a game opens its chamber at once; nothing is dealt, so no post speaks of cards."""
    clock = HandClock(START)
    path = mail_path(
        f"sqlite:///{tmp_path / 'chamber.sqlite3'}",
        clock=clock,
        rng=random.Random(5),
        kinds=hosted(lambda: aware(clock())),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
    )
    _speaker(path, "new-game ifmud1@lounge.example.org ifmud-nomic", 40)
    for number, name in enumerate(("Ann Able", "Ben Baker"), start=41):
        _player(path, f"{name.split()[0].lower()}@example.org", f"nomic join {name}", number)
        _speaker(path, f"approve 1 {name}", number + 10)
    before = len(path.replies())
    started = _speaker(path, "start 1", 60)
    subjects = [str(m["Subject"]) for m in path.replies()[before:]]
    assert "[ifMUD 1] The game begins" in subjects
    assert any("chamber of game ifMUD 1 is open" in t for t in started)
    assert not any("card" in t for t in started)
    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert chamber.is_open(session, game)
    refused = _speaker(path, "chamber 1", 61)
    assert any("already has its chamber open" in t for t in refused)
