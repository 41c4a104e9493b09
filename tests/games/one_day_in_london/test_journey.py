"""The rules' "Continuous Journey", its worked positions, and properties of the check."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.one_day_in_london.journey import (
    BreakReason,
    JourneyRules,
    check_journey,
)
from referee.games.one_day_in_london.network import load_game_network
from referee.network.lines import LineCode

NETWORK = load_game_network()

WINNING_POSITION = (
    "Blackfriars",
    "Tower Hill",
    "Aldgate",
    "Liverpool Street",
    "Baker Street",
    "Oxford Circus",
    "Elephant and Castle",
    "Bank",
    "Waterloo",
    "Edgware Road (Bakerloo)",
)
"""The rules' Winning Position: District from Blackfriars through Tower Hill to Aldgate,
Metropolitan to Baker Street, Bakerloo to Elephant and Castle, Northern all the way round to
Waterloo, Bakerloo back to Edgware Road. The text names seven of the ten cards; Liverpool
Street, Oxford Circus and Bank are stops on those rides (README, "Worked positions")."""

STARTING_POSITION = (
    "Knightsbridge",
    "Covent Garden",
    "Angel",
    "Marble Arch",
    "Goodge Street",
    "King's Cross St. Pancras",
    "Great Portland Street",
    "Borough",
    "Temple",
    "Victoria",
)
"""The rules' Starting Position: two Piccadilly stations at the left, two District at the
right, and Goodge Street - King's Cross - Great Portland Street in the middle."""


def test_winning_position_is_a_journey() -> None:
    check = check_journey(WINNING_POSITION)
    assert check.journey
    assert check.legs is not None
    assert check.legs[0] == check.legs[1] == LineCode.DS
    assert check.legs[5] == LineCode.BL
    assert check.legs[-1] == LineCode.BL


def test_starting_position_is_not_a_journey_first_break_at_3() -> None:
    check = check_journey(STARTING_POSITION)
    assert not check.journey
    assert check.broken is not None
    assert check.broken.position == 3
    assert check.broken.reason is BreakReason.NO_SHARED_LINE
    assert "Angel" in check.broken.message and "Covent Garden" in check.broken.message


def test_starting_position_runs_named_by_the_rules_are_connected() -> None:
    for run in (STARTING_POSITION[:2], STARTING_POSITION[4:7], STARTING_POSITION[8:]):
        assert check_journey(run, length=None).journey


def test_c1_any_two_stations_on_a_line_are_connected() -> None:
    assert check_journey(("Earl's Court", "King's Cross St. Pancras"), length=None).journey


def test_c2_no_backtracking_on_the_same_line() -> None:
    check = check_journey(("Victoria", "Sloane Square", "Victoria"), length=None)
    assert check.broken is not None
    assert check.broken.reason is BreakReason.BACKTRACK
    assert check.broken.position == 3


def test_c2_riding_on_the_same_way_is_fine() -> None:
    assert check_journey(("Victoria", "Sloane Square", "Earl's Court"), length=None).journey


def test_c3_change_to_a_line_the_same_way_on_the_same_track() -> None:
    route = ("Farringdon", "Barbican", "Liverpool Street", "Bank")
    assert check_journey(route, length=None).journey


def test_c4_back_along_a_line_after_another_line() -> None:
    route = ("Victoria", "Westminster", "Waterloo", "Embankment", "Victoria")
    check = check_journey(route, length=None)
    assert check.journey
    assert check.legs is not None
    assert check.legs[:2] == (LineCode.DS, LineCode.JL)
    assert check.legs[2] in {LineCode.BL, LineCode.NT}
    assert check.legs[3] == LineCode.DS


def test_c4_a_station_may_recur_after_another_line() -> None:
    assert check_journey(("Waterloo", "Bank", "Waterloo"), length=None).journey


def test_c5_never_the_same_station_twice_in_a_row() -> None:
    check = check_journey(("Bank", "Bank"), length=None)
    assert check.broken is not None
    assert check.broken.reason is BreakReason.SAME_STATION


def test_r1_turning_back_alongside_is_refused_by_default_and_a_setting() -> None:
    route = ("Liverpool Street", "Moorgate", "Liverpool Street")
    check = check_journey(route, length=None)
    assert check.broken is not None
    assert check.broken.reason is BreakReason.TURNS_BACK_ALONGSIDE
    assert check_journey(route, length=None, rules=JourneyRules(turn_back_alongside=True)).journey


def test_goal_a_journey_has_ten_stations() -> None:
    check = check_journey(WINNING_POSITION[:9])
    assert check.broken is not None
    assert check.broken.reason is BreakReason.LENGTH


def test_unknown_station_is_refused() -> None:
    with pytest.raises(ValueError):
        check_journey(("Bank", "Wimbledon"), length=None)


def walk(rng: random.Random) -> tuple[tuple[str, ...], tuple[LineCode, ...]]:
    """Ten stations walked on the graph by the rules: each step rides a line from the last
    station to another on it, continuing the same way when it stays on the same line."""
    stations: list[str] = []
    legs: list[LineCode] = []
    while len(stations) < 10:
        if not stations:
            stations.append(rng.choice(NETWORK.stations))
        here = stations[-1]
        steps = []
        for code in NETWORK.lines_at(here):
            line = NETWORK.line(code)
            at = line.position(here)
            for i, there in enumerate(line.stations):
                came = line.position(stations[-2]) if legs and legs[-1] == code else None
                if i != at and (came is None or (i - at) * (at - came) > 0):
                    steps.append((code, there))
        if not steps:
            stations, legs = [], []
            continue
        code, there = rng.choice(steps)
        stations.append(there)
        legs.append(code)
    return tuple(stations), tuple(legs)


