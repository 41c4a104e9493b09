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

    def stripped(self) -> str:
        return self.text.strip()

    def column_of(self, index: int) -> int:
        """The 1-based column in the original line of ``text[index]``."""
        return self.offset + index + 1


def clean_lines(text: str) -> list[Line]:
    """Split a posting into lines without quote prefixes, tabs (one space each) or trailing space.

    A table row that a mail client wrapped (it starts with ``|`` but does not end with one) is
    joined with the lines that complete it.
    """
    raw: list[Line] = []
    for number, written in enumerate(text.splitlines(), start=1):
        plain = written.replace("\t", " ").replace("\u00a0", " ").replace("\ufeff", "")
        quote = _QUOTE.match(plain)
        offset = quote.end() if quote else 0
        raw.append(Line(number, offset, plain[offset:].rstrip()))
    joined: list[Line] = []
    index = 0
    while index < len(raw):
        line = raw[index]
        text_so_far = line.text
        if text_so_far.lstrip().startswith("|"):
            look = index + 1
            while not text_so_far.endswith("|") and look < len(raw) and raw[look].text.strip():
                following = raw[look].text.strip()
                if following.startswith(("+", "|")) and text_so_far.count("|") > 1:
                    break
                text_so_far += " " + following
                look += 1
            if text_so_far.endswith("|"):
                index = look
                joined.append(Line(line.number, line.offset, text_so_far))
                continue
        joined.append(line)
        index += 1
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
