"""Busking (rule 1.7.20), the Bureau de Change (rule 1.7.21) and the fFlourish (rule 1.7.59)."""

from __future__ import annotations

import pytest

from referee.engine.tables import TableError
from referee.engine.tables.bureau import load_bureau
from referee.engine.tables.busking import load_busking
from referee.engine.tables.colours import Colour
from referee.engine.tables.costs import TokenCost
from referee.engine.tables.fflourish import load_fflourish
from referee.notation.action_index import load_action_index

BK, BU, BR, GO, GR, RE, SI = (Colour(c) for c in ("Bk", "Bu", "Br", "Go", "Gr", "Re", "Si"))


@pytest.mark.parametrize(
    ("instrument", "gain"),
    [
        ("", {BR: 1}),
        ("Yodeling", {BR: 1}),
        ("yodelling", {BR: 1}),
        ("Harmonica", {BR: 3}),
        ("Drum", {BK: 2, RE: 1, BR: 1}),
        ("Casiotone", {BK: 1, BU: 1, RE: 1, BR: 1}),
        ("Guitar", {BK: 2, BU: 2, BR: 1}),
        ("violin", {BK: 2, RE: 2, BR: 1}),
        ("Saxophone", {BU: 2, RE: 2, BR: 2}),
        ("Piano", {GO: 1}),
    ],
)
def test_1_7_20_busking_rewards(instrument: str, gain: dict[Colour, int]) -> None:
    assert load_busking().way_of(instrument).tokens.fixed() == gain


def test_1_7_20_silly_hat_may_take_a_bonus_listed_above() -> None:
    table = load_busking()
    assert [w.name for w in table.choices("Drum", silly_hat=False)] == ["Drum"]
    assert [w.name for w in table.choices("Drum", silly_hat=True)] == [
        "Drum",
        "Yodeling",
        "Harmonica",
    ]
    below = table.choices("Saxophone", silly_hat=True, silly_hat_reaches="below")
    assert [w.name for w in below] == ["Saxophone", "Piano"]


def test_1_7_20_not_an_instrument() -> None:
    with pytest.raises(TableError, match="Kazoo"):
        load_busking().way_of("Kazoo")


@pytest.mark.parametrize(
    ("name", "pay", "receive", "only_at"),
    [
        ("Gold to Silver", (GO, 1), (SI, 2), ""),
        ("Gold to Bronze", (GO, 1), (BR, 8), ""),
        ("Gold to Blue", (GO, 1), (BU, 3), ""),
        ("Silver to Bronze", (SI, 1), (BR, 4), ""),
        ("Silver to Gold", (SI, 2), (GO, 1), "Bank"),
        ("Bronze to Gold", (BR, 8), (GO, 1), "Bank"),
        ("Blue to Gold", (BU, 3), (GO, 1), "Bank"),
        ("Bronze to Silver", (BR, 4), (SI, 1), "Bank"),
    ],
)
def test_1_7_21_rates_both_ways_reverse_only_at_bank(
    name: str, pay: tuple[Colour, int], receive: tuple[Colour, int], only_at: str
) -> None:
    exchange = load_bureau().exchange(name)
    assert (exchange.pay, exchange.pay_count) == pay
    assert (exchange.receive, exchange.receive_count) == receive
    assert exchange.only_at == only_at


def test_1_7_21_the_action_index_agrees_with_the_bureau() -> None:
    index = load_action_index()
    for exchange in load_bureau().exchanges():
        spec = index[exchange.name]
        assert TokenCost.parse(spec.cost).fixed() == {exchange.pay: exchange.pay_count}
        assert TokenCost.parse(spec.gain).fixed() == {exchange.receive: exchange.receive_count}
        assert spec.repeatable and spec.rule == "1.7.21"


def test_1_4_10_and_1_7_39_bonanza_and_recycling_are_token_exchanges() -> None:
    bureau = load_bureau()
    assert bureau.is_token_exchange("Bonanza")
    assert bureau.is_token_exchange("Recycling")
    assert bureau.is_token_exchange("Gold to Bronze")
    assert not bureau.is_token_exchange("Blocking")


def test_1_7_59_shares_quarters_and_remainders() -> None:
    """Pool of 10 Red: four dice take a quarter (2 each), the first die's player the rest (2).

    Red's column reads r, 1, 1, 1, 1, 0 (first to sixth die).
    """
    got = load_fflourish().share_out({RE: 10}, ["A", "B", "C", "D", "E", "F"])
    assert got == {"A": {RE: 2}, "B": {RE: 2}, "C": {RE: 2}, "D": {RE: 2}, "E": {RE: 2}}


def test_1_7_59_one_player_named_twice_takes_both_shares() -> None:
    got = load_fflourish().share_out({BK: 9, SI: 4}, ["A", "A", "B", "B", "B", "B"])
    # Black (1,0,r,1,1,1): A a quarter, 2; B the rest, 1, and three quarters, 6.
    # Silver (0,r,1,1,1,1): B four quarters of 1; nothing is left for A's remainder.
    assert got == {"A": {BK: 2}, "B": {BK: 7, SI: 4}}


def test_1_7_59_six_dice() -> None:
    with pytest.raises(ValueError, match="6 dice"):
        load_fflourish().share_out({}, ["A"])
