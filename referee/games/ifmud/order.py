"""Standard Order (rule 94) and Random Selection (rule 95): how the game sorts and picks.

Several rules choose among rooms, tokens or gifts "in Standard Order" or "by Random
Selection"; both are here so every rule orders and picks the same way. The dice are any
:class:`~referee.engine.dice.Dice`: in a hosted game they are derived from the game's
committed seed (``referee.engine.fair_dice``), so players can check every selection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TypeVar

from referee.engine.dice import Dice

T = TypeVar("T")

ARTICLES = frozenset({"a", "an", "the"})
_WORD = re.compile(r"[A-Za-z]+|\d+")


def _letters(name: str, *, articles: bool) -> str:
    words = [w.lower() for w in _WORD.findall(name) if not w.isdigit()]
    if not articles:
        words = [w for w in words if w not in ARTICLES]
    return "".join(words)


def standard_key(name: str) -> tuple[int, str, float, str]:
    """The sort key of rule 94: letters without articles first; then names made of articles
    only, by their letters; then numbers in numerical order; anything else last."""
    plain = _letters(name, articles=False)
    if plain:
        return (0, plain, 0.0, name)
    with_articles = _letters(name, articles=True)
    if with_articles:
        return (1, with_articles, 0.0, name)
    try:
        return (2, "", float(name.strip()), name)
    except ValueError:
        return (3, "", 0.0, name)


def standard_order(names: Iterable[str]) -> list[str]:
    """``names`` in Standard Order (rule 94)."""
    return sorted(names, key=standard_key)


def die_for(count: int) -> int:
    """The die rule 95 rolls to choose among ``count`` items: as many sides as items (the
    referee's dice server has a die of every size; rules/ifmud-nomic/readings.md#r95)."""
    if count < 1:
        raise ValueError("Random Selection needs at least one item to choose from")
    return count


def random_selection(names: Sequence[str], dice: Dice, why: str) -> str:
    """One of ``names`` chosen by Random Selection (rule 95): the items in Standard Order,
    a die of as many sides, the roll an index from 1 (rerolled past the end, which with an
    exact die never happens). One item still takes a roll: a d1 always shows 1 (rule 159)."""
    ordered = standard_order(names)
    sides = die_for(len(ordered))
    while True:
        index = dice.roll(sides, f"rule 95: {why}")
        if index <= len(ordered):
            return ordered[index - 1]
