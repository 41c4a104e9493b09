"""Rules 1.7.21 (Bureau de Change), 1.4.10 (Bonanza), 1.7.39 (Recycling), 1.7.46 (Electroplate)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, stack, with_luggage


def _with(tokens: str, at: str = "Holborn (CN)", rack: str = "",
          charge: dict[str, int] | None = None) -> GSD:  # fmt: skip
    gsd = game({"Rushton": at, "Cryer": "Euston (NT)", "Garden": "Euston (NT)"},
               tokens={"Rushton": tokens}, charge=charge)  # fmt: skip
    return with_luggage(gsd, {"Rushton": rack} if rack else {})


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_7_21_gold_to_silver_any_number_of_times() -> None:
    """Rule 1.7.21: a Gold becomes two Silver, as often as one likes; nothing is Stacked."""
    result = play(_with("2 Go"), "Rushton : [Gold to Silver] [Gold to Silver] Pass Holborn (CN)")
    assert result.legal, result.violations
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.go, tokens.si) == (0, 4)
    assert result.state.stacks == ()


def test_1_7_21_the_exchange_must_be_affordable() -> None:
    """Rule 1.7.21: the Paid Tokens must be there to pay."""
    result = play(_with("1 Si"), "Rushton : [Gold to Bronze] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.7.1"] and "1 Gold" in _message(result)


def test_1_7_21_reverse_exchanges_only_at_bank() -> None:
    """Rule 1.7.21: Silver to Gold (two Silver a Gold) only at Bank."""
    bank = play(_with("2 Si", at="Bank (CN)"), "Rushton : [Silver to Gold] Pass Bank (CN)")
    assert bank.legal, bank.violations
    assert row(bank.state, "Rushton").tokens.go == 1
    away = play(_with("2 Si"), "Rushton : [Silver to Gold] Pass Holborn (CN)")
    assert rules_broken(away) == ["1.7.21"] and "Bank" in _message(away)


def test_1_4_10_bonanza_ten_plastic_of_one_colour_for_a_gold() -> None:
    """Rule 1.4.10: ten Red Tokens become a Gold."""
    result = play(_with("10 Re, 3 Bk"), "Rushton : [Bonanza] Pass Holborn (CN)")
    assert result.legal, result.violations
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.re, tokens.go, tokens.bk) == (0, 1, 3)
    assert result.state.stacks == ()


def test_1_4_10_bonanza_needs_ten_of_one_colour() -> None:
    """Rule 1.4.10: nine Red and five Black are not ten of one colour."""
    result = play(_with("9 Re, 5 Bk"), "Rushton : [Bonanza] Pass Holborn (CN)")
    assert rules_broken(result) == ["1.4.10"] and "ten of none" in _message(result)


def test_1_4_10_bonanza_with_two_colours_names_one() -> None:
    """Rule 1.4.10: with ten Red and ten Black, the comment says which."""
    unsaid = play(_with("10 Re, 10 Bk"), "Rushton : [Bonanza] Pass Holborn (CN)")
    assert rules_broken(unsaid) == ["1.4.10"] and "bonanza:" in _message(unsaid)
    said = play(_with("10 Re, 10 Bk"), "Rushton : [Bonanza] Pass Holborn (CN) {bonanza: Black}")
    assert said.legal and row(said.state, "Rushton").tokens.bk == 0


def test_1_7_39_recycling_tokens_gives_a_green_each() -> None:
    """Rule 1.7.39: three Red Recycled give three Green; they are destroyed, not Stacked."""
    result = play(_with("3 Re"), "Rushton : [Recycling] Pass Holborn (CN) {recycling: 3 Re}")
    assert result.legal, result.violations
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.re, tokens.gr) == (0, 3)
    assert stack(result, "Euston") == ""


def test_1_7_39_recycling_a_possession_gives_half_its_price() -> None:
    """Rule 1.7.39: a Guitar (4 Bronze) Recycles for two Green."""
    result = play(_with("0", rack="Guitar"),
                  "Rushton : [Recycling] Pass Holborn (CN) {recycling: Guitar}")  # fmt: skip
    assert result.legal, result.violations
    assert row(result.state, "Rushton").tokens.gr == 2 and luggage(result, "Rushton") == []


def test_1_7_39_recycling_breaks() -> None:
    """Rule 1.7.39: one colour only; what is Recycled must be held, not Cursed, and named."""
    mixed = play(_with("3 Re, 1 Bk"),
                 "Rushton : [Recycling] Pass Holborn (CN) {recycling: 1 Re, 1 Bk}")  # fmt: skip
    assert rules_broken(mixed) == ["1.7.39"] and "one colour" in _message(mixed)
    unnamed = play(_with("3 Re"), "Rushton : [Recycling] Pass Holborn (CN)")
    assert rules_broken(unnamed) == ["1.7.39"] and "{recycling:" in _message(unnamed)
    cursed = play(_with("0", rack="Narg Clamp"),
                  "Rushton : [Recycling] Pass Holborn (CN) {recycling: Narg Clamp}")  # fmt: skip
    assert rules_broken(cursed) == ["1.7.39"] and "Cursed" in _message(cursed)
    short = play(_with("1 Re"), "Rushton : [Recycling] Pass Holborn (CN) {recycling: 3 Re}")
    assert rules_broken(short) == ["1.7.39"]


def test_1_7_46_electroplating_needs_fifty_charge_from_everyone() -> None:
    """Rule 1.7.46: Charge 60 against 0 and 10 gives a Gold; against 20 it does not."""
    far = play(_with("1 Br", charge={"Rushton": 60, "Cryer": 0, "Garden": 10}),
               "Rushton : [Electroplating] Pass Holborn (CN)")  # fmt: skip
    assert far.legal, far.violations
    tokens = row(far.state, "Rushton").tokens
    assert (tokens.br, tokens.go) == (0, 1)
    near = play(_with("1 Br", charge={"Rushton": 60, "Cryer": 20}),
                "Rushton : [Electroplating] Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(near) == ["1.7.46"] and "Cryer" in _message(near)
