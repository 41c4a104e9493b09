"""The map picture: one GSD drawn on the 1999 network as SVG text. Pure.

:func:`draw_map` is a function of the map, a GSD, where the Pieces stand and a route to
highlight; it reads no database and no clock, so the same call draws the current position and
every turn of the history, and a test can pin it with a golden file.

What it draws, and where the facts come from:

- the network from ``maps/`` (positions in Current units, north up), each Line in its colour;
  a stretch several Lines share is drawn as parallel strokes so none hides another;
- every Station as a circle with a ``<title>`` and the stable id ``station-<slug>``;
  Mornington Crescent ringed (rule 1.1.1);
- each Piece (``piece-<slug>``, a Bifurcated second Piece ``piece-<slug>-b``) at the Station
  :mod:`referee.engine.history` derives for it (rule 1.5.1), with ``data-station`` naming it;
- Token Stacks with their Tokens bottom to top and the top Token marked (rule 1.14.1), Suspect
  Packages (rule 1.4.7), the PoID (rule 1.4.24) and Kafka Sinkholes (rule 1.9.6);
- the Disruptions box (rule 1.2.2): marked Stations (Peg, Bulkhead, Maelberg, Damage,
  Defamed), Pegged Line Segments along their Line, Line states of section 1.20 (the Line
  dashed), and the one-Round Blocks and Fires of the last Round, which live in the record
  rather than in Disruptions and are read by the engine's own query,
  :func:`referee.engine.one_round_blocks.standing_blocks_of` (rules 1.9.1, 1.9.2);
- Wild Stations and the Courier's pick-up and destination Stations;
- the route of a turn's Move, when given.

Stations with no position (the Ghosts of rule 1.11.6) are not on the drawing; a Piece at one
is drawn in a tray at the foot of the picture, labelled with the Station.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any, TypeVar

from referee.engine.drone import DRONE
from referee.engine.history import Position
from referee.engine.kafka_sinkholes import sinkholes
from referee.engine.one_round_blocks import standing_blocks_of
from referee.engine.tables.stacks import StackTable
from referee.identity import Identity
from referee.network.lines import LineCode
from referee.network.mapfile import MapData
from referee.notation.gsd import GSD
from referee.notation.tokens import Colour

SCALE = 10.0
"""SVG units per Current unit: central Stations stand three to four Current units apart."""
MARGIN = 60.0
CROWN = "Mornington Crescent"

LINE_COLOURS: dict[LineCode, str] = {
    LineCode.BL: "#B36305",
    LineCode.CN: "#E32017",
    LineCode.CL: "#FFD300",
    LineCode.DS: "#00782A",
    LineCode.EL: "#EE7C0E",
    LineCode.HC: "#F3A9BB",
    LineCode.JL: "#A0A5A9",
    LineCode.MP: "#9B0056",
    LineCode.NT: "#000000",
    LineCode.PD: "#003688",
    LineCode.VC: "#0098D4",
    LineCode.WC: "#95CDBA",
    LineCode.DL: "#00A4A7",
    LineCode.GH: "#BBBBBB",
}
"""The Lines' colours as the Underground's own maps print them."""

TOKEN_COLOURS: dict[Colour, str] = {
    Colour.BK: "#111111",
    Colour.BU: "#1F5FBF",
    Colour.BR: "#A0522D",
    Colour.GO: "#D4AF37",
    Colour.GR: "#2E8B57",
    Colour.RE: "#D22222",
    Colour.SI: "#C0C0C0",
}

PIECE_COLOURS = (
    "#E6194B",
    "#3CB44B",
    "#4363D8",
    "#F58231",
    "#911EB4",
    "#42D4F4",
    "#F032E6",
    "#9A6324",
    "#469990",
    "#800000",
    "#808000",
    "#000075",
)
DRONE_COLOUR = "#777777"

STROKE = 3.0
_T = TypeVar("_T")
_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """The id-safe form of a name: ``Heathrow Terminals 1,2,3`` -> ``heathrow-terminals-1-2-3``."""
    return _SLUG.sub("-", name.lower()).strip("-") or "x"


def station_id(name: str) -> str:
    return f"station-{slug(name)}"


def piece_id(key: str) -> str:
    """The id of a Piece by its :attr:`History.positions` key (``Alice`` or ``Alice/B``)."""
    return f"piece-{slug(key)}"


@dataclass(frozen=True)
class Marks:
    """What the GSD (and its last Round) puts on the map, read once for the picture and for
    the text beside it."""

    station_markers: tuple[tuple[str, str], ...]
    """(station, marker) from Disruptions: Peg, Bulkhead, Maelberg, Damage, *Damage*, Defamed."""
    pegged_segments: tuple[tuple[str, str, LineCode], ...]
    line_states: tuple[tuple[LineCode, str], ...]
    flags: tuple[str, ...]
    """Every other Disruptions entry, as written (Bridges Up, Blasted: Alice, ...)."""
    blocks: tuple[str, ...]
    fires: tuple[str, ...]
    sinkholes: tuple[str, ...]
    wild: tuple[str, ...]
    courier_pickup: str | None
    courier_destination: str | None


def read_marks(gsd: GSD, stacks: StackTable) -> Marks:
    """The Disruptions, one-Round Blocks and Fires, Sinkholes (as the ruleset's ``stacks``
    table makes them), Wild and Courier Stations."""
    markers: list[tuple[str, str]] = []
    segments: list[tuple[str, str, LineCode]] = []
    states: list[tuple[LineCode, str]] = []
    flags: list[str] = []
    for entry in gsd.disruptions:
        if entry.station and entry.segment_end and entry.line and entry.marker:
            segments.append((entry.station, entry.segment_end, entry.line))
        elif entry.station and entry.marker and entry.flag is None:
            markers.append((entry.station, entry.marker))
        elif entry.line is not None and entry.state is not None and entry.flag is None:
            states.append((entry.line, entry.state))
        else:
            flags.append(entry.render())
    in_force = standing_blocks_of(gsd)
    return Marks(
        tuple(markers),
        tuple(segments),
        tuple(states),
        tuple(flags),
        in_force.blocked,
        in_force.burning,
        sinkholes(gsd.stacks, stacks),
        gsd.wild,
        gsd.courier_pickup,
        gsd.courier_destination,
    )


def piece_letters(names: Sequence[str]) -> dict[str, str]:
    """The letter on each Piece: the name's initial, or its first two letters where initials
    are shared (Dan and the Drone), so no two Pieces look alike but for their colour."""
    initials = [name[:1].upper() for name in names]
    return {
        name: name[:1].upper() + (name[1:2].lower() if initials.count(initial) > 1 else "")
        for name, initial in zip(names, initials, strict=True)
    }


def piece_colours(names: Sequence[str]) -> dict[str, str]:
    """A colour per player, by seat, the Drone grey."""
    colours: dict[str, str] = {}
    others = [n for n in names if n != DRONE]
    for index, name in enumerate(others):
        colours[name] = PIECE_COLOURS[index % len(PIECE_COLOURS)]
    if DRONE in names:
        colours[DRONE] = DRONE_COLOUR
    return colours


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Frame:
    """Where each named place is drawn, and the picture's size."""

    points: Mapping[str, tuple[float, float]]
    width: float
    height: float


