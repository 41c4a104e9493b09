"""Station categories (rule 1.17.6 - Station Categories).

Most categories are tests on the letters of a station's name: "the string ... in its Name".
Read literally (case-sensitive, anywhere), "Friars" and "Chapel" would name no station at all,
since Blackfriars and Whitechapel spell them in lower case, which cannot be what the rule's
author meant. So the default reading, :attr:`NameMatching.WORD_EDGES`, looks for each string
case-insensitively at the start or end of a word of the name: every listed string then names
a station (Blackfriars, Whitechapel and Hornchurch are Holy; Northwood, Northwood Hills and
Chorleywood are Plant), while "Ealing Broadway" stays out of A to Z (its "road" is inside a
word) and "North Greenwich" is Green. The literal reading is the setting's other value,
:attr:`NameMatching.LITERAL`. Holy also accepts the abbreviation of "Saint", written "St" or
"St." as a word of its own (never the "St" of "Street" or "Stanmore"). The remaining categories
(British Rail, Interchange, Co-Located, Terminus) come from the map, not the name, and are
decided in :mod:`referee.network.stations`.
"""

from __future__ import annotations

import re
from enum import StrEnum


class NameMatching(StrEnum):
    """How a category's strings are looked for in a name (rules/vanilla/readings.md#r1-17-6)."""

    WORD_EDGES = "word-edges"
    """Case-insensitive, at the start or end of a word of the name (the default)."""
    LITERAL = "literal"
    """Case-sensitive, anywhere in the name: the rule's words taken at face value."""


class Category(StrEnum):
    """A category of rule 1.17.6, by the name the rule gives it."""

    A_TO_Z = "A to Z"
    BRITISH_RAIL = "British Rail"
    COMPASS = "Compass"
    GREEN = "Green"
    HIGH = "High"
    HIGH_HILL = "High Hill"
    HILL = "Hill"
    HOLY = "Holy"
    INTERCHANGE = "Interchange"
    CO_LOCATED = "Co-Located"
    PARK = "Park"
    PLANT = "Plant"
    POPULATED = "Populated"
    TERMINUS = "Terminus"
    VERDANT = "Verdant"


HORS_CLASSIFICATION = "Hors Classification"
"""What rule 1.17.6 calls a station that falls into no category."""

NAME_STRINGS: dict[Category, tuple[str, ...]] = {
    Category.A_TO_Z: ("Street", "Road", "Lane"),
    Category.COMPASS: ("North", "South", "East", "West"),
    Category.GREEN: ("Green",),
    Category.HIGH: ("High",),
    Category.HILL: ("Hill",),
    Category.HOLY: ("Angel", "Canon", "Chapel", "Church", "Cross", "Friars", "Saint", "Temple"),
    Category.PARK: ("Park",),
    Category.PLANT: ("Bush", "Elm", "Garden", "Grove", "Oak", "Poplar", "Wood"),
    Category.POPULATED: ("Town", "City", "Manor"),
    Category.VERDANT: ("Park", "Green", "Garden"),
}
"""The strings each name-based category looks for; any one of them places a station in it."""

_SAINT_ABBREVIATION = re.compile(r"(?<![A-Za-z])St(?![A-Za-z])")


def _contains(name: str, string: str, matching: NameMatching) -> bool:
    if matching == NameMatching.LITERAL:
        return string in name
    edge = re.escape(string.lower())
    return re.search(rf"(?<![a-z]){edge}|{edge}(?![a-z])", name.lower()) is not None


def name_categories(
    name: str, matching: NameMatching = NameMatching.WORD_EDGES
) -> frozenset[Category]:
    """The categories of rule 1.17.6 that a station has by its name alone."""
    found = {
        category
        for category, strings in NAME_STRINGS.items()
        if any(_contains(name, string, matching) for string in strings)
    }
    if _SAINT_ABBREVIATION.search(name):
        found.add(Category.HOLY)
    if Category.HIGH in found and Category.HILL in found:
        found.add(Category.HIGH_HILL)
    return frozenset(found)
