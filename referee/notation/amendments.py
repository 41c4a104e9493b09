"""The amendments a proposal may carry, as typed values with their parse and render paired.

A nomic's players change its rules by proposal (ifMUD Nomic rules 6 and 10); the referee can
only follow a change it can read. ``rules/amendments.md`` is the grammar players type, one
amendment per line inside a proposal's text (anything else in the text is commentary):

- ``Amend rule 1.4.18: the price of Book is 20.`` (a line of the Emporium's price list)
- ``Amend rule 1.7.2: [Anti-Narg] costs 2Bk.`` and ``... [Anti-Narg] takes 5 minutes.`` (the
  index of Actions)
- ``Amend rule 1.19.1: the Current of Euston is 12.`` (a Station's Current)
- ``Add the Camden Shuffle Gambit to rule 1.18.2: Euston, Camden Town, Belsize Park for 2Re.``
- ``Repeal rule 1.7.40.``
- ``Enact rule 1.4.41 "Title": free text`` and ``Amend rule 1.4.7 to read: free text``: text
  the referee records and posts but does not adjudicate; it runs to the next blank line or
  the next amendment.

Parsing is pure and knows no table: whether a Possession, Action or Station exists, and
whether a rule may be changed, is the engine's question (:mod:`referee.engine.amended`).
``Amendment.parse(a.render()) == a`` for every amendment (tested under hypothesis).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

RULE_NUMBER = r"\d+(?:\.\d+)*"
"""A rule number: Volume 1's dotted 1.4.18, or an ifMUD-style plain 42."""

_VERB = re.compile(r"^\s*(?:[-*]\s+)?(Amend|Add|Repeal|Enact)\b", re.IGNORECASE)
_NUMBER = re.compile(rf"\brule\s+({RULE_NUMBER})\b", re.IGNORECASE)


class AmendmentError(ValueError):
    """A line that starts like an amendment but does not follow the grammar; the message
    quotes it and shows the form it should take."""

    def __init__(self, line: str, why: str) -> None:
        super().__init__(f"{line.strip()!r}: {why} (see rules/amendments.md)")
        self.line = line.strip()
        self.why = why

    @property
    def rule(self) -> str | None:
        """The rule number the line names, if any: an unreadable amendment of rule N is
        still a change to rule N."""
        found = _NUMBER.search(self.line)
        return found.group(1) if found else None


def _clean(text: str) -> str:
    """Free text as kept: each line stripped and blank lines dropped, so equal texts compare
    equal however the mail wrapped or indented them."""
    return "\n".join(line.strip() for line in text.strip().splitlines() if line.strip())


@dataclass(frozen=True)
class SetPrice:
    """Rule 1.4.18's price list: ``possession`` now costs ``price`` Bronze Tokens."""

    possession: str
    price: int
    rule: ClassVar[str] = "1.4.18"

    def render(self) -> str:
        return f"Amend rule {self.rule}: the price of {self.possession} is {self.price}."


@dataclass(frozen=True)
class SetActionCost:
    """Rule 1.7.2's index: the Action ``action`` now costs ``cost`` (the index's notation,
    ``2Re,1Bk``; ``nothing`` for free)."""

    action: str
    cost: str
    rule: ClassVar[str] = "1.7.2"

    def render(self) -> str:
        return f"Amend rule {self.rule}: [{self.action}] costs {self.cost or 'nothing'}."


@dataclass(frozen=True)
class SetActionDuration:
    """Rule 1.7.2's index: the Action ``action`` now takes ``minutes`` of Game Time."""

    action: str
    minutes: int
    rule: ClassVar[str] = "1.7.2"

    def render(self) -> str:
        unit = "minute" if self.minutes == 1 else "minutes"
        return f"Amend rule {self.rule}: [{self.action}] takes {self.minutes} {unit}."


@dataclass(frozen=True)
class SetCurrent:
    """Rule 1.19.1: the Station ``station`` now has a Current of ``current`` (a percentage
    the map otherwise derives from its distance to the Meridian)."""

    station: str
    current: int
    rule: ClassVar[str] = "1.19.1"

    def render(self) -> str:
        return f"Amend rule {self.rule}: the Current of {self.station} is {self.current}."


