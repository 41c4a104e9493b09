"""A slow, plainly written route search: the baseline of ``bench/routes.py`` and the check
that the fast search of :mod:`referee.network.routes` finds exactly the right routes.

It lists every simple path of LV stations with networkx, tries every line for every step,
and keeps the assignments that can be cut into portions obeying rules 1.5.3, 1.5.4 and 1.5.7
(the same reading of the rules as the fast search; see that module's docstring). Nothing here
is clever, so a disagreement points at the fast search.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import networkx as nx

from referee.network.lines import LineCode
from referee.network.mapfile import SectionKind, StationKind
from referee.network.network import ESCALATOR, Network
from referee.network.routes import CoLocatedDirection

Hop = LineCode | None
FORWARDS, BACKWARDS = 1, 2


def naive_routes(
    network: Network,
    start: str,
    end: str,
    lv: int,
    via: Sequence[LineCode] | None = None,
    *,
    max_portions: int = 3,
    co_located: CoLocatedDirection = CoLocatedDirection.TRACK,
) -> dict[tuple[tuple[str, ...], tuple[Hop, ...]], int]:
    """Every route as (stations, line of each step) with its fewest portions."""
    found: dict[tuple[tuple[str, ...], tuple[Hop, ...]], int] = {}
    if lv < 1 or start == end:
        return found
    simple = nx.Graph(network.graph)
    for path in nx.all_simple_paths(simple, start, end, cutoff=lv):
        if len(path) != lv + 1:
            continue
        choices = [sorted(network.graph[a][b], key=str) for a, b in itertools.pairwise(path)]
        for keys in itertools.product(*choices):
            hops = tuple(None if key == ESCALATOR else LineCode(key) for key in keys)
            count = fewest_portions(network, tuple(path), hops, via, max_portions, co_located)
            if count is not None:
                found[(tuple(path), hops)] = count
    return found


def fewest_portions(
    network: Network,
    path: tuple[str, ...],
    hops: tuple[Hop, ...],
    via: Sequence[LineCode] | None,
    max_portions: int,
    co_located: CoLocatedDirection = CoLocatedDirection.TRACK,
) -> int | None:
    """The fewest portions a legal cutting of this walk into portions has, or ``None``."""
    if hops[0] is None or hops[-1] is None:
        return None
    best: int | None = None
    for cuts in _cuttings(network, path, hops):
        runs = _runs(hops, cuts)
        if not _legal(network, path, hops, runs, co_located):
            continue
        lines = [hops[a] for a, _ in runs]
        collapsed = [line for i, line in enumerate(lines) if i == 0 or lines[i - 1] != line]
        if via is not None:
            if collapsed != list(via):
                continue
        elif len(runs) > max_portions:
            continue
        if best is None or len(runs) < best:
            best = len(runs)
    return best


def _cuttings(
    network: Network, path: tuple[str, ...], hops: tuple[Hop, ...]
) -> Iterator[tuple[int, ...]]:
    """Every choice of steps at which a new portion starts (forced at a change of line)."""
    forced, optional = [], []
    for i in range(1, len(hops)):
        if hops[i] is None:
            continue
        if hops[i - 1] is None or hops[i - 1] != hops[i]:
            forced.append(i)
        elif network.facts[path[i]].kind == StationKind.INTERCHANGE:
            optional.append(i)
    for size in range(len(optional) + 1):
        for chosen in itertools.combinations(optional, size):
            yield tuple(sorted((*forced, *chosen)))


def _runs(hops: tuple[Hop, ...], cuts: tuple[int, ...]) -> list[tuple[int, int]]:
    """Portions as (first step, last step), skipping escalator steps."""
    bounds = [0, *cuts, len(hops)]
    runs = []
    for a, b in itertools.pairwise(bounds):
        last = b - 1
        if hops[last] is None:
            last -= 1
        runs.append((a, last))
    return runs


def _legal(
    network: Network,
    path: tuple[str, ...],
    hops: tuple[Hop, ...],
    runs: list[tuple[int, int]],
    co_located: CoLocatedDirection,
) -> bool:
    need = FORWARDS | BACKWARDS
    for index, (a, b) in enumerate(runs):
        line = hops[a]
        assert line is not None
        dirs = _directions(network, line, path[a : b + 2])
        if index > 0:
            station = path[a]
            kind = network.facts[station].kind
            prev_line = hops[runs[index - 1][0]]
            assert prev_line is not None
            if hops[a - 1] is None:  # an Escalator Link step
                other = path[a - 1]
                if not (network.can_change_at(station) and network.can_change_at(other)):
                    return False
                need = FORWARDS | BACKWARDS
            elif kind == StationKind.INTERCHANGE:
                if line not in network.site_lines(station, prev_line):
                    return False
                need = FORWARDS | BACKWARDS
            elif kind == StationKind.CO_LOCATED and line != prev_line:
                if line not in network.site_lines(station, prev_line):
                    return False
                came_from = path[a - 1]
                track = co_located == CoLocatedDirection.TRACK
                if track and _directions(network, line, (came_from, station)):
                    need = _directions(network, line, (came_from, station, path[a + 1]))
            else:
                return False
        need &= dirs
        if not need:
            return False
    return True


def _directions(network: Network, line: LineCode, stretch: tuple[str, ...]) -> int:
    """The Line Directions in which some one section of ``line`` contains ``stretch``."""
    dirs = 0
    for section in network.data.lines[line].sections:
        names = section.stations
        size = len(names)
        loop = section.kind == SectionKind.LOOP
        for step in (1, -1):
            if step < 0 and section.kind == SectionKind.ONE_WAY:
                continue
            for start in range(size):
                if names[start] != stretch[0]:
                    continue
                ok = True
                for offset, name in enumerate(stretch):
                    position = start + step * offset
                    if loop:
                        position %= size
                    elif not 0 <= position < size:
                        ok = False
                        break
                    if names[position] != name:
                        ok = False
                        break
                if ok:
                    along = (step > 0) != section.against_reference
                    dirs |= FORWARDS if along else BACKWARDS
    return dirs
