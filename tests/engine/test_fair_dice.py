"""Dice players can verify: every roll derived from a committed seed and its label."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.fair_dice import (
    SeededDice,
    SeededRandom,
    SeededRoll,
    check,
    commitment,
    derive,
    label,
)

SEED = bytes(range(32))
README = Path(__file__).resolve().parents[2] / "README.md"


def recipe() -> dict[str, object]:
    """The README's recipe for players, run as written."""
    text = README.read_text("utf-8")
    section = text[text.index("## Dice players can verify") :]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert code is not None, "the README section gives its recipe as a python block"
    names: dict[str, object] = {}
    exec(code.group(1), names)
    return names


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_a_roll_is_the_hmac_of_its_label_read_without_modulo_bias() -> None:
    text = label(12, "message 34", 2, 6, "rule 1.13.7")
    assert text == "MC 12 message 34 roll 2 d6: rule 1.13.7"
    number = int.from_bytes(hmac.new(SEED, f"{text} #0".encode(), hashlib.sha256).digest())
    assert derive(SEED, text, 6) == number % 6 + 1


def test_a_number_above_the_last_whole_multiple_is_thrown_again() -> None:
    """With 2**255 + 1 sides about half the numbers lie above the last multiple: those are
    rejected and the next attempt read, so every face stays equally likely."""
    sides = 2**255 + 1
    limit = 2**256 - 2**256 % sides
    for n in range(40):
        text = f"label {n}"
        numbers = (
            int.from_bytes(hmac.new(SEED, f"{text} #{k}".encode(), hashlib.sha256).digest())
            for k in range(100)
        )
        first_fair = next(x for x in numbers if x < limit)
        assert derive(SEED, text, sides) == first_fair % sides + 1


@given(seed=st.binary(min_size=32, max_size=32), why=st.text(), sides=st.integers(1, 10**6))
def test_the_readme_recipe_gives_the_referees_rolls(seed: bytes, why: str, sides: int) -> None:
    roll = recipe()["roll"]
    text = label(3, "draw 1", 1, sides, why)
    assert roll(seed, text, sides) == derive(seed, text, sides)  # type: ignore[operator]
    assert 1 <= derive(seed, text, sides) <= sides


def test_every_face_of_a_d6_turns_up() -> None:
    faces = [derive(SEED, label(1, f"message {n}", 1, 6, "test"), 6) for n in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(60 < faces.count(f) < 140 for f in range(1, 7))


def test_seeded_dice_label_each_roll_with_its_place_in_the_draw() -> None:
    dice = SeededDice(SEED, 7, "message 3")
    dice.roll(6, "rule 1.7.47")
    dice.roll(20, "rule 1.7.53")
    assert [r.label for r in dice.rolls] == [  # type: ignore[attr-defined]
        "MC 7 message 3 roll 1 d6: rule 1.7.47",
        "MC 7 message 3 roll 2 d20: rule 1.7.53",
    ]
    assert [r.value for r in dice.rolls] == [
        derive(SEED, "MC 7 message 3 roll 1 d6: rule 1.7.47", 6),
        derive(SEED, "MC 7 message 3 roll 2 d20: rule 1.7.53", 20),
    ]


def test_the_services_chances_are_rolls_of_the_seed() -> None:
    dice = SeededDice(SEED, 7, "draw 4")
    chances = SeededRandom(dice, "order of play (rule 1.1.12)")
    people = ["Alice", "Bob", "Carol", "Dan"]
    chances.shuffle(people)
    chosen = chances.choice(people)
    hour = chances.randrange(24)
    assert [r.sides for r in dice.rolls] == [4, 3, 2, 4, 24], "shuffle draws from the end"
    assert chosen == people[dice.rolls[4 - 1].value - 1]
    assert hour == dice.rolls[-1].value - 1
    again = SeededRandom(SeededDice(SEED, 7, "draw 4"), "order of play (rule 1.1.12)")
    redo = ["Alice", "Bob", "Carol", "Dan"]
    again.shuffle(redo)
    assert redo == people, "the same seed and draw give the same order"
    with pytest.raises(NotImplementedError):
        chances.random()


def _stored(dice: SeededDice) -> list[tuple[str, int, dict[str, object]]]:
    made = [r for r in dice.rolls if isinstance(r, SeededRoll)]
    return [
        (
            "turn 5",
            "message 9",
            n,
            {"sides": r.sides, "value": r.value, "why": r.why, "label": r.label},
        )
        for n, r in enumerate(made, 1)
    ]


def test_honest_rolls_check_out() -> None:
    dice = SeededDice(SEED, 7, "message 9")
    for sides in (6, 6, 20):
        dice.roll(sides, "rule 1.13.7")
    assert check(SEED, 7, _stored(dice)) == []


def test_a_tampered_roll_is_named_by_where_and_place() -> None:
    dice = SeededDice(SEED, 7, "message 9")
    for sides in (6, 6, 20):
        dice.roll(sides, "rule 1.13.7")
    rolls = _stored(dice)
    rolls[1][3]["value"] = rolls[1][3]["value"] % 6 + 1  # type: ignore[operator]
    found = check(SEED, 7, rolls)
    assert [(m.where, m.roll) for m in found] == [("turn 5", 2)]
    assert "recorded" in found[0].describe() and "the seed gives" in found[0].describe()


def test_a_label_of_another_posting_or_game_or_none_is_refused() -> None:
    """A roll counts only under the label of the posting that threw it: a die thrown
    again under a label chosen for it is refused even though its value fits that label."""
    dice = SeededDice(SEED, 7, "message 9")
    dice.roll(6, "rule 1.13.7")
    rolls = _stored(dice)
    borrowed = [("turn 6", "message 10", 1, dict(rolls[0][3]))]
    assert "is not roll 1 of message 10" in check(SEED, 7, borrowed)[0].why
    assert "not one of game MC 8" in check(SEED, 8, rolls)[0].why
    unlabelled = [("turn 1", "message 1", 1, {"sides": 6, "value": 3, "why": "x"})]
    assert "no label" in check(SEED, 7, unlabelled)[0].why