@dataclass(frozen=True)
class AddGambit:
    """Rule 1.18.2's list: a new Gambit (or Manoeuvre), rewarding ``cost``, whose ``steps``
    are each a Station's name, ``Quadrant N`` or a Station category, as written."""

    name: str
    word: str
    steps: tuple[str, ...]
    cost: str
    rule: ClassVar[str] = "1.18.2"

    def render(self) -> str:
        return (
            f"Add the {self.name} {self.word} to rule {self.rule}: "
            f"{', '.join(self.steps)} for {self.cost}."
        )


COLLECTION_EVENTS: dict[str, str] = {
    "zone pass": "a Move within a Zone Pass",
    "interchange": "moving to an Interchange with {lines} lines",
    "passed": "passing through {lines} Interchanges",
    "no line change": "a Move without a change of Line",
    "hat": "moving to a Station of the Worn Hat's type",
}
"""Rule 1.4.20's Events as an amendment names them, by the Token Collection table's row."""


@dataclass(frozen=True)
class SetCollectionBonus:
    """Rule 1.4.20's table: the Event ``event`` (a key of :data:`COLLECTION_EVENTS`; with
    ``lines`` for the two graded rows) now earns ``bonus`` (one colour's count, ``2Bu``)."""

    event: str
    lines: int
    bonus: str
    rule: ClassVar[str] = "1.4.20"

    def render(self) -> str:
        what = COLLECTION_EVENTS[self.event].format(lines=self.lines)
        return f"Amend rule {self.rule}: the bonus for {what} is {self.bonus}."


@dataclass(frozen=True)
class SetBuskingGain:
    """Rule 1.7.20's list: busking the way ``way`` (Yodeling or an instrument) now earns
    ``gain`` (fixed Tokens, ``2Bk,1Re``)."""

    way: str
    gain: str
    rule: ClassVar[str] = "1.7.20"

    def render(self) -> str:
        return f"Amend rule {self.rule}: {self.way} earns {self.gain}."


@dataclass(frozen=True)
class SetStackReward:
    """Rule 1.14.2's table: the six-Token ``sequence`` (bottom to top, as the table writes
    it) now earns ``reward`` (one colour's count; "" for nothing, leaving the table)."""

    sequence: tuple[str, ...]
    reward: str
    rule: ClassVar[str] = "1.14.2"

    def render(self) -> str:
        return (
            f"Amend rule {self.rule}: the sequence {' '.join(self.sequence)} earns "
            f"{self.reward or 'nothing'}."
        )


@dataclass(frozen=True)
class SetStackCapacity:
    """Rule 1.14.3: a Token Stack now holds at most ``tokens`` Tokens."""

    tokens: int
    rule: ClassVar[str] = "1.14.3"

    def render(self) -> str:
        return f"Amend rule {self.rule}: a Stack holds at most {self.tokens} Tokens."


@dataclass(frozen=True)
class SetStackLimit:
    """Rule 1.14.3's exceptions: a Stack at ``station`` has no limit (``unlimited``), or the
    usual one."""

    station: str
    unlimited: bool
    rule: ClassVar[str] = "1.14.3"

    def render(self) -> str:
        limit = "no limit" if self.unlimited else "the usual limit"
        return f"Amend rule {self.rule}: a Stack at {self.station} has {limit}."


HOLY_STATIONS = "Holy Stations"
"""Rule 1.13.5's first entry, every Holy Station at once."""

Schedule = tuple[tuple[str, tuple[str, ...]], ...]
"""Opening hours as an amendment writes them: (days, windows) pairs in order, each days one
of ``daily``, ``Mon-Sat``, ``Mon-Fri``, ``Sat``, ``Sun`` and each window ``all day``,
``Peak Hours`` or ``HHMM-HHMM``; empty for closed all week."""


def render_schedule(schedule: Schedule) -> str:
    if not schedule:
        return "closed"
    return ", ".join(f"{days} {' and '.join(windows)}" for days, windows in schedule)


@dataclass(frozen=True)
class SetOpening:
    """Rule 1.13.5's list: the Station ``place`` (``Turnham Green (PD)`` for one Line's
    platforms, or ``Holy Stations``) now opens by ``schedule`` (replacing its own)."""

    place: str
    schedule: Schedule
    rule: ClassVar[str] = "1.13.5"

    def render(self) -> str:
        many = self.place.casefold() == HOLY_STATIONS.casefold()
        if not self.schedule:
            return f"Amend rule {self.rule}: {self.place} {'are' if many else 'is'} closed."
        opens = "open" if many else "opens"
        return f"Amend rule {self.rule}: {self.place} {opens} {render_schedule(self.schedule)}."


