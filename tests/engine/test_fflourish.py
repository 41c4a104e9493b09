"""Rule 1.7.59 - The fFrobisher fFlourish."""

from __future__ import annotations

from referee.engine.dice import ReplayDice, Roll
from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.tokens import TokenCounts
from tests.engine.builder import game, play, row, rules_broken

FLOURISH = "Rushton : [fFrobisher fFlourish] Pass Holborn (CN)"


def _game(rushton: str = "5 Bu, 4 Bk, 1 Go") -> GSD:
    return game(
        {"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)", "Garden": "Angel (NT)"},
        tokens={"Rushton": rushton, "Cryer": "4 Re, 8 Br", "Garden": "2 Gr, 3 Si"},
    )


def _flourish(gsd: GSD, dice: list[int]) -> TurnResult:
    rolls = ReplayDice.of(Roll(3, value, "rule 1.7.59") for value in dice)
    return adjudicate(gsd, Play.parse(FLOURISH, players=gsd.player_names), dice=rolls,
                      check_order=False)  # fmt: skip


def test_1_7_59_the_pool_is_shared_by_the_table() -> None:
    """Rule 1.7.59: three Active players, so d3s; dice 1,2,3,1,2,3 name Rushton, Cryer, Garden,
    Rushton, Cryer, Garden. The Pool (4 Bk, 8 Br, 4 Re, 2 Gr, 3 Si; Rushton's 5 Blue paid for
    the Action) is shared: quarters by the "1"s, the rest by the "r"; Gold is never pooled."""
    result = _flourish(_game(), [1, 2, 3, 1, 2, 3])
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens == TokenCounts(bk=2, br=2, re=1, go=1)
    assert row(result.state, "Cryer").tokens == TokenCounts(bk=1, br=2, re=2, si=3)
    assert row(result.state, "Garden").tokens == TokenCounts(bk=1, br=4, re=1, gr=2)
    assert [r.sides for r in result.rolls] == [3] * 6


def test_1_7_59_one_player_named_by_every_die_takes_the_whole_pool() -> None:
    """Rule 1.7.59: a player named by several dice receives every share those dice give."""
    result = _flourish(_game(), [2] * 6)
    assert result.legal, result.messages()
    assert row(result.state, "Cryer").tokens == TokenCounts(bk=4, br=8, re=4, gr=2, si=3)
    assert row(result.state, "Rushton").tokens == TokenCounts(go=1)


def test_1_7_59_breaks() -> None:
    """Rule 1.7.59 and the index: the fFlourish costs five Blue."""
    poor = play(_game(rushton="4 Bu"), FLOURISH)
    assert rules_broken(poor) == ["1.7.1"]
