"""A game of One Day in London dealt before the 72-card deck keeps its 73 cards across the
upgrade: its players see which deck it is, it plays on, replays from its record and deals
again from its seed card for card; a game opened after is dealt from the 72."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from alembic import command
from click.testing import CliRunner
from sqlalchemy import Engine, select
from sqlalchemy import text as sql

from referee.cli import main
from referee.games.one_day_in_london.cards import Edition
from referee.games.one_day_in_london.rules import new_game, replay
from referee.games.one_day_in_london.shuffle import commitment
from referee.games.one_day_in_london.state import GameState, Phase
from referee.store.db import alembic_config, sessions, upgrade
from referee.store.models import Game
from tests.games.one_day_in_london.first_edition import first_deal
from tests.service.harness import HandClock, Table, text

LOUNGE = "odil1@lounge.example.org"
PEOPLE = {"Alice": "alice@example.org", "Bob": "bob@example.org", "Carol": "carol@example.org"}
FRIDAY_10AM = datetime(2026, 11, 20, 10, 0)


@pytest.fixture
def table(engine: Engine) -> Table:
    return Table(sessions(engine), HandClock(FRIDAY_10AM))


def _game(table: Table) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game).where(Game.number == 1)).one()


def _state(table: Table) -> GameState:
    return GameState.parse(_game(table).state or "")


def _open_and_deal(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    for name, address in PEOPLE.items():
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")


def _dealt_before_the_upgrade(table: Table, engine: Engine) -> GameState:
    """The game as a referee before editions stored it: back to revision 0012, the same
    players and deal seed dealt from the 73 cards in the old notation, then the upgrade."""
    _open_and_deal(table)
    dealt = _state(table)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0012")
    old = first_deal([seat.name for seat in dealt.seats], dealt.seed)
    with engine.begin() as connection:
        connection.execute(sql("UPDATE games SET state = :state WHERE number = 1"), {"state": old})
    assert "deck_edition" not in (_game(table).settings or {})
    upgrade(engine)
    return GameState.parse(old)


def _dealt(stdout: str) -> dict[str, str]:
    return dict(re.findall(r"^(\w+) is dealt, in order: (.*)$", stdout, re.MULTILINE))


def test_a_game_dealt_from_73_cards_plays_replays_and_deals_again_from_them(
    table: Table, engine: Engine
) -> None:
    old = _dealt_before_the_upgrade(table, engine)
    assert _game(table).settings["deck_edition"] == "73"
    sent = table.mail(PEOPLE["Alice"], "nomic settings", subject="[ODL 1] settings")
    assert "deck_edition = 73 (default 72)" in text(sent[-1][1])
    for slot in range(1, 11):
        for seat in old.seats:
            table.mail(PEOPLE[seat.name], f"place {slot}", subject="[ODL 1] my move")
    mover = _state(table).mover.name
    table.mail(PEOPLE[mover], "take deck, place 1, discard pile 1", subject="[ODL 1] move")
    played = _state(table)
    assert played.phase is Phase.TAKE and played.mover.name != mover
    assert played.edition is Edition.FIRST and "Deck edition: 73" in (_game(table).state or "")
    players = [seat.name for seat in played.seats]
    again = replay(players, played.seed, played.record, played.rules, played.edition)
    assert again == played
    assert replay(players, played.seed, played.record, played.rules) != played

    args = ["odil", "deal", played.seed, "--commitment", commitment(played.seed)]
    args += [arg for name in players for arg in ("--player", name)]
    first = CliRunner().invoke(main, [*args, "--edition", "73"])
    assert first.exit_code == 0, first.output
    assert _dealt(first.output) == {seat.name: "; ".join(seat.dealt) for seat in old.seats}
    audited = CliRunner().invoke(main, args)
    assert audited.exit_code == 0 and _dealt(audited.output) != _dealt(first.output)


def test_a_game_opened_after_the_upgrade_is_dealt_from_72_cards(table: Table) -> None:
    _open_and_deal(table)
    assert _game(table).settings["deck_edition"] == "72"
    state = _state(table)
    assert state.edition is Edition.AUDITED
    players = [seat.name for seat in state.seats]
    assert new_game(players, state.seed) == state


def test_the_speaker_cannot_open_a_game_on_the_73_cards(table: Table) -> None:
    sent = table.speaker(f"new-game {LOUNGE} one-day-in-london set deck_edition=73")
    assert "is not a setting of One Day in London" in text(sent[-1][1])
    with table.factory() as session:
        assert session.scalars(select(Game)).first() is None
