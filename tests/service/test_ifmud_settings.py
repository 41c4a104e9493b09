"""ifMUD Nomic's readings are the kind's choices on the games seam: the Speaker sets them when
opening a game (``speaker new-game LOUNGE ifmud-nomic set pie_die=8``), they are stored with
the game, shown to its players and read by the kind when it judges."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from datetime import timedelta
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from referee.chamber.settings import ChamberSettings
from referee.chamber.settings import choices as chamber_choices
from referee.cli import main
from referee.games import hosted
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.settings import Readings, choices
from referee.games.kind import GameView
from referee.service import chamber
from referee.service.deadlines import aware
from referee.service.kind_time import TIMED
from referee.store.db import make_engine, sessions
from referee.store.models import Deadline, Game, OutboxMessage
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


@pytest.fixture
def path(tmp_path: Path, mail_path: Callable[..., MailPath]) -> MailPath:
    """The referee by mail with ifMUD Nomic hosted on a hand clock at START, and a Speaker."""
    clock = HandClock(START)
    return mail_path(
        f"sqlite:///{tmp_path / 'ifmud-settings.sqlite3'}",
        clock=clock,
        rng=random.Random(3),
        kinds=hosted(lambda: aware(clock())),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
    )


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


def test_rule_116_the_speaker_sets_pie_die_and_the_players_are_shown_it(path: MailPath) -> None:
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
    assert stored["pie_die"] == "8" and stored["omnibus_servant_bars"] == "false"
    view = GameView(1, 0, 0, None, (), settings=tuple(stored.items()))
    assert Readings.parse(view.settings).pie_die == 8
    kind = IfmudNomic(lambda: aware(START))
    opened = kind.opening(1, ["Ann", "Ben"], random.Random(0), stored)
    shown = kind.public_view(GameView(1, 0, 0, opened, ("Ann", "Ben"), settings=view.settings))
    assert "pie_die=8" in shown


def _mail(
    path: MailPath, address: str, body: str, number: int, *, subject: str = "[ifMUD 1]"
) -> list[str]:
    """``body`` mailed to the referee from ``address``; what the relay received after it."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = address, REFEREE, subject
    message["Message-ID"] = f"<ifmud-join-{number}@example.org>"
    message.set_content(body)
    before = len(path.replies())
    path.deliver(message, address, [REFEREE])
    path.settled()
    return [
        " ".join(str(m.get_payload(decode=True).decode()).split())  # type: ignore[union-attr]
        for m in path.replies()[before:]
    ]


def _player(path: MailPath, address: str, body: str, number: int) -> None:
    _mail(path, address, body, number)


def test_rule_27_a_started_game_keeps_its_turns_24_hours_as_its_time_step(path: MailPath) -> None:
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


def test_rules_10_and_21_an_ifmud_game_opens_its_chamber_when_it_starts(path: MailPath) -> None:
    """ifMUD Nomic puts its map, new rules and joining to consent from the first day, so
    starting a game opens its chamber at once; nothing is dealt, so no post speaks of cards."""
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


@given(st.booleans(), st.booleans(), st.booleans())
def test_rules_10_24_and_146_the_chamber_readings_round_trip(
    lone: bool, withdrawn: bool, counted: bool
) -> None:
    settings = ChamberSettings(lone, withdrawn, counted)
    assert ChamberSettings.parse(settings.render()) == settings
    # Among a game's other settings, only the chamber's own are read.
    assert ChamberSettings.parse((("pie_die", "8"), *settings.render())) == settings


def test_rules_10_and_146_the_chamber_readings_are_offered_with_their_defaults_first() -> None:
    offered = chamber_choices()
    assert set(offered) == {f.name for f in fields(ChamberSettings)}
    defaults = tuple((name, values[0]) for name, values in offered.items())
    assert ChamberSettings.parse(defaults) == ChamberSettings()
    with pytest.raises(ValueError, match="lone_nay_may_declare_dead is true or false"):
        ChamberSettings.parse((("lone_nay_may_declare_dead", "perhaps"),))


