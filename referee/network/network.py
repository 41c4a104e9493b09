"""One map as the referee uses it: a networkx graph, station facts and forgiving lookup.

:func:`load_network` builds a :class:`Network` once per map from
:func:`referee.network.mapfile.load_map` and caches it. The graph is an undirected
``networkx.MultiGraph`` whose nodes are station names and whose edges are line segments
between adjacent stations, keyed by line code (one edge per line and pair however many
sections list it), plus one edge keyed ``"escalator"`` for each Escalator Link of rule 1.5.3.
Ghost stations (rule 1.11.6) are nodes without edges. Route search and distances keep their
own compact indexes (``routes.py``, ``fosdyke.py``), built on first use.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property
from typing import TYPE_CHECKING

import networkx as nx

from referee.network.categories import NameMatching
from referee.network.lines import LineCode
from referee.network.mapfile import MapData, StationKind, load_map
from referee.network.names import StationNames
from referee.network.routes import CoLocatedDirection
from referee.network.stations import StationFacts, station_facts

if TYPE_CHECKING:
    from referee.network.fosdyke import Distances
    from referee.network.routes import RouteFinder

ESCALATOR = "escalator"
"""The edge key of an Escalator Link (rule 1.5.3) in :attr:`Network.graph`."""


class Network:
    """A map's stations, lines and links, with the facts and searches the rules need."""

    def __init__(
        self,
        data: MapData,
        matching: NameMatching = NameMatching.WORD_EDGES,
        co_located: CoLocatedDirection = CoLocatedDirection.TRACK,
    ) -> None:
        self.data = data
        self.co_located = co_located
        self.name = data.name
        self.names = StationNames.of(data.stations)
        self.graph: nx.MultiGraph = nx.MultiGraph()
        self.graph.add_nodes_from(data.stations)
        for line in data.lines.values():
            for a, b in (pair for section in line.sections for pair in section.adjacent_pairs()):
                if not self.graph.has_edge(a, b, key=line.code):
                    self.graph.add_edge(a, b, key=line.code)
        self.escalators: dict[str, str] = {}
        for link in data.links:
            if link.kind == "escalator":
                self.graph.add_edge(link.a, link.b, key=ESCALATOR)
                self.escalators[link.a] = link.b
                self.escalators[link.b] = link.a
        self.lines_at: dict[str, frozenset[LineCode]] = {
            name: frozenset(
                LineCode(key) for _, _, key in self.graph.edges(name, keys=True) if key != ESCALATOR
            )
            for name in data.stations
        }
        self.facts: dict[str, StationFacts] = {
            name: station_facts(
                record, self.graph, self.lines_at[name], self._termini(name), matching
            )
            for name, record in data.stations.items()
        }

    def __repr__(self) -> str:
        return f"<Network {self.name}: {len(self.facts)} stations>"

    def __iter__(self) -> Iterator[StationFacts]:
        return iter(self.facts.values())

    def resolve(self, text: str) -> str:
        """The canonical name of the station ``text`` means (forgiving case, punctuation,
        'St'/'St.' and '&'/'and'), or :class:`~referee.network.names.UnknownStationError`
        with "did you mean" suggestions."""
        return self.names.resolve(text)

    def station(self, text: str) -> StationFacts:
        """Every fact about the station ``text`` names (see :meth:`resolve`)."""
        return self.facts[self.resolve(text)]

    def site_lines(self, station: str, line: LineCode) -> frozenset[LineCode]:
        """The lines a piece on ``line`` at ``station`` may change to without leaving the site.

        Most stations are one site with all their lines; a same-named pair of stations that
        are not co-located (e.g. the two Hammersmiths) lists its sites in the map data.
        """
        for site in self.facts[station].sites:
            if line in site:
                return site
        return frozenset()

    def can_change_at(self, station: str) -> bool:
        """Whether a move may start a new portion here mid-move (rule 1.5.4 - Go With The
        Flow): only an Interchange or a Co-Located station can be a Move Node mid-move."""
        return self.facts[station].kind in (StationKind.INTERCHANGE, StationKind.CO_LOCATED)

    @cached_property
    def routes(self) -> RouteFinder:
        """The route search of rules 1.6.2 and 1.5.x over this map (built on first use)."""
        from referee.network.routes import RouteFinder

        return RouteFinder(self, self.co_located)

    @cached_property
    def distances(self) -> Distances:
        """The Fosdyke distances of rule 1.17.9 over this map (built on first use)."""
        from referee.network.fosdyke import Distances

        return Distances(self)

    def _termini(self, station: str) -> frozenset[LineCode]:
        """Lines that leave ``station`` in one direction only (rule 1.17.6, Terminus)."""
        by_line: dict[LineCode, set[str]] = {}
        for _, other, key in self.graph.edges(station, keys=True):
            if key != ESCALATOR:
                by_line.setdefault(LineCode(key), set()).add(other)
        return frozenset(line for line, others in by_line.items() if len(others) == 1)


def load_network(
    map_name: str = "london-1999",
    matching: NameMatching = NameMatching.WORD_EDGES,
    co_located: CoLocatedDirection = CoLocatedDirection.TRACK,
) -> Network:
    """The :class:`Network` of ``map_name``, built once per process (and per reading of
    station names and of Line Direction at Co-Located stations, rules 1.17.6 and 1.5.4)."""
    return _load_network(map_name, NameMatching(matching), CoLocatedDirection(co_located))


@cache
def _load_network(map_name: str, matching: NameMatching, co_located: CoLocatedDirection) -> Network:
    return Network(load_map(map_name), matching, co_located)
