"""Buying under the 1965 amendments: they do not speak of the Emporium, so Volume 1's rule
1.4.18 and its list of Possessions hold (rule 4.0.0 keeps Volume 1 wherever the amendments
are silent). The early draft's index has no purchases at all."""

from __future__ import annotations

import pytest

from referee.engine.turn import adjudicate
from referee.notation.errors import NotationError
from referee.notation.plays import Play
from referee.variants import find_variant
from tests.engine.builder import game
from tests.engine.luggage_builder import luggage

VARIANTS = ("knightsbridge-1965",)


@pytest.mark.parametrize("name", VARIANTS)
def test_1_4_18_a_book_is_bought_at_euston_under_a_variant(name: str) -> None:
    """Rule 1.4.18: a Book, three Bronze, at a British Rail Station; reading the purchase
    under the variant's index once stopped the referee (found by the engine properties: the
    variant's folder holds no Emporium list of its own)."""
    ruleset = find_variant(name)()
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "10 Br, 2 Bk"})
    index = ruleset.action_index()
    text = "Rushton : [Purchasing Book] Pass Euston (NT)"
    result = adjudicate(
        gsd, Play.parse(text, players=gsd.player_names, index=index), ruleset, check_order=False
    )
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Book"]


@pytest.mark.parametrize("name", VARIANTS)
def test_1_4_18_a_thing_the_rules_never_sell_is_refused_as_notation(name: str) -> None:
    """A new purchase must name a Possession the rules define, under a variant too."""
    index = find_variant(name)().action_index()
    with pytest.raises(NotationError, match="Teapot"):
        Play.parse("Rushton : [Purchasing Teapot] Pass", players=["Rushton"], index=index)
