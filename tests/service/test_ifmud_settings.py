"""ifMUD Nomic's readings in the Speaker's catalogue of settings, found through the games
seam (``referee.games.readings_of``), stored with the game and shown to its players."""

from __future__ import annotations

import random
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from referee.engine.ruleset import Ruleset
from referee.games import IFMUD_NOMIC, MORNINGTON, hosted, readings_of
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.settings import Readings
from referee.service.deadlines import aware
from referee.variants.game_settings import GameSettings, SettingError, catalogue
from tests.conftest import MailPath
from tests.service.harness import HandClock, text
from tests.service.test_ifmud_by_mail import LOUNGE, START, address, seed


def test_the_games_seam_names_ifmud_nomics_readings_and_none_for_mornington() -> None:
    assert readings_of(IFMUD_NOMIC) is Readings
    assert readings_of(MORNINGTON) is None


def test_the_ifmud_catalogue_is_its_readings_with_the_chambers_and_no_mornington_rule() -> None:
    known = catalogue(Readings)
    assert {"omnibus_servant_bars", "bubble_doubles_every_entry", "pie_die"} <= set(known)
    assert "lone_nay_may_declare_dead" in known and "route_choice" not in known
    assert "rules/ifmud-nomic/readings.md#r116" in known["pie_die"].doc
    assert "pie_die" not in catalogue(Ruleset)


def test_rule_116_pie_die_is_set_as_a_whole_number_of_at_least_two_sides() -> None:
    chosen = GameSettings.parse(["pie_die=8", "bubble_doubles_every_entry=yes"], Readings)
    assert chosen.full().as_stored()["pie_die"] == "8"
    assert Readings.parse(tuple(chosen.full().as_stored().items())) == Readings(
        bubble_doubles_every_entry=True, pie_die=8
    )
    with pytest.raises(SettingError, match="a whole number from 2 to 1000"):
        GameSettings.parse(["pie_die=1"], Readings)
    with pytest.raises(SettingError, match="not a setting of this game"):
        GameSettings.parse(["route_choice=first"], Readings)


def test_rule_116_a_games_pie_die_is_shown_to_its_players_by_mail(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    clock = HandClock(START)
    url = f"sqlite:///{tmp_path / 'ifmud.sqlite3'}"
    stored = GameSettings.parse(["pie_die=8"], Readings).full().as_stored()
    seed(url, clock, stored)
    path = mail_path(url, clock=clock, kinds=hosted(lambda: aware(clock())), rng=random.Random(1))
    adam = SEED_PLAYERS[0]
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = address(adam), LOUNGE, "[MC 1]"
    message["Message-ID"] = "<settings-1@example.org>"
    message.set_content("nomic settings")
    path.deliver(message, address(adam), [LOUNGE])
    [answer] = path.replies()
    body = " ".join(text(answer).split())
    assert "pie_die = 8 (default 6)" in body
    assert "omnibus_servant_bars = false" in body
