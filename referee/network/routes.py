"""Routes of a move: every way from one station to another in exactly LV stations.

Rule 1.6.2 - Getting There: a move must end exactly LV stations from where it starts.
Rule 1.2.0 - The Game State Document: a play names its destination's line and, after ``via:``,
the lines of the earlier portions, so ``Euston (VC via: CN,NT)`` from Holborn is Central, then
Northern, then Victoria.
Rule 1.5.4 - Go With The Flow: a move is a chain of portions; each portion runs along one
stretch of one line in one direction. A new portion may begin only at a Move Node: any change
of line or of branch (and so of direction) at an Interchange, and a change of line at a
Co-Located station if the direction of travel stays the same (by default: the piece carries
straight on along the shared track; see :class:`CoLocatedDirection`). A plain station is
never a Move Node mid-move.
Rule 1.5.3 - Dogs Must Be Carried: mid-move, a piece may cross an Escalator Link from a line
through one station to a line through the other; both stations count towards LV, but the pair
is one Interchange.
Rule 1.5.7 - Heathrow Loop-the-Loop: the Heathrow loop is a one-way section in the map data, so
no portion can run it backwards.
Rule 1.5.1 - Keeping the Piece: the stations passed through are all but the first and last.
Rule 1.4.20 - Token Collection Table counts Interchanges passed through, each once.

How the rules' words map onto the data is set out in ``maps/london-1999`` (a portion is a
contiguous stretch of one section of a line file, read forwards or backwards, a one-way section
forwards only). The choices where the rules are silent are in ``rules/vanilla/readings.md`` under
these rule numbers: a route never visits a station twice unless asked (``revisit=True``, the setting
``route_revisits``: then only turning straight back along the same line is barred, which is
rule 1.5.6's Rebounding; see maps/README.md for what that adds and costs); ``via:`` lists each
line once per run of portions on it, so a branch change within a line needs no extra code; an
Escalator Link is used only mid-move.

The search is a depth-first walk over a small automaton built once per map: a state is the set
of section placements (section, position, direction) consistent with the portion so far, so
a portion is valid exactly when some one section contains it. Walks are cut as soon as the
remaining stations cannot reach the destination (an all-pairs distance table).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import networkx as nx

from referee.network.lines import LineCode
from referee.network.mapfile import OPPOSITES, SectionKind, StationKind

if TYPE_CHECKING:
    from referee.network.network import Network

FORWARDS = 1
BACKWARDS = 2
ANY = FORWARDS | BACKWARDS
UNREACHABLE = 1 << 20
BOUND_LAYERS = 4
"""Change budgets 0..3 get their own distance bound (:meth:`RouteFinder.bounds_to`)."""
LV_SEARCH_LIMIT = 40
"""How far :meth:`RouteFinder.shortest` and the explanations look before giving up."""

_Placement = tuple[int, int, int]  # section index, position in it, +1 forwards / -1 backwards
_Raw = tuple[tuple[int, ...], tuple[LineCode | None, ...], tuple[tuple[int, int, int], ...]]
"""A found route: station ids, the line of each step, and (first, last, directions) per portion."""


def direction_label(reference: str, forwards: bool) -> str:
    """Name a Line Direction: the line's reference direction of rule 1.20.2 or its opposite."""
    return reference if forwards else OPPOSITES.get(reference, f"against {reference}")


@dataclass(frozen=True)
class Portion:
    """One Move Portion (rule 1.5.4): a run along one line in one direction."""

    line: LineCode
    direction: str
    stations: tuple[str, ...]

    @property
    def start(self) -> str:
        return self.stations[0]

    @property
    def end(self) -> str:
        return self.stations[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line.value,
            "direction": self.direction,
            "from": self.start,
            "to": self.end,
            "stations": list(self.stations),
        }


