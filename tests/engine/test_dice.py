"""Recorded chance: a replay reproduces every roll, and notices when it cannot."""

from __future__ import annotations

import random

import pytest

from referee.engine.dice import RecordingDice, ReplayDice, ReplayDivergedError, Roll, pick


def test_rolls_are_fair_dice_and_recorded() -> None:
    dice = RecordingDice(random.Random(5))
    values = [dice.roll(6, "rule 1.7.47") for _ in range(600)]
    assert set(values) == {1, 2, 3, 4, 5, 6}
    assert [r.value for r in dice.rolls] == values
    assert dice.rolls[0].why == "rule 1.7.47"


def test_a_replay_gives_back_the_same_rolls() -> None:
    first = RecordingDice(random.Random())
    made = [first.roll(20, "rule 1.7.53"), first.roll(295, "rule 1.8.9")]
    again = ReplayDice.of(first.rolls)
    assert [again.roll(20, "rule 1.7.53"), again.roll(295, "rule 1.8.9")] == made
    assert again.exhausted


def test_a_replay_that_asks_differently_has_diverged() -> None:
    replay = ReplayDice.of([Roll(6, 4, "rule 1.7.47")])
    with pytest.raises(ReplayDivergedError, match=r"d6 for rule 1\.7\.47"):
        replay.roll(20, "rule 1.7.53")


def test_a_replay_that_asks_for_more_has_diverged() -> None:
    replay = ReplayDice.of([])
    with pytest.raises(ReplayDivergedError, match="extra d6"):
        replay.roll(6, "rule 1.7.47")


def test_impossible_rolls_are_refused() -> None:
    with pytest.raises(ValueError, match="d6 cannot show 7"):
        Roll(6, 7, "rule 1.7.47")


def test_pick_uses_one_recorded_roll() -> None:
    dice = RecordingDice(random.Random(1))
    chosen = pick(dice, ["Aldwych", "Ongar", "North End"], "rule 1.11.6")
    assert chosen in {"Aldwych", "Ongar", "North End"}
    assert len(dice.rolls) == 1 and dice.rolls[0].sides == 3
    with pytest.raises(ValueError, match="nothing to choose"):
        pick(dice, [], "rule 1.11.6")
