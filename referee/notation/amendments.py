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


Amendment = (
    SetPrice
    | SetActionCost
    | SetActionDuration
    | SetCurrent
    | AddGambit
    | Repeal
    | Enact
    | AmendText
)
"""One change a proposal makes to a game's rules."""

FREE_TEXT = (Enact, AmendText)
"""The amendments whose text the referee records but does not read."""

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
    "Park for 2Re.', 'Repeal rule 1.7.40.', 'Enact rule 1.4.41 \"Title\": text' or 'Amend "
    "rule 1.4.7 to read: text'"
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
        if kind == "repeal":
            return Repeal(found["rule"])
        if kind == "enact":
            return Enact(found["rule"], found["title"].strip(), _clean(found["text"]))
        return AmendText(found["rule"], _clean(found["text"]))
    raise AmendmentError(text, _SHAPES)


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
