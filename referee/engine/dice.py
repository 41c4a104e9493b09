"""The one source of chance in a game, recorded so every replay reproduces it.

Several rules roll dice or pick at random (rules 1.4.24, 1.7.47, 1.7.53, 1.7.59, 1.11.2,
1.13.7, among others). The engine never calls :mod:`random` itself: it asks a :class:`Dice`,
and each turn stores the rolls it made. Adjudicating a turn afresh uses
:class:`RecordingDice`; replaying a game after a rollback (rule 1.16.1) uses
:class:`ReplayDice` over the stored rolls, which also notices when a replay asks for
different rolls than were made, the sign that the rules or the data changed underneath it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Roll:
    """One throw: a number from 1 to ``sides``, and the rule that asked for it."""

    sides: int
    value: int
    why: str

    def __post_init__(self) -> None:
        if self.sides < 1 or not 1 <= self.value <= self.sides:
            raise ValueError(f"a d{self.sides} cannot show {self.value}")


class Dice(Protocol):
    """What the engine may ask of chance."""

    def roll(self, sides: int, why: str) -> int:
        """A number from 1 to ``sides`` inclusive; ``why`` names the rule, for the record."""
        ...


class ReplayDivergedError(RuntimeError):
    """A replay asked for a roll that the recorded turn did not make."""


@dataclass
class RecordingDice:
    """Fair dice from a seeded generator, keeping every roll for the turn's record."""

    rng: random.Random = field(default_factory=random.Random)
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, sides: int, why: str) -> int:
        value = self.rng.randint(1, sides)
        self.rolls.append(Roll(sides, value, why))
        return value


@dataclass
class ReplayDice:
    """Dice that give back recorded rolls, in order, and insist they are asked the same way."""

    recorded: Sequence[Roll]
    position: int = 0

    @classmethod
    def of(cls, rolls: Iterable[Roll]) -> ReplayDice:
        return cls(tuple(rolls))

    def roll(self, sides: int, why: str) -> int:
        if self.position >= len(self.recorded):
            raise ReplayDivergedError(f"the replay asked for an extra d{sides} ({why})")
        made = self.recorded[self.position]
        if made.sides != sides or made.why != why:
            raise ReplayDivergedError(
                f"roll {self.position + 1} was a d{made.sides} for {made.why}, "
                f"but the replay asked for a d{sides} for {why}"
            )
        self.position += 1
        return made.value

    @property
    def exhausted(self) -> bool:
        """True when every recorded roll has been used, as a faithful replay leaves it."""
        return self.position == len(self.recorded)


def pick(dice: Dice, options: Sequence[T], why: str) -> T:
    """Choose one of ``options`` with a single recorded roll."""
    if not options:
        raise ValueError(f"nothing to choose from for {why}")
    return options[dice.roll(len(options), why) - 1]