def project(
    placed: Mapping[str, tuple[float, float]], *, scale: float, margin: float, tray: float = 0.0
) -> Frame:
    """Map positions (east, north) to picture points: north up, ``margin`` round the edge,
    and ``tray`` more height below for what has no place on the map."""
    xs = [p[0] for p in placed.values()]
    ys = [p[1] for p in placed.values()]
    left, top = min(xs), max(ys)
    points = {
        name: (round((x - left) * scale + margin, 1), round((top - y) * scale + margin, 1))
        for name, (x, y) in placed.items()
    }
    width = (max(xs) - left) * scale + 2 * margin
    height = (top - min(ys)) * scale + 2 * margin + tray
    return Frame(points, round(width, 1), round(height, 1))


def _once(data: MapData, make: Callable[[MapData], _T]) -> _T:
    """``make(data)`` made once per map value (MapData holds dicts, so it is not hashable)."""
    made: _T = _made(Identity(data), make)
    return made


@lru_cache(maxsize=32)
def _made(data: Identity[MapData], make: Callable[[MapData], Any]) -> Any:
    return make(data.value)


def _frame(data: MapData) -> Frame:
    return _once(data, _make_frame)


def _make_frame(data: MapData) -> Frame:
    placed = {name: rec.position for name, rec in data.stations.items() if rec.position}
    return project(placed, scale=SCALE, margin=MARGIN, tray=60)  # the tray for off-map Pieces


