"""Mail text as the parsers see it: quote prefixes, CRLF, tabs and re-wrapped rows undone.

Players post from mail clients, which quote (``> ``), use CRLF, turn spaces into tabs and wrap
long lines. :func:`clean_lines` gives each line without those, remembering where it came from,
so an error still names the line and column the player sees in eir own mail.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, TypeVar

from referee.notation.errors import NotationError

_T = TypeVar("_T")

_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_QUOTE_FIRST = frozenset(" >")
"""What a line (tabs already spaces) starts with when :data:`_QUOTE` can match it."""
_NOT_PLAIN = frozenset(">" + "".join(chr(c) for c in range(0x3001) if chr(c).isspace()))
"""What a line starts with when it may carry a quote prefix or clean to nothing (every space
character is below U+3001); a line starting with anything else is kept as it is."""
_BOX = re.compile(r"[+|]")
_BARRIER = re.compile(r"[ +]")
"""In :func:`first_characters`, a line a wrapped row cannot go on past: blank, or a border."""
_LAST = operator.itemgetter(slice(-1, None))
_FIRST = operator.itemgetter(slice(1))
_TEXT = operator.itemgetter(2)


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


_LINE = functools.partial(tuple.__new__, Line)
"""Makes a :class:`Line` of a (number, offset, text, depth) tuple as ``Line._make`` does, without
a call into Python for each: a pasted page makes a quarter of a million of them."""


def clean_lines(text: str) -> list[Line]:
    """Split a posting into lines without quote prefixes, tabs (one space each) or trailing space.

    A table row that a mail client wrapped (it starts with ``|`` but does not end with one) is
    joined with the lines that complete it, and so is a titled border wrapped after its title.
    A run of blank lines at one quote depth is kept as its first line: every reader takes a
    blank line as the end of what is above it, and one is as good as many. Only a line that
    can start with a quote marker is matched for one, and only a row or border looks at the
    lines after it: the lines that need neither are found and kept a run at a time, so a long
    posting of short lines costs little more than its splitting.
    """
    written = text.splitlines()
    if "\t" in text or "\u00a0" in text or "\ufeff" in text:
        written = [
            w.replace("\t", " ").replace("\u00a0", " ").replace("\ufeff", "") for w in written
        ]
    return _joined(_unquoted(written, len(written)))


def _unquoted(written: list[str], count: int) -> list[Line]:
    """Each line without its quote prefix, a run of blank lines at one depth as one line.

    Empty lines are skipped at C speed (compress, filter); each gap they leave is one blank.
    A line that starts with neither a space nor ``>`` after no gap is kept as it is, and a run
    of such lines is made in one go; only the others are looked at one by one."""
    nonempty = list(filter(None, written))
    special = itertools.compress(
        itertools.count(), map(_NOT_PLAIN.__contains__, map(_FIRST, nonempty))
    )
    if len(nonempty) == len(written):  # no empty line: no gaps
        numbers = list(range(1, len(written) + 1))
        looked_at = list(special)
    else:
        numbers = list(itertools.compress(itertools.count(1), written))
        gaps = itertools.compress(  # where blank lines come before a line
            itertools.count(1), map((1).__ne__, map(operator.sub, numbers[1:], numbers))
        )
        looked_at = sorted({*special, *gaps, *([0] if numbers and numbers[0] > 1 else [])})
    raw: list[Line] = []
    append = raw.append
    blank_depth = -1  # the quote depth of the line kept last, when that line is blank
    previous = 0
    start = 0
    for at in [*looked_at, len(nonempty)]:
        if at > start:
            texts = map(str.rstrip, nonempty[start:at])
            raw += map(
                _LINE, zip(numbers[start:at], itertools.repeat(0), texts, itertools.repeat(0))
            )
            blank_depth, previous = -1, numbers[at - 1]
        if at == len(nonempty):
            break
        start = at + 1
        number, plain = numbers[at], nonempty[at]
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
    if count > previous and blank_depth != 0:
        append(Line(previous + 1, 0, ""))
    return raw


def _joined(raw: list[Line]) -> list[Line]:
    """The lines with wrapped rows and titled borders joined; only the lines that start with
    ``+`` or ``|`` are looked at, and the runs of lines between them are kept as they are."""
    joined: list[Line] = []
    keep = joined.append
    firsts = first_characters(raw)
    lasts = "".join(map(str.ljust, map(_LAST, map(_TEXT, raw)), itertools.repeat(1)))
    index, count = 0, len(raw)
    open_until, can_close = -1, False  # rows left open up to this line: can they be closed?
    while True:
        box = _BOX.search(firsts, index)
        if box is None:
            joined += raw[index:]
            return joined
        joined += raw[index : box.start()]
        index = box.start()
        line = raw[index]
        text = line.text
        first = text.lstrip()[:1]
        look = index + 1
        if first == "|" and not text.endswith("|"):
            if look > open_until:
                open_until, can_close = _closing(firsts, lasts, look)
            if not can_close:
                # Up to open_until no line is blank, a border or closes a row: all are kept.
                joined += raw[index:open_until]
                index = max(open_until, look)
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


def first_characters(lines: Sequence[Line]) -> str:
    """The first character (after any spaces) of each line's text, a space for a blank one:
    one character a line, so a scan for where a run of rows or borders ends, or for the next
    border, is a string search.

    Made by a chain of iterators that runs without a Python call for each line: a pasted page
    of rows is a quarter of a million of them."""
    firsts = map(_FIRST, map(str.lstrip, map(_TEXT, lines)))
    return "".join(map(str.ljust, firsts, itertools.repeat(1)))


def first_holding(lines: Sequence[Line], start: int, stop: int, text: str) -> int:
    """The index of the first line from ``start`` to ``stop`` whose text holds ``text``, or
    ``stop``."""
    texts = map(_TEXT, map(lines.__getitem__, range(start, stop)))
    found = map(operator.contains, texts, itertools.repeat(text))
    return next(itertools.compress(itertools.count(start), found), stop)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector off while a posting is read.

    A :class:`Line` is a tuple subclass, which the collector keeps tracking for as long as it
    lives (it stops tracking only plain tuples of atoms), so a pasted page of a quarter of a
    million short lines set off collections of the whole heap (the network, the action index)
    that cost more than the reading did. Reading makes no cycles worth collecting on the way,
    and the collector runs again at the first allocation after. When something else turned it
    off it is left off; reads in two threads at once at worst end the pause early."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


Span = tuple[int, Line, int]
"""Where a piece of joined text began: (index in the joined text, its line, 0-based column)."""


def join_parts(
    parts: Sequence[tuple[Line, int, str]], separator: str = " "
) -> tuple[str, list[Span]]:
    """Join the text of several rows (one list wrapped over them) with single spaces.

    With ``separator=", "`` each row is taken as ending its item, unless it ends in a comma.
    """
    pieces: list[str] = []
    spans: list[Span] = []
    length = 0
    for line, column, content in parts:
        if not content:
            continue
        if pieces:
            glue = " " if pieces[-1].endswith(",") else separator
            pieces.append(glue)
            length += len(glue)
        spans.append((length, line, column))
        pieces.append(content)
        length += len(content)
    return "".join(pieces), spans


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


def _closing(firsts: str, lasts: str, start: int) -> tuple[int, bool]:
    """Whether a row left open just before ``start`` can still be completed: whether a line
    from ``start`` on, before the next blank or ``+`` line, ends with ``|``; and the last line
    looked at. Every line from ``start`` to that one has the same answer, so a run of rows that
    never close is scanned once, not to its end from each of its lines (which was quadratic).
    The lines are scanned as their first and last characters (``firsts``, ``lasts``, a space
    for a blank line), by string searches that stop at the first blank or ``+`` line."""
    barrier = _BARRIER.search(firsts, start)
    stop = barrier.start() if barrier else len(firsts)
    close = lasts.find("|", start, stop)
    return (close, True) if close >= 0 else (stop, False)


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
