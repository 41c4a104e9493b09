"""Lost & Found (rule 1.7.53 - Lost & Found): what a [Finding] roll turns up.

Rule 1.7.53: the finder rolls a d100 and the next player looks the number up: low rolls find
nothing, some send the finder to the Tower or drop a Suspect Package, most find a Possession
or Tokens, and anything above 92 finds the first item waiting in the Lost & Found Box. At
Paddington on a weekday between 0930 and 1400 the finder names a number from 0 to 80 and
rolls a d20 instead, the two added, except that a d20 of four or less stands unmodified.
Items marked in the table are found only if the finder does not already have one.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from referee.engine.tables._load import Row, read_table, table_path
from referee.engine.tables.costs import TokenCost

FILENAME = "lost_and_found.toml"
Kind = Literal["nothing", "tower", "package", "possession", "tokens", "box"]


def _hhmm(text: str) -> int:
    return int(text[:2]) * 60 + int(text[2:])


class Paddington(Row):
    """The weekday window at the Lost Property Office and its modified roll."""

    station: str
    days: tuple[int, ...]
    start: str = Field(pattern=r"^\d{4}$")
    end: str = Field(pattern=r"^\d{4}$")
    chosen_max: int = Field(ge=0)
    die: int = Field(ge=1)
    unmodified_at_most: int = Field(ge=0)

    def applies(self, station: str, weekday: int, minute: int, holiday: bool = False) -> bool:
        """Whether the finder is at Paddington in the window (both ends included)."""
        return (
            station == self.station
            and not holiday
            and weekday in self.days
            and _hhmm(self.start) <= minute <= _hhmm(self.end)
        )


class FindRow(Row):
    """One band of rolls and what it finds."""

    rolls: tuple[int, int]
    kind: Kind
    item: str = ""
    qualities: tuple[str, ...] = ()
    tokens: str = ""
    once: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> FindRow:
        low, high = self.rolls
        if low > high:
            raise ValueError(f"rolls {low}-{high} run backwards")
        if self.kind == "tokens" and not TokenCost.parse(self.tokens).is_fixed:
            raise ValueError("a tokens row needs fixed `tokens`, e.g. 2Bk")
        if self.kind == "possession" and not self.item:
            raise ValueError("a possession row names its `item`")
        return self


class LostAndFoundTable(Row):
    """The whole table: rows from 1 to ``beyond`` and the Paddington window."""

    beyond: int
    paddington: Paddington
    row: tuple[FindRow, ...]

    @model_validator(mode="after")
    def _covers(self) -> LostAndFoundTable:
        expected = 1
        for row in self.row:
            if row.rolls[0] != expected:
                raise ValueError(f"rolls must run on without gaps; {expected} is missing")
            expected = row.rolls[1] + 1
        if expected != self.beyond + 1:
            raise ValueError(f"rows must end at {self.beyond}")
        return self

    def find(self, roll: int) -> FindRow:
        """The row for a (possibly modified) roll; above ``beyond``, the Box's first item."""
        if roll < 1:
            raise ValueError(f"a Finding roll is at least 1, not {roll}")
        if roll > self.beyond:
            return FindRow(rolls=(roll, roll), kind="box", item="first item in the Box")
        return next(row for row in self.row if row.rolls[0] <= roll <= row.rolls[1])

    def modified_roll(self, die: int, chosen: int) -> int:
        """Rule 1.7.53's Paddington roll: d20 plus the chosen number, a low d20 unmodified."""
        window = self.paddington
        if not 1 <= die <= window.die:
            raise ValueError(f"the Paddington die is a d{window.die}; {die} cannot be rolled")
        if not 0 <= chosen <= window.chosen_max:
            raise ValueError(f"the chosen number is 0 to {window.chosen_max}, not {chosen}")
        return die if die <= window.unmodified_at_most else die + chosen


@cache
def load_lost_and_found(ruleset: str = "vanilla") -> LostAndFoundTable:
    """The checked ``lost_and_found.toml`` of a ruleset, read once."""
    return read_table(LostAndFoundTable, table_path(ruleset, FILENAME))
