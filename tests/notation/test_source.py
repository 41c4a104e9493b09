"""clean_lines and the reader's patterns against the line-by-line readings they replaced.

Reading had to become linear in the posting (bench/reading.py) without reading anything
differently. The references below are the earlier code, kept here (not in the package) as the
meaning the fast path must keep: hypothesis draws postings from the pieces that matter to them
(quotes, rows, borders, blanks, tabs, wrapped rows) and compares.
"""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation import gsd
from referee.notation.boxes import box_title
from referee.notation.errors import NotationError
from referee.notation.gsd import _newest_gsd, _Reader, read_posting
from referee.notation.source import Line, clean_lines
from tests.notation import strategies as gen

_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")

Raw = tuple[int, int, str, int]


def reference_clean_lines(text: str) -> list[Raw]:
    """clean_lines as it was: every line cleaned, a scan of what follows from every row."""
    raw: list[Raw] = []
    for number, written in enumerate(text.splitlines(), start=1):
        plain = written.replace("\t", " ").replace("\u00a0", " ").replace("\ufeff", "")
        quote = _QUOTE.match(plain)
        offset = quote.end() if quote else 0
        depth = quote.group(0).count(">") if quote else 0
        raw.append((number, offset, plain[offset:].rstrip(), depth))
    closes = [False] * (len(raw) + 1)
    for index in range(len(raw) - 1, -1, -1):
        stripped = raw[index][2].strip()
        if stripped and not stripped.startswith("+"):
            closes[index] = stripped.endswith("|") or closes[index + 1]
    joined: list[Raw] = []
    index = 0
    while index < len(raw):
        number, offset, line, depth = raw[index]
        look = index + 1
        if line.lstrip().startswith("+") and not line.endswith("+"):
            if look < len(raw) and raw[look][2].lstrip().startswith("-"):
                line, look = f"{line} {raw[look][2].strip()}", look + 1
        elif line.lstrip().startswith("|"):
            line, look = _reference_row(raw, index, closes)
        joined.append((number, offset, line, depth))
        index = look
    return joined


def _reference_row(raw: list[Raw], index: int, closes: list[bool]) -> tuple[str, int]:
    first = raw[index][2]
    if not first.endswith("|") and not closes[index + 1]:
        return first, index + 1
    pieces, pipes, ends = [first], first.count("|"), first.endswith("|")
    look = index + 1
    while look < len(raw):
        following = raw[look][2].strip()
        padded_end = following == "|"
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


def _one_blank_a_run(lines: list[Raw]) -> list[Raw]:
    """What clean_lines keeps of the reference's lines: a run of blank lines at one depth is
    its first line."""
    kept: list[Raw] = []
    for line in lines:
        if not line[2] and kept and not kept[-1][2] and kept[-1][3] == line[3]:
            continue
        kept.append(line)
    return kept


PIECES = [
    "",
    " ",
    "  ",
    "\t",
    "\u00a0",
    "\ufeff",
    ">",
    "> ",
    ">>",
    " > ",
    ">\t",
    "|",
    "| ",
    " |",
    "x",
    "Rushton",
    ":",
    "+",
    "+--",
    "--+",
    "-",
    "- Disruptions -",
    "12",
    "{",
    "}",
    "\r",
    "\r\n",
    "\x0b",
    "\u2028",
]
postings = st.lists(st.lists(st.sampled_from(PIECES), max_size=6).map("".join), max_size=30).map(
    "\n".join
)


@settings(max_examples=600, deadline=None)
@given(postings)
def test_clean_lines_reads_as_the_line_by_line_reading(text: str) -> None:
    assert [tuple(line) for line in clean_lines(text)] == _one_blank_a_run(
        reference_clean_lines(text)
    )


def _outcome(lines: list[Line]) -> object:
    try:
        return _Reader(_newest_gsd(lines), None, ["Rushton", "Cryer"]).read()
    except NotationError as error:
        return (error.reason, error.line, error.column)


def _as_read(text: str) -> object:
    try:
        return read_posting(text, players=["Rushton", "Cryer"])
    except NotationError as error:
        return (error.reason, error.line, error.column)


