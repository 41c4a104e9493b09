"""The Token Collection Table of rule 1.4.20, applied to the facts of a Move."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.engine.tables.colours import Colour
from referee.engine.tables.token_collection import (
    MoveFacts,
    load_token_collection,
    token_bonus,
)

BK, BU, BR, RE, SI = Colour.BK, Colour.BU, Colour.BR, Colour.RE, Colour.SI

# A plain Move: between two non-Interchange Stations in Zone 3, through none, with a Line
# change, no Zone Pass, no Hat. It earns nothing; each test changes one fact.
PLAIN = MoveFacts(
    is_pass=False,
    station_zones=(frozenset({3}), frozenset({3})),
    zone_pass_zones=frozenset(),
    destination_lines=0,
    interchanges_passed=(),
    line_changed=True,
    hat_matched=False,
)


def bonus(**changes: Any) -> dict[Colour, int]:
    return dict(token_bonus(replace(PLAIN, **changes), load_token_collection()))


def test_1_4_20_a_plain_move_earns_nothing() -> None:
    assert bonus() == {}


@pytest.mark.parametrize(
    ("lines", "earned"),
    [(1, {}), (2, {RE: 1}), (3, {BK: 1}), (4, {BU: 1}), (5, {SI: 1}), (6, {SI: 1})],
)
def test_1_4_20_moving_to_an_interchange(lines: int, earned: dict[Colour, int]) -> None:
    assert bonus(destination_lines=lines) == earned


@pytest.mark.parametrize(
    ("passed", "earned"),
    [
        (("Bank",), {}),
        (("Bank", "Moorgate"), {RE: 1}),
        (("Bank", "Moorgate", "Euston"), {BK: 1}),
        (("A", "B", "C", "D"), {BU: 1}),
        (("A", "B", "C", "D", "E", "F"), {SI: 1}),
    ],
)
def test_1_4_20_passing_through_interchanges(
    passed: tuple[str, ...], earned: dict[Colour, int]
) -> None:
    assert bonus(interchanges_passed=passed) == earned


def test_1_4_20_an_interchange_passed_twice_counts_once() -> None:
    assert bonus(interchanges_passed=("Bank", "Moorgate", "Bank")) == {RE: 1}


def test_1_4_20_no_line_change_earns_a_black() -> None:
    assert bonus(line_changed=False) == {BK: 1}


def test_1_4_20_a_pass_is_not_a_move_without_line_change() -> None:
    assert bonus(is_pass=True, line_changed=False) == {}


def test_1_4_20_hat_match_earns_a_blue() -> None:
    assert bonus(hat_matched=True) == {BU: 1}


def test_1_4_20_zone_pass_needs_every_station_in_a_held_zone() -> None:
    assert bonus(zone_pass_zones=frozenset({3})) == {BR: 1}
    assert (
        bonus(zone_pass_zones=frozenset({3}), station_zones=(frozenset({3}), frozenset({4}))) == {}
    )
    # A Station on the 3/4 boundary is in both Zones (rule 1.17.7).
    assert bonus(
        zone_pass_zones=frozenset({3}), station_zones=(frozenset({3}), frozenset({3, 4}))
    ) == {BR: 1}


def test_1_4_20_a_pass_within_a_zone_earns_the_bronze_by_default() -> None:
    facts = replace(PLAIN, is_pass=True, zone_pass_zones=frozenset({3}))
    table = load_token_collection()
    assert token_bonus(facts, table) == {BR: 1}
    assert token_bonus(facts, table, pass_earns_zone_bonus=False) == {}


def test_1_4_20_bonuses_add_up() -> None:
    """A Move through two Interchanges to a three-Line one, no Line change: Red and two Black."""
    earned = bonus(destination_lines=3, interchanges_passed=("A", "B"), line_changed=False)
    assert earned == {BK: 2, RE: 1}
