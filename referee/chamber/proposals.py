"""A proposal, its votes, what it is about, and the tally of who is counted in favour.

ifMUD rule 10 is the core: the proposer's initial aye, aye and nay votes changeable until
voting is complete, silence taken as aye after 72 hours. Rule 21 narrows who is counted to a
named subset; rules 12, 22 and 40 are issues decided the same way (:class:`Purpose`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from referee.chamber.errors import ChamberError
from referee.chamber.names import ProposalName

IMPLIED_AFTER = timedelta(hours=72)
"""Rule 10: a player who has not voted within the first 72 hours is taken as voting aye."""

EXPIRES_AFTER = timedelta(weeks=2)
"""Rule 128: two weeks after posting, a proposal neither ratified nor dead is dead."""

EFFECT_AFTER = timedelta(hours=1)
"""Rule 10: a ratified issue is agreed one hour after the ratifying post."""


class Vote(StrEnum):
    AYE = "aye"
    NAY = "nay"


class Standing(StrEnum):
    """Where a proposal is in its life."""

    PENDING = "pending"
    """Being voted on."""
    RATIFIED = "ratified"
    """Ratified by its proposer; agreed once the hour of rule 10 has passed."""
    IN_EFFECT = "in effect"
    DEAD = "dead"
    """Declared dead after a nay (rule 10)."""
    EXPIRED = "expired"
    """Dead by rule 128: two weeks without ratification or death."""

    @property
    def open(self) -> bool:
        return self in (Standing.PENDING, Standing.RATIFIED)


class Purpose(StrEnum):
    """What agreeing to a proposal does, and so who is counted (rules 10, 12, 22, 40)."""

    CHANGE = "change"
    """Any change by unanimous (or, rule 21, sectional) consent: its text is enacted."""
    ADMIT = "admit"
    """Rule 12: a player is added to the game by unanimous consent."""
    PASSIVE = "passive"
    """Rule 40: a player silent for 72 hours is put on the Passive Voters list by the
    sectional consent of all the other players."""
    DECEIVED = "deceived"
    """Rule 22: the sectional consent of all other players that a player deceived another
    about the state of the game gives em a demerit."""


HEADINGS = {
    "consent of": None,
    "admit": Purpose.ADMIT,
    "passive": Purpose.PASSIVE,
    "deceived": Purpose.DECEIVED,
}
"""The heading a proposal's first line may carry to say what it is about."""


@dataclass(frozen=True)
class Issue:
    """What a proposal is about: its purpose, the player it concerns, and for sectional
    consent (rule 21) the players counted."""

    purpose: Purpose = Purpose.CHANGE
    subject: str | None = None
    section: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, text: str) -> tuple[Issue, str]:
        """The issue a proposal's text states in its first line, and the text.

        ``Consent of: Alice, Bob`` names a section (rule 21); ``Admit: Carol`` (rule 12),
        ``Passive: Carol`` (rule 40) and ``Deceived: Carol`` (rule 22) name an issue about a
        player. Any other first line is the start of the text of a change.
        """
        lines = text.strip().splitlines()
        if not lines:
            return cls(), ""
        heading, colon, rest = lines[0].partition(":")
        key = " ".join(heading.split()).casefold()
        if not colon or key not in HEADINGS:
            return cls(), text.strip()
        body = "\n".join(lines[1:]).strip()
        names = tuple(n.strip() for n in rest.replace(" and ", ",").split(",") if n.strip())
        purpose = HEADINGS[key]
        if purpose is None:
            if not names:
                raise ChamberError(21, "'Consent of:' must name the players counted")
            return cls(section=names), body
        if len(names) != 1:
            raise ChamberError(
                10,
                f"'{heading.strip()}:' names exactly one player, e.g. '{heading.strip()}: Carol'",
            )
        return cls(purpose, names[0]), body

    def render(self) -> str:
        """The first line :meth:`parse` reads back (empty for a plain change)."""
        if self.section is not None:
            return f"Consent of: {', '.join(self.section)}"
        if self.purpose is Purpose.CHANGE:
            return ""
        return f"{self.purpose.value.capitalize()}: {self.subject}"


