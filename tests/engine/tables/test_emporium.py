"""The Emporium (rule 1.4.18) and the Hats (rule 1.4.6), from rules/vanilla/emporium.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.tables import TableError
from referee.engine.tables._load import read_table
from referee.engine.tables.emporium import Emporium, load_emporium, sale_price


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("All Day Rover", 3),
        ("Chocolate Bar", 1),
        ("Magnifier", 6),
        ("Piano", 9),
        ("Remote Control", 3),
        ("Zone 1 Pass", 3),
        ("Zones 1-3 Pass", 4),
        ("Zones 1-6 Pass", 8),
        ("Zone 4 Pass", 2),
        ("Euston Stub", 2),
    ],
)
def test_1_4_18_prices_in_bronze(name: str, cost: int) -> None:
    assert load_emporium().lookup(name).possession.cost == cost


def test_1_4_18_thirty_one_lines() -> None:
    assert len(load_emporium().possession) == 31


def test_1_4_18_zone_pass_digit_is_two_to_six() -> None:
    emporium = load_emporium()
    assert emporium.lookup("Zone 6 Pass").zone == 6
    with pytest.raises(TableError, match="not 7"):
        emporium.lookup("Zone 7 Pass")


def test_1_4_18_stub_names_its_station() -> None:
    purchase = load_emporium().lookup("Queen's Park Stub")
    assert (purchase.station, purchase.possession.name) == ("Queen's Park", "{station} Stub")


def test_1_4_18_unknown_goods_are_named() -> None:
    with pytest.raises(TableError, match="'Jetpack' is not sold"):
        load_emporium().lookup("Jetpack")


def test_1_4_18_sale_is_half_price_rounded_down() -> None:
    assert [sale_price(c) for c in (1, 2, 3, 9)] == [0, 1, 1, 4]
    assert load_emporium().lookup("Piano").possession.sale_price == 4


def test_1_7_39_recycling_pays_half_the_bronze_value_in_green() -> None:
    assert load_emporium().lookup("Overcoat").possession.recycling_greens == 3


def test_1_4_18_where_goods_may_be_bought() -> None:
    emporium = load_emporium()
    paper = emporium.lookup("Newspaper").possession
    burger = emporium.lookup("Lukewarm Burger").possession
    piano = emporium.lookup("Piano").possession
    assert paper.may_be_bought(at_british_rail=False, at_home=False)  # Dispensable
    assert burger.may_be_bought(at_british_rail=False, at_home=True)  # Edible, at Home
    assert not burger.may_be_bought(at_british_rail=False, at_home=False)
    assert not piano.may_be_bought(at_british_rail=False, at_home=True)
    assert piano.may_be_bought(at_british_rail=True, at_home=False)


def test_1_4_20_zone_passes_cover_their_zones() -> None:
    emporium = load_emporium()
    assert emporium.zones_covered("Zones 1-3 Pass") == {1, 2, 3}
    assert emporium.zones_covered("Zone 5 Pass") == {5}


def test_1_4_6_seven_hats_and_where_they_are_sold() -> None:
    emporium = load_emporium()
    assert [h.name for h in emporium.hat] == [
        "A-Z",
        "British Rail",
        "Compass",
        "Terminus",
        "Verdant",
        "Hard",
        "Silly",
    ]
    terminus = emporium.hat_type("terminus")
    assert terminus.may_be_bought_at(frozenset({"Terminus"}), at_british_rail=False)
    assert not terminus.may_be_bought_at(frozenset({"Compass"}), at_british_rail=True)
    silly = emporium.hat_type("Silly")
    assert silly.may_be_bought_at(frozenset(), at_british_rail=True)
    assert not silly.may_be_bought_at(frozenset({"Terminus"}), at_british_rail=False)
    assert {h.name for h in emporium.hat if h.cashable} == {
        "A-Z",
        "British Rail",
        "Compass",
        "Terminus",
        "Verdant",
    }


def test_1_4_6_unknown_hat_type() -> None:
    with pytest.raises(TableError, match="Bowler"):
        load_emporium().hat_type("Bowler")


def test_1_4_18_a_bad_price_names_file_and_entry(tmp_path: Path) -> None:
    path = tmp_path / "emporium.toml"
    path.write_text('hat = []\n[[possession]]\nname = "Book"\ncost = "three"\nqualities = []\n')
    with pytest.raises(TableError, match=r"emporium.toml: possession #1 \('Book'\): cost"):
        read_table(Emporium, path)


def test_1_4_33_electrical_goods_may_be_named_with_their_state() -> None:
    emporium = load_emporium()
    assert emporium.lookup("Remote Control (Off)").possession.name == "Remote Control"
    assert emporium.lookup("vacuum cleaner (on)").possession.cost == 6
    with pytest.raises(TableError, match="not sold"):
        emporium.lookup("Piano (Off)")
