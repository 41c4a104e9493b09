"""A dealt game's settings are listed in the catalogue's one form for yes-or-no values."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from referee.games.ifmud.kind import IfmudNomic
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.games.one_day_in_london.state import GameState
from referee.service.dealt import chosen, settings_lines
from referee.store.models import Game

START = datetime(2026, 1, 5, tzinfo=UTC)


def test_an_ifmud_games_readings_and_its_chambers_are_listed_alike() -> None:
    kind = IfmudNomic(lambda: START)
    lines = settings_lines(kind, Game(settings=chosen(kind, [])))
    assert "omnibus_servant_bars = false (default false)" in lines
    assert "intents_may_be_withdrawn = true (default true)" in lines
    assert not any(" yes" in line or " no" in line for line in lines)


def test_a_speaker_may_write_yes_and_a_game_stored_with_yes_is_listed_as_true() -> None:
    kind = OneDayInLondon()
    assert chosen(kind, ["turn_back_alongside=yes"]) == chosen(kind, ["turn_back_alongside=on"])
    [line, *_] = settings_lines(kind, Game(settings={"turn_back_alongside": "yes"}))
    assert line == "turn_back_alongside = true (default false)"


def test_a_game_stored_with_yes_still_deals_with_its_reading() -> None:
    kind = OneDayInLondon()
    players = ["Alice", "Bob"]
    for stored in ("yes", "true"):
        opening = kind.opening(1, players, random.Random(0), {"turn_back_alongside": stored})
        assert GameState.parse(opening).rules.turn_back_alongside
