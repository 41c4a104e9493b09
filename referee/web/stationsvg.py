"""The network of One Day in London as SVG: its stations and lines, the discard piles' top
cards marked, and after the game the winner's journey.

The network is the game's own (:mod:`referee.games.one_day_in_london.network`, zone 1 of the
1999 map by a fixed rule); each station stands where the map places it, a station the map
splits into sites (Edgware Road) nudged apart so both can be seen. Only public things are
drawn: what lies on top of each discard pile, and, once the final post has revealed the racks,
the winning journey.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from html import escape

from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.network.lines import LineCode
from referee.network.mapfile import load_map
from referee.web.mapsvg import LINE_COLOURS, Frame, project, slug

MAP = "london-1999"
SCALE = 20.0
MARGIN = 70.0
STROKE = 4.0
SITE_NUDGE = 0.9
"""Map units between the sites of one split station."""


def stop_id(name: str) -> str:
    return f"stop-{slug(name)}"


@cache
def frame(map_name: str = MAP) -> Frame:
    """Where each game station is drawn."""
    network = load_game_network(map_name)
    data = load_map(map_name)
    raw: dict[str, tuple[float, float]] = {}
    sites: dict[str, int] = {}
    for name in network.stations:
        base = name.split(" (")[0]
        position = data.stations[base].position
        assert position is not None, name
        index = sites.get(base, 0)
        sites[base] = index + 1
        raw[name] = (position[0] + index * SITE_NUDGE, position[1])
    return project(raw, scale=SCALE, margin=MARGIN)


def _strokes(network: GameNetwork, points: Mapping[str, tuple[float, float]]) -> str:
    shared: dict[tuple[str, str], list[LineCode]] = {}
    for line in network.lines:
        for a, b in zip(line.stations, line.stations[1:], strict=False):
            key = (a, b) if a < b else (b, a)
            shared.setdefault(key, []).append(line.code)
    paths: dict[LineCode, list[str]] = {}
    for (a, b), codes in shared.items():
        (x1, y1), (x2, y2) = points[a], points[b]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        for index, code in enumerate(codes):
            shift = (index - (len(codes) - 1) / 2) * STROKE
            nx, ny = -dy / length * shift, dx / length * shift
            paths.setdefault(code, []).append(
                f"M{x1 + nx:.1f} {y1 + ny:.1f}L{x2 + nx:.1f} {y2 + ny:.1f}"
            )
    out = ['<g id="lines" fill="none" stroke-linecap="round">']
    for code in sorted(paths):
        out.append(
            f'<path id="line-{code.value.lower()}" stroke="{LINE_COLOURS[code]}" '
            f'stroke-width="{STROKE:g}" d="{" ".join(paths[code])}"><title>'
            f"{escape(code.line_name)} ({code.value})</title></path>"
        )
    out.append("</g>")
    return "\n".join(out)


def draw_network(
    pile_tops: Sequence[str | None],
    *,
    journey: Sequence[str] = (),
    title: str,
    map_name: str = MAP,
) -> str:
    """The SVG of the game's network with each discard pile's top station marked (pile
    numbers from 1) and ``journey`` (stations in order) drawn as a route."""
    network = load_game_network(map_name)
    shape = frame(map_name)
    points = shape.points
    tops: dict[str, list[int]] = {}
    for number, top in enumerate(pile_tops, start=1):
        if top is not None and top in points:
            tops.setdefault(top, []).append(number)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map network" viewBox="0 0 '
        f'{shape.width:g} {shape.height:g}" role="img" aria-labelledby="network-title">',
        f'<title id="network-title">{escape(title)}</title>',
        _STYLE,
        f'<rect x="0" y="0" width="{shape.width:g}" height="{shape.height:g}" fill="#FAFAF7"/>',
        _strokes(network, points),
    ]
    if journey:
        route = " ".join(f"{points[s][0]:g},{points[s][1]:g}" for s in journey if s in points)
        out.append(
            f'<g id="journey"><title>The winning journey: {escape(" to ".join(journey))}'
            f'</title><polyline points="{route}"/></g>'
        )
    out.append('<g id="stops">')
    for name in sorted(points):
        x, y = points[name]
        piles = tops.get(name, [])
        classes = "stop top" if piles else "stop"
        codes = ", ".join(code.value for code in network.lines_at(name))
        note = f"; on top of discard pile {' and '.join(str(n) for n in piles)}" if piles else ""
        step = f"; step {journey.index(name) + 1} of the winning journey" if name in journey else ""
        extra = marked = ""
        if piles:
            marked = f' data-piles="{",".join(str(n) for n in piles)}"'
            extra = (
                f'<circle class="ring" cx="{x:g}" cy="{y:g}" r="11"/>'
                f'<text class="pile" x="{x + 13:g}" y="{y - 10:g}">'
                f"{escape('pile ' + ', '.join(str(n) for n in piles))}</text>"
            )
        out.append(
            f'<g id="{stop_id(name)}" class="{classes}" data-station="{escape(name)}"{marked}>'
            f"<title>{escape(name)} ({codes}){note}{step}</title>{extra}"
            f'<circle cx="{x:g}" cy="{y:g}" r="4.5"/>'
            f'<text class="name" x="{x + 7:g}" y="{y + 4:g}">{escape(name)}</text></g>'
        )
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


_STYLE = (
    "<style>.stop circle{fill:#fff;stroke:#222;stroke-width:1.5}"
    ".stop .ring{fill:none;stroke:#D22222;stroke-width:3.5}"
    ".name{font:13px sans-serif;fill:#222;paint-order:stroke;stroke:#FAFAF7;stroke-width:3px}"
    ".pile{font:bold 13px sans-serif;fill:#D22222;paint-order:stroke;stroke:#fff;"
    "stroke-width:3px}"
    "#journey polyline{fill:none;stroke:#1A4F9C;stroke-width:9;stroke-opacity:.35;"
    "stroke-linejoin:round}</style>"
)
