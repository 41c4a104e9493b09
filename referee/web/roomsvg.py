"""The map of an ifMUD Nomic game as SVG: its rooms, their connections, and who is where.

ifMUD Nomic's map has no geography: a room is wherever the players agreed it connects (rule
25), so the picture is laid out from the connections alone, in layers: the Lounge (where every
player starts, rule 14) and the rooms one step from it, two steps, and so on, each layer in
the order that keeps a room near the rooms it connects to, ties by Standard Order (rule 94);
another group of connected rooms is laid out below in the same way, and rooms connected to
nothing stand in the last rows. The same state always gives the same picture.

Each room carries its marks: a toll's name and value (43), a tax haven (68), a high-security
area (74), Brigadoon's Tuesdays-only connections (107), the Savage Wilderness (122), and the
players, servants, beings and tokens in it. Every mark is also a ``<title>`` and the page
lists the same facts as text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from referee.games.ifmud.board import BRIGADOON, LOUNGE, MORNINGTON, TUESDAY, holder_room
from referee.games.ifmud.effects import savage_wilderness
from referee.games.ifmud.order import standard_key, standard_order
from referee.games.ifmud.state import GameState, Room
from referee.web.mapsvg import PIECE_COLOURS, slug

COLUMN = 210.0
ROW = 130.0
BOX_W = 190.0
BOX_H = 74.0
MARGIN = 24.0
PER_ROW = 6
"""Rooms connected to nothing, laid out this many to a row."""
LABEL_CHARS = 20


def room_id(name: str) -> str:
    return f"room-{slug(name)}"


def being_id(kind: str, name: str) -> str:
    """The id of a player's, servant's, being's or token's mark on the map."""
    return f"{kind}-{slug(name)}"


@dataclass(frozen=True)
class Occupant:
    """Someone or something in a room, as the map marks it."""

    kind: str
    """``player``, ``servant``, ``being`` or ``token``."""
    name: str
    label: str
    colour: str


@dataclass(frozen=True)
class Layout:
    points: Mapping[str, tuple[float, float]]
    width: float
    height: float


def _adjacent(state: GameState) -> dict[str, list[str]]:
    names = {room.name for room in state.rooms}
    near: dict[str, list[str]] = {name: [] for name in names}
    for one, two in state.connections:
        if one in names and two in names and one != two:
            if two not in near[one]:
                near[one].append(two)
            if one not in near[two]:
                near[two].append(one)
    return {name: standard_order(found) for name, found in near.items()}


def layout(state: GameState) -> Layout:
    """Where each room's centre stands: layers by steps from the group's first room."""
    near = _adjacent(state)
    order = standard_order(room.name for room in state.rooms)
    starts = ([LOUNGE] if LOUNGE in near else []) + [n for n in order if n != LOUNGE]
    placed: dict[str, tuple[int, int]] = {}
    rows: list[list[str]] = []
    for start in starts:
        if start in placed or not near[start]:
            continue
        layer = [start]
        seen = {start}
        while layer:
            rows.append(layer)
            for column, name in enumerate(layer):
                placed[name] = (len(rows) - 1, column)
            following: list[str] = []
            for name in layer:
                following += [n for n in near[name] if n not in seen and n not in following]
            seen |= set(following)

            def pull(name: str) -> tuple[float, tuple[int, str, float, str]]:
                above = [placed[n][1] for n in near[name] if n in placed]
                return (sum(above) / len(above) if above else 0.0, standard_key(name))

            layer = sorted(following, key=pull)
    alone = [name for name in order if name not in placed]
    for at in range(0, len(alone), PER_ROW):
        rows.append(alone[at : at + PER_ROW])
        for column, name in enumerate(rows[-1]):
            placed[name] = (len(rows) - 1, column)
    widest = max((len(row) for row in rows), default=1)
    width = widest * COLUMN + 2 * MARGIN
    points: dict[str, tuple[float, float]] = {}
    for index, row in enumerate(rows):
        offset = (widest - len(row)) * COLUMN / 2
        for column, name in enumerate(row):
            x = MARGIN + offset + column * COLUMN + COLUMN / 2
            y = MARGIN + index * ROW + ROW / 2
            points[name] = (round(x, 1), round(y, 1))
    return Layout(points, round(width, 1), round(len(rows) * ROW + 2 * MARGIN, 1))


def occupants(state: GameState) -> dict[str, list[Occupant]]:
    """Who and what is in each room: players, servants, the beings the rules move (71, 80,
    114, 155), and tokens lying there or carried by someone there."""
    colours = {p.name: PIECE_COLOURS[i % len(PIECE_COLOURS)] for i, p in enumerate(state.players)}
    found: dict[str, list[Occupant]] = {room.name: [] for room in state.rooms}

    def put(room: str, occupant: Occupant) -> None:
        found.setdefault(room, []).append(occupant)

    for player in state.players:
        put(player.location, Occupant("player", player.name, player.name[:1], colours[player.name]))
    for servant in state.servants:
        label = servant.name or f"{servant.owner}'s servant"
        put(
            servant.location,
            Occupant("servant", servant.owner, label, colours.get(servant.owner, "#777")),
        )
    beings = (
        ("the monkey", state.monkey),
        ("the pieman", state.pieman),
        ("the Magic Omnibus", state.omnibus),
        ("the robot", state.robot),
        ("the kitten", state.kitten),
    )
    for name, where in beings:
        put(where, Occupant("being", name, name.split()[-1][:1].upper(), "#555"))
    for token in state.tokens:
        try:
            where = holder_room(state, token.where)
        except (KeyError, ValueError, StopIteration):
            continue
        put(where, Occupant("token", token.name, "", "#B8860B"))
    return found


def _label(name: str) -> list[str]:
    words, lines = name.split(), [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > LABEL_CHARS:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines


def _room_marks(room: Room, wilderness: str | None) -> list[str]:
    marks = [f"toll {toll.name} = {toll.value} (rule 43)" for toll in room.tolls]
    if room.haven:
        marks.append("tax haven (rule 68)")
    if room.secure:
        marks.append("high-security area (rule 74)")
    if room.name == BRIGADOON:
        marks.append("connects only on Tuesdays, GMT (rule 107)")
    if room.name == wilderness:
        marks.append("the Savage Wilderness (rule 122)")
    if room.name == MORNINGTON:
        marks.append("ringed in blue")
    return marks


def room_marks(state: GameState) -> list[tuple[str, list[str]]]:
    """Each room with a mark, and its marks in words (the text beside the picture)."""
    wilderness = savage_wilderness(state)
    rows = [(room.name, _room_marks(room, wilderness)) for room in state.rooms]
    return [(name, marks) for name, marks in rows if marks]


def draw_rooms(state: GameState, *, title: str) -> str:
    """The SVG of ``state``'s map."""
    shape = layout(state)
    points = shape.points
    wilderness = savage_wilderness(state)
    tuesday = state.time.weekday() == TUESDAY
    inside = occupants(state)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map rooms" viewBox="0 0 '
        f'{shape.width:g} {shape.height:g}" role="img" aria-labelledby="rooms-title">',
        f'<title id="rooms-title">{escape(title)}</title>',
        _STYLE,
        f'<rect x="0" y="0" width="{shape.width:g}" height="{shape.height:g}" fill="#FAFAF7"/>',
        '<g id="connections">',
    ]
    drawn: set[tuple[str, str]] = set()
    for one, two in state.connections:
        key = (one, two) if one < two else (two, one)
        if key in drawn or one not in points or two not in points:
            continue
        drawn.add(key)
        (x1, y1), (x2, y2) = points[one], points[two]
        closed = BRIGADOON in key and not tuesday
        kind = ' class="connection closed"' if closed else ' class="connection"'
        note = " (closed until Tuesday, rule 107)" if closed else ""
        out.append(
            f'<line id="link-{slug(key[0])}--{slug(key[1])}"{kind} x1="{x1:g}" y1="{y1:g}" '
            f'x2="{x2:g}" y2="{y2:g}"><title>{escape(key[0])} to {escape(key[1])}, both '
            f"ways (rule 39){note}</title></line>"
        )
    out.append("</g>")
    out.append('<g id="rooms">')
    for room in state.rooms:
        x, y = points[room.name]
        marks = _room_marks(room, wilderness)
        classes = ["room"]
        if room.haven:
            classes.append("haven")
        if room.secure:
            classes.append("secure")
        if room.name == BRIGADOON:
            classes.append("brigadoon")
        if room.name == wilderness:
            classes.append("wilderness")
        if room.name == MORNINGTON:
            classes.append("crown")
        what = "; ".join(marks)
        out.append(
            f'<g id="{room_id(room.name)}" class="{" ".join(classes)}" '
            f'data-room="{escape(room.name)}"><title>{escape(room.name)}'
            f"{': ' + escape(what) if what else ''}</title>"
            f'<rect x="{x - BOX_W / 2:g}" y="{y - BOX_H / 2:g}" width="{BOX_W:g}" '
            f'height="{BOX_H:g}" rx="8"/>'
        )
        lines = _label(room.name)
        top = y - BOX_H / 2 + 19
        for index, line in enumerate(lines):
            out.append(
                f'<text class="label" x="{x:g}" y="{top + index * 17:g}">{escape(line)}</text>'
            )
        badges = []
        if room.tolls:
            badges.append("toll " + ", ".join(str(t.value) for t in room.tolls))
        if room.haven:
            badges.append("haven")
        if room.secure:
            badges.append("secure")
        if room.name == wilderness:
            badges.append("wilderness")
        if badges:
            out.append(
                f'<text class="badge" x="{x:g}" y="{y + BOX_H / 2 + 15:g}">'
                f"{escape(' · '.join(badges))}</text>"
            )
        out.append(_occupants(inside.get(room.name, []), room.name, x, y + BOX_H / 2 - 14))
        out.append("</g>")
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