def _pairs(data: MapData) -> dict[tuple[str, str], list[LineCode]]:
    """Each pair of neighbouring Stations with the Lines joining them, in Line order."""
    pairs: dict[tuple[str, str], list[LineCode]] = {}
    for code, line in data.lines.items():
        for section in line.sections:
            for a, b in section.adjacent_pairs():
                key = (a, b) if a < b else (b, a)
                found = pairs.setdefault(key, [])
                if code not in found:
                    found.append(code)
    return pairs


def _offset(a: tuple[float, float], b: tuple[float, float], shift: float) -> tuple[float, ...]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length * shift, dx / length * shift
    return (round(a[0] + nx, 1), round(a[1] + ny, 1), round(b[0] + nx, 1), round(b[1] + ny, 1))


def _segments(data: MapData) -> dict[LineCode, tuple[tuple[str, str, tuple[float, ...]], ...]]:
    return _once(data, _make_segments)


def _make_segments(
    data: MapData,
) -> dict[LineCode, tuple[tuple[str, str, tuple[float, ...]], ...]]:
    """Every Line's drawn strokes: (a, b, (x1, y1, x2, y2)), shared stretches side by side."""
    frame = _frame(data)
    drawn: dict[LineCode, list[tuple[str, str, tuple[float, ...]]]] = {}
    for (a, b), codes in _pairs(data).items():
        if a not in frame.points or b not in frame.points:
            continue
        for index, code in enumerate(codes):
            shift = (index - (len(codes) - 1) / 2) * STROKE
            coords = _offset(frame.points[a], frame.points[b], shift)
            drawn.setdefault(code, []).append((a, b, coords))
    return {code: tuple(strokes) for code, strokes in drawn.items()}


def _line_path(strokes: Iterable[tuple[str, str, tuple[float, ...]]]) -> str:
    return " ".join(f"M{c[0]:g} {c[1]:g}L{c[2]:g} {c[3]:g}" for _, _, c in strokes)


def _base(data: MapData) -> tuple[str, str]:
    return _once(data, _make_base)


def _make_base(data: MapData) -> tuple[str, str]:
    """The drawing every picture of ``data`` shares: its Lines, and its Stations (drawn after
    the overlays' lower layers). Made once per map."""
    frame = _frame(data)
    lines: list[str] = ['<g id="lines" fill="none" stroke-linecap="round">']
    for code, strokes in sorted(_segments(data).items()):
        lines.append(
            f'<path id="line-{code.value.lower()}" class="line" stroke="{LINE_COLOURS[code]}" '
            f'stroke-width="{STROKE:g}" d="{_line_path(strokes)}"><title>'
            f"{escape(code.line_name)} "
            f"({code.value})</title></path>"
        )
    lines.append("</g>")
    stations: list[str] = ['<g id="stations">']
    for name in sorted(frame.points):
        x, y = frame.points[name]
        record = data.stations[name]
        radius = 4.0 if record.kind.value != "plain" else 2.6
        codes = ", ".join(sorted(c.value for c in data.lines_at(name)))
        stations.append(
            f'<g id="{station_id(name)}" class="station" data-x="{x:g}" data-y="{y:g}">'
            f"<title>{escape(name)} ({codes})</title>"
            f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}"/></g>'
        )
    stations.append("</g>")
    return "\n".join(lines), "\n".join(stations)


# ---------------------------------------------------------------- the picture


