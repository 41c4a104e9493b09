"""Read a map folder (``maps/<name>/``) into plain values: lines, station facts and links.

The map is data a person can check against a printed 1999 Underground map, so every file is
plain text (see ``maps/README.md`` for the formats and every modelling decision). This module
only reads and validates; the graph and the rules built on it live elsewhere in the package.
Every error names the file and the line number, so a broken edit is found in seconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal, cast

from referee.network.lines import LineCode
from referee.network.names import GHOST_CURRENT, read_currents, read_ghosts
from referee.resources import data_dir


class MapDataError(ValueError):
    """A map file that cannot be read as written; the message names the file and line."""


class SectionKind(StrEnum):
    """How a section of a line file may be travelled."""

    ROUTE = "route"
    LOOP = "loop"
    ONE_WAY = "one-way"


DIRECTIONS = ("N-S", "E-W", "clockwise")
"""The reference directions of rule 1.20.2 - And Where Might YOU Be Going?."""

OPPOSITES = {"N-S": "S-N", "E-W": "W-E", "clockwise": "anti-clockwise"}


@dataclass(frozen=True)
class Section:
    """A stretch of one line as trains run it, listed in stopping order.

    A Move Portion (rule 1.5.4 - Go With The Flow) is a contiguous stretch of one section.
    Sections are listed in their line's reference direction (rule 1.20.2), except a one-way
    section that only runs against it (the Piccadilly's eastbound run out of the Heathrow
    loop): that one has ``against_reference`` set, so reading it in listed order is travelling
    in the line's opposite direction.
    """

    line: LineCode
    kind: SectionKind
    name: str
    stations: tuple[str, ...]
    against_reference: bool = False

    def adjacent_pairs(self) -> tuple[tuple[str, str], ...]:
        """Consecutive stations in listed order, plus last-to-first for a loop."""
        pairs = list(zip(self.stations, self.stations[1:], strict=False))
        if self.kind is SectionKind.LOOP:
            pairs.append((self.stations[-1], self.stations[0]))
        return tuple(pairs)


@dataclass(frozen=True)
class Line:
    """One line of rule 1.17.4 - Line Code: its reference direction and its sections."""

    code: LineCode
    direction: str
    sections: tuple[Section, ...]

    @property
    def stations(self) -> frozenset[str]:
        """Every station the line serves."""
        return frozenset(name for section in self.sections for name in section.stations)


class StationKind(StrEnum):
    """Rule 1.17.6 - Station Categories: the map's interchange symbol, or lines sharing a stop."""

    INTERCHANGE = "interchange"
    CO_LOCATED = "co-located"
    PLAIN = "plain"


Half = Literal["N", "E", "S", "W"]


@dataclass(frozen=True)
class StationRecord:
    """The facts the map states about one station (rules 1.17.2, 1.17.6 - 1.17.8, 1.19.1)."""

    name: str
    current: int
    zones: frozenset[int]
    british_rail: bool
    kind: StationKind
    thames: Literal["N", "S"] | None
    venbacker: int | None
    position: tuple[float, float] | None
    quadrants: frozenset[int]
    halves: frozenset[Half]
    sites: tuple[frozenset[LineCode], ...]
    ghost: bool


@dataclass(frozen=True)
class Link:
    """An Escalator Link (rule 1.5.3) or a named Walking Distance pair (rule 1.7.10)."""

    kind: Literal["escalator", "walk"]
    a: str
    b: str


@dataclass(frozen=True)
class MapData:
    """A whole map: its lines by code, its stations by name and its links."""

    name: str
    lines: Mapping[LineCode, Line]
    stations: Mapping[str, StationRecord]
    links: tuple[Link, ...]

    def lines_at(self, station: str) -> frozenset[LineCode]:
        """The codes of the lines serving ``station`` (none for a Ghost)."""
        return frozenset(code for code, line in self.lines.items() if station in line.stations)


def _content(raw: str) -> str:
    return raw.partition("#")[0].strip()


