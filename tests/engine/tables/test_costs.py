"""Token costs of the action index (rule 1.7.1 - Action Types; rule 1.7.2 - Actions)."""

from __future__ import annotations

import pytest

from referee.engine.tables.colours import PLASTIC, Colour
from referee.engine.tables.costs import TermKind, TokenCost, TokenCostError
from referee.notation.action_index import load_action_index


def test_1_7_1_no_cost_means_free() -> None:
    assert TokenCost.parse("").free
    assert TokenCost.parse("").fixed() == {}


def test_1_7_2_fixed_costs_by_colour() -> None:
    """Electrifying a Line costs two Red, two Blue and a Silver (rule 1.20.3's row)."""
    cost = TokenCost.parse("2Re,2Bu,1Si")
    assert cost.is_fixed
    assert cost.fixed() == {Colour.RE: 2, Colour.BU: 2, Colour.SI: 1}


def test_1_7_2_spaces_inside_a_term_are_forgiven() -> None:
    assert TokenCost.parse("1Go, 2 Gr").fixed() == {Colour.GO: 1, Colour.GR: 2}


def test_1_7_51_variable_count() -> None:
    (term,) = TokenCost.parse("xBu").terms
    assert (term.kind, term.count, term.colours) == (TermKind.VARIABLE, None, (Colour.BU,))
    assert not TokenCost.parse("xBu").is_fixed


def test_1_4_10_bonanza_is_ten_plastic_of_one_colour() -> None:
    (term,) = TokenCost.parse("10Plastic").terms
    assert (term.kind, term.count) == (TermKind.PLASTIC_ONE_COLOUR, 10)
    assert set(term.colours) == PLASTIC


def test_1_18_1_declaring_costs_the_listed_tokens_and_a_green() -> None:
    cost = TokenCost.parse("varies,1Gr")
    assert [t.kind for t in cost.terms] == [TermKind.VARIES, TermKind.FIXED]
    assert cost.fixed() == {Colour.GR: 1}
    assert not cost.is_fixed


def test_1_7_36_token_cascade_choice_of_colours() -> None:
    (term,) = TokenCost.parse("4Re/Bu/Bk").terms
    assert (term.kind, term.count) == (TermKind.CHOICE, 4)
    assert term.colours == (Colour.RE, Colour.BU, Colour.BK)


def test_1_8_8_bock_costs_one_of_its_own_colour() -> None:
    cost = TokenCost.parse("3Bu,1{colour}")
    assert cost.terms[1].kind is TermKind.NAMED
    assert cost.fixed() == {Colour.BU: 3}


def test_1_4_25_per_pigeon() -> None:
    (term,) = TokenCost.parse("1Go per Pigeon").terms
    assert (term.count, term.per) == (1, "Pigeon")
    assert TokenCost.parse("1Go per Pigeon").fixed() == {}


def test_1_4_39_any_colour() -> None:
    (term,) = TokenCost.parse("any").terms
    assert (term.kind, term.count) == (TermKind.ANY, 1)


@pytest.mark.parametrize(
    "text", ["2Bu,1Si", "xBr", "varies,1Gr", "10Plastic", "4Re/Bu/Bk", "3Bu,1{colour}", "any"]
)
def test_1_7_2_costs_render_back_as_written(text: str) -> None:
    assert str(TokenCost.parse(text)) == text


@pytest.mark.parametrize(("text", "bad"), [("2Xx", "unknown colour"), ("two Re", "not a token")])
def test_1_7_2_bad_costs_say_what_is_wrong(text: str, bad: str) -> None:
    with pytest.raises(TokenCostError, match=bad):
        TokenCost.parse(text)


def test_1_7_2_every_cost_and_gain_in_the_index_parses() -> None:
    for spec in load_action_index():
        TokenCost.parse(spec.cost)
        TokenCost.parse(spec.gain)


def test_1_4_1_three_metallic_four_plastic() -> None:
    from referee.engine.tables.colours import METALLIC

    assert {Colour.GO, Colour.SI, Colour.BR} == METALLIC
    assert {Colour.BK, Colour.BU, Colour.GR, Colour.RE} == PLASTIC
