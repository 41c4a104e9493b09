"""The readings a Speaker may set per game (rules 29, 80, 116), read from the game's stored
settings and shown to players with the state."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.judge import judge
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.settings import Readings
from referee.games.kind import GameView, PlayerView

from .helpers import ADAM, JOTA, ROGER, START, ScriptedDice, game, legal, points, put, put_servant


def test_defaults_and_their_text_round_trip() -> None:
    text = Readings().render()
    assert text == "omnibus_servant_bars=false\nbubble_doubles_every_entry=false\npie_die=6"
    pairs = tuple(
        (name, value) for name, _, value in map(str.partition, text.splitlines(), "=" * 3)
    )
    assert Readings.parse(pairs) == Readings()
    assert Readings.parse((("pie_die", "4"), ("route_choice", "first"))) == Readings(pie_die=4)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ((("pie_die", "six"),), "whole number"),
        ((("pie_die", "1"),), "two sides"),
        ((("omnibus_servant_bars", "maybe"),), "true or false"),
    ],
)
def test_a_value_that_means_nothing_is_refused(
    pairs: tuple[tuple[str, str], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Readings.parse(pairs)


def test_rule_116_the_pie_die_setting_changes_the_die_thrown() -> None:
    state = legal(points(put_servant(game(), ADAM, "Central Park"), ADAM, 30), ADAM, "buy a pie", 1)
    dice = ScriptedDice([4])
    ruling = judge(
        state, ADAM, parse_actions(f"throw pie at {ROGER}"), dice, state.time, Readings(pie_die=4)
    )
    assert ruling.applied and dice.asked == [(4, "rule 116: does the pie hit")]


def test_rule_80_with_the_setting_a_servant_may_not_ride_into_another_players_room() -> None:
    state = put(put_servant(game(), ADAM, "The House of Commons"), JOTA, "Saturn")
    actions = parse_actions("send servant by omnibus to Saturn")
    assert judge(state, ADAM, actions, ScriptedDice(), state.time).applied
    barred = judge(
        state, ADAM, actions, ScriptedDice(), state.time, Readings(omnibus_servant_bars=True)
    )
    assert barred.refusal and "rule 87" in barred.refusal


def test_rule_29_with_the_setting_the_award_doubles_even_when_nothing_is_paid() -> None:
    state = replace(game(), bubble_last=ADAM, bubble_next=4)
    actions = parse_actions("move to Dot-Com Bubble")
    assert judge(state, ADAM, actions, ScriptedDice(), state.time).state.bubble_next == 4
    doubled = judge(
        state, ADAM, actions, ScriptedDice(), state.time, Readings(bubble_doubles_every_entry=True)
    )
    assert doubled.state.bubble_next == 8


def test_the_kind_reads_the_games_settings_and_shows_them() -> None:
    kind = IfmudNomic(lambda: START)
    state = kind.opening(2, SEED_PLAYERS, random.Random(0))
    view = GameView(2, 1, 1, state, SEED_PLAYERS, settings=(("pie_die", "8"),))
    assert "pie_die=8" in kind.public_view(view)
    assert "omnibus_servant_bars=false" in kind.public_view(view)


def test_a_game_with_a_setting_that_means_nothing_is_answered_not_silently_judged() -> None:
    kind = IfmudNomic(lambda: START)
    state = kind.opening(2, SEED_PLAYERS, random.Random(0))
    view = GameView(2, 1, 1, state, SEED_PLAYERS, settings=(("pie_die", "lots"),))
    judged = kind.judge(
        view, PlayerView(ADAM, "a@example.org", 1), kind.read(view, "xyzzy"), random.Random(0)
    )
    assert judged.verdict == "not_adjudicated" and "pie_die" in judged.explanation