def read_line_file(text: str, code: LineCode, source: str = "<text>") -> Line:
    """Read one line file: a ``direction:`` header, then ``[kind name]`` sections of stations.

    The format is described in ``maps/README.md``. A section may start with its own
    ``direction:`` naming the opposite of the line's, for a one-way run against it. A section
    never lists a station twice, except that a one-way section may end at its first station:
    a one-way loop (rule 1.5.7), whose closing step is then in its listed order too.
    """
    direction: str | None = None
    sections: list[Section] = []
    current: tuple[SectionKind, str, int] | None = None
    against = False
    stations: list[str] = []

    def where(number: int) -> str:
        return f"{source}, line {number}"

    def close() -> None:
        if current is None:
            return
        kind, name, number = current
        if len(stations) < 2:
            raise MapDataError(f"{where(number)}: section [{kind} {name}] needs two stations")
        closes = kind is SectionKind.ONE_WAY and len(stations) > 2 and stations[0] == stations[-1]
        seen: set[str] = set()
        for station in stations[:-1] if closes else stations:
            if station in seen:
                raise MapDataError(
                    f"{where(number)}: section [{kind} {name}] lists {station} twice; only a "
                    "one-way loop may end where it starts (a [loop] closes by itself)"
                )
            seen.add(station)
        sections.append(Section(code, kind, name, tuple(stations), against))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = _content(raw)
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise MapDataError(f"{where(number)}: section header {line!r} lacks its ']'")
            if direction is None:
                raise MapDataError(f"{where(number)}: 'direction:' must come before any section")
            close()
            word, _, name = line[1:-1].strip().partition(" ")
            try:
                kind = SectionKind(word)
            except ValueError:
                kinds = ", ".join(k.value for k in SectionKind)
                raise MapDataError(
                    f"{where(number)}: {word!r} is not a section kind; write one of {kinds}"
                ) from None
            if not name.strip():
                raise MapDataError(f"{where(number)}: section [{word}] has no name")
            current, against, stations = (kind, name.strip(), number), False, []
        elif line.lower().startswith("direction:"):
            value = line.partition(":")[2].strip()
            if current is None:
                if direction is not None:
                    raise MapDataError(f"{where(number)}: a second 'direction:' header")
                if value not in DIRECTIONS:
                    raise MapDataError(
                        f"{where(number)}: direction {value!r} is not one of rule 1.20.2's "
                        f"{', '.join(DIRECTIONS)}"
                    )
                direction = value
            else:
                assert direction is not None
                if stations or current[0] is not SectionKind.ONE_WAY:
                    raise MapDataError(
                        f"{where(number)}: only a one-way section may name its own direction, "
                        "right after its header"
                    )
                if value == direction:
                    continue
                if value != OPPOSITES[direction]:
                    raise MapDataError(
                        f"{where(number)}: a section's direction must be {direction} or "
                        f"{OPPOSITES[direction]}, not {value!r}"
                    )
                against = True
        else:
            if current is None:
                raise MapDataError(f"{where(number)}: station {line!r} comes before any section")
            stations.append(line)
    close()
    if direction is None:
        raise MapDataError(f"{source}: no 'direction:' header")
    if not sections:
        raise MapDataError(f"{source}: no sections")
    return Line(code, direction, tuple(sections))


STATION_COLUMNS = (
    "name",
    "zones",
    "british_rail",
    "kind",
    "thames",
    "venbacker",
    "x",
    "y",
    "quadrants",
    "halves",
    "sites",
)


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split("/") if part.strip()]


def _station_row(cells: dict[str, str], current: int, ghost: bool, where: str) -> StationRecord:
    name = cells["name"]
    try:
        zones = frozenset(int(z) for z in _split(cells["zones"]))
        venbacker = int(cells["venbacker"]) if cells["venbacker"] else None
        position = (float(cells["x"]), float(cells["y"])) if cells["x"] or cells["y"] else None
        quadrants = frozenset(int(q) for q in _split(cells["quadrants"]))
    except ValueError as error:
        raise MapDataError(f"{where}: {name}: {error}") from None
    if cells["british_rail"] not in ("y", "n"):
        raise MapDataError(f"{where}: {name}: british_rail must be y or n")
    try:
        kind = StationKind(cells["kind"])
    except ValueError:
        raise MapDataError(
            f"{where}: {name}: kind must be interchange, co-located or plain"
        ) from None
    thames = cells["thames"] or None
    if thames not in (None, "N", "S"):
        raise MapDataError(f"{where}: {name}: thames must be N or S")
    halves = _split(cells["halves"])
    if any(h not in ("N", "E", "S", "W") for h in halves):
        raise MapDataError(f"{where}: {name}: halves are N, E, S and W")
    if any(not 1 <= z <= 7 for z in zones) or any(not 0 <= q <= 4 for q in quadrants):
        raise MapDataError(f"{where}: {name}: zones run 1-7 and quadrants 0-4")
    try:
        sites = tuple(
            frozenset(LineCode(code.strip()) for code in site.split(","))
            for site in cells["sites"].split("|")
            if cells["sites"]
        )
    except ValueError:
        raise MapDataError(
            f"{where}: {name}: sites {cells['sites']!r} has an unknown code"
        ) from None
    return StationRecord(
        name=name,
        current=current,
        zones=zones,
        british_rail=cells["british_rail"] == "y",
        kind=kind,
        thames=cast(Literal["N", "S"] | None, thames),
        venbacker=venbacker,
        position=position,
        quadrants=quadrants,
        halves=frozenset(cast(Iterable[Half], halves)),
        sites=sites,
        ghost=ghost,
    )