def _occupants(found: Sequence[Occupant], room: str, cx: float, y: float) -> str:
    if not found:
        return ""
    step = 19.0
    left = cx - (len(found) - 1) * step / 2
    if len(found) * step > BOX_W - 8:
        step = (BOX_W - 16) / max(len(found) - 1, 1)
        left = cx - BOX_W / 2 + 8
    parts: list[str] = []
    for index, thing in enumerate(found):
        x = round(left + index * step, 1)
        ident = being_id(thing.kind, thing.name)
        where = f' data-room="{escape(room)}"'
        if thing.kind == "player":
            parts.append(
                f'<g id="{ident}" class="player"{where}><title>{escape(thing.name)} (a player)'
                f'</title><circle cx="{x:g}" cy="{y:g}" r="8" fill="{thing.colour}"/>'
                f'<text x="{x:g}" y="{y + 4:g}">{escape(thing.label)}</text></g>'
            )
        elif thing.kind == "servant":
            parts.append(
                f'<g id="{ident}" class="servant"{where}><title>{escape(thing.label)} (the '
                f"servant of {escape(thing.name)})</title>"
                f'<rect x="{x - 6:g}" y="{y - 6:g}" width="12" height="12" '
                f'fill="{thing.colour}"/></g>'
            )
        elif thing.kind == "being":
            parts.append(
                f'<g class="being"{where}><title>{escape(thing.name)}</title>'
                f'<circle cx="{x:g}" cy="{y:g}" r="8" fill="#fff" stroke="{thing.colour}"/>'
                f'<text class="being-letter" x="{x:g}" y="{y + 4:g}">{escape(thing.label)}'
                "</text></g>"
            )
        else:
            parts.append(
                f'<g class="token"{where}><title>{escape(thing.name)} (a token)</title>'
                f'<path d="M{x:g} {y - 8:g}L{x + 6:g} {y:g}L{x:g} {y + 8:g}L{x - 6:g} {y:g}Z" '
                f'fill="{thing.colour}"/></g>'
            )
    return "\n".join(parts)


_STYLE = (
    "<style>.connection{stroke:#666;stroke-width:2}"
    ".connection.closed{stroke-dasharray:6 5;stroke:#aaa}"
    ".room rect{fill:#fff;stroke:#333;stroke-width:1.5}"
    ".room.haven rect{fill:#E3F4E1}"
    ".room.secure rect{stroke:#B22222;stroke-width:3.5}"
    ".room.brigadoon rect{stroke-dasharray:5 4}"
    ".room.wilderness rect{fill:#F3E6CF}"
    ".room.crown rect{stroke:#1A4F9C;stroke-width:3.5}"
    "text{font:15px sans-serif;text-anchor:middle;fill:#111}"
    ".label{font-weight:bold}"
    ".badge{font-size:14px;font-weight:bold;fill:#7A3E00}"
    ".player text,.being-letter{font-size:11px;font-weight:bold;fill:#fff}"
    ".being-letter{fill:#333}</style>"
)
