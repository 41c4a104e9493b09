"""Rule 1.9.6 - Kafka Sinkholes, as the public engine query every reader asks."""

from __future__ import annotations

from referee.engine.kafka_sinkholes import SINKHOLE_SIZE, is_sinkhole, sinkholes
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour

BK, RE = Colour.BK, Colour.RE


def test_rule_1_9_6_four_black_tokens_make_a_sinkhole() -> None:
    assert SINKHOLE_SIZE == 4
    assert is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 4))
    assert is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 5))


def test_rule_1_9_6_three_black_tokens_or_one_of_another_colour_make_none() -> None:
    assert not is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 3))
    assert not is_sinkhole(TokenStack(station="Bank", tokens=(BK, BK, RE, BK)))


def test_rule_1_9_6_a_marked_stack_is_no_sinkhole() -> None:
    stack = TokenStack(station="Bank", tokens=(BK,) * 4, marker="Susp Package")
    assert not is_sinkhole(stack)


def test_rule_1_9_6_sinkholes_names_the_stations_in_stack_order() -> None:
    stacks = [
        TokenStack(station="Oval", tokens=(BK,) * 4),
        TokenStack(station="Bank", tokens=(BK,) * 2),
        TokenStack(station="Angel", tokens=(BK,) * 6),
    ]
    assert sinkholes(stacks) == ("Oval", "Angel")
