"""Rule 1.7.54 - Cunningly Fashioned Out Of Pure Green (Token Generators)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _game(
    rack: str = "Token Generator, Pigeon",
    charge: int = 10,
    lv: int = 0,
    tokens: str = "2 Gr, 2 Si, 2 Re",
) -> GSD:
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": tokens},
               charge={"Rushton": charge}, lv={"Rushton": lv})  # fmt: skip
    return with_luggage(gsd, {"Rushton": rack}) if rack else gsd


def test_1_7_54_constructing_gives_a_token_generator() -> None:
    """Rule 1.7.54: [Constructing Generator], for 2 Green and 2 Silver, gains the Possession."""
    result = play(_game(rack=""), "Rushton : [Constructing Generator] Pass Holborn (CN)")
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Token Generator"]
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.gr, tokens.si) == (0, 0)
    poor = play(_game(rack="", tokens="1 Gr, 2 Si"), "Rushton : [Constructing Generator] "
                                                     "Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(poor) == ["1.7.1"]


def test_1_7_54_generating_turns_a_green_into_any_colour() -> None:
    """Rule 1.7.54: Generator, Pigeon (or Rat), Charge above zero: one Green becomes a Gold."""
    result = play(_game(), "Rushton : [Generating Token] Pass Holborn (CN) {generating: Gold}")
    assert result.legal, result.messages()
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.gr, tokens.go) == (1, 1)
    rat = play(_game(rack="Token Generator, Rat"),
               "Rushton : Pass Holborn (CN) [Generating Token] {generating: Silver}")  # fmt: skip
    assert rat.legal and row(rat.state, "Rushton").tokens.si == 3


def test_1_7_54_generating_breaks() -> None:
    """Rule 1.7.54: each of Generator, creature and positive Charge; the colour named."""
    text = "Rushton : [Generating Token] Pass Holborn (CN) {generating: Gold}"
    none = play(_game(rack="Pigeon"), text)
    assert rules_broken(none) == ["1.7.54"] and "no Token Generator" in _message(none)
    unpowered = play(_game(rack="Token Generator, Book"), text)
    assert rules_broken(unpowered) == ["1.7.54"] and "Pigeon or a Rat" in _message(unpowered)
    flat = play(_game(charge=0), text)
    assert rules_broken(flat) == ["1.7.54"] and "above zero" in _message(flat)
    unnamed = play(_game(), "Rushton : [Generating Token] Pass Holborn (CN)")
    assert rules_broken(unnamed) == ["1.7.54"] and "{generating:" in _message(unnamed)
    no_green = play(_game(tokens="2 Si"), text)
    assert rules_broken(no_green) == ["1.7.1"]


def test_1_7_54_a_generator_cuts_lv_to_five_at_once() -> None:
    """Rule 1.7.54: carrying a Generator, [LV+3] from 4 leaves LV at 5, so the Move is one of
    five stations (Holborn to Lancaster Gate by CN), not seven (to Notting Hill Gate)."""
    gsd = _game(lv=4)
    five = play(gsd, "Rushton : [LV+3] Lancaster Gate (CN)")
    assert five.legal, five.messages()
    seven = play(gsd, "Rushton : [LV+3] Notting Hill Gate (CN)")
    assert rules_broken(seven) == ["1.6.2"]
    free = play(_game(rack="Pigeon", lv=4), "Rushton : [LV+3] Notting Hill Gate (CN)")
    assert free.legal, free.messages()


def test_1_7_54_a_generator_carried_into_a_turn_cuts_lv_before_the_move() -> None:
    """Rule 1.7.54: an LV of 8 with a Generator is 5 by the time the Move is made."""
    result = play(_game(lv=8), "Rushton : Lancaster Gate (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 5


def test_1_7_54_the_cap_holds_for_every_carrier_whoever_plays() -> None:
    """Rule 1.7.54: "if a Player carrying one ever has an LV greater than five": Cryer, not
    the player of the Turn, carries one at LV 8 and is cut to 5."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)"}, lv={"Cryer": 8})
    result = play(with_luggage(gsd, {"Cryer": "Token Generator"}), "Rushton : Pass Holborn (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Cryer").lv == 5