@st.composite
def spaced_gsds(draw: st.DrawFn) -> str:
    """A GSD (with a play appended, or quoted, or neither) with blank lines added anywhere."""
    lines = draw(gen.gsds(max_plays=3)).render().split("\n")
    if draw(st.booleans()):
        lines.append("Rushton : [LV+3] Mornington")
        lines.append("Crescent (NT via: VC)")
    prefix = draw(st.sampled_from(["", "> ", ">> "]))
    for _ in range(draw(st.integers(0, 8))):
        at = draw(st.integers(0, len(lines)))
        blank = draw(st.sampled_from(["", " ", ">", "> ", "\t"]))
        lines[at:at] = [blank] * draw(st.integers(1, 3))
    return "\n".join(prefix + line for line in lines)


@settings(max_examples=150, deadline=None)
@given(st.one_of(spaced_gsds(), postings))
def test_1_2_0_a_run_of_blank_lines_reads_as_every_blank_line_of_it(text: str) -> None:
    """The reader given every line (as before) and given one blank line a run (as now) reads
    the same GSD, plays and errors, to the line and column."""
    every = [Line(*line) for line in reference_clean_lines(text)]
    assert _as_read(text) == _outcome(every)


def test_the_reader_tries_a_line_wherever_its_pattern_could_match_it() -> None:
    """The reader skips its header, label and key patterns on a line whose first character
    none of their words can start with; case-insensitive matching must not reach a character
    outside the sets it checks (as the Kelvin sign reaches k)."""
    firsts = {
        gsd._HEADER_FIRST: "m",
        gsd._LABEL_FIRST: "tldp",
        gsd._KEY_FIRST: "gtwcb",
    }
    for allowed, letters in firsts.items():
        pattern = re.compile(f"[{letters}]", re.IGNORECASE)
        reached = {chr(c) for c in range(sys.maxunicode + 1) if pattern.fullmatch(chr(c))}
        assert reached <= allowed, reached - allowed
    words = {
        gsd._HEADER: ["Mornington Crescent - Game 1 - Turn 2"],
        gsd._LABEL: ["Token Stacks", "Luggage Rack", "Lost & Found", "Disruptions", "Plays"],
        gsd._KEY: ["Game Time: x", "Time: x", "Wild: x", "Courier Pickup: x", "Bridges: Up"],
    }
    for pattern, examples in words.items():
        for example in examples:
            assert pattern.match(example), example
    assert {e[0] for e in words[gsd._LABEL]} <= gsd._LABEL_FIRST
    assert {e[0] for e in words[gsd._KEY]} <= gsd._KEY_FIRST


OLD_HEADER = re.compile(
    r"^mornington\s+crescent\b.*?\bgame\s*(?:no\.?|number|#)?\s*(?P<game>\d+)"
    r".*?\bturn\s*(?:no\.?|number|#)?\s*(?P<turn>\d+)"
    r"(?:.*?\bstate\s*:?\s*(?P<hash>[0-9a-fA-F]{4,64}))?",
    re.I,
)
OLD_KEY = re.compile(
    r"^(?P<key>game\s*time|time|wild(?:\s*stations?)?|courier\s*pick\s*-?\s*up(?:\s*station)?"
    r"|courier\s*destination(?:\s*station)?|bridges)\s*:\s*(?P<value>.*)$",
    re.I,
)
OLD_LABEL = re.compile(
    r"^(?P<label>token\s*stacks?|luggage(?:\s*rack)?|lost\s*(?:&|and)\s*found|disruptions"
    r"|disrupted\s*services|plays)\s*:?\s*$",
    re.I,
)

HEADER_PIECES = [
    "Mornington Crescent",
    "mornington  crescent",
    " ",
    "  ",
    "-",
    "game",
    "Game",
    "turn",
    "TURN",
    "state",
    "State:",
    "no.",
    "no",
    "number",
    "#",
    "12",
    "7",
    "1a2b3c4d",
    "abcd",
    "x",
    ":",
    "gameturn",
    "stated",
]
KEY_PIECES = [
    "courier",
    "pick",
    "up",
    "-",
    " ",
    "  ",
    "station",
    "wild",
    "stations",
    "game",
    "time",
    "bridges",
    ":",
    "Up",
    "token",
    "stacks",
    "luggage",
    "rack",
    "lost",
    "&",
    "and",
    "found",
    "plays",
    "disruptions",
    "x",
]


