"""Stations, line codes and destinations as plays write them (rules 1.2.0 and 1.5.3).

A destination is a station with the line code the piece arrives on, ``Euston (VC)``, and the
line codes of the Move Portions after ``via:``, ``Euston (VC via: CN,NT)`` (rule 1.2.0). The
Escalator Links of rule 1.5.3 - Dogs Must Be Carried are written ``Monument (for Bank)``: the
move went to Monument and the piece finishes at Bank. Station names go through
:mod:`referee.network.names`, which forgives case, punctuation and 'St'/'St.', and suggests
the nearest names otherwise.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from referee.network.lines import LineCode, UnknownLineError, parse_line_code
from referee.network.names import UnknownStationError, game_station_names
from referee.notation.errors import NotationError


def parse_station(text: str) -> str:
    """The canonical name of the station ``text`` names, or an error with suggestions."""
    try:
        return game_station_names().resolve(text)
    except UnknownStationError as error:
        raise NotationError(str(error), column=_first_column(text)) from None


def parse_line(text: str) -> LineCode:
    """A line code (rule 1.17.4), any case."""
    try:
        return parse_line_code(text)
    except UnknownLineError as error:
        raise NotationError(str(error), column=_first_column(text)) from None


def _first_column(text: str) -> int:
    return len(text) - len(text.lstrip()) + 1


_GROUP = re.compile(r"\(([^()]*)\)\s*$")
_FOR = re.compile(r"^\s*for\s+(.+?)\s*$", re.IGNORECASE)
_LINES = re.compile(r"^\s*([A-Za-z]{2})\s*(?:[,;]?\s*via\s*:?\s*(.*?))?\s*$", re.IGNORECASE)


class Destination(BaseModel):
    """Where a move or a position-changing action ends (rule 1.2.0).

    ``line`` is the line code of the station moved to; ``via`` the line codes of the Move
    Portions, which the rule lets a player omit. ``escalator`` names the station across an
    Escalator Link when the play uses the ``Monument (for Bank)`` form.
    """

    model_config = ConfigDict(frozen=True)

    station: str
    line: LineCode | None = None
    via: tuple[LineCode, ...] = ()
    escalator: str | None = None

    @classmethod
    def parse(cls, text: str) -> Destination:
        """Read ``Euston (VC via: CN,NT)``, ``Euston (vc via cn, nt)``, ``Monument (for Bank)``."""
        return _parse_destination(text)

    def render(self) -> str:
        """The canonical form: ``Euston (VC via: CN,NT)``, ``Monument (DS) (for Bank)``."""
        text = self.station
        if self.line is not None:
            text += f" ({self.line.value}"
            if self.via:
                text += " via: " + ",".join(code.value for code in self.via)
            text += ")"
        if self.escalator is not None:
            text += f" (for {self.escalator})"
        return text

    def __str__(self) -> str:
        return self.render()


@lru_cache(maxsize=8192)
def _parse_destination(text: str) -> Destination:
    """Destination.parse, cached: a game names the same few hundred stations again and again."""
    rest = text.rstrip()
    line: LineCode | None = None
    via: tuple[LineCode, ...] = ()
    escalator: str | None = None
    seen_lines = False
    while True:
        match = _GROUP.search(rest)
        if match is None:
            break
        inner = match.group(1)
        inner_column = match.start(1)
        target = _FOR.match(inner)
        if target is not None and escalator is None:
            try:
                escalator = parse_station(target.group(1))
            except NotationError as error:
                raise error.shifted(inner_column + target.start(1)) from None
        elif not seen_lines and _LINES.match(inner):
            line, via = _parse_lines(inner, inner_column)
            seen_lines = True
        else:
            break
        rest = rest[: match.start()].rstrip()
    if not rest.strip():
        raise NotationError(
            "expected a station here, written like 'Euston (VC via: CN,NT)'", column=1
        )
    station = parse_station(rest)
    return Destination(station=station, line=line, via=via, escalator=escalator)


def _parse_lines(inner: str, column: int) -> tuple[LineCode, tuple[LineCode, ...]]:
    match = _LINES.match(inner)
    assert match is not None
    try:
        line = parse_line(match.group(1))
    except NotationError as error:
        raise error.shifted(column + match.start(1)) from None
    via: list[LineCode] = []
    if match.group(2):
        offset = column + match.start(2)
        for part in re.finditer(r"[^,;\s]+", match.group(2)):
            try:
                via.append(parse_line(part.group(0)))
            except NotationError as error:
                raise error.shifted(offset + part.start()) from None
    return line, tuple(via)


def forget_readings() -> None:
    """Forget memoised destination readings (for cold-cache benchmarks and tests)."""
    _parse_destination.cache_clear()