def walked_journeys() -> st.SearchStrategy[tuple[tuple[str, ...], tuple[LineCode, ...]]]:
    return st.integers(min_value=0, max_value=2**32).map(lambda seed: walk(random.Random(seed)))


@settings(max_examples=300, deadline=None)
@given(walked_journeys())
def test_property_walked_journeys_pass_with_the_setting(
    walked: tuple[tuple[str, ...], tuple[LineCode, ...]],
) -> None:
    """Any walk by C1-C5 is a journey (with R1 allowing every change of line, as C3 and C4
    say literally)."""
    stations, _ = walked
    check = check_journey(stations, rules=JourneyRules(turn_back_alongside=True))
    assert check.journey, check.describe()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(NETWORK.stations), min_size=10, max_size=10))
def test_property_every_verdict_is_a_journey_or_names_a_reason(stations: list[str]) -> None:
    check = check_journey(stations)
    if check.journey:
        assert check.legs is not None and len(check.legs) == 9
        for leg, a, b in zip(check.legs, stations, stations[1:], strict=False):
            assert leg in NETWORK.lines_at(a) and leg in NETWORK.lines_at(b)
    else:
        assert check.broken is not None
        assert check.broken.reason in set(BreakReason)
        assert 2 <= check.broken.position <= 10
        assert stations[check.broken.position - 1] in check.broken.message
        prefix = stations[: check.broken.position - 1]
        assert check_journey(prefix, length=None).journey


@settings(max_examples=200, deadline=None)
@given(walked_journeys(), st.integers(min_value=1, max_value=9))
def test_property_a_repeated_station_breaks_there(
    walked: tuple[tuple[str, ...], tuple[LineCode, ...]], at: int
) -> None:
    stations = list(walked[0])
    stations[at] = stations[at - 1]
    check = check_journey(stations, rules=JourneyRules(turn_back_alongside=True))
    assert check.broken is not None
    assert check.broken.position <= at + 1


@settings(max_examples=200, deadline=None)
@given(walked_journeys(), st.integers(min_value=1, max_value=9), st.randoms())
def test_property_a_station_off_every_line_breaks_there_for_that_reason(
    walked: tuple[tuple[str, ...], tuple[LineCode, ...]], at: int, rng: random.Random
) -> None:
    stations = list(walked[0])
    lines = set(NETWORK.lines_at(stations[at - 1]))
    strangers = [s for s in NETWORK.stations if not lines & set(NETWORK.lines_at(s))]
    stations[at] = rng.choice(strangers)
    check = check_journey(stations, rules=JourneyRules(turn_back_alongside=True))
    assert check.broken is not None
    assert check.broken.position == at + 1
    assert check.broken.reason is BreakReason.NO_SHARED_LINE


def _rides(stations: tuple[str, ...], legs: tuple[LineCode, ...], alongside: bool) -> bool:
    """C2, C3, C4 and R1 read straight off the README for one choice of a line per step."""

    def at(code: LineCode, station: str) -> int:
        return NETWORK.line(code).position(station)

    def back_toward(code: LineCode, station: str, target: str) -> str:
        line = NETWORK.line(code)
        return line.stations[
            at(code, station) + (1 if at(code, target) > at(code, station) else -1)
        ]

    for a, b, c, came, going in zip(
        stations, stations[1:], stations[2:], legs, legs[1:], strict=False
    ):
        if came == going:
            if (at(came, b) - at(came, a)) * (at(came, c) - at(came, b)) <= 0:
                return False
        elif not alongside and going in NETWORK.positions(a):
            turns = (at(going, c) - at(going, b)) * (at(going, a) - at(going, b)) > 0
            if turns and back_toward(came, b, a) == back_toward(going, b, a):
                return False
    return True


def _every_choice(stations: tuple[str, ...], alongside: bool) -> bool:
    """Is some choice of a line for each step a journey? Tried exhaustively (C1, C5)."""
    choices = []
    for a, b in itertools.pairwise(stations):
        shared = [code for code in NETWORK.lines_at(a) if code in NETWORK.positions(b)]
        if a == b or not shared:
            return False
        choices.append(shared)
    return any(_rides(stations, legs, alongside) for legs in itertools.product(*choices))


def _linked(rng: random.Random) -> tuple[str, ...]:
    """Ten stations, each sharing a line with the one before: racks the check must weigh."""
    stations = [rng.choice(NETWORK.stations)]
    while len(stations) < 10:
        near = set(NETWORK.lines_at(stations[-1]))
        stations.append(
            rng.choice(
                [
                    s
                    for s in NETWORK.stations
                    if s != stations[-1] and near & set(NETWORK.lines_at(s))
                ]
            )
        )
    return tuple(stations)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.booleans(), st.booleans())
def test_property_the_verdict_is_that_of_trying_every_choice_of_lines(
    seed: int, walked: bool, alongside: bool
) -> None:
    rng = random.Random(seed)
    stations = walk(rng)[0] if walked else _linked(rng)
    check = check_journey(stations, rules=JourneyRules(turn_back_alongside=alongside))
    assert check.journey == _every_choice(stations, alongside), check.describe()