@dataclass(frozen=True)
class Proposal:
    """One proposal as it stands: who made it and when, its votes and its standing.

    ``votes`` holds every vote cast, the proposer's initial aye and the Passive Voters'
    implicit ayes (rule 31, listed in ``implicit``) among them; silence is not a vote, and
    only :func:`tally` says when it counts as one.
    """

    name: ProposalName
    proposer: str
    text: str
    posted_at: datetime
    issue: Issue = Issue()
    votes: tuple[tuple[str, Vote], ...] = ()
    implicit: frozenset[str] = frozenset()
    standing: Standing = Standing.PENDING
    ratified_at: datetime | None = None
    closed_at: datetime | None = None
    implied_noted: bool = False
    """Whether the 72 hours of rule 10 have been announced (the step is done once)."""

    @property
    def implied_at(self) -> datetime:
        return self.posted_at + IMPLIED_AFTER

    @property
    def expires_at(self) -> datetime:
        return self.posted_at + EXPIRES_AFTER

    @property
    def effective_at(self) -> datetime | None:
        return self.ratified_at + EFFECT_AFTER if self.ratified_at is not None else None

    def vote_of(self, name: str) -> Vote | None:
        for voter, vote in self.votes:
            if voter == name:
                return vote
        return None

    def with_vote(self, name: str, vote: Vote, *, implicit: bool = False) -> Proposal:
        """This proposal with ``name``'s vote set (replacing eir earlier one)."""
        votes = (*((v, x) for v, x in self.votes if v != name), (name, vote))
        marks = self.implicit | {name} if implicit else self.implicit - {name}
        return replace(self, votes=votes, implicit=marks)


@dataclass(frozen=True)
class Tally:
    """Who is counted in favour of a proposal at one moment, and who is not (rule 10)."""

    ayes: tuple[str, ...] = ()
    nays: tuple[str, ...] = ()
    implied: tuple[str, ...] = ()
    """Counted aye for silence beyond the first 72 hours."""
    silent: tuple[str, ...] = ()
    """Not voted, and the 72 hours not yet over."""
    uncounted: tuple[str, ...] = field(default=())
    """Players who voted but are not counted (outside a section, rule 21)."""

    @property
    def unanimous(self) -> bool:
        """Every player counted is in favour, by vote or by silence (rule 10)."""
        return not self.nays and not self.silent

    def summary(self) -> str:
        """``aye: Alice, Bob; implied aye: Carol; nay: none; not yet voted: none``."""
        parts = [
            ("aye", self.ayes),
            ("implied aye (silent 72 hours)", self.implied),
            ("nay", self.nays),
            ("not yet voted", self.silent),
        ]
        text = "; ".join(f"{label}: {', '.join(names) or 'none'}" for label, names in parts)
        if self.uncounted:
            text += f"; not counted: {', '.join(self.uncounted)}"
        return text


def tally(proposal: Proposal, electorate: Sequence[str], now: datetime) -> Tally:
    """The tally of ``proposal`` among ``electorate`` (the players counted) at ``now``."""
    cast = dict(proposal.votes)
    late = now >= proposal.implied_at
    ayes, nays, implied, silent = [], [], [], []
    for name in electorate:
        vote = cast.get(name)
        if vote is Vote.AYE:
            ayes.append(name)
        elif vote is Vote.NAY:
            nays.append(name)
        elif late:
            implied.append(name)
        else:
            silent.append(name)
    counted = set(electorate)
    uncounted = tuple(name for name in cast if name not in counted)
    return Tally(tuple(ayes), tuple(nays), tuple(implied), tuple(silent), uncounted)


def names_in(proposals: Iterable[Proposal]) -> set[str]:
    """The keys of every name used, for rule 34's uniqueness."""
    return {p.name.key for p in proposals}
