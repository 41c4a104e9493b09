"""The ruleset registry (python-chess's variant.py model) and the initial states of 1.1.2/1.1.8."""

from __future__ import annotations

import pytest

from referee.notation.gametime import GameTime
from referee.variants import VARIANTS, Ruleset, UnknownVariantError, find_variant


def test_find_variant_by_name_or_alias() -> None:
    assert find_variant("Vanilla") is Ruleset
    assert find_variant("normal") is Ruleset
    assert VARIANTS[0] is Ruleset


def test_an_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(UnknownVariantError, match="vanilla"):
        find_variant("Finchley '49")


def test_1_1_2_a_new_game_has_the_drone_and_the_speakers_time() -> None:
    """Rule 1.1.2 - A New Game: the Drone exists as a player; Game Time as the Speaker chose;
    no Wild Stations, Bridges Down, not in Knip."""
    gsd = Ruleset().new_game(["Rushton", "Cryer"], GameTime.parse("Wednesday 2340"))
    assert gsd.player_names == ("Drone", "Rushton", "Cryer")
    assert gsd.time == GameTime.parse("Wednesday 2340")
    assert not gsd.wild and not gsd.bridges_up and not gsd.in_knip


def test_1_1_8_a_joining_player_starts_with_two_black_two_red_two_bronze() -> None:
    """Rule 1.1.8 - Joining In: no Home, LV zero, 2 Bk 2 Re 2 Br, no Possessions."""
    row = Ruleset().new_player("Garden")
    assert (row.home, row.lv, row.charge) == (None, 0, 0)
    assert row.tokens.as_tuple() == (2, 0, 2, 0, 0, 2, 0)
    base = Ruleset().new_game(["Rushton"], GameTime.parse("Monday 0900"))
    joined = Ruleset().join(base, "Garden")
    assert joined.player_names[-1] == "Garden"


def test_1_15_1_the_drone_may_not_win() -> None:
    assert not Ruleset().may_win("Drone")
    assert Ruleset().may_win("Rushton")


def test_settings_are_one_place_to_change_a_reading() -> None:
    strict = Ruleset().with_settings(route_choice="first")
    assert strict.settings.route_choice == "first"
    assert Ruleset().settings.route_choice == "best"
