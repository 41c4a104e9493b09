"""The Disruptions box (rule 1.2.2 - Disrupted Services) and the states it records.

Entries keep their order and their duplicates, as rule 1.2.2 requires. The forms read:

- a station with a marker: ``Euston (Peg)`` (rule 1.11.4), ``Wembley Park (Bulkhead)``
  (rule 1.9.3), ``Paddington (Maelberg)`` (rule 1.9.5), ``Bank (Damage)`` / ``Bank (*Damage*)``
  (rule 1.11.3), ``Temple (Defamed)`` (rule 1.11.7, the referee's string); no other marker;
- a Pegged Line Segment: ``Angel to Bank (NT) (Peg)`` (rule 1.11.5);
- game states the rules put here: ``Bridges Up`` (rule 1.8.3), ``In Knip`` (rule 1.8.4),
  ``Gapminding`` (rule 1.8.7), ``Parks and Greens`` (rule 1.8.2), ``Venbacker Ladder``
  (rule 1.8.9), ``Charge In`` / ``Charge Out`` (rule 1.8.11), ``Re Bock`` (rule 1.8.8),
  ``Upcoming Holiday`` and ``Upcoming Holiday: Tuesday`` (rule 1.13.7), or ``Upcoming Holiday:
  next Tuesday`` while the day rolled is today's and the Holiday is the week after's;
  ``Token Cascade`` (rule 1.7.36);
- line states of section 1.20, which no rule places, so the referee records them here in the
  form of their Actions: ``NT: One Way: N-S``, ``NT: Electrified``, ``NT: Speed Limit: 6``,
  ``NT: Power Failure!``, ``NT: Soaped`` (see rules/vanilla/readings.md#r1-2-2);
- players a rule binds until eir next Turn, which no table holds: ``Blasted: Garden`` (rule
  1.7.30: caught in a Suspect Package's Blast, e must Pass with no Actions next Turn) and
  ``Sunk: Garden at Angel (NT)`` (rule 1.9.6: Shunted into the Kafka Sinkhole at Angel, eir
  Piece stands there although the record's Shunt names a farther Station);
- a Station Blocked until Unblocked, under the early draft (its rule 7), with the Block's
  strength (the Tokens it cost, which its Unblock doubles): ``Euston (Block 3)``;
- Player States of a variant (Knightsbridge 1965, rule 4.1.1), one entry per state a player
  holds: ``Green: Garden``, ``Narged: Garden``, ``In Spoon: Garden``, and the Potato with its
  Fuse Counters left, ``Potato: Garden (Fuse 7)`` (rule 4.1.1.4), and ``Mr. Hyde: Garden``
  for the Hyde Podume's holder transformed for a Round (rule 4.2.1.5). No vanilla rule writes
  them, so vanilla GSDs never hold them.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from referee.network.lines import LineCode
from referee.notation.boxes import titled_box
from referee.notation.errors import NotationError
from referee.notation.gametime import Day
from referee.notation.places import Destination, parse_line, parse_station
from referee.notation.possessions import split_items
from referee.notation.tokens import Colour
from referee.quoting import excerpt

FLAGS: tuple[str, ...] = (
    "Bridges Up", "In Knip", "Gapminding", "Parks and Greens", "Venbacker Ladder", "Charge In",
    "Charge Out", "Upcoming Holiday", "Sgronk", "Speed Craze", "Dollis Hill Loop",
    "Token Cascade",
)  # fmt: skip
"""States written as a bare phrase (rules 1.7.36, 1.8.2, 1.8.3, 1.8.4, 1.8.7, 1.8.9, 1.8.11,
1.13.7; rules 1.8.10, 1.8.13 and 1.8.1 give no string, so the referee writes the state's name)."""

MARKER_RULES: dict[str, str] = {
    "Peg": "1.11.4", "Bulkhead": "1.9.3", "Maelberg": "1.9.5", "Damage": "1.11.3",
    "*Damage*": "1.11.3", "Defamed": "1.11.7",
}  # fmt: skip
"""Every station marker, with the rule that defines it: rule 1.2.2's Peg and Bulkhead, 1.9.5's
Maelberg, 1.11.3's Light and Heavy Damage; rule 1.11.7 gives a Defamed Station no string, so
the referee writes ``(Defamed)`` (rules/vanilla/readings.md#r1-11-7)."""

MARKERS: tuple[str, ...] = tuple(MARKER_RULES)
SEGMENT_MARKERS: tuple[str, ...] = ("Peg",)
"""A Line Segment is only ever Pegged (rule 1.11.5)."""

_FLAGS = {f.lower(): f for f in FLAGS}
_MARKERS = {m.lower(): m for m in MARKERS}
_HOLIDAY = re.compile(r"^upcoming\s+holiday\s*:\s*(?P<next>next\s+)?(?P<day>\S.*)$", re.I)
NEXT_WEEK = "next"
"""The ``state`` of a Holiday entry whose day is today's but falls a week on (rule 1.13.7)."""
_BOCK = re.compile(r"^(?P<colour>\S+)\s+bock$", re.I)
_LINE_STATE = re.compile(r"^(?P<line>[A-Za-z]{2})\s*:\s*(?P<state>\S.*)$")
_MARKED = re.compile(r"^(?P<what>.*?)\s*\((?P<marker>[^()]*)\)$")
_SEGMENT = re.compile(r"^(?P<a>.+?)\s+to\s+(?P<b>.+?)\s*\((?P<line>[A-Za-z]{2})\)$", re.I)
_ONE_WAY = re.compile(r"^one\s*way\s*:\s*(?P<d>\S.*)$", re.I)
_SPEED = re.compile(r"^speed\s*limit\s*:\s*(?P<n>\d+)$", re.I)
_BLASTED = re.compile(r"^blasted\s*:\s*(?P<player>\S.*)$", re.I)
_BLOCK = re.compile(r"^(?P<what>.*?)\s*\(\s*block\s+(?P<n>\d+)\s*\)$", re.I)
BLOCK = "Block"
"""The early draft's lasting Block (its rule 7) with its strength: ``Euston (Block 3)``."""
_SUNK = re.compile(r"^sunk\s*:\s*(?P<player>\S.*)\s+at\s+(?P<where>\S.*)$", re.I)
PLAYER_STATES: tuple[str, ...] = ("Green", "Narged", "In Spoon", "Potato", "Mr. Hyde")
"""Player States a variant records here (rules 4.1.1 and 4.2.1.5 of the Knightsbridge 1965
amendments)."""
FUSED = "Potato"
"""The one Player State that carries a count: its Fuse Counters left (rule 4.1.1.4)."""
_PLAYER_STATE = re.compile(
    r"^(?P<state>"
    + "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in PLAYER_STATES)
    + r")\s*:\s*(?P<player>\S.*?)(?:\s*\(\s*fuse\s*(?P<fuse>\d+)\s*\))?$",
    re.I,
)
_SIMPLE_STATES = {"electrified": "Electrified", "power failure!": "Power Failure!",
                  "power failure": "Power Failure!", "soaped": "Soaped"}  # fmt: skip


class Disruption(BaseModel):
    """One entry of the Disruptions box: a flag, a marked station or segment, or a line state."""

    model_config = ConfigDict(frozen=True)

    flag: str | None = None
    station: str | None = None
    segment_end: str | None = None
    line: LineCode | None = None
    marker: str | None = None
    colour: Colour | None = None
    day: Day | None = None
    state: str | None = None
    player: str | None = None
    """The player a ``Blasted`` or ``Sunk`` entry or a Player State names (rules 1.7.30,
    1.9.6, 4.1.1)."""
    count: int | None = None
    """The Potato's Fuse Counters left (rule 4.1.1.4), or a draft Block's strength."""

    @classmethod
    def parse(cls, text: str) -> Disruption:
        """Read one entry, e.g. ``Euston (Peg)`` or ``In Knip``."""
        item = " ".join(text.split())
        flag = _FLAGS.get(item.lower())
        if flag is not None:
            return cls(flag=flag)
        holiday = _HOLIDAY.match(item)
        if holiday:
            return cls(
                flag="Upcoming Holiday",
                day=Day.parse(holiday.group("day")),
                state=NEXT_WEEK if holiday.group("next") else None,
            )
        blasted = _BLASTED.match(item)
        if blasted:
            return cls(flag="Blasted", player=blasted.group("player"))
        sunk = _SUNK.match(item)
        if sunk:
            try:
                where = Destination.parse(sunk.group("where"))
            except NotationError as error:
                raise error.shifted(sunk.start("where")) from None
            return cls(flag="Sunk", player=sunk.group("player"), station=where.station,
                       line=where.line)  # fmt: skip
        held = _PLAYER_STATE.match(item)
        if held:
            state = next(
                s
                for s in PLAYER_STATES
                if s.lower() == " ".join(held.group("state").lower().split())
            )
            fuse = held.group("fuse")
            if (state == FUSED) != (fuse is not None):
                raise NotationError(
                    "write the Potato with its Fuse Counters left, e.g. 'Potato: Garden "
                    "(Fuse 7)', and other Player States without, e.g. 'Green: Garden'",
                    column=1,
                )
            return cls(flag=state, player=held.group("player"),
                       count=None if fuse is None else int(fuse))  # fmt: skip
        block = _BLOCK.match(item)
        if block and block.group("what"):
            station = parse_station(block.group("what"))
            return cls(station=station, marker=BLOCK, count=int(block.group("n")))
        bock = _BOCK.match(item)
        if bock:
            return cls(flag="Bock", colour=Colour.parse(bock.group("colour")))
        line_state = _LINE_STATE.match(item)
        if line_state:
            line = parse_line(line_state.group("line"))
            return cls(line=line, state=_line_state(line_state.group("state")))
        marked = _MARKED.match(item)
        if marked and marked.group("what"):
            what = marked.group("what")
            segment = _SEGMENT.match(what)
            try:
                marker = _marker(marked.group("marker"), SEGMENT_MARKERS if segment else MARKERS)
            except NotationError as error:
                raise error.shifted(marked.start("marker")) from None
            if segment:
                return cls(
                    station=parse_station(segment.group("a")),
                    segment_end=parse_station(segment.group("b")),
                    line=parse_line(segment.group("line")),
                    marker=marker,
                )
            return cls(station=parse_station(what), marker=marker)
        raise NotationError(
            f"'{excerpt(item)}' is not a disruption I can read; write a station with its marker, "
            "e.g. 'Euston (Peg)', a segment, e.g. 'Angel to Bank (NT) (Peg)', a line state, e.g. "
            "'NT: Soaped', or one of: " + ", ".join(FLAGS),
            column=1,
        )

    def render(self) -> str:
        """The canonical entry."""
        if self.flag == "Bock" and self.colour is not None:
            return f"{self.colour.value} Bock"
        if self.flag == "Blasted" and self.player is not None:
            return f"Blasted: {self.player}"
        if self.flag in PLAYER_STATES and self.player is not None:
            fuse = f" (Fuse {self.count})" if self.count is not None else ""
            return f"{self.flag}: {self.player}{fuse}"
        if self.flag == "Sunk" and self.player is not None and self.station is not None:
            line = f" ({self.line.value})" if self.line is not None else ""
            return f"Sunk: {self.player} at {self.station}{line}"
        if self.flag is not None:
            if self.day is None:
                return self.flag
            return f"{self.flag}: " + ("next " if self.state == NEXT_WEEK else "") + self.day.value
        if self.state is not None and self.line is not None:
            return f"{self.line.value}: {self.state}"
        assert self.station is not None
        if self.marker == BLOCK and self.count is not None:
            return f"{self.station} (Block {self.count})"
        if self.segment_end is not None and self.line is not None:
            return f"{self.station} to {self.segment_end} ({self.line.value}) ({self.marker})"
        return f"{self.station} ({self.marker})"

    def __str__(self) -> str:
        return self.render()


def _marker(text: str, allowed: Sequence[str]) -> str:
    """A marker in the rules' spelling (case and spaces forgiven), else an error naming the
    closest and every marker the entry may carry."""
    found = _MARKERS.get("".join(text.lower().split()))
    if found is not None and found in allowed:
        return found
    written = " ".join(text.split())
    close = difflib.get_close_matches(written.lower(), [m.lower() for m in allowed], n=1,
                                      cutoff=0.6)  # fmt: skip
    hint = f"did you mean ({_MARKERS[close[0]]})? " if close else ""
    if allowed == SEGMENT_MARKERS:
        reason = f"'({excerpt(written)})' is not a Line Segment's marker; {hint}"
        reason += "a Segment is only Pegged, (Peg) (rule 1.11.5)"
    else:
        every = ", ".join(f"({m}) (rule {MARKER_RULES[m]})" for m in allowed)
        reason = f"'({excerpt(written)})' is not a station marker; {hint}write one of {every}"
    raise NotationError(reason, column=1)


def _line_state(text: str) -> str:
    from referee.notation.actions import Direction

    one_way = _ONE_WAY.match(text)
    if one_way:
        return f"One Way: {Direction.parse(one_way.group('d')).value}"
    speed = _SPEED.match(text)
    if speed:
        return f"Speed Limit: {int(speed.group('n'))}"
    simple = _SIMPLE_STATES.get(" ".join(text.lower().split()))
    if simple is not None:
        return simple
    raise NotationError(
        f"'{excerpt(text)}' is not a line state of section 1.20; write One Way: N-S, Electrified, "
        "Speed Limit: 6, Power Failure! or Soaped",
        column=1,
    )


def parse_disruptions(text: str) -> tuple[Disruption, ...]:
    """Read the box's entries (its rows joined), reporting the column of a bad entry."""
    result = []
    for column, item in split_items(text):
        try:
            result.append(_entry(item))
        except NotationError as error:
            raise error.shifted(column) from None
    return tuple(result)


@functools.lru_cache(maxsize=4096)
def _entry(item: str) -> Disruption:
    """:meth:`Disruption.parse`, once for each entry as written: a box repeats its entries (a
    Pegged station in every GSD of a game, the same marker on many stations), and a read entry
    is a frozen value, so the one read is handed out again. An entry that does not read raises
    each time."""
    return Disruption.parse(item)


def render_disruptions(entries: Sequence[Disruption]) -> list[str]:
    """The canonical Disruptions box of rule 1.2.2."""
    return titled_box("Disruptions", [e.render() for e in entries])
