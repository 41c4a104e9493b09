"""EngineDesk judges a game's Turns under the settings stored with the game."""

from __future__ import annotations

import pytest

from referee.service.desk import GameView, PlayerView
from referee.service.engine_desk import EngineDesk
from tests.engine.builder import game

PLAY = "Rushton : Brixton (VC)"
"""A first Turn with no Home declared (rule 1.12.2)."""


@pytest.fixture(scope="module")
def desk() -> EngineDesk:
    return EngineDesk(prepare=False)


def _view(settings: dict[str, str]) -> GameView:
    gsd = game({}, homes={})
    return GameView(1, 0, 0, gsd.render(), gsd.player_names, settings=tuple(settings.items()))


def test_1_12_2_the_games_setting_decides_the_verdict(desk: EngineDesk) -> None:
    rushton = PlayerView("Rushton", "rushton@example.org", 1)
    strict = desk.submit(_view({"home_declaration_required": "true"}), rushton, PLAY)
    assert strict.verdict == "illegal"
    assert any("Rule 1.12.2" in line for line in strict.violations)
    lenient = desk.submit(_view({"home_declaration_required": "false"}), rushton, PLAY)
    assert lenient.verdict == "legal", lenient.violations


def test_settings_of_the_service_alone_leave_the_rules_desk_as_it_is(desk: EngineDesk) -> None:
    assert desk._under((), (("buzz_mode", "players"), ("weekend_exempt_buzzes", "true"))) is desk


def test_a_stored_setting_the_referee_cannot_read_keeps_the_turn(desk: EngineDesk) -> None:
    rushton = PlayerView("Rushton", "rushton@example.org", 1)
    kept = desk.submit(_view({"no_such_setting": "1"}), rushton, PLAY)
    assert kept.verdict == "not_adjudicated"
    assert "stored settings cannot be read" in kept.explanation
