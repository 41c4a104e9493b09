"""Small made-up maps written in the line-file format, for pinning the movement rules."""

from __future__ import annotations

from collections.abc import Mapping

from referee.network.lines import LineCode
from referee.network.mapfile import (
    Link,
    MapData,
    StationKind,
    StationRecord,
    read_line_file,
)
from referee.network.network import Network


def synthetic_network(
    lines: Mapping[str, str],
    *,
    interchanges: tuple[str, ...] = (),
    co_located: tuple[str, ...] = (),
    escalators: tuple[tuple[str, str], ...] = (),
    sites: Mapping[str, tuple[frozenset[LineCode], ...]] | None = None,
) -> Network:
    """A network from line-file texts keyed by line code; every station is plain unless
    named as an Interchange or Co-Located."""
    parsed = {
        LineCode(code): read_line_file(text, LineCode(code), f"<{code}>")
        for code, text in lines.items()
    }
    names = sorted(
        {name for line in parsed.values() for section in line.sections for name in section.stations}
    )
    stations = {}
    for number, name in enumerate(names, start=1):
        kind = (
            StationKind.INTERCHANGE
            if name in interchanges
            else StationKind.CO_LOCATED
            if name in co_located
            else StationKind.PLAIN
        )
        stations[name] = StationRecord(
            name=name,
            current=number,
            zones=frozenset({1}),
            british_rail=False,
            kind=kind,
            thames="N",
            venbacker=number,
            position=(float(number), 0.0),
            quadrants=frozenset({1}),
            halves=frozenset({"N", "E"}),
            sites=(sites or {}).get(name, ()),
            ghost=False,
        )
    links = tuple(Link("escalator", a, b) for a, b in escalators)
    return Network(MapData("synthetic", parsed, stations, links))
