"""Mail text as the parsers see it: quote prefixes, CRLF, tabs and re-wrapped rows undone.

Players post from mail clients, which quote (``> ``), use CRLF, turn spaces into tabs and wrap
long lines. :func:`clean_lines` gives each line without those, remembering where it came from,
so an error still names the line and column the player sees in eir own mail.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from referee.notation.errors import NotationError

_T = TypeVar("_T")

_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_QUOTE_FIRST = frozenset(" >")
"""What a line (tabs already spaces) starts with when :data:`_QUOTE` can match it."""


class Line(NamedTuple):
    """One line of the posting: its 1-based number and the column its cleaned text starts at.

    A named tuple rather than a frozen dataclass: a posting of a million short lines makes a
    million of them, and a tuple is made in well under half the time."""

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
    A run of blank lines at one quote depth is kept as its first line: every reader takes a
    blank line as the end of what is above it, and one is as good as many. Only a line that
    can start with a quote marker is matched for one, and only a row or border looks at the
    lines after it: a long posting costs little more than its splitting.
    """
    written = text.splitlines()
    if "\t" in text or "\u00a0" in text or "\ufeff" in text:
        written = [
            w.replace("\t", " ").replace("\u00a0", " ").replace("\ufeff", "") for w in written
        ]
    raw: list[Line] = []
    append = raw.append
    blank_depth = -1  # the quote depth of the line kept last, when that line is blank
    previous = 0
    # Empty lines are skipped at C speed (compress, filter); each gap they leave is one blank.
    numbers = itertools.compress(itertools.count(1), written)
    for number, plain in zip(numbers, filter(None, written), strict=True):
        if number > previous + 1 and blank_depth != 0:
            append(Line(previous + 1, 0, ""))
            blank_depth = 0
        previous = number
        if plain[:1] in _QUOTE_FIRST and (quote := _QUOTE.match(plain)):
            offset, cleaned = quote.end(), plain[quote.end() :].rstrip()
            depth = quote.group(0).count(">")
        else:
            offset, cleaned, depth = 0, plain.rstrip(), 0
        if cleaned or blank_depth != depth:
            append(Line(number, offset, cleaned, depth))
        blank_depth = -1 if cleaned else depth
    if len(written) > previous and blank_depth != 0:
        append(Line(previous + 1, 0, ""))
    joined: list[Line] = []
    keep = joined.append
    index, count = 0, len(raw)
    open_until, can_close = -1, False  # rows left open up to this line: can they be closed?
    while index < count:
        line = raw[index]
        text = line.text
        first = text[:1]
        if first.isspace():
            first = text.lstrip()[:1]
        look = index + 1
        if first == "|" and not text.endswith("|"):
            if look > open_until:
                open_until, can_close = _closing(raw, look)
            if not can_close:
                # Up to open_until no line is blank, a border or closes a row: all are kept.
                joined += raw[index:open_until]
                index = max(open_until, look)
                continue
        if first != "+" and first != "|":
            keep(line)
            index = look
            continue
        if first == "+" and not text.endswith("+"):
            # A titled border ('+- Disruptions ---+') wrapped after its title.
            if look < count and raw[look].text.lstrip().startswith("-"):
                text, look = f"{text} {raw[look].text.strip()}", look + 1
        elif first == "|":
            text, look = _complete_row(raw, index)
        if text is not line.text:
            line = Line(line.number, line.offset, text, line.depth)
        keep(line)
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


def _closing(raw: Sequence[Line], start: int) -> tuple[int, bool]:
    """Whether a row left open just before ``start`` can still be completed: whether a line
    from ``start`` on, before the next blank or ``+`` line, ends with ``|``; and the last line
    looked at. Every line from ``start`` to that one has the same answer, so a run of rows that
    never close is scanned once, not to its end from each of its lines (which was quadratic)."""
    look = start
    while look < len(raw):
        text = raw[look].text.strip()
        if not text or text.startswith("+"):
            return look, False
        if text.endswith("|"):
            return look, True
        look += 1
    return look, False


def _complete_row(raw: Sequence[Line], index: int) -> tuple[str, int]:
    """A ``|`` row with the wrapped lines that complete it, and the index after them.

    Lines are joined while the row does not end with ``|``, and also while the next line is
    not a row or border of its own but ends with ``|`` (the row was wrapped just after a ``|``).
    The caller has found that a row left open can be completed (:func:`_closing`).
    """
    first = raw[index].text
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
