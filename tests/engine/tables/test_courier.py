"""The Three-Point Courier of rule 1.11.2."""

from __future__ import annotations

from referee.engine.tables.courier import CourierStation, load_courier

AMERSHAM = CourierStation("Amersham", frozenset({7}), frozenset({4}), frozenset({"MP"}))
UPMINSTER = CourierStation("Upminster", frozenset({6}), frozenset({1}), frozenset({"DS"}))
MORDEN = CourierStation("Morden", frozenset({4}), frozenset({3}), frozenset({"NT"}))
EUSTON = CourierStation("Euston", frozenset({1}), frozenset({0}), frozenset({"NT", "VC"}))
CALLER_IN_2 = frozenset({2})


def test_1_11_2_a_good_fixed_call() -> None:
    table = load_courier()
    assert (
        table.fixed_call_problems(
            AMERSHAM, UPMINSTER, caller_quadrants=CALLER_IN_2, home_stations=()
        )
        == []
    )


def test_1_11_2_every_problem_is_named() -> None:
    problems = load_courier().fixed_call_problems(
        EUSTON, MORDEN, caller_quadrants=frozenset({3}), home_stations={"Morden"}
    )
    assert problems == [
        "the Pick-Up Station Euston is in Zone 1",
        "the Destination Station Morden is a Home Station",
        "the Destination Station Morden is in your own Quadrant",
        "Euston and Morden share the Line NT",
    ]


def test_1_11_2_same_quadrant_is_refused() -> None:
    other_in_4 = CourierStation("Watford", frozenset({7}), frozenset({4}), frozenset({"MP"}))
    problems = load_courier().fixed_call_problems(
        AMERSHAM, other_in_4, caller_quadrants=CALLER_IN_2, home_stations=()
    )
    assert "Amersham and Watford share a Quadrant" in problems


def test_1_11_2_random_call_and_delivery() -> None:
    table = load_courier()
    assert (table.random_dice, table.die_sides) == (2, 295)
    assert table.delivery_gain == "3Go"
