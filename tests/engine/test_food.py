"""Rule 1.4.16 - Playing with Food (and rule 1.4.25's Pigeons)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _with(rack: str, at: str = "Holborn (CN)", lv: int = 0) -> GSD:
    gsd = game({"Rushton": at}, lv={"Rushton": lv}, time="Thursday 1130",
               tokens={"Rushton": "5 Bk, 5 Gr"})  # fmt: skip
    return with_luggage(gsd, {"Rushton": rack})


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_4_16_eating_gains_lv_equal_to_the_price() -> None:
    """Rule 1.4.16: a Lukewarm Burger (4 Bronze) gives LV 4, then is gone; LV 1 moves one."""
    text = "Rushton : [Eating Lukewarm Burger] [LV-3] Tottenham Court Road (CN)"
    result = play(_with("Lukewarm Burger, Book"), text)
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["Book"]


def test_1_4_16_the_lv_gained_lets_the_move_reach() -> None:
    """Rule 1.4.16: with LV 0, a Chocolate Bar (1 Bronze) lets the Piece go one station."""
    result = play(_with("Chocolate Bar"),
                  "Rushton : [Eating Chocolate Bar] Tottenham Court Road (CN)")  # fmt: skip
    assert result.legal, result.violations
    hungry = play(_with("Book"), "Rushton : Tottenham Court Road (CN)")
    assert rules_broken(hungry) == ["1.6.2"]


def test_1_4_16_only_what_is_carried_and_edible() -> None:
    """Rule 1.4.16: the Victual must be an Edible Possession the player carries."""
    none = play(_with("Book"), "Rushton : [Eating Chocolate Bar] Pass Holborn (CN)")
    assert rules_broken(none) == ["1.4.16"] and "no Chocolate Bar" in _message(none)
    book = play(_with("Book"), "Rushton : [Eating Book] Pass Holborn (CN)")
    assert rules_broken(book) == ["1.4.16"] and "not Edible" in _message(book)


def test_1_4_16_eating_is_at_the_start_of_the_turn() -> None:
    """Rule 1.4.16: Eating comes at the start of the Turn, before other Actions."""
    result = play(_with("Chocolate Bar"),
                  "Rushton : [LV+1] [Eating Chocolate Bar] Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(result) == ["1.4.16"] and "start of your Turn" in _message(result)


def test_1_4_25_no_eating_with_pigeons() -> None:
    """Rule 1.4.25: a player carrying Pigeons may not perform an Eating Action."""
    result = play(_with("Pigeon, Chocolate Bar"),
                  "Rushton : [Eating Chocolate Bar] Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(result) == ["1.4.25"]


def test_1_4_16_marmalade_sandwich_permits_a_special_move_to_paddington() -> None:
    """Rule 1.4.16: [Eating Marmalade Sandwich] permits a Special Move to Paddington."""
    result = play(_with("Marmalade Sandwich"),
                  "Rushton : [Eating Marmalade Sandwich] Paddington (BL)")  # fmt: skip
    assert result.legal, result.violations
    assert row(result.state, "Rushton").lv == 0
    elsewhere = play(_with("Marmalade Sandwich"),
                     "Rushton : [Eating Marmalade Sandwich] Euston (NT)")  # fmt: skip
    assert rules_broken(elsewhere) == ["1.4.16"] and "Paddington" in _message(elsewhere)


def test_1_4_16_overpriced_baguette_takes_twenty_minutes() -> None:
    """Rule 1.4.16: eating the Overpriced Baguette takes twenty minutes (LV 5 from 5 Bronze)."""
    result = play(_with("Overpriced Baguette"),
                  "Rushton : [Eating Overpriced Baguette] Pass Holborn (CN)")  # fmt: skip
    assert result.legal and result.state.time is not None
    assert result.state.time.render().endswith("1150")


def test_1_4_16_british_rail_coffee_halves_later_durations() -> None:
    """Rule 1.4.16: after the Coffee (10 min), [Wearing Scarf] takes 7 not 15 minutes."""
    text = "Rushton : [Eating British Rail Coffee] [Wearing Scarf] Pass Holborn (CN)"
    result = play(_with("British Rail Coffee, Scarf"), text)
    assert result.legal, result.violations
    assert result.state.time is not None and result.state.time.render().endswith("1147")
