"""Rules 1.7.27 (Token Gift), 1.7.61 (Begging) and 1.4.37 (Poll Tax)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken


def _game(rushton: str = "2 Re, 2 Bk", cryer: str = "1 Re") -> GSD:
    return game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)"},
                tokens={"Rushton": rushton, "Cryer": cryer, "Garden": "0"})  # fmt: skip


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_7_27_the_named_tokens_pass_to_the_other_player() -> None:
    """Rule 1.7.27: Rushton gives Cryer a Red and a Black, named in the comment."""
    result = play(_game(), "Rushton : Pass Holborn (CN) [Giving Tokens to Cryer] "
                           "{giving: 1 Re, 1 Bk}")  # fmt: skip
    assert result.legal, result.violations
    giver, taker = row(result.state, "Rushton").tokens, row(result.state, "Cryer").tokens
    assert (giver.re, giver.bk, taker.re, taker.bk) == (1, 1, 2, 1)
    assert result.state.stacks == ()


def test_1_7_27_breaks() -> None:
    """Rule 1.7.27: the Tokens are named, held, and go to another player; a Post-Move Action."""
    unnamed = play(_game(), "Rushton : Pass Holborn (CN) [Giving Tokens to Cryer]")
    assert rules_broken(unnamed) == ["1.7.27"] and "{giving:" in _message(unnamed)
    short = play(_game(), "Rushton : Pass Holborn (CN) [Giving Tokens to Cryer] {giving: 3 Re}")
    assert rules_broken(short) == ["1.7.27"] and "3 Red" in _message(short)
    myself = play(_game(), "Rushton : Pass Holborn (CN) [Giving Tokens to Rushton] {giving: 1 Re}")
    assert rules_broken(myself) == ["1.7.27"] and "another player" in _message(myself)
    early = play(_game(), "Rushton : [Giving Tokens to Cryer] Pass Holborn (CN) {giving: 1 Re}")
    assert rules_broken(early) == ["1.3.4"]


def test_1_7_27_the_drone_may_not_give() -> None:
    """Rule 1.7.27: the Drone may not perform this Action."""
    gsd = game({"Drone": "Euston (NT)"}, tokens={"Drone": "2 Re"}, players=("Drone", "Cryer"))
    result = play(gsd, "Drone : Pass Euston (NT) [Giving Tokens to Cryer] {giving: 1 Re}")
    assert "1.7.27" in rules_broken(result) and "Drone" in _message(result)


def test_1_7_61_begging_a_plastic_token_after_a_pass() -> None:
    """Rule 1.7.61: with a Pass, one Red Token when e holds two or fewer Red."""
    result = play(_game(), "Rushton : Pass Holborn (CN) [Begging] {begging: Red}")
    assert result.legal, result.violations
    assert row(result.state, "Rushton").tokens.re == 3


def test_1_7_61_begging_breaks() -> None:
    """Rule 1.7.61: not after a real Move; not Metallic; not for a colour held thrice."""
    moved = play(game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}),
                 "Rushton : Tottenham Court Road (CN) [Begging] {begging: Red}")  # fmt: skip
    assert rules_broken(moved) == ["1.7.61"] and "Pass" in _message(moved)
    gold = play(_game(), "Rushton : Pass Holborn (CN) [Begging] {begging: Gold}")
    assert rules_broken(gold) == ["1.7.61"] and "Plastic" in _message(gold)
    rich = play(_game(rushton="3 Re"), "Rushton : Pass Holborn (CN) [Begging] {begging: Red}")
    assert rules_broken(rich) == ["1.7.61"] and "3 Red" in _message(rich)


def test_1_4_37_poll_tax_takes_one_of_each_colour_from_each_player() -> None:
    """Rule 1.4.37: one Token of each colour from each player; none where e has none."""
    gsd = _game(rushton="3 Go, 2 Re, 1 Bk", cryer="1 Re, 2 Bu")
    result = play(gsd, "Rushton : Pass Holborn (CN) [Poll Tax]")
    assert result.legal, result.violations
    mine, cryer = row(result.state, "Rushton").tokens, row(result.state, "Cryer").tokens
    assert (mine.go, mine.re, mine.bk) == (0, 1, 0)
    assert (cryer.re, cryer.bu) == (0, 1)
    assert row(result.state, "Garden").tokens.as_tuple() == (0,) * 7


def test_1_4_37_poll_tax_costs_two_gold() -> None:
    """Rule 1.4.37 (index cost 2 Gold): one Gold will not do."""
    result = play(_game(rushton="1 Go"), "Rushton : Pass Holborn (CN) [Poll Tax]")
    assert rules_broken(result) == ["1.7.1"] and "2 Gold" in _message(result)