def draw_map(
    data: MapData,
    gsd: GSD,
    route: Sequence[str] = (),
    *,
    positions: Mapping[str, Position],
    stacks: StackTable,
    title: str = "The map",
) -> str:
    """The SVG of ``gsd`` on ``data``: the Pieces at ``positions`` (keyed as
    :attr:`referee.engine.history.History.positions`), its Disruptions and Stacks, and
    ``route`` (Station names in order) highlighted; ``stacks`` is the ruleset's Token Stacks
    table, which says which Stacks are Sinkholes."""
    frame = _frame(data)
    points = frame.points
    lines, stations = _base(data)
    marks = read_marks(gsd, stacks)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {frame.width:g} '
        f'{frame.height:g}" role="img" aria-labelledby="map-title">',
        f'<title id="map-title">{escape(title)}</title>',
        _STYLE,
        '<rect class="sea" x="0" y="0" width="100%" height="100%" fill="#FAFAF7"/>',
        lines,
        _line_states(data, marks),
        _pegged_segments(data, marks),
        _route(points, route),
        stations,
        _crown(points),
        _station_marks(points, marks),
        _stacks(points, gsd),
        _pieces(frame, gsd, positions),
        "</svg>",
    ]
    return "\n".join(part for part in out if part) + "\n"


_STYLE = (
    "<style>.station circle{fill:#fff;stroke:#222;stroke-width:1.2}"
    ".label{font:bold 28px sans-serif;fill:#111;paint-order:stroke;stroke:#fff;stroke-width:6px}"
    ".crown-label{font-weight:bold;fill:#1A4F9C}"
    ".piece-letter{font:bold 26px sans-serif;fill:#fff}"
    ".badge{font:bold 13px sans-serif;fill:#fff}</style>"
)


def _line_states(data: MapData, marks: Marks) -> str:
    if not marks.line_states:
        return ""
    strokes = _segments(data)
    parts = ['<g id="line-states" fill="none">']
    for code, state in marks.line_states:
        parts.append(
            f'<path id="line-state-{code.value.lower()}-{slug(state)}" class="line-state" '
            f'stroke="#FFFFFF" stroke-width="1.4" stroke-dasharray="6 5" '
            f'd="{_line_path(strokes.get(code, ()))}"><title>{escape(code.line_name)} '
            f"({code.value}): {escape(state)}</title></path>"
        )
    parts.append("</g>")
    return "\n".join(parts)


def _segment_stations(data: MapData, a: str, b: str, code: LineCode) -> tuple[str, ...]:
    """The Stations of Line ``code`` from ``a`` to ``b`` along one of its sections."""
    line = data.lines.get(code)
    for section in line.sections if line else ():
        stops = section.stations
        if a in stops and b in stops:
            i, j = stops.index(a), stops.index(b)
            return stops[i : j + 1] if i <= j else tuple(reversed(stops[j : i + 1]))
    return (a, b)


def _pegged_segments(data: MapData, marks: Marks) -> str:
    if not marks.pegged_segments:
        return ""
    points = _frame(data).points
    parts = ['<g id="pegged-segments" fill="none">']
    for a, b, code in marks.pegged_segments:
        stops = [s for s in _segment_stations(data, a, b, code) if s in points]
        path = " ".join(f"{points[s][0]:g},{points[s][1]:g}" for s in stops)
        parts.append(
            f'<polyline id="pegged-{slug(a)}-{slug(b)}-{code.value.lower()}" class="pegged" '
            f'stroke="#7A3E00" stroke-width="7" stroke-opacity="0.55" stroke-dasharray="3 3" '
            f'points="{path}"><title>{escape(a)} to {escape(b)} ({code.value}): Pegged '
            f"(rule 1.11.5)</title></polyline>"
        )
    parts.append("</g>")
    return "\n".join(parts)


def _route(points: Mapping[str, tuple[float, float]], route: Sequence[str]) -> str:
    stops = [s for s in route if s in points]
    if not stops:
        return ""
    path = " ".join(f"{points[s][0]:g},{points[s][1]:g}" for s in stops)
    x, y = points[stops[-1]]
    names = " - ".join(escape(s) for s in route)
    return (
        f'<g id="route" class="route"><title>This turn\'s Move: {names}</title>'
        f'<polyline fill="none" stroke="#FF00AA" stroke-opacity="0.45" stroke-width="11" '
        f'stroke-linejoin="round" stroke-linecap="round" points="{path}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="9" fill="none" stroke="#FF00AA" '
        f'stroke-width="2.5"/></g>'
    )