@dataclass(frozen=True)
class Route:
    """One legal way to make a move: its stations in order and its portions."""

    stations: tuple[str, ...]
    hops: tuple[LineCode | None, ...]
    """The line of each step between consecutive stations; ``None`` for an Escalator Link."""
    portions: tuple[Portion, ...]
    interchanges: tuple[tuple[str, ...], ...]
    """Interchanges passed through (rule 1.4.20), in order; an escalator pair is one entry."""

    @property
    def lv(self) -> int:
        """The stations the move counts against Line Velocity (rule 1.6.2)."""
        return len(self.stations) - 1

    @property
    def passed_through(self) -> tuple[str, ...]:
        """Rule 1.5.1: every station of the route but the first and the last."""
        return self.stations[1:-1]

    @property
    def lines(self) -> tuple[LineCode, ...]:
        """The lines of the portions in order, each run of one line named once (``via:``)."""
        return _collapse(portion.line for portion in self.portions)

    def render(self) -> str:
        """The route as text: ``Holborn -CN-> Tottenham Court Road -NT-> ...``."""
        parts = [self.stations[0]]
        for hop, station in zip(self.hops, self.stations[1:], strict=True):
            parts.append(f"-{hop.value if hop is not None else 'escalator'}-> {station}")
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "lv": self.lv,
            "stations": list(self.stations),
            "lines": [line.value for line in self.lines],
            "portions": [portion.to_json() for portion in self.portions],
            "passed_through": list(self.passed_through),
            "interchanges": [list(group) for group in self.interchanges],
            "interchange_count": len(self.interchanges),
            "text": self.render(),
        }


def _step(trans: list[tuple[tuple[int, int], ...]], state: int, station: int) -> int | None:
    """The state after stepping from ``state`` to ``station``, if the line goes there."""
    for nxt, after in trans[state]:
        if nxt == station:
            return after
    return None


def _collapse(lines: Iterable[LineCode]) -> tuple[LineCode, ...]:
    out: list[LineCode] = []
    for line in lines:
        if not out or out[-1] != line:
            out.append(line)
    return tuple(out)


class CoLocatedDirection(StrEnum):
    """What "not changing Line Direction" means for a change of line at a Co-Located station
    (rule 1.5.4; rules/vanilla/readings.md#r1-5-4)."""

    TRACK = "track"
    """Carry straight on: the new line must run on from the station the piece came from,
    through the change, to the next one, as one stretch of one of its sections (every
    Co-Located station of the 1999 map is a shared track). Where the station the piece came
    from is not on the new line, the lines are compared as in :attr:`REFERENCE`."""
    REFERENCE = "reference"
    """Compare forwards or backwards against each line's reference direction of rule 1.20.2."""


