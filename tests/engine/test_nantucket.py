"""Rule 1.4.15 - You Got A Light Mac? (the Nantucket)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _with(rack: str) -> GSD:
    return with_luggage(game({"Rushton": "Holborn (CN)"}), {"Rushton": rack})


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_4_15_reshuffling_moves_small_possessions_in_and_out() -> None:
    """Rule 1.4.15: with the Overcoat Worn, the Zone 1 Pass goes in and the Harmonica out."""
    gsd = _with("*Overcoat*, Zone 1 Pass, (Harmonica), Book")
    result = play(gsd, "Rushton : [Reshuffling] Pass Holborn (CN) {nantucket: Zone 1 Pass}")
    assert result.legal, result.violations
    assert luggage(result, "Rushton") == ["*Overcoat*", "(Zone 1 Pass)", "Harmonica", "Book"]


def test_1_4_15_a_nantucketed_pass_is_not_carried() -> None:
    """Rule 1.4.15: what is in the Nantucket is not carried, so it cannot be sold."""
    gsd = with_luggage(game({"Rushton": "Euston (NT)"}), {"Rushton": "*Overcoat*, (Book)"})
    result = play(gsd, "Rushton : [Selling Book] Pass Euston (NT)")
    assert rules_broken(result) == ["1.4.18"]


def test_1_4_15_reshuffling_breaks() -> None:
    """Rule 1.4.15: the Overcoat Worn; only Small Possessions; the list in the comment."""
    unworn = play(_with("Overcoat, Zone 1 Pass"),
                  "Rushton : [Reshuffling] Pass Holborn (CN) {nantucket: Zone 1 Pass}")  # fmt: skip
    assert rules_broken(unworn) == ["1.4.15"] and "Overcoat Worn" in _message(unworn)
    big = play(_with("*Overcoat*, Book"),
               "Rushton : [Reshuffling] Pass Holborn (CN) {nantucket: Book}")  # fmt: skip
    assert rules_broken(big) == ["1.4.15"] and "no Small Book" in _message(big)
    unsaid = play(_with("*Overcoat*, Zone 1 Pass"), "Rushton : [Reshuffling] Pass Holborn (CN)")
    assert rules_broken(unsaid) == ["1.4.15"] and "{nantucket:" in _message(unsaid)
    twice = play(
        _with("*Overcoat*, Zone 1 Pass"),
        "Rushton : [Reshuffling] [Reshuffling] Pass Holborn (CN) {nantucket: none}",
    )
    assert rules_broken(twice) == ["1.3.4"]