@dataclass(frozen=True)
class SetSegmentOpening:
    """Rule 1.13.6's list: the Line Segment from ``start`` to ``end`` on ``line`` now opens
    by ``schedule``."""

    start: str
    end: str
    line: str
    schedule: Schedule
    rule: ClassVar[str] = "1.13.6"

    def render(self) -> str:
        segment = f"the Line Segment {self.start} to {self.end} ({self.line})"
        if not self.schedule:
            return f"Amend rule {self.rule}: {segment} is closed."
        return f"Amend rule {self.rule}: {segment} opens {render_schedule(self.schedule)}."


@dataclass(frozen=True)
class SetPeakHours:
    """Rule 1.13.6: Peak Hours are now ``days`` from ``start`` to ``end`` inclusive."""

    days: str
    start: str
    end: str
    rule: ClassVar[str] = "1.13.6"

    def render(self) -> str:
        return f"Amend rule {self.rule}: Peak Hours are {self.days} {self.start}-{self.end}."


@dataclass(frozen=True)
class SetFigure:
    """A figure rule ``rule`` names in its text (a ruleset's ``figures.toml``: rule 4.1.1.4's
    number of Fuse Counters, the colour of each Station Podume of rule 4.2.1.4) is now
    ``value``, a whole number or a Token colour."""

    rule: str
    name: str
    value: str

    def render(self) -> str:
        return f"Amend rule {self.rule}: the {self.name} is {self.value}."


@dataclass(frozen=True)
class Repeal:
    """The rule leaves the game; it keeps its number, shown as [REMOVED] (ifMUD rule 35)."""

    rule: str

    def render(self) -> str:
        return f"Repeal rule {self.rule}."


@dataclass(frozen=True)
class Enact:
    """A new rule, numbered one greater than the last of its section (ifMUD rule 9)."""

    rule: str
    title: str
    text: str

    def render(self) -> str:
        return f'Enact rule {self.rule} "{self.title}": {self.text}'


@dataclass(frozen=True)
class AmendText:
    """Rule ``rule`` now reads ``text``, which the referee records but cannot adjudicate."""

    rule: str
    text: str

    def render(self) -> str:
        return f"Amend rule {self.rule} to read: {self.text}"


TableAmendment = (
    SetCollectionBonus
    | SetBuskingGain
    | SetStackReward
    | SetStackCapacity
    | SetStackLimit
    | SetOpening
    | SetSegmentOpening
    | SetPeakHours
)
"""The amendments of a table the engine reads whole (rules 1.4.20, 1.7.20, 1.13.5, 1.13.6,
1.14.2 and 1.14.3)."""

Amendment = (
    SetPrice
    | SetActionCost
    | SetActionDuration
    | SetCurrent
    | AddGambit
    | TableAmendment
    | SetFigure
    | Repeal
    | Enact
    | AmendText
)
"""One change a proposal makes to a game's rules."""