def test_rule_10_the_speaker_sets_the_chamber_readings_by_mail_and_they_rule_the_chamber(
    path: MailPath,
) -> None:
    refused = _speaker(
        path, f"new-game {LOUNGE} ifmud-nomic set lone_nay_may_declare_dead=perhaps", 70
    )
    assert any(
        "'lone_nay_may_declare_dead=perhaps' is not a setting of ifMUD Nomic" in t for t in refused
    )
    assert any("lone_nay_may_declare_dead=false|true" in t for t in refused)
    posted = _speaker(
        path,
        f"new-game {LOUNGE} ifmud-nomic set lone_nay_may_declare_dead=true "
        "intents_may_be_withdrawn=false",
        71,
    )
    assert any("lone_nay_may_declare_dead = true (default false)" in t for t in posted)
    assert any("intents_may_be_withdrawn = false (default true)" in t for t in posted)
    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.lounge_address == LOUNGE)).one()
        stored = dict(game.settings or {})
        number = game.number
    assert stored["lone_nay_may_declare_dead"] == "true" and stored["pie_die"] == "6"
    for at, name in enumerate(("Ann Able", "Ben Baker"), start=72):
        _player(path, f"{name.split()[0].lower()}@example.org", f"nomic join {name}", at)
        _speaker(path, f"approve {number} {name}", at + 10)
    started = _speaker(path, f"start {number}", 90)
    # Shown to players: in the chamber's opening post and in every post of the state.
    assert any(
        "The chamber's readings (rules/ifmud-nomic/readings.md): "
        "lone_nay_may_declare_dead=true, intents_may_be_withdrawn=false" in t
        for t in started
    )
    assert any(
        "the chamber's: lone_nay_may_declare_dead=true, intents_may_be_withdrawn=false" in t
        for t in started
    )
    listed = _mail(path, "ann@example.org", "nomic settings", 91, subject=f"[MC {number}]")
    assert any("lone_nay_may_declare_dead = true (default false)" in t for t in listed)
    # And the chamber is ruled by them: Ben, the only nay, may declare Ann's proposal dead.
    subject = f"[MC {number}]"
    _mail(path, "ann@example.org", "propose Hats on Fridays [AA]\nWear hats.", 92, subject=subject)
    _mail(path, "ben@example.org", "vote nay Hats on Fridays [AA]", 93, subject=subject)
    dead = _mail(path, "ben@example.org", "dead Hats on Fridays [AA]", 94, subject=subject)
    assert any("Ben Baker declares Hats on Fridays [AA] dead" in t for t in dead)


def test_rule_10_the_operator_sets_the_chamber_readings_at_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'console.sqlite3'}"
    monkeypatch.setenv("REFEREE_DATABASE_URL", url)
    monkeypatch.setenv("REFEREE_SPEAKER_ADDRESS", SPEAKER)
    monkeypatch.chdir(tmp_path)
    words = ["speaker", "new-game", LOUNGE, "ifmud-nomic", "set", "lone_nay_may_declare_dead=true"]
    result = CliRunner().invoke(main, [*words, "--now", "2026-11-23T12:00"])
    assert result.exit_code == 0, result.output
    engine = make_engine(url)
    with sessions(engine)() as session:
        game = session.scalars(select(Game)).one()
        [queued] = session.scalars(select(OutboxMessage)).all()
    engine.dispose()
    assert game.kind == "ifmud-nomic"
    assert chamber.settings_of(game) == ChamberSettings(lone_nay_may_declare_dead=True)
    payload = message_from_bytes(queued.raw).get_payload(decode=True)
    assert isinstance(payload, bytes)
    shown = " ".join(payload.decode().split())
    assert "lone_nay_may_declare_dead = true (default false)" in shown
