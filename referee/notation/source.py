"""Mail text as the parsers see it: quote prefixes, CRLF, tabs and re-wrapped rows undone.

Players post from mail clients, which quote (``> ``), use CRLF, turn spaces into tabs and wrap
long lines. :func:`clean_lines` gives each line without those, remembering where it came from,
so an error still names the line and column the player sees in eir own mail.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from referee.notation.errors import NotationError

_T = TypeVar("_T")

_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")


@dataclass(frozen=True)
class Line:
    """One line of the posting: its 1-based number and the column its cleaned text starts at."""

    number: int
    offset: int
    text: str
    depth: int = 0
    """How many quote markers (``>``) preceded the text."""

    def stripped(self) -> str:
        return self.text.strip()

    def column_of(self, index: int) -> int:
        """The 1-based column in the original line of ``text[index]``."""
        return self.offset + index + 1


def clean_lines(text: str) -> list[Line]:
    """Split a posting into lines without quote prefixes, tabs (one space each) or trailing space.

    A table row that a mail client wrapped (it starts with ``|`` but does not end with one) is
    joined with the lines that complete it, and so is a titled border wrapped after its title.
    """
    raw: list[Line] = []
    for number, written in enumerate(text.splitlines(), start=1):
        plain = written.replace("\t", " ").replace("\u00a0", " ").replace("\ufeff", "")
        quote = _QUOTE.match(plain)
        offset = quote.end() if quote else 0
        depth = quote.group(0).count(">") if quote else 0
        raw.append(Line(number, offset, plain[offset:].rstrip(), depth))
    closes = _closers(raw)
    joined: list[Line] = []
    index = 0
    while index < len(raw):
        line = raw[index]
        text = line.text
        look = index + 1
        if text.lstrip().startswith("+") and not text.endswith("+"):
            # A titled border ('+- Disruptions ---+') wrapped after its title.
            if look < len(raw) and raw[look].text.lstrip().startswith("-"):
                text, look = f"{text} {raw[look].text.strip()}", look + 1
        elif text.lstrip().startswith("|"):
            text, look = _complete_row(raw, index, closes)
        if text is not line.text:
            line = Line(line.number, line.offset, text, line.depth)
        joined.append(line)
        index = look
    return joined


Span = tuple[int, Line, int]
"""Where a piece of joined text began: (index in the joined text, its line, 0-based column)."""


def join_parts(
    parts: Sequence[tuple[Line, int, str]], separator: str = " "
) -> tuple[str, list[Span]]:
    """Join the text of several rows (one list wrapped over them) with single spaces.

    With ``separator=", "`` each row is taken as ending its item, unless it ends in a comma.
    """
    text = ""
    spans: list[Span] = []
    for line, column, content in parts:
        if not content:
            continue
        if text:
            text += " " if text.endswith(",") else separator
        spans.append((len(text), line, column))
        text += content
    return text, spans


def read_joined(reader: Callable[[str], _T], text: str, spans: Sequence[Span]) -> _T:
    """Run ``reader`` on joined text and place any error on the row it came from."""
    try:
        return reader(text)
    except NotationError as error:
        position = (error.column or 1) - 1
        if not spans:
            raise NotationError(error.reason, line=1) from None
        start, line, column = spans[0]
        for span in spans:
            if span[0] <= position:
                start, line, column = span
        raise NotationError(
            error.reason, line=line.number, column=line.column_of(column + position - start)
        ) from None


def read_rows(reader: Callable[[str], _T], parts: Sequence[tuple[Line, int, str]]) -> _T:
    """Read a comma-separated list written over several rows of a box.

    A row normally continues the list (a long list wraps anywhere). If that does not read, the
    rows are tried as one item each, for a player who wrote one entry a row without commas;
    if neither reads, the error is the first reading's.
    """
    text, spans = join_parts(parts)
    try:
        return read_joined(reader, text, spans)
    except NotationError:
        if sum(1 for _, _, content in parts if content) < 2:
            raise
        alternative, other_spans = join_parts(parts, ", ")
        try:
            return read_joined(reader, alternative, other_spans)
        except NotationError:
            pass
        raise


def _closers(raw: Sequence[Line]) -> list[bool]:
    """For each line, whether it or a line after it, before the next blank or ``+`` line, ends
    with ``|``: whether a row left open above it can still be completed there.

    Worked out once, so a run of rows that never close is given up on at once instead of
    being scanned to its end from each of its lines (which was quadratic)."""
    closes = [False] * (len(raw) + 1)
    for index in range(len(raw) - 1, -1, -1):
        text = raw[index].text.strip()
        if text and not text.startswith("+"):
            closes[index] = text.endswith("|") or closes[index + 1]
    return closes


def _complete_row(raw: Sequence[Line], index: int, closes: Sequence[bool]) -> tuple[str, int]:
    """A ``|`` row with the wrapped lines that complete it, and the index after them.

    Lines are joined while the row does not end with ``|``, and also while the next line is
    not a row or border of its own but ends with ``|`` (the row was wrapped just after a ``|``).
    """
    first = raw[index].text
    if not first.endswith("|") and not closes[index + 1]:
        return first, index + 1
    pieces, pipes, ends = [first], first.count("|"), first.endswith("|")
    look = index + 1
    while look < len(raw):
        following = raw[look].text.strip()
        padded_end = following == "|"  # the end of this row, wrapped onto a line of its own
        barrier = not following or following.startswith("+")
        complete = ends and pipes >= 2
        if not padded_end and (
            barrier or (complete and (following.startswith("|") or not following.endswith("|")))
        ):
            break
        pieces.append(following)
        pipes += following.count("|")
        ends = following.endswith("|")
        look += 1
    if not (ends and pipes >= 2):
        return first, index + 1
    return " ".join(pieces), look
