"""The network of One Day in London, derived from the 1999 map by a fixed rule.

The rules' game is zone 1 of the Underground with no Circle line, Aldgate and Aldgate East as
one station, and every line cut where it leaves zone 1 (rules: "FAQ and Reality Check"). The
network is computed here from ``maps/london-1999`` at load time, never typed in, so the one
source of truth for stations and lines stays the map. ``rules/one-day-in-london/README.md``
states the rule step by step and every way the result differs from the rules' own counts.

A game line is one ordered run of stations: the rules give each card, per line, the number of
stations before and after it, which only means something on a run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from referee.network.lines import LineCode
from referee.network.mapfile import MapData, load_map
from referee.network.names import StationNames, UnknownStationError, normalise

EXCLUDED_LINES = frozenset({LineCode.CL, LineCode.DL, LineCode.GH})
"""The Circle (the rules' "major exception"), the Docklands Light Railway (not the
Underground) and the Ghost pseudo-line; every other line of rule 1.17.4 with a zone-1 stretch
is a line of the game."""

MERGED = {"Aldgate East": "Aldgate"}
"""The rules' "minor exception": map names folded into one game station."""


class NetworkError(ValueError):
    """The map does not yield a network the game can use (a line that is not one run)."""


@dataclass(frozen=True)
class GameLine:
    """One line of the game: its code and its zone-1 stations in order."""

    code: LineCode
    stations: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.code.line_name

    def position(self, station: str) -> int:
        """The 0-based place of ``station`` on this line (ValueError when it is not on it)."""
        return self.stations.index(station)

    def neighbours(self, station: str) -> frozenset[str]:
        """The stations next to ``station`` along this line (one at an end)."""
        at = self.position(station)
        return frozenset(self.stations[max(at - 1, 0) : at + 2]) - {station}


