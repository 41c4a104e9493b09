"""Statements of intent (ifMUD rules 146 and 147): a posting written now to take effect later,
perhaps only if the game is then in a stated state.

Pure notation and judgement, for every kind of game: :meth:`Statement.parse` reads the first
lines of a message (``At 2026-11-26 18:00:`` or ``In 3 hours:``, then optionally ``If
<condition>:``), and :meth:`Statement.render` writes them back the same way; a
:class:`Condition` is judged by :func:`holds` against :class:`Facts`, which the service
gathers from the store at the moment the intent falls due. What the posting itself means is
left to whatever would have read it had it been posted then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from referee.chamber.errors import ChamberError
from referee.chamber.proposals import Standing
from referee.quoting import excerpt

_WHEN_LINE = re.compile(r"(?i)^\s*+(at|in)\s++((?:.*\S)?)\s*:\s*$")
_IF_LINE = re.compile(r"(?i)^\s*+if\s++((?:.*\S)?)\s*:\s*$")
"""The words run to the last non-space before the line's closing colon. Written so a line is
matched in one pass: a lazy run before optional spaces, after spaces that could be given
back, took time cubic in a first line of spaces (every message is asked whether it is a
statement of intent)."""
_AT = re.compile(r"(?i)^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2})(?:\s*utc)?$")
_SPAN = re.compile(
    r"(?i)(?<!\d)(\d++)\s*+(minute|minutes|min|hour|hours|h|day|days|d|week|weeks)\b"
)
"""A number and its unit; a number is tried from its first digit only (tried from each of
its digits, a long number took quadratic time)."""
_UNITS = {
    "minute": "minutes", "minutes": "minutes", "min": "minutes",
    "hour": "hours", "hours": "hours", "h": "hours",
    "day": "days", "days": "days", "d": "days",
    "week": "weeks", "weeks": "weeks",
}  # fmt: skip

GRAMMAR = (
    "proposal NAME is open|ratified|in effect|dead|expired; it is my turn; it is not my turn; "
    "turn N has been played; NAME has voted on PROPOSAL"
)
"""The conditions a statement may carry (ifMUD rule 147), as a player is told them."""


def is_statement(text: str) -> bool:
    """Whether ``text`` begins as a statement of intent: a first line ``At ...:`` or ``In
    ...:`` ending in a colon (a line a turn or command never is)."""
    first = text.strip().split("\n", 1)[0]
    return _WHEN_LINE.match(first) is not None


@dataclass(frozen=True)
class When:
    """When a statement takes effect: a moment (``At``, UTC) or a span after posting (``In``)."""

    at: datetime | None = None
    after: timedelta | None = None

    @classmethod
    def parse(cls, word: str, rest: str) -> When:
        if word.lower() == "at":
            match = _AT.match(rest.strip())
            if match is None:
                raise ChamberError(
                    146, f"'At {rest}' is not a time; write it as 'At 2026-11-26 18:00:' (UTC)"
                )
            try:
                moment = datetime.strptime(f"{match[1]} {match[2]}", "%Y-%m-%d %H:%M")
            except ValueError:
                raise ChamberError(
                    146, f"'{excerpt(rest)}' is not a date and time of the calendar"
                ) from None
            return cls(at=moment)
        spans = _SPAN.findall(rest)
        if not spans or _SPAN.sub("", rest).replace("and", "").strip(" ,"):
            raise ChamberError(
                146,
                f"'In {rest}' is not a span of time; write e.g. 'In 3 hours:' or "
                "'In 2 days 4 hours:'",
            )
        total = timedelta()
        for amount, unit in spans:
            total += timedelta(**{_UNITS[unit.lower()]: int(amount)})
        if not total:
            raise ChamberError(
                146, "a statement of intent in advance needs a span longer than nothing"
            )
        return cls(after=total)

    def render(self) -> str:
        if self.at is not None:
            return f"At {self.at:%Y-%m-%d %H:%M}:"
        assert self.after is not None
        minutes = int(self.after.total_seconds()) // 60
        days, rest = divmod(minutes, 24 * 60)
        hours, minutes = divmod(rest, 60)
        parts = [
            f"{n} {unit if n == 1 else unit + 's'}"
            for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute"))
            if n
        ]
        return f"In {' '.join(parts)}:"

    def due(self, posted_at: datetime) -> datetime:
        """The moment the statement takes effect, for one posted at ``posted_at``."""
        if self.at is not None:
            return self.at
        assert self.after is not None
        return posted_at + self.after


class Ask(StrEnum):
    """What a condition asks of the game (ifMUD rule 147)."""

    PROPOSAL = "proposal"
    MY_TURN = "my turn"
    NOT_MY_TURN = "not my turn"
    TURN_PLAYED = "turn played"
    VOTED = "voted"


_STANDING = r"(open|ratified|in effect|dead|expired)"
_CONDITIONS = (
    (Ask.PROPOSAL, re.compile(rf"(?i)^proposal\s+(.+?)\s+is\s+{_STANDING}$")),
    (Ask.NOT_MY_TURN, re.compile(r"(?i)^it\s+is\s+not\s+my\s+turn$")),
    (Ask.MY_TURN, re.compile(r"(?i)^it\s+is\s+my\s+turn$")),
    (Ask.TURN_PLAYED, re.compile(r"(?i)^turn\s+(\d+)\s+has\s+been\s+played$")),
    (Ask.VOTED, re.compile(r"(?i)^(.+?)\s+has\s+voted\s+on\s+(.+)$")),
)  # fmt: skip


@dataclass(frozen=True)
class Condition:
    """One condition on the state of the game when a statement falls due (rule 147).

    ``subject`` is the proposal's name (``PROPOSAL``, ``VOTED``); ``value`` the standing asked
    for (``PROPOSAL``), the turn's number (``TURN_PLAYED``) or the voter (``VOTED``).
    """

    test: Ask
    subject: str = ""
    value: str = ""

    @classmethod
    def parse(cls, text: str) -> Condition:
        words = " ".join(text.split())
        for test, pattern in _CONDITIONS:
            match = pattern.match(words)
            if match is None:
                continue
            if test is Ask.PROPOSAL:
                return cls(test, match[1], match[2].lower())
            if test is Ask.TURN_PLAYED:
                return cls(test, value=str(int(match[1])))
            if test is Ask.VOTED:
                return cls(test, match[2], match[1])
            return cls(test)
        raise ChamberError(
            147,
            f"'If {words}:' is not a condition the referee can read; the conditions are: {GRAMMAR}",
        )

    def render(self) -> str:
        match self.test:
            case Ask.PROPOSAL:
                return f"proposal {self.subject} is {self.value}"
            case Ask.MY_TURN:
                return "it is my turn"
            case Ask.NOT_MY_TURN:
                return "it is not my turn"
            case Ask.TURN_PLAYED:
                return f"turn {self.value} has been played"
            case Ask.VOTED:
                return f"{self.value} has voted on {self.subject}"


@dataclass(frozen=True)
class Statement:
    """A statement of intent as posted: when, on what condition, and the posting itself."""

    when: When
    posting: str
    condition: Condition | None = None

    @classmethod
    def parse(cls, text: str) -> Statement:
        """Read a statement, or raise :class:`ChamberError` saying what to fix."""
        lines = text.strip().splitlines()
        first = _WHEN_LINE.match(lines[0]) if lines else None
        if first is None:
            raise ChamberError(
                146, "begin a statement of intent with 'At 2026-11-26 18:00:' or 'In 3 hours:'"
            )
        when = When.parse(first[1], first[2])
        rest = lines[1:]
        condition = None
        if rest and re.match(r"(?i)^\s*if\b", rest[0]):
            matched = _IF_LINE.match(rest[0])
            if matched is None:
                raise ChamberError(
                    147, "end the condition's line with a colon: 'If it is my turn:'"
                )
            condition = Condition.parse(matched[1])
            rest = rest[1:]
        posting = "\n".join(rest).strip()
        if not posting:
            raise ChamberError(146, "write what you intend below the line that says when")
        return cls(when, posting, condition)

    def render(self) -> str:
        lines = [self.when.render()]
        if self.condition is not None:
            lines.append(f"If {self.condition.render()}:")
        return "\n".join([*lines, self.posting])


@dataclass(frozen=True)
class Facts:
    """What a condition may ask, as the game stands when the statement falls due.

    ``proposals`` maps each proposal's folded name to its standing and the players who have
    voted on it; None when the game has no chamber.
    """

    player: str
    turns_played: int
    owes_turn: bool
    proposals: Mapping[str, tuple[Standing, frozenset[str]]] | None


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def holds(condition: Condition, facts: Facts) -> tuple[bool, str]:
    """Whether ``condition`` holds of ``facts``, and a sentence saying what was found."""
    match condition.test:
        case Ask.MY_TURN | Ask.NOT_MY_TURN:
            found = "it was your turn" if facts.owes_turn else "it was not your turn"
            return facts.owes_turn is (condition.test is Ask.MY_TURN), found
        case Ask.TURN_PLAYED:
            played = facts.turns_played
            return played >= int(condition.value), f"{played} turn(s) had been played"
    if facts.proposals is None:
        return False, "this game has no chamber, so it has no proposals"
    entry = facts.proposals.get(_key(condition.subject))
    if entry is None:
        return False, f"there was no proposal named {excerpt(condition.subject)!r}"
    standing, voters = entry
    if condition.test is Ask.VOTED:
        voted = _key(condition.value) in {_key(v) for v in voters}
        verb = "had" if voted else "had not"
        return voted, f"{condition.value} {verb} voted on {condition.subject}"
    met = standing.open if condition.value == "open" else standing.value == condition.value
    return met, f"{condition.subject} was {standing.value}"