_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"amend rule 1\.4\.18:\s*the price of (?P<possession>.+?) is (?P<price>\d+)\s*\.?",
            re.IGNORECASE,
        ),
        "price",
    ),
    (
        re.compile(
            r"amend rule 1\.7\.2:\s*\[(?P<action>[^\]]+)\] costs (?P<cost>[^.]+?)\s*\.?",
            re.IGNORECASE,
        ),
        "cost",
    ),
    (
        re.compile(
            r"amend rule 1\.7\.2:\s*\[(?P<action>[^\]]+)\] takes (?P<minutes>\d+) minutes?\s*\.?",
            re.IGNORECASE,
        ),
        "duration",
    ),
    (
        re.compile(
            r"amend rule 1\.19\.1:\s*the current of (?P<station>.+?) is (?P<current>\d+)\s*\.?",
            re.IGNORECASE,
        ),
        "current",
    ),
    (
        re.compile(
            r"add the (?P<name>.+?) (?P<word>Gambit|Manoeuvre) to rule 1\.18\.2:\s*"
            r"(?P<steps>.+?) for (?P<cost>[^.]+?)\s*\.?",
            re.IGNORECASE,
        ),
        "gambit",
    ),
    (
        re.compile(
            r"amend rule 1\.4\.20:\s*the bonus for (?P<event>.+?) is (?P<bonus>\d+\s*[A-Za-z]{2})"
            r"\s*\.?",
            re.IGNORECASE,
        ),
        "collection",
    ),
    (
        re.compile(
            r"amend rule 1\.7\.20:\s*(?P<way>.+?) earns (?P<gain>[^.]+?)\s*\.?", re.IGNORECASE
        ),
        "busking",
    ),
    (
        re.compile(
            r"amend rule 1\.14\.2:\s*the sequence (?P<sequence>[A-Za-z ]+?) earns "
            r"(?P<reward>\d+\s*[A-Za-z]{2}|nothing)\s*\.?",
            re.IGNORECASE,
        ),
        "stack reward",
    ),
    (
        re.compile(
            r"amend rule 1\.14\.3:\s*a stack holds at most (?P<tokens>\d+) tokens?\s*\.?",
            re.IGNORECASE,
        ),
        "capacity",
    ),
    (
        re.compile(
            r"amend rule 1\.14\.3:\s*a stack at (?P<station>.+?) has "
            r"(?P<limit>no limit|the usual limit)\s*\.?",
            re.IGNORECASE,
        ),
        "stack limit",
    ),
    (
        re.compile(
            r"amend rule 1\.13\.6:\s*peak hours are (?P<days>\S+) (?P<start>\d{4})-(?P<end>\d{4})"
            r"\s*\.?",
            re.IGNORECASE,
        ),
        "peak",
    ),
    (
        re.compile(
            r"amend rule 1\.13\.6:\s*the line segment (?P<start>.+?) to (?P<end>.+?) "
            r"\((?P<line>[A-Za-z]{2})\) (?:opens (?P<schedule>.+?)|is (?P<closed>closed))\s*\.?",
            re.IGNORECASE,
        ),
        "segment",
    ),
    (
        re.compile(
            r"amend rule 1\.13\.5:\s*(?P<place>.+?) "
            r"(?:opens? (?P<schedule>.+?)|(?:is|are) (?P<closed>closed))\s*\.?",
            re.IGNORECASE,
        ),
        "opening",
    ),
    (
        re.compile(
            rf"amend rule (?P<rule>{RULE_NUMBER}):\s*the (?P<name>.+?) is (?P<value>[^.\s]+)\s*\.?",
            re.IGNORECASE,
        ),
        "figure",
    ),
    (re.compile(rf"repeal rule (?P<rule>{RULE_NUMBER})\s*\.?", re.IGNORECASE), "repeal"),
    (
        re.compile(
            rf'enact rule (?P<rule>{RULE_NUMBER}) "(?P<title>[^"\n]+)":\s*(?P<text>.+)',
            re.IGNORECASE | re.DOTALL,
        ),
        "enact",
    ),
    (
        re.compile(
            rf"amend rule (?P<rule>{RULE_NUMBER}) to read:\s*(?P<text>.+)",
            re.IGNORECASE | re.DOTALL,
        ),
        "text",
    ),
)

_SHAPES = (
    "write one of: 'Amend rule 1.4.18: the price of Book is 20.', "
    "'Amend rule 1.7.2: [Anti-Narg] costs 2Bk.', 'Amend rule 1.7.2: [Anti-Narg] takes 5 "
    "minutes.', 'Amend rule 1.19.1: the Current of Euston is 12.', "
    "'Add the Camden Shuffle Gambit to rule 1.18.2: Euston, Camden Town, Belsize "
    "Park for 2Re.', 'Amend rule 1.4.20: the bonus for a Move within a Zone Pass is 2Br.', "
    "'Amend rule 1.7.20: Drum earns 3Bk.', 'Amend rule 1.14.2: the sequence Re Re Re Re Re Re "
    "earns 5Bu.', 'Amend rule 1.14.3: a Stack holds at most 8 Tokens.', 'Amend rule 1.14.3: "
    "a Stack at Bank has no limit.', 'Amend rule 1.13.5: Barbican opens Mon-Sat all day, Sun "
    "0800-2300.', 'Amend rule 1.13.6: the Line Segment Woodford to Hainault (CN) opens daily "
    "0500-2100.', 'Amend rule 1.13.6: Peak Hours are Mon-Fri 0700-1900.', 'Amend rule 4.1.1.4: "
    "the number of Fuse Counters is 8.', 'Repeal rule "
    "1.7.40.', 'Enact rule 1.4.41 \"Title\": text' or 'Amend rule 1.4.7 to read: text' "
    "(rules/amendments.md lists every form)"
)


