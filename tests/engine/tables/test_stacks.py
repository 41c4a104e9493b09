"""Token Stack rewards (rule 1.14.2) and capacity (rule 1.14.3)."""

from __future__ import annotations

import pytest

from referee.engine.tables.colours import Colour
from referee.engine.tables.stacks import load_stacks


def stack(text: str) -> list[Colour]:
    """A Stack as the GSD writes it, bottom to top: "ReGrReGrReGr"."""
    return [Colour(text[i : i + 2]) for i in range(0, len(text), 2)]


@pytest.mark.parametrize(
    ("sequence", "colour", "count"),
    [
        ("ReReReReReRe", Colour.BU, 4),
        ("BuBuBuBuBuBu", Colour.SI, 4),
        ("GrGrGrGrGrGr", Colour.GO, 1),
        ("SiSiSiSiSiSi", Colour.GO, 2),
        ("ReGrReGrReGr", Colour.SI, 2),
        ("GrBuGrBuGrBu", Colour.SI, 4),
        ("BuBkBuBkBuBk", Colour.BU, 6),
    ],
)
def test_1_14_2_the_seven_rewards(sequence: str, colour: Colour, count: int) -> None:
    reward = load_stacks().reward_for(stack(sequence))
    assert reward is not None and (reward.colour, reward.count) == (colour, count)


def test_1_14_2_order_matters_bottom_to_top() -> None:
    assert load_stacks().reward_for(stack("GrReGrReGrRe")) is None
    assert load_stacks().reward_for(stack("BkBuBkBuBkBu")) is None


def test_1_14_2_only_exactly_six() -> None:
    assert load_stacks().reward_for(stack("ReReReReRe")) is None
    assert load_stacks().reward_for(stack("ReReReReReReRe")) is None


def test_1_14_2_the_stack_had_one_to_five_in_the_previous_turn() -> None:
    table = load_stacks()
    six_reds = stack("ReReReReReRe")
    assert table.earned(six_reds, size_last_turn=5) is not None
    assert table.earned(six_reds, size_last_turn=1) is not None
    assert table.earned(six_reds, size_last_turn=0) is None
    assert table.earned(six_reds, size_last_turn=6) is None


def test_1_14_3_six_tokens_except_at_three_stations() -> None:
    table = load_stacks()
    assert table.capacity_at("Morden") == 6
    for station in ("Mornington Crescent", "Seven Sisters", "Euston"):
        assert table.capacity_at(station) is None
        assert table.may_add(station, 6)
    assert table.may_add("Morden", 5)
    assert not table.may_add("Morden", 6)


def test_1_9_6_kafka_sinkhole_is_four_or_more_all_black() -> None:
    table = load_stacks()
    assert table.is_kafka_sinkhole(stack("BkBkBkBk"))
    assert table.is_kafka_sinkhole(stack("BkBkBkBkBkBkBk"))
    assert not table.is_kafka_sinkhole(stack("BkBkBk"))
    assert not table.is_kafka_sinkhole(stack("BkBkReBk"))
