"""The Three-Point Courier (rule 1.11.2 - Three-Point Courier).

Rule 1.11.2: when no Courier Stations are set, a player other than the Drone may call the
Courier. A Fixed call names a Pick-Up and a Destination Station, both outside Zone 1, in
different Quadrants, on different Lines, neither a Home Station and neither in the caller's
Quadrant; a Random call rolls two 295-sided dice for them. Delivering the Parcel earns three
Gold. ``fixed_call_problems`` lists every way a Fixed call breaks the rule, so a player hears
them all at once.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cache

from pydantic import Field, field_validator

from referee.engine.tables._load import Row, read_table, table_path
from referee.engine.tables.costs import TokenCost

FILENAME = "courier.toml"


@dataclass(frozen=True)
class CourierStation:
    """What the rule asks of a proposed Courier Station."""

    name: str
    zones: frozenset[int]
    quadrants: frozenset[int]
    lines: frozenset[str]


class CourierTable(Row):
    """The Courier's numbers."""

    excluded_zone: int = Field(ge=1)
    random_dice: int = Field(ge=1)
    die_sides: int = Field(ge=1)
    delivery_gain: str

    @field_validator("delivery_gain")
    @classmethod
    def _fixed(cls, value: str) -> str:
        if not TokenCost.parse(value).is_fixed:
            raise ValueError(f"delivery_gain {value!r} must be fixed counts of colours")
        return value

    def fixed_call_problems(
        self,
        pickup: CourierStation,
        destination: CourierStation,
        *,
        caller_quadrants: frozenset[int],
        home_stations: Collection[str],
    ) -> list[str]:
        """Every reason a Fixed Courier Call with these Stations is not allowed (empty: fine)."""
        problems: list[str] = []
        for role, station in (("Pick-Up", pickup), ("Destination", destination)):
            if self.excluded_zone in station.zones:
                problems.append(
                    f"the {role} Station {station.name} is in Zone {self.excluded_zone}"
                )
            if station.name in home_stations:
                problems.append(f"the {role} Station {station.name} is a Home Station")
            if station.quadrants & caller_quadrants:
                problems.append(f"the {role} Station {station.name} is in your own Quadrant")
        if pickup.quadrants & destination.quadrants:
            problems.append(f"{pickup.name} and {destination.name} share a Quadrant")
        shared = sorted(pickup.lines & destination.lines)
        if shared:
            problems.append(f"{pickup.name} and {destination.name} share the Line {shared[0]}")
        return problems


@cache
def load_courier(ruleset: str = "vanilla") -> CourierTable:
    """The checked ``courier.toml`` of a ruleset, read once."""
    return read_table(CourierTable, table_path(ruleset, FILENAME))
