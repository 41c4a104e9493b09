"""One Way directions (rule 1.20.2 - And Where Might YOU Be Going?).

Rule 1.20.2: a Line may be made One Way in a prescribed direction; each Line recognises one
direction and its opposite, named by compass (N-S, E-W) or, for the Circle, Clockwise and
Anti-Clockwise, and the rule names the end Stations each runs between. This table gives the
engine those names and ends; deciding which way a Move travels along a Segment is the map's.
"""

from __future__ import annotations

from functools import cache

from pydantic import Field

from referee.engine.tables._load import Row, TableError, read_table, table_path
from referee.network.lines import LineCode

FILENAME = "one_way.toml"


class LineDirections(Row):
    """A Line's recognised direction, its opposite, and the ends each runs between."""

    line: LineCode
    direction: str
    opposite: str
    from_: tuple[str, ...] = Field(alias="from")
    to: tuple[str, ...]
    opposite_from: tuple[str, ...] = ()

    def ends(self, direction: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The (starting, finishing) end Stations of ``direction`` on this Line."""
        if direction == self.direction:
            return self.from_, self.to
        if direction == self.opposite:
            return self.opposite_from or self.to, self.from_
        raise TableError(
            f"{direction!r} is not a direction of {self.line}; "
            f"write {self.direction} or {self.opposite}"
        )


class OneWayTable(Row):
    """The directions of every Line."""

    line: tuple[LineDirections, ...]

    def of(self, line: LineCode | str) -> LineDirections:
        """The directions recognised on a Line."""
        for entry in self.line:
            if entry.line == line:
                return entry
        raise TableError(f"rule 1.20.2 recognises no One Way directions on {line}")

    def opposite(self, line: LineCode | str, direction: str) -> str:
        """The opposite of a direction on a Line (a Move against it is Invalid)."""
        entry = self.of(line)
        normalised = self.normalise(line, direction)
        return entry.opposite if normalised == entry.direction else entry.direction

    def normalise(self, line: LineCode | str, text: str) -> str:
        """A direction as a player may write it ("n-s", "anticlockwise") in the table's form."""
        entry = self.of(line)
        key = text.strip().casefold().replace(" ", "").replace("-", "")
        for direction in (entry.direction, entry.opposite):
            if direction.casefold().replace("-", "") == key:
                return direction
        raise TableError(
            f"{text.strip()!r} is not a direction of {entry.line}; "
            f"write {entry.direction} or {entry.opposite}"
        )


@cache
def load_one_way(ruleset: str = "vanilla") -> OneWayTable:
    """The checked ``one_way.toml`` of a ruleset, read once."""
    return read_table(OneWayTable, table_path(ruleset, FILENAME))