def _crown(points: Mapping[str, tuple[float, float]]) -> str:
    if CROWN not in points:
        return ""
    x, y = points[CROWN]
    return (
        f'<g id="mornington-crescent-mark" class="crown"><title>{CROWN}: rest here at the end '
        f'of your Turn to win (rule 1.1.1)</title><circle cx="{x:g}" cy="{y:g}" r="8" '
        f'fill="none" stroke="#1A4F9C" stroke-width="2.5"/>'
        f'<text x="{x - 12:g}" y="{y + 10:g}" text-anchor="end" class="label crown-label">'
        f"{CROWN}</text></g>"
    )


_MARKER_STYLE: dict[str, tuple[str, str]] = {
    "Peg": ("P", "#7A3E00"),
    "Bulkhead": ("H", "#444444"),
    "Maelberg": ("M", "#6A1B9A"),
    "Damage": ("d", "#C77700"),
    "*Damage*": ("D", "#B00000"),
    "Defamed": ("!", "#555555"),
    "Block": ("B", "#D00000"),
    "Fire": ("F", "#FF5500"),
    "Sinkhole": ("K", "#000000"),
    "Wild": ("W", "#0A8F3C"),
    "Courier pick-up": ("C", "#00695C"),
    "Courier destination": ("c", "#00695C"),
}
"""The letter and colour of each badge; the text beside the picture names each in words."""


def _station_marks(points: Mapping[str, tuple[float, float]], marks: Marks) -> str:
    badges: list[tuple[str, str]] = [*marks.station_markers]
    badges += [(s, "Block") for s in marks.blocks] + [(s, "Fire") for s in marks.fires]
    badges += [(s, "Sinkhole") for s in marks.sinkholes] + [(s, "Wild") for s in marks.wild]
    if marks.courier_pickup:
        badges.append((marks.courier_pickup, "Courier pick-up"))
    if marks.courier_destination:
        badges.append((marks.courier_destination, "Courier destination"))
    if not badges:
        return ""
    parts = ['<g id="station-marks">']
    count: dict[str, int] = {}
    for station, kind in badges:
        if station not in points:
            continue
        n = count.get(station, 0)
        count[station] = n + 1
        x, y = points[station]
        bx, by = x - 14 - 18 * n, y + 14
        letter, colour = _MARKER_STYLE.get(kind, ("?", "#333333"))
        parts.append(
            f'<g id="mark-{slug(kind)}-{slug(station)}" class="mark mark-{slug(kind)}">'
            f"<title>{escape(station)}: {escape(kind)}</title>"
            f'<rect x="{bx - 8:g}" y="{by - 8:g}" width="16" height="16" rx="3" fill="{colour}"/>'
            f'<text x="{bx:g}" y="{by + 5:g}" text-anchor="middle" class="badge">{letter}</text>'
            "</g>"
        )
    parts.append("</g>")
    return "\n".join(parts)


