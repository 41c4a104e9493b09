"""Rule 1.7.56 - Quail, Mortal (Cowering)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.tokens import TokenCounts
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_targeting import TO_EUSTON, at_euston

RED_AFTER_PLAIN_SHUNT = 3
"""Rushton's 3 Red, less the Shunt's 1, plus the Red the Move to Euston collects."""
SHUNT = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Gold from Garden}}"


def _after(gsd: GSD, *texts: str) -> GSD:
    for text in texts:
        result = play(gsd, text)
        assert result.legal, (text, result.messages())
        gsd = result.state
    return gsd


def test_1_7_56_cowering_costs_one_blue() -> None:
    """Rule 1.7.56 and the index: [Cowering] costs one Blue and does nothing else at once."""
    state = _after(at_euston(), "Garden : Pass Euston (VC) [Cowering]")
    assert row(state, "Garden").tokens.bu == 0
    poor = play(at_euston(), "Cryer : Pass Moorgate (NT) [Cowering]")
    assert rules_broken(poor) == ["1.7.1"]


def test_1_7_56_an_action_aimed_at_a_cowering_player_costs_one_red_more() -> None:
    """Rule 1.7.56: Garden cowered in eir most recent Turn, so Shunting em costs Rushton two
    Red instead of one (the Move's Token Collection is the same either way)."""
    plain = play(at_euston(), SHUNT)
    assert plain.legal and row(plain.state, "Rushton").tokens.re == RED_AFTER_PLAIN_SHUNT
    cowering = _after(at_euston(), "Garden : Pass Euston (VC) [Cowering]")
    result = play(cowering, SHUNT)
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.re == RED_AFTER_PLAIN_SHUNT - 1


def test_1_7_56_only_the_cowering_players_most_recent_turn_counts() -> None:
    """Rule 1.7.56: a player who cowered and has since played a Turn without cowering, or a
    Cowering player other than the target, changes no cost."""
    lapsed = _after(at_euston(), "Garden : Pass Euston (VC) [Cowering]",
                    "Garden : Pass Euston (VC)")  # fmt: skip
    assert row(play(lapsed, SHUNT).state, "Rushton").tokens.re == RED_AFTER_PLAIN_SHUNT
    rows = tuple(r.model_copy(update={"tokens": TokenCounts(bu=1)}) if r.name == "Cryer" else r
                 for r in at_euston().players)  # fmt: skip
    other = _after(at_euston().model_copy(update={"players": rows}),
                   "Cryer : Pass Moorgate (NT) [Cowering]")  # fmt: skip
    assert row(play(other, SHUNT).state, "Rushton").tokens.re == RED_AFTER_PLAIN_SHUNT


def test_1_7_56_a_free_action_aimed_at_a_cowering_player_needs_a_red() -> None:
    """Rule 1.7.56: a Gift costs nothing, so aimed at a Cowering player it costs one Red;
    without a Red it cannot be made."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)"},
               tokens={"Rushton": "1 Re, 2 Bk", "Cryer": "1 Bu"})  # fmt: skip
    cowering = _after(gsd, "Cryer : Pass Euston (NT) [Cowering]")
    gift = "Rushton : Pass Holborn (CN) [Giving Tokens to Cryer] {giving: 1 Bk}"
    result = play(cowering, gift)
    assert result.legal, result.messages()
    assert (row(result.state, "Rushton").tokens.re, row(result.state, "Cryer").tokens.bk) == (
        0, 1)  # fmt: skip
    broke = play(cowering, gift.replace("1 Bk", "1 Re"))
    assert rules_broken(broke) == ["1.7.56"]