def parse_amendment(text: str) -> Amendment:
    """One amendment, from its line (and, for free text, the lines that continue it)."""
    body = text.strip()
    marker = re.match(r"[-*]\s+", body)
    if marker:
        body = body[marker.end() :]
    for pattern, kind in _FORMS:
        match = pattern.fullmatch(body)
        if match is None:
            continue
        found = match.groupdict()
        if kind == "price":
            return SetPrice(" ".join(found["possession"].split()), int(found["price"]))
        if kind == "cost":
            cost = found["cost"].strip()
            return SetActionCost(
                " ".join(found["action"].split()), "" if cost.casefold() == "nothing" else cost
            )
        if kind == "duration":
            return SetActionDuration(" ".join(found["action"].split()), int(found["minutes"]))
        if kind == "current":
            return SetCurrent(" ".join(found["station"].split()), int(found["current"]))
        if kind == "gambit":
            steps = tuple(" ".join(s.split()) for s in found["steps"].split(","))
            if any(not s for s in steps):
                raise AmendmentError(text, "a Gambit lists its steps separated by commas")
            word = found["word"].capitalize()
            return AddGambit(" ".join(found["name"].split()), word, steps, found["cost"].strip())
        if kind in _TABLE_FORMS:
            return _TABLE_FORMS[kind](text, found)
        if kind == "repeal":
            return Repeal(found["rule"])
        if kind == "enact":
            return Enact(found["rule"], found["title"].strip(), _clean(found["text"]))
        return AmendText(found["rule"], _clean(found["text"]))
    raise AmendmentError(text, _SHAPES)


def _words(text: str) -> str:
    return " ".join(text.split())


def _count(text: str, error: str, line: str) -> str:
    """One colour's count as the tables write it (``2Bu``), from ``2 bu`` or ``2Bu``."""
    match = re.fullmatch(r"(\d+)\s*([A-Za-z]{2})", text.strip())
    codes = {code.casefold(): code for code in _CODES}
    if match is None or match.group(2).casefold() not in codes:
        raise AmendmentError(line, error)
    return f"{int(match.group(1))}{codes[match.group(2).casefold()]}"


_CODES = ("Bk", "Bu", "Br", "Go", "Gr", "Re", "Si")
"""The Token Table's colour codes (rule 1.4.1), as the tables write them."""

_EVENTS = (
    (re.compile(r"a move within a zone pass", re.I), "zone pass"),
    (re.compile(r"moving to an interchange with (\d+) lines?", re.I), "interchange"),
    (re.compile(r"passing through (\d+) interchanges?", re.I), "passed"),
    (re.compile(r"a move without a change of line", re.I), "no line change"),
    (re.compile(r"moving to a station of the worn hat's type", re.I), "hat"),
)


def _collection(line: str, found: dict[str, str]) -> Amendment:
    event = _words(found["event"])
    for pattern, key in _EVENTS:
        match = pattern.fullmatch(event)
        if match is not None:
            lines = int(match.group(1)) if match.groups() else 0
            bonus = _count(found["bonus"], "a bonus is one colour's count, like 2Bu", line)
            return SetCollectionBonus(key, lines, bonus)
    events = "; ".join(v.format(lines="N") for v in COLLECTION_EVENTS.values())
    raise AmendmentError(line, f"rule 1.4.20's Events are: {events}")


def _busking(line: str, found: dict[str, str]) -> Amendment:
    return SetBuskingGain(_words(found["way"]), found["gain"].replace(" ", ""))


def _stack_reward(line: str, found: dict[str, str]) -> Amendment:
    codes = {code.casefold(): code for code in _CODES}
    words = found["sequence"].split()
    if not words or any(w.casefold() not in codes for w in words):
        why = "a sequence is Token codes bottom to top, like Re Gr Re Gr Re Gr"
        raise AmendmentError(line, why)
    reward = found["reward"]
    why = "a reward is one colour's count, like 4Bu, or nothing"
    return SetStackReward(
        tuple(codes[w.casefold()] for w in words),
        "" if reward.casefold() == "nothing" else _count(reward, why, line),
    )


