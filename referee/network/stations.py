"""What the rules know about one station: the facts of its map record and its categories.

Rule 1.17.6 - Station Categories gives the categories (see :mod:`referee.network.categories`);
Terminus is a station where some line leaves in one direction only, which on a drawn map means
the line has a single neighbouring station there. Rule 1.17.10 - A Close Call gives the Call:
the line segments from the station to its neighbours, counted once per line and neighbour, so a
station two lines pass through has a Call of 4 and a Ghost has 0. Zones (rule 1.17.7),
quadrants and halves (rule 1.17.2), the Current (rule 1.17.8) and the rest come from the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import networkx as nx

from referee.network.categories import (
    HORS_CLASSIFICATION,
    Category,
    NameMatching,
    name_categories,
)
from referee.network.lines import LineCode
from referee.network.mapfile import StationKind, StationRecord

_ESCALATOR = "escalator"


@dataclass(frozen=True)
class StationFacts:
    """One station's facts as the rules use them."""

    name: str
    ghost: bool
    current: int
    zones: frozenset[int]
    quadrants: frozenset[int]
    halves: frozenset[Literal["N", "E", "S", "W"]]
    thames: Literal["N", "S"] | None
    venbacker: int | None
    position: tuple[float, float] | None
    british_rail: bool
    kind: StationKind
    lines: frozenset[LineCode]
    sites: tuple[frozenset[LineCode], ...]
    terminates: frozenset[LineCode]
    call: int
    categories: frozenset[Category]

    @property
    def interchange(self) -> bool:
        return self.kind == StationKind.INTERCHANGE

    @property
    def terminus(self) -> bool:
        """Rule 1.17.6: at least one line leaves this station in one direction only."""
        return bool(self.terminates)

    @property
    def classification(self) -> tuple[str, ...]:
        """The category names in the rule's order, or 'Hors Classification' for none."""
        ordered = tuple(c.value for c in Category if c in self.categories)
        return ordered or (HORS_CLASSIFICATION,)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every fact (the shape of ``referee map station --json``)."""
        return {
            "name": self.name,
            "ghost": self.ghost,
            "current": self.current,
            "zones": sorted(self.zones),
            "quadrants": sorted(self.quadrants),
            "halves": [half for half in "NESW" if half in self.halves],
            "thames": self.thames,
            "venbacker": self.venbacker,
            "position": list(self.position) if self.position is not None else None,
            "british_rail": self.british_rail,
            "kind": self.kind.value,
            "lines": sorted(line.value for line in self.lines) or [LineCode.GH.value],
            "sites": [sorted(line.value for line in site) for site in self.sites],
            "terminus": self.terminus,
            "terminates": sorted(line.value for line in self.terminates),
            "call": self.call,
            "categories": list(self.classification),
        }


def station_facts(
    record: StationRecord,
    graph: nx.MultiGraph,
    lines: frozenset[LineCode],
    terminates: frozenset[LineCode],
    matching: NameMatching = NameMatching.WORD_EDGES,
) -> StationFacts:
    """Derive a station's facts from its map record and its edges in the network graph."""
    call = sum(1 for _, _, key in graph.edges(record.name, keys=True) if key != _ESCALATOR)
    categories = set(name_categories(record.name, matching))
    if record.british_rail:
        categories.add(Category.BRITISH_RAIL)
    if record.kind == StationKind.INTERCHANGE:
        categories.add(Category.INTERCHANGE)
    elif record.kind == StationKind.CO_LOCATED:
        categories.add(Category.CO_LOCATED)
    if terminates:
        categories.add(Category.TERMINUS)
    sites = record.sites or ((lines,) if lines else ())
    return StationFacts(
        name=record.name,
        ghost=record.ghost,
        current=record.current,
        zones=record.zones,
        quadrants=record.quadrants,
        halves=record.halves,
        thames=record.thames,
        venbacker=record.venbacker,
        position=record.position,
        british_rail=record.british_rail,
        kind=record.kind,
        lines=lines,
        sites=sites,
        terminates=terminates,
        call=call,
        categories=frozenset(categories),
    )