class RouteFinder:
    """Every route of a given length between two stations, by given lines or any."""

    def __init__(
        self, network: Network, co_located: CoLocatedDirection = CoLocatedDirection.TRACK
    ) -> None:
        self.network = network
        self.co_located = co_located
        self.names: list[str] = sorted(network.facts)
        self.ids = {name: index for index, name in enumerate(self.names)}
        facts = [network.facts[name] for name in self.names]
        self.interchange = [f.kind == StationKind.INTERCHANGE for f in facts]
        self.changeable = [network.can_change_at(name) for name in self.names]
        self.site_lines: dict[tuple[int, LineCode], tuple[LineCode, ...]] = {
            (sid, line): tuple(sorted(network.site_lines(name, line)))
            for sid, name in enumerate(self.names)
            for line in network.lines_at[name]
        }
        self.lines_at = [tuple(sorted(network.lines_at[name])) for name in self.names]
        self.escalator = [
            self.ids[network.escalators[name]] if name in network.escalators else -1
            for name in self.names
        ]
        self.directions = {code: line.direction for code, line in network.data.lines.items()}
        self._build_sections()
        self._build_automaton()
        self.dist = self._distance_table()
        self._build_slots()
        self._bounds: dict[int, list[list[int]]] = {}

    # -- building -------------------------------------------------------------------------

    def _build_sections(self) -> None:
        self.section_line: list[LineCode] = []
        self.section_stations: list[tuple[int, ...]] = []
        self.section_loop: list[bool] = []
        self.section_one_way: list[bool] = []
        self.section_against: list[bool] = []
        self.placements: dict[tuple[int, LineCode], list[tuple[int, int]]] = {}
        for line in self.network.data.lines.values():
            for section in line.sections:
                index = len(self.section_line)
                stations = tuple(self.ids[name] for name in section.stations)
                self.section_line.append(line.code)
                self.section_stations.append(stations)
                self.section_loop.append(section.kind == SectionKind.LOOP)
                self.section_one_way.append(section.kind == SectionKind.ONE_WAY)
                self.section_against.append(section.against_reference)
                for position, sid in enumerate(stations):
                    self.placements.setdefault((sid, line.code), []).append((index, position))

    def _advance(self, placement: _Placement) -> _Placement | None:
        section, position, step = placement
        stations = self.section_stations[section]
        nxt = position + step
        if self.section_loop[section]:
            nxt %= len(stations)
        elif not 0 <= nxt < len(stations):
            return None
        return section, nxt, step

    def _build_automaton(self) -> None:
        """States are sets of placements sharing a station; a step to a neighbour keeps the
        placements that reach it. Built from a fresh state per (station, line)."""
        index: dict[frozenset[_Placement], int] = {}
        self.state_station: list[int] = []
        self.state_line: list[LineCode] = []
        self.state_dirs: list[int] = []
        self.trans: list[tuple[tuple[int, int], ...]] = []
        pending: list[frozenset[_Placement]] = []

        def state(placements: frozenset[_Placement]) -> int:
            found = index.get(placements)
            if found is not None:
                return found
            section, position, _ = next(iter(placements))
            index[placements] = len(self.state_station)
            self.state_station.append(self.section_stations[section][position])
            self.state_line.append(self.section_line[section])
            along = {(p[2] > 0) != self.section_against[p[0]] for p in placements}
            self.state_dirs.append(
                (FORWARDS if True in along else 0) | (BACKWARDS if False in along else 0)
            )
            self.trans.append(())
            pending.append(placements)
            return index[placements]

        self.fresh: dict[tuple[int, LineCode], int] = {}
        for (sid, line), spots in sorted(self.placements.items()):
            placements = frozenset(
                (section, position, step)
                for section, position in spots
                for step in (1, -1)
                if step > 0 or not self.section_one_way[section]
            )
            self.fresh[(sid, line)] = state(placements)
        done = 0
        while done < len(pending):
            placements = pending[done]
            sid = index[placements]
            by_next: dict[int, set[_Placement]] = {}
            for placement in placements:
                moved = self._advance(placement)
                if moved is not None:
                    station = self.section_stations[moved[0]][moved[1]]
                    by_next.setdefault(station, set()).add(moved)
            self.trans[sid] = tuple(
                (station, state(frozenset(group))) for station, group in sorted(by_next.items())
            )
            done += 1

    def _build_slots(self) -> None:
        """Number every (station, line) pair and record its neighbours for :meth:`bounds_to`."""
        self.slot_of = {key: index for index, key in enumerate(sorted(self.fresh))}
        self.state_slot = [
            self.slot_of[(station, line)]
            for station, line in zip(self.state_station, self.state_line, strict=True)
        ]
        self.slot_along: list[list[int]] = [[] for _ in self.slot_of]
        self.slot_change: list[list[int]] = [[] for _ in self.slot_of]
        self.slot_escalator: list[list[int]] = [[] for _ in self.slot_of]
        graph, names = self.network.graph, self.names
        for (sid, line), slot in self.slot_of.items():
            for _, other, key in graph.edges(names[sid], keys=True):
                if key == line:
                    self.slot_along[slot].append(self.slot_of[(self.ids[other], line)])
            if not self.changeable[sid]:
                continue
            self.slot_change[slot].extend(
                self.slot_of[(sid, line2)]
                for line2 in self.site_lines[(sid, line)]
                if line2 != line
            )
            t = self.escalator[sid]
            if t >= 0 and self.changeable[t]:
                for line2 in self.lines_at[t]:
                    # Onto the same line is no change of line (and ``via:`` names it once).
                    crossing = self.slot_along if line2 == line else self.slot_escalator
                    crossing[slot].append(self.slot_of[(t, line2)])

    def bounds_to(self, dst: int) -> list[list[int]]:
        """``bounds[c][slot]``: the fewest stations from a (station, line) slot to station
        ``dst`` with at most ``c`` changes of line, for ``c`` below :data:`BOUND_LAYERS`.

        Direction rules are ignored, so a real route is never shorter: the search drops any
        walk whose remaining stations and portions cannot reach the destination.
        """
        found = self._bounds.get(dst)
        if found is not None:
            return found
        size = len(self.slot_of)
        layers: list[list[int]] = []
        for _ in range(BOUND_LAYERS):
            if not layers:
                cost = [UNREACHABLE] * size
                for line in self.lines_at[dst]:
                    cost[self.slot_of[(dst, line)]] = 0
            else:
                prev = layers[-1]
                cost = prev[:]
                for slot in range(size):
                    best = prev[slot]
                    for other in self.slot_change[slot]:
                        best = min(best, prev[other])
                    for other in self.slot_escalator[slot]:
                        best = min(best, prev[other] + 1)
                    cost[slot] = best
            heap = [(value, slot) for slot, value in enumerate(cost) if value < UNREACHABLE]
            heapq.heapify(heap)
            while heap:
                value, slot = heapq.heappop(heap)
                if value > cost[slot]:
                    continue
                for other in self.slot_along[slot]:
                    if cost[other] > value + 1:
                        cost[other] = value + 1
                        heapq.heappush(heap, (value + 1, other))
            layers.append(cost)
        self._bounds[dst] = layers
        return layers

    def prepare(self) -> None:
        """Work out every destination's change bounds now rather than on first use."""
        for dst in range(len(self.names)):
            self.bounds_to(dst)

    def _distance_table(self) -> list[list[int]]:
        simple = nx.Graph(self.network.graph)
        table = [[UNREACHABLE] * len(self.names) for _ in self.names]
        for source, lengths in nx.all_pairs_shortest_path_length(simple):
            row = table[self.ids[source]]
            for target, length in lengths.items():
                row[self.ids[target]] = length
        return table

    # -- searching ------------------------------------------------------------------------

    def _id(self, station: str) -> int:
        found = self.ids.get(station)
        return found if found is not None else self.ids[self.network.resolve(station)]

    def find(
        self,
        start: str,
        end: str,
        lv: int,
        via: Sequence[LineCode] | None = None,
        *,
        max_portions: int = 3,
        start_line: LineCode | None = None,
        avoid: Iterable[str] = (),
        revisit: bool = False,
    ) -> tuple[Route, ...]:
        """Every route from ``start`` to ``end`` of exactly ``lv`` stations.

        With ``via`` (the lines of the portions in order, each run of one line once), only
        routes on exactly those lines; without it, routes on any lines of at most
        ``max_portions`` portions. ``start_line`` is the line the piece is on, which picks
        the site of a split station. ``avoid`` names stations the route may neither pass
        through nor end at (a Blocked one, say; which stations those are is the engine's to
        judge under section 1.9). Routes that differ only in where a portion is split are one
        route, kept with the fewest portions. ``revisit`` lets a route come back to a station
        it has visited (by another line: never straight back along the line it came by).
        """
        src, dst = self._id(start), self._id(end)
        lines = _collapse(via) if via else None
        barred = frozenset(self._id(name) for name in avoid)
        if dst in barred:
            return ()
        raws = self._search(src, dst, lv, lines, max_portions, start_line, barred, revisit)
        return tuple(self._route(raw) for raw in raws)

    def _search(
        self,
        src: int,
        dst: int,
        lv: int,
        via: tuple[LineCode, ...] | None,
        max_portions: int,
        start_line: LineCode | None,
        barred: frozenset[int] = frozenset(),
        revisit: bool = False,
    ) -> list[_Raw]:
        dist_to = self.dist[dst]
        if lv < 1 or dist_to[src] > lv or src == dst:
            return []
        bounds, state_slot = self.bounds_to(dst), self.state_slot
        trans, state_line, state_station = self.trans, self.state_line, self.state_station
        state_dirs, fresh, site_lines = self.state_dirs, self.fresh, self.site_lines
        changeable, interchange, escalator = self.changeable, self.interchange, self.escalator
        last_via = len(via) - 1 if via is not None else 0
        visited = bytearray(len(self.names))
        mark = 0 if revisit else 1
        path: list[int] = [src]
        hops: list[LineCode | None] = []
        portions: list[tuple[int, int, int]] = []  # (first index, last index, directions)
        starts: list[int] = [0]
        best: dict[tuple[tuple[int, ...], tuple[LineCode | None, ...]], _Raw] = {}

        def emit(need: int) -> None:
            done = (*portions, (starts[-1], len(path) - 1, need))
            key = (tuple(path), tuple(hops))
            known = best.get(key)
            if known is None or len(known[2]) > len(done):
                best[key] = (key[0], key[1], done)

        def walk(q: int, need: int, steps: int, via_i: int) -> None:
            # ``need``: the Line Directions this portion may still have (rule 1.5.4).
            need &= state_dirs[q]
            if not need:
                return
            budget = max_portions - len(starts) if via is None else last_via - via_i
            if budget < BOUND_LAYERS and (budget < 0 or bounds[budget][state_slot[q]] > lv - steps):
                return
            s = state_station[q]
            rem = lv - steps
            if rem == 0:
                if s == dst and via_i == last_via:
                    emit(need)
                return
            line = state_line[q]
            onward = trans[q]
            for n, q2 in onward:
                if not visited[n] and dist_to[n] < rem:
                    visited[n] = mark
                    path.append(n)
                    hops.append(line)
                    walk(q2, need, steps + 1, via_i)
                    path.pop()
                    hops.pop()
                    visited[n] = 0
            if not changeable[s] or (via is None and len(starts) >= max_portions):
                return
            here = len(path) - 1
            for line2 in site_lines[(s, line)]:
                if line2 == line:
                    if not interchange[s]:
                        continue
                    via2 = via_i
                elif via is not None:
                    if via_i >= last_via or via[via_i + 1] != line2:
                        continue
                    via2 = via_i + 1
                else:
                    via2 = via_i
                for n, q2 in trans[fresh[(s, line2)]]:
                    if visited[n] or dist_to[n] >= rem:
                        continue
                    if line2 == line and n == path[-2]:
                        continue  # no turning back on the same line (that is rule 1.5.6)
                    if line2 == line and (n, q2) in onward and not state_dirs[q2] & ~need:
                        continue  # carrying on in the same portion is the same route
                    if interchange[s]:
                        need2 = ANY
                    else:
                        need2 = self._co_located_need(path[-2], s, n, line2, need)
                        if not need2:
                            continue
                    portions.append((starts[-1], here, need))
                    starts.append(here)
                    visited[n] = mark
                    path.append(n)
                    hops.append(line2)
                    walk(q2, need2, steps + 1, via2)
                    path.pop()
                    hops.pop()
                    visited[n] = 0
                    starts.pop()
                    portions.pop()
            t = escalator[s]
            if t < 0 or rem < 2 or visited[t] or not changeable[t] or dist_to[t] >= rem:
                return
            for line2 in self.lines_at[t]:
                if line2 == line:
                    via2 = via_i
                elif via is not None:
                    if via_i >= last_via or via[via_i + 1] != line2:
                        continue
                    via2 = via_i + 1
                else:
                    via2 = via_i
                for n, q2 in trans[fresh[(t, line2)]]:
                    if visited[n] or dist_to[n] >= rem - 1:
                        continue
                    portions.append((starts[-1], here, need))
                    starts.append(here + 1)
                    visited[t] = visited[n] = mark
                    path.extend((t, n))
                    hops.extend((None, line2))
                    walk(q2, ANY, steps + 2, via2)
                    del path[-2:]
                    del hops[-2:]
                    visited[t] = visited[n] = 0
                    starts.pop()
                    portions.pop()

        visited[src] = mark
        for sid in barred:
            visited[sid] = 1
        first_lines = (
            self.site_lines.get((src, start_line), ())
            if start_line is not None
            else self.lines_at[src]
        )
        for line in first_lines:
            if via is not None and via[0] != line:
                continue
            for n, q2 in trans[fresh[(src, line)]]:
                if dist_to[n] < lv:
                    visited[n] = mark
                    path.append(n)
                    hops.append(line)
                    walk(q2, ANY, 1, 0)
                    path.pop()
                    hops.pop()
                    visited[n] = 0
        return sorted(
            best.values(), key=lambda raw: (len(raw[2]), raw[0], [hop or "" for hop in raw[1]])
        )

    def _route(self, raw: _Raw) -> Route:
        ids, hops, spans = raw
        names = tuple(self.names[sid] for sid in ids)
        portions = []
        for first, last, dirs in spans:
            line = hops[first]
            assert line is not None, "a portion starts with a step along a line"
            forwards = bool(dirs & FORWARDS)
            label = direction_label(self.directions[line], forwards)
            portions.append(Portion(line, label, names[first : last + 1]))
        groups: list[tuple[str, ...]] = []
        for position in range(1, len(ids) - 1):
            if not self.interchange[ids[position]]:
                continue
            name = names[position]
            if hops[position - 1] is None and groups and groups[-1][-1] == names[position - 1]:
                groups[-1] = (*groups[-1], name)
            else:
                groups.append((name,))
        return Route(names, hops, tuple(portions), tuple(groups))

    def _co_located_need(
        self, came_from: int, here: int, to: int, line: LineCode, need: int
    ) -> int:
        """The directions the new portion may run in after changing to ``line`` at the
        Co-Located station ``here`` (rule 1.5.4); 0 if the change turns the piece."""
        start = self.fresh.get((came_from, line))
        through = _step(self.trans, start, here) if start is not None else None
        if through is None or self.co_located == CoLocatedDirection.REFERENCE:
            first = _step(self.trans, self.fresh[(here, line)], to)
            return need & self.state_dirs[first] if first is not None else 0
        onward = _step(self.trans, through, to)
        return self.state_dirs[onward] if onward is not None else 0

    # -- questions built on the search ----------------------------------------------------

    def shortest(
        self,
        start: str,
        end: str,
        via: Sequence[LineCode] | None = None,
        *,
        max_portions: int = 3,
        start_line: LineCode | None = None,
        avoid: Iterable[str] = (),
        limit: int = LV_SEARCH_LIMIT,
    ) -> tuple[Route, ...]:
        """The routes of the smallest LV that has any (by ``via``, or any lines within
        ``max_portions`` portions); empty if none within ``limit`` stations."""
        src, dst = self._id(start), self._id(end)
        avoid = tuple(avoid)
        for lv in range(max(1, self.dist[src][dst]), limit + 1):
            found = self.find(
                start,
                end,
                lv,
                via,
                max_portions=max_portions,
                start_line=start_line,
                avoid=avoid,
            )
            if found:
                return found
        return ()
