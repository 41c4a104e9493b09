"""A game's settings used by the service: its deadlines, its buzz mode, and who sees them."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.engine.life.deadlines import BUZZ_ALLOWANCE, add_weekday_time
from referee.store.db import make_engine, sessions
from referee.store.models import BuzzRecord, Game
from tests.service.harness import SPEAKER, HandClock, Table, text

LOUNGE = "mc1@lounge.example.org"
FRIDAY = datetime(2026, 11, 20, 9, 0)
PEOPLE = ("Alice", "Bob", "Carol", "Dan")


def _address(name: str) -> str:
    return f"{name.lower()}@example.org"


def _game(table: Table) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game)).one()


def _started(engine: Engine, settings: str) -> Table:
    table = Table(sessions(engine), HandClock(FRIDAY), seed=36)
    table.speaker(f"new-game {LOUNGE} normal {settings}")
    for name in PEOPLE:
        table.mail(_address(name), f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    assert [n for n in _game(table).order_of_play if n != "Drone"] == list(PEOPLE)
    return table


def _buzz_due_after_a_friday_buzz(table: Table) -> tuple[datetime, datetime]:
    table.clock.advance(hours=1)
    first = "Alice : [Home: Upney (DS)] Euston (VC)"
    table.mail(_address("Alice"), first, to=LOUNGE, subject="[MC 1] turn")
    table.clock.advance(hours=2)
    table.mail(_address("Bob"), "BUZZ wrong line", to=LOUNGE, subject="Re: [MC 1] Turn 1: a play")
    with table.factory() as session:
        buzz = session.scalars(select(BuzzRecord)).one()
        assert buzz.due is not None
        return buzz.due, table.clock.now


def test_1_16_3_weekend_exempt_buzzes_set_for_a_game_stretches_its_buzz_deadline(
    engine: Engine,
) -> None:
    """Rule 1.16.3 gives 36 hours; with the setting, rule 1.3.5's weekends do not count."""
    exempt = _started(engine, "set weekend_exempt_buzzes=true")
    due, buzzed = _buzz_due_after_a_friday_buzz(exempt)
    assert due == add_weekday_time(buzzed.replace(tzinfo=UTC), BUZZ_ALLOWANCE).replace(tzinfo=None)
    assert due.weekday() == 1, "Friday noon plus 36 weekday hours is Tuesday"


def test_1_16_3_by_default_a_buzz_deadline_counts_the_weekend(engine: Engine) -> None:
    plain = _started(engine, "set weekend_exempt_buzzes=false")
    due, buzzed = _buzz_due_after_a_friday_buzz(plain)
    assert due == buzzed + BUZZ_ALLOWANCE


def test_buzz_mode_is_a_setting_and_the_old_word_still_sets_it(engine: Engine) -> None:
    table = Table(sessions(engine), HandClock(FRIDAY))
    table.speaker(f"new-game {LOUNGE} normal set buzz_mode=players")
    table.speaker("new-game mc2@lounge.example.org normal buzz-mode=players")
    with table.factory() as session:
        games = list(session.scalars(select(Game).order_by(Game.number)))
    assert [(g.buzz_mode, g.settings["buzz_mode"]) for g in games] == [("players", "players")] * 2


def test_the_speaker_sees_a_games_settings(engine: Engine) -> None:
    table = Table(sessions(engine), HandClock(FRIDAY))
    table.speaker(f"new-game {LOUNGE} special knightsbridge-1965 set fuse_burns_when_created=no")
    [(_, listing)] = table.speaker("games")
    assert "MC 1: forming, special (knightsbridge-1965) [fuse_burns_when_created=false]" in text(
        listing
    )
    [(rcpt, answer)] = table.speaker("settings 1")
    assert rcpt == [SPEAKER]
    assert "fuse_burns_when_created = false (default true)" in text(answer)
    assert "route_choice = best" in text(answer)
    [(_, refused)] = table.speaker(
        "new-game mc2@lounge.example.org normal set fuse_burns_when_created=no"
    )
    assert "is not a setting of this game" in text(refused)


def test_changing_a_created_games_setting_is_refused_saying_they_are_fixed(
    engine: Engine,
) -> None:
    table = Table(sessions(engine), HandClock(FRIDAY))
    table.speaker(f"new-game {LOUNGE} normal")
    [(_, refused)] = table.speaker("settings 1 set route_choice=first")
    assert "not carried out" in text(refused)
    assert "fixed when the game is created" in text(refused)
    [(_, listing)] = table.speaker("settings 1")
    assert "route_choice = best" in text(listing)


def test_an_operators_game_gets_a_dice_seed_whose_hash_is_printed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'op.sqlite3'}"
    runner = CliRunner(env={"REFEREE_DATABASE_URL": url})
    for name in ("Alice", "Bob"):
        runner.invoke(main, ["db", "add-player", name, _address(name), "--secret", ""])
    started = runner.invoke(
        main,
        ["db", "new-game", "12", "mc12@lounge.example.org", "--player", "Alice", "--player", "Bob"],
    )
    assert started.exit_code == 0, started.output
    engine = make_engine(url)
    with sessions(engine)() as session:
        seed = session.scalars(select(Game.dice_seed)).one()
    engine.dispose()
    assert seed is not None
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() in started.output
    assert seed not in started.output
