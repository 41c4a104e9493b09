"""The Token Collection Table (rule 1.4.20 - Token Collection Table) and the bonus it awards.

Rule 1.4.20: in the Token Collection phase a player earns Tokens for what eir Move did: a
Bronze for a Valid Move within a Zone e holds a Zone Pass for; for moving to an Interchange,
one Token whose colour grows with the Interchange's Lines (two: Red, three: Black, four:
Blue, five or more: Silver); the same scale for how many Interchanges the Move passed
through, each counted once however often it was passed; a Black for a non-Pass Move without
a change of Line; a Blue for moving to a Station of the type of the Hat e wears.

The engine states the facts of a Move (``MoveFacts``); ``token_bonus`` is a pure function of
them and the table, so the scale lives in data and the arithmetic is tested here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from pydantic import Field, model_validator

from referee.engine.tables._load import Row, read_table, table_path
from referee.engine.tables.colours import Colour

FILENAME = "token_collection.toml"


class Bonus(Row):
    """A bonus of ``count`` Tokens of one colour."""

    colour: Colour
    count: int = Field(ge=1)


class Grade(Bonus):
    """One row of a graded table: the bonus for ``lines`` (the last row: or more)."""

    lines: int = Field(ge=1)


class TokenCollectionTable(Row):
    """The whole table of rule 1.4.20."""

    zone_pass: Bonus
    no_line_change: Bonus
    hat_match: Bonus
    destination_interchange: tuple[Grade, ...]
    interchanges_passed: tuple[Grade, ...]

    @model_validator(mode="after")
    def _ascending(self) -> TokenCollectionTable:
        for name in ("destination_interchange", "interchanges_passed"):
            counts = [grade.lines for grade in getattr(self, name)]
            if not counts or counts != sorted(set(counts)):
                raise ValueError(f"{name}: rows must be in ascending order of lines")
        return self


def _graded(grades: tuple[Grade, ...], number: int) -> Grade | None:
    """The row for ``number``: exact, or the last row for that many or more."""
    last = grades[-1]
    if number >= last.lines:
        return last
    return next((grade for grade in grades if grade.lines == number), None)


@dataclass(frozen=True)
class MoveFacts:
    """What the engine knows about one Move when Tokens are collected.

    ``station_zones`` holds, for every Station the Move touched (start, passed through, end),
    the Zones it is in (a Station on a boundary is in both, rule 1.17.7). For a Pass it holds
    the one Station the player stays at. ``destination_lines`` is the number of Lines at the
    Station moved to if it is an Interchange, else 0. ``interchanges_passed`` names each
    Interchange passed through, repeats and all; only the first passage counts.
    """

    is_pass: bool
    station_zones: tuple[frozenset[int], ...]
    zone_pass_zones: frozenset[int]
    destination_lines: int
    interchanges_passed: tuple[str, ...]
    line_changed: bool
    hat_matched: bool


def _within_passes(facts: MoveFacts) -> bool:
    """Every Station of the Move lies in a Zone the player holds a Zone Pass for."""
    if not facts.station_zones or not facts.zone_pass_zones:
        return False
    return all(zones & facts.zone_pass_zones for zones in facts.station_zones)


def token_bonus(
    facts: MoveFacts, table: TokenCollectionTable, *, pass_earns_zone_bonus: bool = True
) -> Mapping[Colour, int]:
    """The Tokens one Move earns under rule 1.4.20, by colour (empty: nothing).

    ``pass_earns_zone_bonus``: whether a Pass counts as "any Valid Move" for the Zone Pass
    bonus (rules/vanilla/readings.md#r1-4-20).
    """
    earned: dict[Colour, int] = {}

    def add(bonus: Bonus | None) -> None:
        if bonus is not None:
            earned[bonus.colour] = earned.get(bonus.colour, 0) + bonus.count

    if (pass_earns_zone_bonus or not facts.is_pass) and _within_passes(facts):
        add(table.zone_pass)
    if not facts.is_pass:
        if facts.destination_lines >= 2:
            add(_graded(table.destination_interchange, facts.destination_lines))
        distinct = len(dict.fromkeys(facts.interchanges_passed))
        if distinct:
            add(_graded(table.interchanges_passed, distinct))
        if not facts.line_changed:
            add(table.no_line_change)
        if facts.hat_matched:
            add(table.hat_match)
    return earned


@cache
def load_token_collection(ruleset: str = "vanilla") -> TokenCollectionTable:
    """The checked ``token_collection.toml`` of a ruleset, read once."""
    return read_table(TokenCollectionTable, table_path(ruleset, FILENAME))
