"""The vanilla tables load together and agree with one another."""

from __future__ import annotations

from referee.engine.tables.costs import TokenCost
from referee.engine.tables.ruleset_tables import load_tables


def test_every_vanilla_table_loads() -> None:
    tables = load_tables()
    assert len(tables.actions) > 150
    assert len(tables.gambits.gambit) == 13


def test_1_7_20_every_instrument_is_a_musical_possession_of_the_emporium() -> None:
    tables = load_tables()
    for way in tables.busking.way:
        if way.instrument:
            assert tables.emporium.lookup(way.instrument).possession.has("Musical"), way.name


def test_1_4_6_hat_price_matches_the_emporium_and_the_index() -> None:
    tables = load_tables()
    price = tables.emporium.lookup("Hat").possession.cost
    assert TokenCost.parse(tables.actions["Purchasing Hat"].cost).fixed() == {"Br": price}


def test_1_4_6_cashing_in_hats_gains_what_the_rule_says() -> None:
    gain = TokenCost.parse(load_tables().actions["Cashing In Hats"].gain).fixed()
    assert gain == {"Go": 1, "Si": 2}


def test_1_4_20_hats_match_their_station_type() -> None:
    emporium = load_tables().emporium
    assert emporium.hat_type("Verdant").matches(frozenset({"Verdant", "Park"}))
    assert not emporium.hat_type("Silly").matches(frozenset({"Verdant"}))


def test_1_7_53_lost_property_passes_are_emporium_goods() -> None:
    tables = load_tables()
    for roll in (56, 57, 58):
        item = tables.lost_and_found.find(roll).item
        assert tables.emporium.lookup(item).possession.has("Papery")
