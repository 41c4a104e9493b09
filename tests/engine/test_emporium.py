"""Rules 1.4.18 (The Emporium), 1.4.6 (Hats), 1.4.23 (Unique), 1.4.28 and 1.4.32 (stamps)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _at(station: str, bronze: int = 10, rack: str = "", home: str | None = None,
        time: str = "Thursday 1130") -> GSD:  # fmt: skip
    gsd = game({"Rushton": station}, tokens={"Rushton": f"{bronze} Br, 2 Bk"}, time=time)
    return with_luggage(gsd, {"Rushton": rack} if rack else {},
                        home={"Rushton": home} if home else None)  # fmt: skip


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_4_18_a_book_is_bought_at_a_british_rail_station_for_its_price() -> None:
    """Rule 1.4.18: a Book costs 3 Bronze, bought at any British Rail Station (Euston)."""
    result = play(_at("Euston (NT)"), "Rushton : [Purchasing Book] Pass Euston (NT)")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Book"]
    assert row(result.state, "Rushton").tokens.br == 7


def test_1_4_18_not_sold_away_from_british_rail() -> None:
    """Rule 1.4.18: Holborn is no British Rail Station, so no Book there."""
    result = play(_at("Holborn (CN)"), "Rushton : [Purchasing Book] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.18"]
    assert "British Rail" in _message(result) and "Holborn" in _message(result)


def test_1_4_18_dispensable_goods_are_sold_anywhere() -> None:
    """Rule 1.4.18: a Chocolate Bar is Dispensable, so Holborn sells it."""
    result = play(_at("Holborn (CN)"), "Rushton : [Purchasing Chocolate Bar] Pass Holborn (CN)")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Chocolate Bar"]


def test_1_4_18_edible_goods_are_sold_at_home() -> None:
    """Rule 1.4.18: Edible goods may be bought at the buyer's Home Station."""
    gsd = _at("Holborn (CN)", home="Holborn")
    result = play(gsd, "Rushton : [Purchasing Marmalade Sandwich] Pass Holborn (CN)")
    assert result.legal, result.violations
    away = play(_at("Holborn (CN)"), "Rushton : [Purchasing Marmalade Sandwich] Pass Holborn (CN)")
    assert rules_broken(away) == ["1.4.18"]
    assert "Home Station" in _message(away)


def test_1_4_18_the_price_must_be_affordable() -> None:
    """Rule 1.4.18: a Piano costs 9 Bronze; 2 will not do."""
    result = play(_at("Euston (NT)", bronze=2), "Rushton : [Purchasing Piano] Pass Euston (NT)")
    assert rules_broken(result) == ["1.4.18"]
    assert "9 Bronze" in _message(result)


def test_1_4_18_a_zone_pass_is_for_zones_two_to_six() -> None:
    """Rule 1.4.18: a Zone Pass names a digit from two to six."""
    good = play(_at("Euston (NT)"), "Rushton : [Purchasing Zone 3 Pass] Pass Euston (NT)")
    assert good.legal and luggage(good, "Rushton") == ["Zone 3 Pass"]
    bad = play(_at("Euston (NT)"), "Rushton : [Purchasing Zone 7 Pass] Pass Euston (NT)")
    assert rules_broken(bad) == ["1.4.18"]
    assert "Zone 7" in _message(bad) or "not 7" in _message(bad)


def test_1_4_18_a_stub_is_of_the_station_you_are_at_and_sold_once() -> None:
    """Rule 1.4.18: a Stub names the buyer's Station and is sold once a Game."""
    result = play(_at("Euston (NT)"), "Rushton : [Purchasing Euston Stub] Pass Euston (NT)")
    assert result.legal and luggage(result, "Rushton") == ["Euston Stub"]
    wrong = play(_at("Euston (NT)"), "Rushton : [Purchasing Paddington Stub] Pass Euston (NT)")
    assert rules_broken(wrong) == ["1.4.18"]
    assert "Euston Stub" in _message(wrong)
    gsd = result.state.model_copy(update={"rack": ()})
    again = play(gsd, "Rushton : [Purchasing Euston Stub] Pass Euston (NT)")
    assert rules_broken(again) == ["1.4.18"]
    assert "Purchased before" in _message(again)


def test_1_4_32_a_newspaper_is_stamped_with_the_game_day() -> None:
    """Rule 1.4.32: a Newspaper bought at 11:30 on a Thursday is "Thursday's Paper"."""
    result = play(_at("Holborn (CN)"), "Rushton : [Purchasing Newspaper] Pass Holborn (CN)")
    assert luggage(result, "Rushton") == ["Thursday's Paper"]


def test_1_4_28_a_rover_card_is_stamped_with_the_game_day() -> None:
    """Rule 1.4.28: an All Day Rover bought on a Thursday is a "Thursday Rover Card"."""
    result = play(_at("Euston (NT)"), "Rushton : [Purchasing All Day Rover] Pass Euston (NT)")
    assert luggage(result, "Rushton") == ["Thursday Rover Card"]


def test_1_4_23_a_second_knerdling_stick_is_destroyed() -> None:
    """Rule 1.4.23: the Knerdling Stick is Unique; a new one while one is in play is lost."""
    gsd = with_luggage(_at("Euston (NT)"), {"Cryer": "Knerdling Stick"})
    result = play(gsd, "Rushton : [Purchasing Knerdling Stick] Pass Euston (NT)")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == []
    assert row(result.state, "Rushton").tokens.br == 7
    assert any("Unique" in e.text for e in result.events)