def read_stations(
    text: str, currents: Mapping[str, int], ghosts: Iterable[str], source: str = "<text>"
) -> dict[str, StationRecord]:
    """Read ``stations.tsv``: one row per station of the Currents table and per Ghost."""
    ghost_names = frozenset(ghosts)
    rows = text.splitlines()
    if not rows or tuple(c.strip() for c in rows[0].split("\t")) != STATION_COLUMNS:
        raise MapDataError(f"{source}, line 1: the header must be {' '.join(STATION_COLUMNS)}")
    stations: dict[str, StationRecord] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not row.strip() or row.startswith("#"):
            continue
        where = f"{source}, line {number}"
        values = row.split("\t")
        if len(values) != len(STATION_COLUMNS):
            raise MapDataError(
                f"{where}: {len(values)} columns where the header has {len(STATION_COLUMNS)}"
            )
        cells = dict(zip(STATION_COLUMNS, (v.strip() for v in values), strict=True))
        name = cells["name"]
        if name in stations:
            raise MapDataError(f"{where}: {name} has a second row")
        if name in ghost_names:
            stations[name] = _station_row(cells, GHOST_CURRENT, True, where)
        elif name in currents:
            stations[name] = _station_row(cells, currents[name], False, where)
        else:
            raise MapDataError(f"{where}: {name!r} is neither in currents.tsv nor in ghosts.txt")
    missing = [n for n in (*currents, *ghost_names) if n not in stations]
    if missing:
        raise MapDataError(f"{source}: no row for {', '.join(sorted(missing))}")
    return stations


def read_links(text: str, source: str = "<text>") -> tuple[Link, ...]:
    """Read ``links.tsv``: ``kind  a  b  note`` rows after a header."""
    links: list[Link] = []
    for number, row in enumerate(text.splitlines()[1:], start=2):
        if not row.strip() or row.startswith("#"):
            continue
        values = [v.strip() for v in row.split("\t")]
        if len(values) < 3 or values[0] not in ("escalator", "walk"):
            raise MapDataError(
                f"{source}, line {number}: write 'escalator' or 'walk', then two stations"
            )
        kind = cast(Literal["escalator", "walk"], values[0])
        links.append(Link(kind, values[1], values[2]))
    return tuple(links)


def _check(data: MapData, folder: Path) -> None:
    """Cross-file checks: every name known, every current station on a line, sites sensible."""
    for code, line in data.lines.items():
        source = folder / "lines" / f"{code}.txt"
        for section in line.sections:
            for station in section.stations:
                record = data.stations.get(station)
                if record is None:
                    raise MapDataError(f"{source}: [{section.name}] {station!r} is not a station")
                if record.ghost:
                    raise MapDataError(f"{source}: {station} is a Ghost and on no line")
    for record in data.stations.values():
        lines = data.lines_at(record.name)
        if not record.ghost and not lines:
            raise MapDataError(f"{folder / 'stations.tsv'}: {record.name} is on no line")
        if record.sites and frozenset().union(*record.sites) != lines:
            raise MapDataError(
                f"{folder / 'stations.tsv'}: the sites of {record.name} do not split its lines "
                f"{','.join(sorted(lines))}"
            )
    for link in data.links:
        for name in (link.a, link.b):
            if name not in data.stations:
                raise MapDataError(f"{folder / 'links.tsv'}: {name!r} is not a station")


def read_map_folder(folder: Path, name: str) -> MapData:
    """Read and check one map folder; see :func:`load_map` for the cached, named form."""
    currents = read_currents((folder / "currents.tsv").read_text(encoding="utf-8"))
    ghosts = read_ghosts((folder / "ghosts.txt").read_text(encoding="utf-8"))
    lines: dict[LineCode, Line] = {}
    for path in sorted((folder / "lines").glob("*.txt")):
        try:
            code = LineCode(path.stem)
        except ValueError:
            raise MapDataError(f"{path}: {path.stem!r} is not a line code of rule 1.17.4") from None
        lines[code] = read_line_file(path.read_text(encoding="utf-8"), code, str(path))
    stations_path = folder / "stations.tsv"
    stations = read_stations(
        stations_path.read_text(encoding="utf-8"), currents, ghosts, str(stations_path)
    )
    links_path = folder / "links.tsv"
    links = read_links(links_path.read_text(encoding="utf-8"), str(links_path))
    data = MapData(name, lines, stations, links)
    _check(data, folder)
    return data


@cache
def load_map(name: str = "london-1999") -> MapData:
    """The map ``maps/<name>/``, read once and checked against its Currents table and Ghosts."""
    return read_map_folder(data_dir("maps") / name, name)