@dataclass(frozen=True)
class GameNetwork:
    """The stations of the game, its lines, and forgiving lookup of what players type."""

    lines: tuple[GameLine, ...]
    stations: tuple[str, ...]
    aliases: Mapping[str, str]
    _names: StationNames = field(init=False, repr=False, compare=False)
    _names_by_key: dict[str, str] = field(init=False, repr=False, compare=False)
    _by_code: dict[LineCode, GameLine] = field(init=False, repr=False, compare=False)
    _positions: dict[str, dict[LineCode, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_names", StationNames.of(self.stations))
        by_key = {normalise(name): name for name in self.stations}
        object.__setattr__(self, "_names_by_key", by_key)
        object.__setattr__(self, "_by_code", {line.code: line for line in self.lines})
        positions: dict[str, dict[LineCode, int]] = {name: {} for name in self.stations}
        for line in self.lines:
            for at, name in enumerate(line.stations):
                positions[name][line.code] = at
        object.__setattr__(self, "_positions", positions)

    def line(self, code: LineCode) -> GameLine:
        return self._by_code[code]

    def lines_at(self, station: str) -> tuple[LineCode, ...]:
        """The game lines serving ``station``, in the game's line order."""
        return tuple(self._positions[station])

    def positions(self, station: str) -> Mapping[LineCode, int]:
        """For each game line at ``station``, its 0-based place on that line."""
        return self._positions[station]

    def matches(self, text: str) -> tuple[str, ...]:
        """Every game station ``text`` may name. A full name is read as ``referee map`` reads
        it (:func:`~referee.network.names.normalise`) and a merged map name (Aldgate East) as
        the game station it became; failing those, the stations whose names begin with the
        words written (``kings cross``, ``edgware road``), since players shorten long names
        by their first words. None when nothing fits."""
        key = normalise(text)
        alias = self.aliases.get(key)
        if alias is not None:
            return (alias,)
        if key in self._names_by_key:
            return (self._names_by_key[key],)
        words = _words(text)
        if not words:
            return ()
        return tuple(name for name in self.stations if _words(name)[: len(words)] == words)

    def resolve(self, text: str) -> str:
        """The one game station ``text`` names (:meth:`matches`). Raises
        :class:`~referee.network.names.UnknownStationError` with the stations it may name, or
        the closest names, otherwise."""
        found = self.matches(text)
        if len(found) == 1:
            return found[0]
        key = normalise(text)
        begun = tuple(name for name in self.stations if key and normalise(name).startswith(key))
        if found or begun:
            raise UnknownStationError(text.strip(), found or begun)
        return self._names.resolve(text)

    def __contains__(self, station: object) -> bool:
        return isinstance(station, str) and station in self._positions


def _words(name: str) -> tuple[str, ...]:
    """A name's words, each folded as :func:`~referee.network.names.normalise` folds names."""
    return tuple(word for word in map(normalise, name.split()) if word)


def _site_label(lines: Iterable[LineCode]) -> str:
    first = min(lines, key=list(LineCode).index)
    return first.line_name


def _game_name(data: MapData, name: str, line: LineCode) -> str:
    """The game station a map station becomes on ``line``: merged names fold together, and a
    name the map splits into sites (Edgware Road) is one station per site."""
    name = MERGED.get(name, name)
    record = data.stations[name]
    if len(record.sites) > 1:
        for site in record.sites:
            if line in site:
                return f"{name} ({_site_label(site)})"
    return name


def _order(data: MapData, code: LineCode, pairs: set[frozenset[str]]) -> tuple[str, ...]:
    neighbours: dict[str, set[str]] = {}
    for pair in pairs:
        a, b = tuple(pair)
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    ends = [name for name, near in neighbours.items() if len(near) == 1]
    if len(ends) != 2 or any(len(near) > 2 for near in neighbours.values()):
        raise NetworkError(f"the zone-1 stretch of {code} is not one run of stations")
    run = [min(ends)]
    while len(run) < len(neighbours):
        step = neighbours[run[-1]] - set(run)
        if not step:
            raise NetworkError(f"the zone-1 stretch of {code} is not connected")
        run.append(step.pop())
    return _oriented(data, tuple(run))


def _position(data: MapData, game_name: str) -> tuple[float, float]:
    record = data.stations[game_name.split(" (")[0]]
    assert record.position is not None
    return record.position


def _oriented(data: MapData, run: tuple[str, ...]) -> tuple[str, ...]:
    """West to east, or north to south for a line whose ends lie further apart north-south."""
    (x0, y0), (x1, y1) = _position(data, run[0]), _position(data, run[-1])
    if abs(y1 - y0) > abs(x1 - x0):
        return run if y0 > y1 else run[::-1]
    return run if x0 < x1 else run[::-1]


def derive_network(data: MapData) -> GameNetwork:
    """Apply the documented rule to a map (rules/one-day-in-london/README.md, "The network").

    1. Zone 1: the stations whose zones include 1. 2. Lines: every line of the map except
    :data:`EXCLUDED_LINES`. 3. Names: :data:`MERGED` folds names; a name with several sites is
    one station per site. 4. Each line keeps the adjacencies between two zone-1 stations; if
    they form one run, that run is the line; if they branch, the line is the longest zone-1
    run of any one of its sections. 5. A station on no game line is not in the game.
    """
    zone_1 = {name for name, record in data.stations.items() if 1 in record.zones}
    lines: list[GameLine] = []
    for code in LineCode:
        if code in EXCLUDED_LINES or code not in data.lines:
            continue
        pairs: set[frozenset[str]] = set()
        runs: list[set[frozenset[str]]] = []
        for section in data.lines[code].sections:
            run: set[frozenset[str]] = set()
            for a, b in section.adjacent_pairs():
                if a in zone_1 and b in zone_1:
                    pair = frozenset({_game_name(data, a, code), _game_name(data, b, code)})
                    if len(pair) == 2:
                        run.add(pair)
            pairs |= run
            runs.append(run)
        if not pairs:
            continue
        try:
            order = _order(data, code, pairs)
        except NetworkError:
            order = _order(data, code, max(runs, key=len))
        lines.append(GameLine(code, order))
    stations = sorted({name for line in lines for name in line.stations})
    aliases = {normalise(old): new for old, new in MERGED.items()}
    return GameNetwork(tuple(lines), tuple(stations), aliases)


@cache
def load_game_network(map_name: str = "london-1999") -> GameNetwork:
    """The game's network derived from ``maps/<map_name>``, computed once."""
    return derive_network(load_map(map_name))