@st.composite
def header_lines(draw: st.DrawFn) -> str:
    """Header-shaped lines (game, turn and state in order, each with its optional words),
    then pieces inserted, dropped or repeated, so near misses are drawn as often as hits."""
    spaces = st.sampled_from(["", " ", "  ", " - "])
    words = st.sampled_from(["", "no.", "No", "number", "#", "nr"])
    parts = [draw(st.sampled_from(["Mornington Crescent", "mornington  crescent", "x"]))]
    for word in ("game", "turn"):
        parts += [draw(spaces), word, draw(spaces), draw(words), draw(spaces)]
        parts.append(draw(st.sampled_from(["12", "7", "", "x"])))
    if draw(st.booleans()):
        parts += [draw(spaces), "state", draw(st.sampled_from(["", ":", " :"])), draw(spaces)]
        parts.append(draw(st.sampled_from(["1a2b3c4d", "abc", "ABCDEF0", "g1"])))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(parts)))
        kind = draw(st.sampled_from(["insert", "drop", "repeat"]))
        if kind == "insert":
            parts.insert(at, draw(st.sampled_from(HEADER_PIECES)))
        elif parts[at:]:
            parts[at : at + 1] = [] if kind == "drop" else [parts[at]] * 2
    return "".join(parts)


@settings(max_examples=1500, deadline=None)
@given(
    st.one_of(header_lines(), st.lists(st.sampled_from(HEADER_PIECES), max_size=14).map("".join))
)
def test_1_2_0_the_header_pattern_reads_as_before(text: str) -> None:
    old, new = OLD_HEADER.match(text), gsd._HEADER.match(text)
    assert (old and old.groupdict()) == (new and new.groupdict())


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(KEY_PIECES), max_size=10).map("".join))
def test_1_2_0_the_key_and_label_patterns_read_as_before(text: str) -> None:
    for old, new in ((OLD_KEY, gsd._KEY), (OLD_LABEL, gsd._LABEL)):
        before, after = old.match(text), new.match(text)
        assert (before and before.groupdict()) == (after and after.groupdict())


def test_1_2_0_a_huge_header_line_with_no_turn_is_no_header() -> None:
    """A line of repeated 'game 12' (no turn) is not a GSD header; read in one pass
    (bench/reading.py, 'header line')."""
    line = "Mornington Crescent " + "game 12 " * 20_000
    assert gsd._HEADER.match(line) is None
    posting = read_posting(f"{line}\nRushton : [LV+3] Mornington Crescent (NT via: VC)\n")
    assert posting.gsd is None and len(posting.plays) == 1


OLD_TITLED = re.compile(r"^\+\s*-*\s*(?P<title>[A-Za-z&][A-Za-z&' ]*?)\s*-+\s*\+?$")
"""The titled border as it was matched, lazily (quadratic in a run of spaces)."""


@st.composite
def borders(draw: st.DrawFn) -> str:
    """Titled borders as drawn and as mangled: words, spaces, tabs and dashes around them."""
    gaps = st.sampled_from(["", " ", "  ", "\t", "-", "--", " - "])
    words = st.lists(st.sampled_from(["Lost", "&", "Found", "Player's", "A", "1", "x-y"]),
                     min_size=1, max_size=3)  # fmt: skip
    title = draw(st.sampled_from([" ", "  ", " \t"])).join(draw(words))
    return "".join(
        [draw(st.sampled_from(["+", " +", "x"])), draw(gaps), title, draw(gaps),
         draw(st.sampled_from(["-", "---", ""])), draw(gaps), draw(st.sampled_from(["+", ""]))]
    )  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.one_of(borders(), st.lists(
    st.sampled_from(["+", "-", "--", " ", "  ", "\t", "A", "Lost", "&", "'", "1"]), max_size=12
).map("".join)))  # fmt: skip
def test_1_2_2_a_titled_border_is_read_as_before(text: str) -> None:
    before = OLD_TITLED.match(text.strip())
    assert box_title(text) == (before.group("title").strip() if before else None)
