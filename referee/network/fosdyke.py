"""Fosdyke codes (rule 1.17.9 - Fosdyke Notation): how near two stations are.

Each element measures one kind of nearness and is ``None`` (written ``*``) when the two cannot
be compared:

- S: stations between them along one line without changing line (a change of branch is not a
  change of line); ``*`` if no line serves both.
- R: stations on the shortest route, changing line freely; an Escalator Link step counts as a
  station, as in a move (rule 1.5.3).
- L: the fewest line changes on any route (not the changes on the shortest one); crossing an
  Escalator Link is one change.
- Q: quadrant boundaries between them (rule 1.17.2): 0 in the same quadrant, 1 between the
  Circle and any other or between neighbouring compass quadrants, 2 between opposite ones.
- Z: zone boundaries between them (rule 1.17.7).

A station on a boundary is in every quadrant or zone it touches, so the nearest pair counts.
Ghost stations (rule 1.11.6) are on no line and in no zone or quadrant: every element is ``*``.
Distances ignore direction rules (one-way sections, no reversing): they measure the map, not a
move. Line-only and route distances are tabulated when the map loads; line changes are worked
out per station on first use and cached.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import networkx as nx

from referee.network.lines import LineCode

if TYPE_CHECKING:
    from referee.network.network import Network

_ESCALATOR = "escalator"


@dataclass(frozen=True)
class FosdykeCode:
    """A Fosdyke Code of rule 1.17.9; ``None`` is the indicator ``*``."""

    s: int | None
    r: int | None
    l: int | None  # noqa: E741 - the rule's own letter
    q: int | None
    z: int | None

    def render(self) -> str:
        """The code in the rule's notation, e.g. ``(S3,R3,L0,Q0,Z0)``."""
        parts = zip("SRLQZ", (self.s, self.r, self.l, self.q, self.z), strict=True)
        return "(" + ",".join(f"{k}{'*' if v is None else v}" for k, v in parts) + ")"

    def to_json(self) -> dict[str, int | None]:
        return {"S": self.s, "R": self.r, "L": self.l, "Q": self.q, "Z": self.z}


def quadrant_boundaries(a: int, b: int) -> int:
    """Boundaries between two quadrants numbered as rule 1.17.2 numbers them (0 = Circle)."""
    if a == b:
        return 0
    if a == 0 or b == 0:
        return 1
    return 2 if abs(a - b) == 2 else 1


class Distances:
    """The distances of rule 1.17.9 between any two stations of one map."""

    def __init__(self, network: Network) -> None:
        self.network = network
        graph = network.graph
        self.route: dict[str, dict[str, int]] = dict(
            nx.all_pairs_shortest_path_length(nx.Graph(graph))
        )
        self.by_line: dict[LineCode, dict[str, dict[str, int]]] = {}
        for code in network.data.lines:
            edges = [(a, b) for a, b, key in graph.edges(keys=True) if key == code]
            self.by_line[code] = dict(nx.all_pairs_shortest_path_length(nx.Graph(edges)))

    def station_distance(
        self, a: str, b: str, a_line: LineCode | None = None, b_line: LineCode | None = None
    ) -> int | None:
        """S: the fewest stations from ``a`` to ``b`` along any one line (the line of either
        piece, when given: pieces on different lines are '*')."""
        found = [
            lengths[a][b]
            for code, lengths in self.by_line.items()
            if a_line in (None, code) and b_line in (None, code)
            if a in lengths and b in lengths[a]
        ]
        return min(found) if found else None

    def route_distance(self, a: str, b: str) -> int | None:
        """R: the fewest stations from ``a`` to ``b`` by any lines."""
        if self.network.facts[a].ghost or self.network.facts[b].ghost:
            return None
        return self.route.get(a, {}).get(b)

    def line_changes(
        self, a: str, b: str, a_line: LineCode | None = None, b_line: LineCode | None = None
    ) -> int | None:
        """L: the fewest changes of line on any route from ``a`` to ``b`` (from and to the
        pieces' own lines, when given)."""
        if self.network.facts[a].ghost or self.network.facts[b].ghost:
            return None
        starts = self.network.lines_at[a] if a_line is None else {a_line}
        ends = self.network.lines_at[b] if b_line is None else {b_line}
        found: list[int] = []
        for line in starts & self.network.lines_at[a]:
            costs = self._changes_from(a, line)
            found.extend(costs[(b, end)] for end in ends if (b, end) in costs)
        return min(found) if found else None

    def changes_to_line(self, a: str, line: LineCode) -> int | None:
        """L from a Station to a Line: the fewest changes from any Line at ``a`` to reach
        ``line`` anywhere (0 when ``a`` is on it)."""
        if self.network.facts[a].ghost:
            return None
        found = [
            cost
            for start in self.network.lines_at[a]
            for (_, reached), cost in self._changes_from(a, start).items()
            if reached == line
        ]
        return min(found) if found else None

    @cache  # noqa: B019 - one Distances per cached Network
    def _changes_from(self, a: str, a_line: LineCode) -> dict[tuple[str, LineCode], int]:
        """0-1 breadth-first search over (station, line): a step along a line is free, a
        change of line (where rule 1.5.4 allows one) or an Escalator Link costs one."""
        network = self.network
        best: dict[tuple[str, LineCode], int] = {}
        queue: deque[tuple[int, str, LineCode]] = deque([(0, a, a_line)])
        while queue:
            cost, station, line = queue.popleft()
            if best.get((station, line), cost + 1) <= cost:
                continue
            best[(station, line)] = cost
            for _, other, key in network.graph.edges(station, keys=True):
                if key == line:
                    queue.appendleft((cost, other, line))
                elif key == _ESCALATOR:
                    queue.extend((cost + 1, other, line2) for line2 in network.lines_at[other])
            if network.can_change_at(station):
                queue.extend(
                    (cost + 1, station, line2)
                    for line2 in network.site_lines(station, line)
                    if line2 != line
                )
        return best

    def code(
        self, a: str, b: str, a_line: LineCode | None = None, b_line: LineCode | None = None
    ) -> FosdykeCode:
        """The full Fosdyke Code between two stations (canonical names), optionally between
        pieces on given lines there, so (S0,L0) means the same station and the same line."""
        first, second = self.network.facts[a], self.network.facts[b]
        q = (
            min(quadrant_boundaries(x, y) for x in first.quadrants for y in second.quadrants)
            if first.quadrants and second.quadrants
            else None
        )
        z = (
            min(abs(x - y) for x in first.zones for y in second.zones)
            if first.zones and second.zones
            else None
        )
        return FosdykeCode(
            s=self.station_distance(a, b, a_line, b_line),
            r=self.route_distance(a, b),
            l=self.line_changes(a, b, a_line, b_line),
            q=q,
            z=z,
        )