def _stacks(points: Mapping[str, tuple[float, float]], gsd: GSD) -> str:
    if not gsd.stacks:
        return ""
    parts = ['<g id="stacks">']
    seen: dict[str, int] = {}
    for stack in gsd.stacks:
        if stack.station not in points:
            continue
        n = seen.get(stack.station, 0)
        seen[stack.station] = n + 1
        x, y = points[stack.station]
        bx, by = x + 8 + 16 * n, y - 6
        ident = f"stack-{slug(stack.station)}" + (f"-{n + 1}" if n else "")
        if stack.marker is not None:
            what = (
                "Suspect Package (rule 1.4.7)"
                if stack.marker == "Susp Package"
                else ("the Podume of Infinite Darkness (rule 1.4.24)")
            )
            fill = "#FFB300" if stack.marker == "Susp Package" else "#000000"
            parts.append(
                f'<g id="{ident}" class="stack stack-{slug(stack.marker)}"><title>'
                f"{escape(stack.station)}: {what}</title>"
                f'<rect x="{bx:g}" y="{by - 6:g}" width="13" height="13" fill="{fill}" '
                f'stroke="#000" stroke-width="1" transform="rotate(45 {bx + 6.5:g} {by + 0.5:g})"/>'
                "</g>"
            )
            continue
        tokens = " ".join(t.value for t in stack.tokens)
        top = stack.top
        words = f"top {top.word}" if top else "empty"
        parts.append(
            f'<g id="{ident}" class="stack" data-top="{top.value if top else ""}">'
            f"<title>{escape(stack.station)}: Token Stack {tokens} ({words})</title>"
        )
        for index, token in enumerate(stack.tokens):
            ty = by - 7 * index
            last = index == len(stack.tokens) - 1
            parts.append(
                f'<rect x="{bx:g}" y="{ty:g}" width="{14 if last else 12:g}" height="6" '
                f'fill="{TOKEN_COLOURS[token]}" stroke="{"#000" if last else "#FFF"}" '
                f'stroke-width="{1.2 if last else 0.5:g}"'
                + (' class="top-token"' if last else "")
                + "/>"
            )
        parts.append("</g>")
    parts.append("</g>")
    return "\n".join(parts)


def _pieces(frame: Frame, gsd: GSD, positions: Mapping[str, Position]) -> str:
    if not positions:
        return ""
    colours = piece_colours(gsd.player_names)
    letters = piece_letters(gsd.player_names)
    parts = ['<g id="pieces">']
    at: dict[str, int] = {}
    tray = 0
    labelled: set[str] = set()
    for key in sorted(positions, key=_seat_order(gsd.player_names)):
        where = positions[key]
        player = key.split("/")[0]
        colour = colours.get(player, DRONE_COLOUR)
        initial = escape(letters.get(player, player[:1])) + ("b" if key.endswith("/B") else "")
        label = f"{escape(key)} at {escape(where.render())}"
        if where.station in frame.points:
            n = at.get(where.station, 0)
            at[where.station] = n + 1
            sx, sy = frame.points[where.station]
            x, y = sx + 28 * n, sy - 30 - 22 * n
        else:
            x, y = MARGIN + 120 * tray, frame.height - 30
            tray += 1
        parts.append(
            f'<g id="{piece_id(key)}" class="piece" data-station="{escape(where.station)}" '
            f'data-station-id="{station_id(where.station)}"><title>{label}</title>'
            f'<line x1="{x:g}" y1="{y:g}" x2="{frame.points.get(where.station, (x, y))[0]:g}" '
            f'y2="{frame.points.get(where.station, (x, y))[1]:g}" stroke="{colour}" '
            f'stroke-width="1.5"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="20" fill="{colour}" stroke="#FFF" '
            f'stroke-width="3"/><text x="{x:g}" y="{y + 9:g}" text-anchor="middle" '
            f'class="piece-letter" textLength="{min(32, 16 * len(initial))}" '
            f'lengthAdjust="spacingAndGlyphs">{initial}</text>'
        )
        if where.station not in frame.points:
            parts.append(
                f'<text x="{x + 25:g}" y="{y + 10:g}" class="label">{escape(where.station)}</text>'
            )
        elif where.station not in labelled and where.station != CROWN:
            labelled.add(where.station)
            east = x > frame.width - 260  # near the right edge the name goes to the left
            lx, anchor = (x - 24, "end") if east else (x + 24, "start")
            parts.append(
                f'<text x="{lx:g}" y="{y - 12:g}" text-anchor="{anchor}" class="label">'
                f"{escape(where.station)}</text>"
            )
        parts.append("</g>")
    parts.append("</g>")
    return "\n".join(parts)


def _seat_order(names: Sequence[str]) -> Callable[[str], tuple[int, str]]:
    order = {name: index for index, name in enumerate(names)}

    def key(piece: str) -> tuple[int, str]:
        return (order.get(piece.split("/")[0], len(order)), piece)

    return key
