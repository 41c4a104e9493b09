"""The state of the game (rule 7 and the rules that add to it) and its notation: the opening
state is the rules' own, and parse and render are a pair (golden file, hypothesis)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.ifmud.opening import ROOMS, SEED_PLAYERS, new_game
from referee.games.ifmud.state import (
    Donation,
    GameState,
    Gift,
    NotationError,
    Player,
    Quest,
    Room,
    Servant,
    Token,
    Toll,
    TurnLog,
    Where,
)

from .helpers import ADAM, CARL, JOTA, ROGER, START, game

GOLDEN = Path(__file__).parents[2] / "golden" / "ifmud-nomic"


def test_golden_opening_state() -> None:
    expected = (GOLDEN / "opening.txt").read_text(encoding="utf-8")
    assert new_game(SEED_PLAYERS, START).render() == expected
    assert GameState.parse(expected) == new_game(SEED_PLAYERS, START)


def test_rule_3_the_seed_players_start_the_game() -> None:
    assert [p.name for p in new_game(SEED_PLAYERS, START).players] == [ADAM, ROGER, JOTA, CARL]


def test_rule_14_every_player_starts_in_the_lounge() -> None:
    assert {p.location for p in game().players} == {"Lounge"}


def test_rule_16_and_18_the_named_rooms_are_on_the_map() -> None:
    names = {r.name for r in game().rooms}
    for name in (
        "Mornington Crescent",
        "West of House",
        "Attic",
        "Washington, DC",
        "Saturn",
        "Under the High Wall (on a resting)",
        "The House of Commons",
        "Central Park",
        "Blasted Heath",
        "The North Pole",
        "West of Nowhere",
        "Zrblm",
    ):
        assert name in names
    assert set(ROOMS) == names


def test_rule_25_the_opening_map_has_no_connections_until_the_players_agree_some() -> None:
    assert new_game(SEED_PLAYERS, START).connections == ()


def test_rule_27_the_first_player_by_surname_is_active() -> None:
    assert new_game((CARL, JOTA, ROGER, ADAM), START).active == ADAM


def test_rules_28_41_136_148_tallies_start_at_0_demerits_10_points_1_puissance() -> None:
    for player in game().players:
        assert (player.demerits, player.brownie, player.puissance) == (0, 10, 1)


def test_rule_44_each_servant_starts_in_the_servants_quarters() -> None:
    state = game()
    assert [s.owner for s in state.servants] == [ADAM, ROGER, JOTA, CARL]
    assert {s.location for s in state.servants} == {"Servants' Quarters"}


def test_rules_71_80_114_155_the_beings_start_where_the_rules_put_them() -> None:
    state = game()
    assert (state.monkey, state.pieman, state.omnibus) == (
        "Central Park",
        "Central Park",
        "The House of Commons",
    )
    assert (state.robot, state.kitten) == ("Embedded CPU", "Lounge")


def test_rule_109_the_teleporter_starts_burned_out_on_the_blasted_heath() -> None:
    teleporter = next(t for t in game().tokens if t.name == "personal teleporter")
    assert teleporter.where == Where("room", "Blasted Heath")
    assert teleporter.status == "burned out"


def test_rule_134_with_no_time_bomb_each_player_gets_one_of_24_hours() -> None:
    bombs = [t for t in game().tokens if t.is_time_bomb]
    assert [(b.name, b.where, b.delay) for b in bombs] == [
        (f"{name}'s bomb", Where("player", name), 24) for name in SEED_PLAYERS
    ]


def test_rule_37_the_game_is_named_ifmud_nomic() -> None:
    assert game().name == "ifMUD Nomic"
    assert "Game: ifMUD Nomic" in game().render()


def test_rule_117_the_current_time_is_part_of_the_state() -> None:
    assert "Time: 2026-11-23 12:00:00 UTC" in game().render()


NAME = (
    st.text(
        alphabet=st.characters(
            whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters=" ',-()."
        ),
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(lambda s: s not in ("", "-"))
)
NUMBER = st.integers(-50, 500)
MOMENT = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
).map(lambda d: d.replace(microsecond=0))
WHERE = st.one_of(
    st.builds(Where, st.sampled_from(["room", "player", "servant"]), NAME), st.just(Where("monkey"))
)
TOKEN = st.builds(
    Token,
    NAME,
    WHERE,
    st.none() | NUMBER,
    st.none() | NAME,
    st.none() | st.integers(1, 200),
    st.none() | MOMENT,
    st.booleans(),
    st.none() | NAME,
    st.none() | NAME,
    st.none() | st.integers(0, 10),
    st.none() | st.integers(1, 30),
    st.none() | NAME,
    st.none() | NAME,
)
PLAYER = st.builds(
    Player,
    NAME,
    NAME,
    NUMBER,
    NUMBER,
    NUMBER,
    st.lists(NAME, max_size=3).map(tuple),
    st.integers(0, 2),
    st.booleans(),
)
ROOM = st.builds(
    Room,
    NAME,
    st.just("") | NAME,
    st.lists(st.builds(Toll, NAME, NUMBER), max_size=2).map(tuple),
    st.booleans(),
    st.booleans(),
    st.integers(0, 9),
    st.integers(0, 99),
)
NAMES = st.lists(NAME, max_size=3).map(tuple)
STATE = st.builds(
    GameState,
    time=MOMENT,
    players=st.lists(PLAYER, max_size=4).map(tuple),
    servants=st.lists(
        st.builds(Servant, NAME, NAME, st.just("") | NAME, st.just("") | NAME), max_size=3
    ).map(tuple),
    rooms=st.lists(ROOM, max_size=5).map(tuple),
    connections=st.lists(st.tuples(NAME, NAME), max_size=3).map(tuple),
    tokens=st.lists(TOKEN, max_size=4).map(tuple),
    name=NAME,
    turn=st.integers(1, 999),
    active=st.none() | NAME,
    turn_began=st.none() | MOMENT,
    monkey=NAME,
    monkey_moved=st.none() | st.tuples(NAME, MOMENT),
    last_cigar=st.none() | TOKEN,
    passive_voters=NAMES,
    passive_turn_takers=NAMES,
    gifts=st.lists(st.builds(Gift, NAME, NAME), max_size=2).map(tuple),
    quests=st.lists(
        st.builds(
            Quest, NAME, NAME, NAME, NAME, st.integers(0, 20), st.booleans(), st.just("") | NAME
        ),
        max_size=2,
    ).map(tuple),
    synonyms=st.lists(st.lists(NAME, min_size=1, max_size=3).map(tuple), max_size=2).map(tuple),
    donations=st.lists(st.builds(Donation, NAME, NAME, st.integers(1, 99)), max_size=2).map(tuple),
    bubble_next=st.sampled_from([1, 2, 4, 8, 16, 32]),
    bubble_last=st.none() | NAME,
    honours=NAMES,
    lost=NAMES,
    winner=st.none() | NAME,
    log=st.builds(
        TurnLog,
        NAMES,
        st.lists(st.tuples(NAME, NAME), max_size=2).map(tuple),
        st.integers(0, 2),
        NAMES,
    ),
    news=NAMES,
)


@settings(max_examples=200, deadline=None)
@given(STATE)
def test_rule_7_the_state_document_round_trips(state: GameState) -> None:
    text = state.render()
    assert GameState.parse(text) == state
    assert GameState.parse(text).render() == text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("ifMUD Nomic state\n", ""), "begins with"),
        (lambda t: t.replace("Time: 2026-11-23 12:00:00 UTC", "Time: noon"), "noon"),
        (lambda t: t.replace("Turn: 1", "Turn: one"), "whole number"),
        (lambda t: t.replace("Monkey: Central Park\n", ""), "'Monkey'"),
        (lambda t: t.replace("Kitten: Lounge", "Kitten: Lounge\nWeather: fine"), "Weather"),
        (lambda t: t.replace("| demerits 0 |", "| demerits 0 | hat red |", 1), "hat red"),
        (lambda t: t.replace("with Adam Biltcliffe |", "under Adam Biltcliffe |"), "under"),
    ],
)
def test_bad_notation_names_the_fault(edit: Callable[[str], str], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GameState.parse(edit(new_game(SEED_PLAYERS, START).render()))


def test_a_name_holding_a_separator_is_refused() -> None:
    with pytest.raises(ValueError, match="holds"):
        new_game(("Ann | Bee", "Cy"), START)