_DAYS = {"daily": "daily", "mon-sat": "Mon-Sat", "mon-fri": "Mon-Fri", "sat": "Sat", "sun": "Sun"}
_WINDOW = re.compile(r"all day|peak hours|\d{4}-\d{4}", re.I)


def _schedule(line: str, found: dict[str, str]) -> Schedule:
    """Opening hours as :data:`Schedule` from ``Mon-Sat all day, Sun 0800-2300``."""
    if found.get("closed"):
        return ()
    why = (
        "write hours as days and windows, like 'Mon-Sat all day, Sun 0800-2300' (days: daily, "
        "Mon-Sat, Mon-Fri, Sat, Sun; windows: all day, Peak Hours or HHMM-HHMM joined by 'and')"
    )
    schedule: list[tuple[str, tuple[str, ...]]] = []
    for part in found["schedule"].split(","):
        days, _, rest = part.strip().partition(" ")
        windows = tuple(w.strip() for w in re.split(r"\s+and\s+", rest.strip(), flags=re.I))
        if days.casefold() not in _DAYS or not all(_WINDOW.fullmatch(w) for w in windows):
            raise AmendmentError(line, why)
        canonical = tuple(
            "all day" if w.casefold() == "all day" else "Peak Hours" if w[0].isalpha() else w
            for w in windows
        )
        schedule.append((_DAYS[days.casefold()], canonical))
    return tuple(schedule)


def _opening(line: str, found: dict[str, str]) -> Amendment:
    return SetOpening(_words(found["place"]), _schedule(line, found))


def _segment(line: str, found: dict[str, str]) -> Amendment:
    return SetSegmentOpening(
        _words(found["start"]), _words(found["end"]), found["line"].upper(), _schedule(line, found)
    )


def _peak(line: str, found: dict[str, str]) -> Amendment:
    if found["days"].casefold() not in _DAYS:
        raise AmendmentError(line, "Peak Hours' days are daily, Mon-Sat, Mon-Fri, Sat or Sun")
    return SetPeakHours(_DAYS[found["days"].casefold()], found["start"], found["end"])


_TABLE_FORMS: dict[str, Callable[[str, dict[str, str]], Amendment]] = {
    "collection": _collection,
    "busking": _busking,
    "stack reward": _stack_reward,
    "capacity": lambda line, found: SetStackCapacity(int(found["tokens"])),
    "stack limit": lambda line, found: SetStackLimit(
        _words(found["station"]), found["limit"].casefold() == "no limit"
    ),
    "opening": _opening,
    "segment": _segment,
    "peak": _peak,
    "figure": lambda line, found: SetFigure(found["rule"], _words(found["name"]), found["value"]),
}
"""How the forms of rules 1.4.20, 1.7.20, 1.13.5, 1.13.6, 1.14.2 and 1.14.3, and of a
ruleset's figures, become values."""


def amendment_paragraphs(text: str) -> list[str]:
    """The amendments' texts in a proposal: each starts at a line opening with Amend, Add,
    Repeal or Enact; free text continues it until a blank line or the next amendment, and
    every other line is commentary the referee leaves alone."""
    found: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if _VERB.match(line):
            current = [line]
            found.append("")
        elif not line.strip():
            current = None
        elif current is not None and _free(current[0]):
            current.append(line)
        else:
            current = None
        if current is not None:
            found[-1] = "\n".join(current)
    return found


def _free(first: str) -> bool:
    return bool(re.match(r"\s*(?:[-*]\s+)?(enact\b|amend rule \S+ to read\b)", first, re.I))


def parse_amendments(text: str) -> tuple[Amendment, ...]:
    """Every amendment of a proposal's text, in order (AmendmentError on the first line that
    opens like one but does not follow the grammar)."""
    return tuple(parse_amendment(paragraph) for paragraph in amendment_paragraphs(text))


def render_amendments(amendments: tuple[Amendment, ...]) -> str:
    """The amendments as a proposal would carry them, one paragraph each."""
    return "\n\n".join(a.render() for a in amendments)


@dataclass(frozen=True)
class Change:
    """One enactment, as the store keeps it: the game's rules version it made, the proposal
    (or the Speaker's correction) it came from, when it took effect and its text."""

    version: int
    proposal: str
    at: datetime
    text: str