def test_1_4_18_selling_pays_half_price_rounded_down() -> None:
    """Rule 1.4.18: a Book (3 Bronze) sells for 1 where it may be bought."""
    result = play(_at("Euston (NT)", bronze=0, rack="Book"),
                  "Rushton : [Selling Book] Pass Euston (NT)")  # fmt: skip
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == []
    assert row(result.state, "Rushton").tokens.br == 1


def test_1_4_18_selling_needs_the_item_and_the_place() -> None:
    """Rule 1.4.18: one sells only what one carries, where it could be bought."""
    none = play(_at("Euston (NT)"), "Rushton : [Selling Book] Pass Euston (NT)")
    assert rules_broken(none) == ["1.4.18"] and "no Book" in _message(none)
    away = play(_at("Holborn (CN)", rack="Book"), "Rushton : [Selling Book] Pass Holborn (CN)")
    assert rules_broken(away) == ["1.4.18"] and "Holborn" in _message(away)


def test_1_4_18_a_paper_sells_as_a_newspaper() -> None:
    """Rule 1.4.18 with 1.4.32: "Selling Newspaper" sells the stamped paper one carries."""
    result = play(_at("Euston (NT)", rack="Thursday's Paper"),
                  "Rushton : [Selling Newspaper] Pass Euston (NT)")  # fmt: skip
    assert result.legal and luggage(result, "Rushton") == []


def test_1_4_6_a_hat_is_bought_at_a_station_of_its_type() -> None:
    """Rule 1.4.6: a Verdant Hat at Kew Gardens (Verdant), not at Euston."""
    result = play(
        _at("Kew Gardens (DS)"), "Rushton : Pass Kew Gardens (DS) [Purchasing Hat (Verdant)]"
    )
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Hat (V)"]
    wrong = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Purchasing Hat (Verdant)]")
    assert rules_broken(wrong) == ["1.4.6"] and "Verdant Stations" in _message(wrong)


def test_1_4_6_hard_hats_at_any_emporium_and_never_twice() -> None:
    """Rule 1.4.6: Hard Hats at any Emporium (British Rail); not one already carried."""
    result = play(_at("Euston (NT)", rack="Hats (AC)"),
                  "Rushton : Pass Euston (NT) [Purchasing Hat (Hard)]")  # fmt: skip
    assert result.legal and luggage(result, "Rushton") == ["Hats (ACH)"]
    twice = play(_at("Euston (NT)", rack="Hats (AH)"),
                 "Rushton : Pass Euston (NT) [Purchasing Hat (Hard)]")  # fmt: skip
    assert rules_broken(twice) == ["1.4.6"] and "already" in _message(twice)


def test_1_4_6_a_generic_hat_purchase_names_its_type() -> None:
    """Rule 1.4.6: a Hat is bought by type, never from the plain price list."""
    result = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Purchasing Hat]")
    assert rules_broken(result) == ["1.4.6"]
    assert "[Purchasing Hat (Verdant)]" in _message(result)


def test_1_4_6_cashing_in_the_five_typed_hats() -> None:
    """Rule 1.4.6: A-Z, British Rail, Compass, Terminus and Verdant Hats give 1 Gold, 2 Silver."""
    result = play(_at("Holborn (CN)", rack="Hats (ABCHTV)"),
                  "Rushton : [Cashing in Hats] Pass Holborn (CN)")  # fmt: skip
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Hat (H)"]
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.go, tokens.si) == (1, 2)


def test_1_4_6_cashing_in_needs_all_five() -> None:
    """Rule 1.4.6: without the Verdant Hat, no cashing in."""
    result = play(_at("Holborn (CN)", rack="Hats (ABCT)"),
                  "Rushton : [Cashing in Hats] Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(result) == ["1.4.6"] and "lack V" in _message(result)


def test_1_4_6_no_purchase_in_the_turn_hats_are_cashed() -> None:
    """Rule 1.4.6: no Hat may be bought in the Turn Hats are cashed in."""
    text = "Rushton : [Cashing in Hats] Pass Euston (NT) [Purchasing Hat (Hard)]"
    result = play(_at("Euston (NT)", rack="Hats (ABCTV)"), text)
    assert rules_broken(result) == ["1.4.6"] and "cashed in" in _message(result)


def test_1_4_18_a_hat_sells_where_its_type_is_sold() -> None:
    """Rules 1.4.18 and 1.4.6: a Verdant Hat (2 Bronze) sells for 1 at Kew Gardens, a Verdant
    Station; not at Euston, where Verdant Hats are not sold."""
    kew = play(_at("Kew Gardens (DS)", bronze=0, rack="Hats (CV)"),
               "Rushton : [Selling Hat (V)] Pass Kew Gardens (DS)")  # fmt: skip
    assert kew.legal, kew.violations
    assert luggage(kew, "Rushton") == ["Hat (C)"]
    assert row(kew.state, "Rushton").tokens.br == 1
    euston = play(_at("Euston (NT)", rack="Hats (CV)"),
                  "Rushton : [Selling Hat (V)] Pass Euston (NT)")  # fmt: skip
    assert rules_broken(euston) == ["1.4.18"] and "Euston" in _message(euston)


def test_1_4_33_a_remote_control_is_bought_numbered_and_off() -> None:
    """Rules 1.4.18, 1.4.46 and 1.4.33: the buyer numbers the Remote Control; it comes Off."""
    result = play(_at("Euston (NT)"), "Rushton : [Purchasing Remote Control 3] Pass Euston (NT)")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Remote Control 3 (Off)"]
