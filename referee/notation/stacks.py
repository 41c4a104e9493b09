"""Token Stacks (rule 1.14.1 - Stacks of Fun), with Suspect Packages and the PoID.

Each entry is a station, its Quadrant in brackets (rule 1.4.19 asks for it; the example of
rule 1.14.1 predates that and is read without one), and its Tokens bottom to top, so the top
token is the rightmost. A Suspect Package (rule 1.4.7) shows as an entry ``Susp Package`` and
the Podume of Infinite Darkness (rule 1.4.24) as ``PoID``; the PoID may share a station with a
Token Stack, so entries are kept in order and a station may appear twice. A Podume of the
Knightsbridge 1965 amendments lying at a Station is written the same way, its content the
Podume as a Luggage Rack would write it: ``Spanger Podume``, ``Hyde Podume (2 Hyde Counters)``
(rule 4.2.1, :mod:`referee.notation.podumes`).

The canonical table is the rule's: two boxes side by side, filled left to right, row by row;
an odd last entry leaves the right box's row blank.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.notation.boxes import border, cells, row
from referee.notation.errors import NotationError
from referee.notation.places import parse_station
from referee.notation.podumes import podume_name
from referee.notation.possessions import Possession
from referee.notation.source import Line
from referee.notation.tokens import Colour, parse_token_sequence, render_token_sequence

_QUADRANT = re.compile(r"^(?P<station>.*?)\s*\(\s*(?P<q>[0-4])\s*\)$")
_PACKAGE = re.compile(r"^susp(?:ect|\.)?\s*package$", re.I)
_POID = re.compile(r"^(?:poid|podume of infinite darkness)$", re.I)


class TokenStack(BaseModel):
    """One entry of the Token Stacks: tokens bottom to top, or a Suspect Package, or the PoID,
    or a Podume lying at the Station (``marker`` "Podume", the Podume in ``podume``)."""

    model_config = ConfigDict(frozen=True)

    station: str
    quadrant: int | None = Field(default=None, ge=0, le=4)
    tokens: tuple[Colour, ...] = ()
    marker: Literal["Susp Package", "PoID", "Podume"] | None = None
    podume: Possession | None = None
    """Rule 4.2.1: the Podume lying here, when ``marker`` is "Podume"."""

    @property
    def top(self) -> Colour | None:
        """The token a Claim takes (rule 1.14.4): the rightmost."""
        return self.tokens[-1] if self.tokens else None

    def station_text(self) -> str:
        return self.station + (f" ({self.quadrant})" if self.quadrant is not None else "")

    def content_text(self) -> str:
        if self.podume is not None:
            return self.podume.render()
        return self.marker or render_token_sequence(self.tokens)

    @classmethod
    def parse_cells(cls, station_text: str, content: str) -> TokenStack:
        """Read one entry from its two cells."""
        quadrant = None
        match = _QUADRANT.match(station_text.strip())
        if match:
            station_text, quadrant = match.group("station"), int(match.group("q"))
        station = parse_station(station_text)
        if _PACKAGE.match(content.strip()):
            return cls(station=station, quadrant=quadrant, marker="Susp Package")
        if _POID.match(content.strip()):
            return cls(station=station, quadrant=quadrant, marker="PoID")
        podume = _podume(content)
        if podume is not None:
            return cls(station=station, quadrant=quadrant, marker="Podume", podume=podume)
        return cls(station=station, quadrant=quadrant, tokens=parse_token_sequence(content))


def _podume(content: str) -> Possession | None:
    """Rule 4.2.1: the Podume a stack's content names, in the rules' spelling, or None."""
    if "podume" not in content.casefold():
        return None
    item = Possession.parse(content)
    return item if podume_name(item.name) == item.name and not item.worn else None


def parse_stacks(lines: Sequence[Line]) -> tuple[TokenStack, ...]:
    """Read a Token Stacks block: rows of one or more two-cell boxes side by side.

    Empty cells are skipped, so boxes side by side, one box a row, a blank right box and a row
    a mail client wrapped between its boxes all read the same.
    """
    stacks: list[TokenStack] = []
    for line in lines:
        if not line.stripped().startswith("|"):
            continue
        # Blank cells are the gap between the boxes, or an empty right box: skip them.
        filled = [cell for cell in cells(line.text) if cell[1]]
        if len(filled) % 2:
            raise NotationError(
                "a Token Stacks row holds boxes of two cells: | Station (Quadrant) | Tokens |",
                line=line.number,
                column=line.column_of(filled[-1][0]),
            )
        pairs = [(filled[i], filled[i + 1]) for i in range(0, len(filled), 2)]
        for (station_col, station), (content_col, content) in pairs:
            try:
                stack = TokenStack.parse_cells(station, content)
            except NotationError as error:
                column = content_col if station and _station_ok(station) else station_col
                raise error.located(line.number, line.column_of(column) - 1) from None
            stacks.append(stack)
    return tuple(stacks)


def _station_ok(text: str) -> bool:
    match = _QUADRANT.match(text.strip())
    try:
        parse_station(match.group("station") if match else text)
    except NotationError:
        return False
    return True


def render_stacks(stacks: Sequence[TokenStack]) -> list[str]:
    """The canonical two-column Token Stacks table of rule 1.14.1."""
    left = max([20, *(len(s.station_text()) + 2 for s in stacks)])
    right = max([14, *(len(s.content_text()) + 2 for s in stacks)])
    widths = (left, right)
    half = border(widths)
    lines = [f"{half} {half}"]
    for index in range(0, len(stacks), 2):
        pair = stacks[index : index + 2]
        boxes = [row([s.station_text(), s.content_text()], widths) for s in pair]
        if len(boxes) == 1:
            boxes.append(row(["", ""], widths))
        lines.append(" ".join(boxes))
    lines.append(f"{half} {half}")
    return lines
