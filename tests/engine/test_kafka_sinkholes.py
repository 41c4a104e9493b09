"""Rule 1.9.6 - Kafka Sinkholes, as the public engine query every reader asks."""

from __future__ import annotations

from dataclasses import replace

from referee.engine.amended import amended, first_version
from referee.engine.kafka_sinkholes import described, is_sinkhole, sinkholes
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.tables.stacks import StackTable
from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, rules_broken

BK, RE = Colour.BK, Colour.RE
TABLE = VANILLA.tables().stacks


def _made_of(tokens: int) -> StackTable:
    """The Token Stacks table with a Sinkhole of ``tokens`` Black Tokens."""
    rule = TABLE.kafka_sinkhole.model_copy(update={"min_tokens": tokens})
    return TABLE.model_copy(update={"kafka_sinkhole": rule})


def test_rule_1_9_6_four_black_tokens_make_a_sinkhole() -> None:
    assert is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 4), TABLE)
    assert is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 5), TABLE)


def test_rule_1_9_6_three_black_tokens_or_one_of_another_colour_make_none() -> None:
    assert not is_sinkhole(TokenStack(station="Bank", tokens=(BK,) * 3), TABLE)
    assert not is_sinkhole(TokenStack(station="Bank", tokens=(BK, BK, RE, BK)), TABLE)


def test_rule_1_9_6_a_marked_stack_is_no_sinkhole() -> None:
    stack = TokenStack(station="Bank", tokens=(BK,) * 4, marker="Susp Package")
    assert not is_sinkhole(stack, TABLE)


def test_rule_1_9_6_sinkholes_names_the_stations_in_stack_order() -> None:
    stacks = [
        TokenStack(station="Oval", tokens=(BK,) * 4),
        TokenStack(station="Bank", tokens=(BK,) * 2),
        TokenStack(station="Angel", tokens=(BK,) * 6),
    ]
    assert sinkholes(stacks, TABLE) == ("Oval", "Angel")


def test_rule_1_9_6_how_many_tokens_make_a_sinkhole_is_the_tables_figure() -> None:
    three = TokenStack(station="Bank", tokens=(BK,) * 3)
    assert is_sinkhole(three, _made_of(3))
    assert described(_made_of(3)) == "a stack of 3 or more Black Tokens"
    assert described(TABLE) == "a stack of 4 or more Black Tokens"


def test_rule_1_9_6_a_move_is_refused_through_what_the_rulesets_table_calls_a_sinkhole() -> None:
    """The Move check reads the Turn's own ruleset's table, not a figure of its own: under a
    version whose table makes three Black Tokens a Sinkhole, three stop the Move."""
    version = first_version(VANILLA)
    tables = replace(version.tables, stacks=_made_of(3))
    three = amended(VANILLA, replace(version, number=2, tables=tables))
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2})
    sink = gsd.model_copy(update={"stacks": (
        TokenStack(station="Oxford Circus", quadrant=0, tokens=(BK,) * 3),)})  # fmt: skip

    def judged(ruleset: Ruleset) -> list[str]:
        move = Play.parse("Rushton : Bond Street (CN)", players=sink.player_names)
        return rules_broken(adjudicate(sink, move, ruleset, check_order=False))

    assert judged(VANILLA) == []
    assert judged(three) == ["1.9.6"]
