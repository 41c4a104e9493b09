"""The Gambits and Manoeuvres of rule 1.18.2 - Gambits And Their Costs.

Rule 1.18.2 keeps every Gambit ever declared: a name, a sequence of attributes of a player's
recent end-of-turn Stations, and the cost its declarer paid, which a player completing it
later gains (rule 1.18.3). Attributes here are a named Station, a Quadrant (rule 1.17.2) or a
Station category (rule 1.17.6). ``matches`` checks a player's recent Stations against a
Gambit, given the facts the map knows about each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field, field_validator, model_validator

from referee.engine.tables._load import Row, TableError, read_table, table_path
from referee.engine.tables.costs import TokenCost

FILENAME = "gambits.toml"
CATEGORIES = frozenset(
    {
        "A to Z", "British Rail", "Compass", "Green", "High", "High Hill", "Hill", "Holy",
        "Interchange", "Co-Located", "Park", "Plant", "Populated", "Terminus", "Verdant",
    }
)  # fmt: skip


@dataclass(frozen=True)
class StationFacts:
    """What a step may ask of one recent end-of-turn Station."""

    name: str
    quadrants: frozenset[int]
    categories: frozenset[str]


class Step(Row):
    """One attribute in a Gambit's sequence."""

    station: str = ""
    quadrant: int | None = Field(default=None, ge=0, le=4)
    category: str = ""
    other_than: int | None = Field(default=None, ge=1)
    seed_name: str = ""

    @model_validator(mode="after")
    def _one(self) -> Step:
        given = [bool(self.station), self.quadrant is not None, bool(self.category)]
        if given.count(True) != 1:
            raise ValueError("a step is one of station, quadrant or category")
        if self.category and self.category not in CATEGORIES:
            raise ValueError(f"category {self.category!r} is not one of rule 1.17.6's")
        return self

    def holds(self, facts: StationFacts) -> bool:
        """Whether a Station has this step's attribute."""
        if self.station:
            return facts.name == self.station
        if self.quadrant is not None:
            return self.quadrant in facts.quadrants
        return self.category in facts.categories


class Gambit(Row):
    """One Gambit or Manoeuvre of the list."""

    name: str
    word: Literal["Gambit", "Manoeuvre"]
    cost: str
    steps: tuple[Step, ...] = Field(min_length=1)
    note: str = ""

    @field_validator("cost")
    @classmethod
    def _fixed(cls, value: str) -> str:
        if not TokenCost.parse(value).is_fixed:
            raise ValueError(f"cost {value!r} must be fixed counts of colours")
        return value

    @model_validator(mode="after")
    def _references(self) -> Gambit:
        for number, step in enumerate(self.steps, start=1):
            if step.other_than is not None and not 1 <= step.other_than < number:
                raise ValueError(f"step {number}: other_than must name an earlier step")
        return self

    @property
    def reward(self) -> TokenCost:
        """The Tokens a completed Gambit gains (rule 1.18.3)."""
        return TokenCost.parse(self.cost)

    def matches(self, recent: Sequence[StationFacts]) -> bool:
        """Whether the player's most recent Stations, oldest first, complete this Gambit."""
        if len(recent) < len(self.steps):
            return False
        tail = recent[len(recent) - len(self.steps) :]
        for step, facts in zip(self.steps, tail, strict=True):
            if not step.holds(facts):
                return False
            if step.other_than is not None and tail[step.other_than - 1].name == facts.name:
                return False
        return True


class GambitTable(Row):
    """Every Gambit of the ruleset."""

    gambit: tuple[Gambit, ...]

    def named(self, name: str) -> Gambit:
        """A Gambit by name, any case, with or without a leading "The"."""
        wanted = name.strip().casefold().removeprefix("the ").strip()
        for gambit in self.gambit:
            if gambit.name.casefold() == wanted:
                return gambit
        known = ", ".join(g.name for g in self.gambit)
        raise TableError(f"no Gambit or Manoeuvre is named {name.strip()!r}; known: {known}")


@cache
def load_gambits(ruleset: str = "vanilla") -> GambitTable:
    """The checked ``gambits.toml`` of a ruleset, read once."""
    return read_table(GambitTable, table_path(ruleset, FILENAME))
