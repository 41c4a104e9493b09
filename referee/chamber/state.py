"""The chamber's state and its transitions, each a pure function of (state, action, time).

Every action returns an :class:`Outcome`, the new state and the events to announce, or raises
:class:`ChamberError` and changes nothing. Time acts through :meth:`Chamber.advance`, which
takes every timed step due by a moment in the order they fell due (the 72 hours of rule 10, the
two weeks of rule 128, the hour after ratification, a week without posting of rule 24), so
the state at any moment is the same whether the steps were run on time or all at once later.
:meth:`Chamber.schedule` lists the steps still to come, which the service stores as deadlines.
The readings of the rules where they leave room are in rules/ifmud-nomic/readings.md#general.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from referee.chamber.errors import ChamberError, cite
from referee.chamber.names import ProposalName
from referee.chamber.proposals import (
    Issue,
    Proposal,
    Purpose,
    Standing,
    Tally,
    Vote,
    names_in,
    tally,
)
from referee.chamber.settings import ChamberSettings
from referee.quoting import excerpt

SILENT_WEEK = timedelta(weeks=1)
"""Rule 24: a week without posting incurs a demerit, and each further week another."""

DEMERITS_REMOVE = 3
"""Rule 11: a player with three demerits is removed from the game."""

PASSIVE_SILENCE = timedelta(hours=72)
"""Rule 40: a player who has not posted for 72 hours may be made a Passive Voter."""


class MemberStatus(StrEnum):
    IN = "in"
    LEFT = "left"
    """Left by posting intent (rule 13)."""
    REMOVED = "removed"
    """Removed with three demerits (rule 11)."""


@dataclass(frozen=True)
class Member:
    """One player on the chamber's roll, with the parts of the state rules 24, 28 and 31 add."""

    name: str
    last_post: datetime
    silent_since: datetime
    """Where rule 24's week is counted from: the latest post, or the latest demerit for
    silence after it."""
    passive: bool = False
    demerits: int = 0
    """Rule 41: starts at zero; rule 28 makes it part of the state."""
    brownie_points: int = 0
    status: MemberStatus = MemberStatus.IN


class StepKind(StrEnum):
    """The timed steps, each stored by the service as a deadline of kind ``chamber-<value>``."""

    IMPLIED = "implied"
    EXPIRY = "expiry"
    EFFECT = "effect"
    SILENCE = "silence"


@dataclass(frozen=True)
class Step:
    """A timed step still to come: its kind, when, and what it is about."""

    kind: StepKind
    due: datetime
    proposal: str | None = None
    member: str | None = None


@dataclass(frozen=True)
class Event:
    """Something to announce: what happened, at what time, under which rule.

    ``kind`` names the event (``proposed``, ``voted``, ``dead``, ``ratified``, ``in-effect``,
    ``expired``, ``implied``, ``demerit``, ``removed``, ``left``, ``passive``, ``admitted``);
    ``tally`` is the proposal's tally just after, where there is one.
    """

    kind: str
    at: datetime
    rule: int
    proposal: Proposal | None = None
    player: str | None = None
    tally: Tally | None = None
    detail: str = ""


@dataclass(frozen=True)
class Outcome:
    chamber: Chamber
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Chamber:
    """The roll and every proposal ever made in one game's chamber, and its readings."""

    members: tuple[Member, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    settings: ChamberSettings = field(default_factory=ChamberSettings)

    @classmethod
    def opened(
        cls, names: Iterable[str], at: datetime, settings: ChamberSettings | None = None
    ) -> Chamber:
        """A chamber whose roll is ``names``, each counted as having posted at ``at``."""
        members = tuple(Member(name, at, at) for name in names)
        return cls(members, (), settings or ChamberSettings())

    # --- reading the state -------------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        """The players now in the game (rule 3), in roll order."""
        return tuple(m.name for m in self.members if m.status is MemberStatus.IN)

    def member(self, name: str) -> Member | None:
        folded = name.casefold()
        return next((m for m in self.members if m.name.casefold() == folded), None)

    def proposal(self, name: str) -> Proposal:
        """The proposal called ``name`` (case and spacing ignored), or the refusal."""
        key = " ".join(name.split()).casefold()
        for proposal in self.proposals:
            if proposal.name.key == key:
                return proposal
        raise ChamberError(
            10, f"there is no proposal named {excerpt(name.strip())!r}; 'proposals' lists them"
        )

    def electorate(self, proposal: Proposal) -> tuple[str, ...]:
        """The players counted for ``proposal``: all (rule 10), a named section (rule 21),
        or all but the player an issue of rules 22 or 40 is about."""
        players = self.players()
        issue = proposal.issue
        if issue.section is not None:
            section = {n.casefold() for n in issue.section}
            return tuple(n for n in players if n.casefold() in section)
        if issue.purpose in (Purpose.PASSIVE, Purpose.DECEIVED):
            return tuple(n for n in players if n != issue.subject)
        return players

    def tally(self, proposal: Proposal, now: datetime) -> Tally:
        return tally(proposal, self.electorate(proposal), now)

    def passive_voters(self) -> tuple[str, ...]:
        """Rule 31's Passive Voters list."""
        return tuple(m.name for m in self.members if m.passive and m.status is MemberStatus.IN)

    # --- actions -------------------------------------------------------------------------

    def _player(self, name: str, rule: int = 10) -> Member:
        member = self.member(name)
        if member is None or member.status is not MemberStatus.IN:
            why = {
                None: "is not on this game's chamber roll",
                MemberStatus.LEFT: "has left the game",
                MemberStatus.REMOVED: "was removed with three demerits",
            }[member.status if member is not None else None]
            raise ChamberError(
                3, f"{name} {why}, so cannot act in it (what {cite(rule)} lets players do)"
            )
        return member

    def posted(self, name: str, at: datetime) -> Chamber:
        """``name`` posted at ``at``: rule 24's week starts again from now."""
        member = self.member(name)
        if member is None or member.status is not MemberStatus.IN:
            return self
        return self._with_member(replace(member, last_post=at, silent_since=at))

    def propose(self, proposer: str, name: str, text: str, now: datetime) -> Outcome:
        """Rule 10 (and 34): ``proposer`` posts a proposal; e votes aye, and so does every
        Passive Voter (rule 31)."""
        me = self._player(proposer)
        title = ProposalName.parse(name)
        if title.key in names_in(self.proposals):
            raise ChamberError(
                34,
                f"the name {str(title)!r} was already used by an earlier proposal; every "
                "proposal needs a name never used before, whatever became of the old one",
            )
        issue, body = Issue.parse(text)
        issue = self._checked_issue(issue, me.name, now)
        if not body and issue.purpose is Purpose.CHANGE:
            raise ChamberError(10, "a proposal needs its text on the lines below 'propose NAME'")
        proposal = Proposal(title, me.name, body, now, issue).with_vote(me.name, Vote.AYE)
        for passive in self.passive_voters():
            if passive != me.name:
                proposal = proposal.with_vote(passive, Vote.AYE, implicit=True)
        state = replace(self, proposals=(*self.proposals, proposal))
        event = Event("proposed", now, 10, proposal, me.name, state.tally(proposal, now))
        return Outcome(state, (event,))

    def _checked_issue(self, issue: Issue, proposer: str, now: datetime) -> Issue:
        if issue.section is not None:
            names = []
            for name in issue.section:
                member = self.member(name)
                if member is None or member.status is not MemberStatus.IN:
                    raise ChamberError(21, f"{name} is not a player, so cannot be in a section")
                names.append(member.name)
            return replace(issue, section=tuple(dict.fromkeys(names)))
        if issue.purpose is Purpose.CHANGE or issue.subject is None:
            return issue
        subject = self.member(issue.subject)
        if issue.purpose is Purpose.ADMIT:
            if subject is not None and subject.status is MemberStatus.IN:
                raise ChamberError(12, f"{subject.name} is already a player")
            return replace(issue, subject=subject.name if subject else issue.subject)
        rule = 40 if issue.purpose is Purpose.PASSIVE else 22
        if subject is None or subject.status is not MemberStatus.IN:
            raise ChamberError(rule, f"{issue.subject} is not a player")
        if issue.purpose is Purpose.PASSIVE:
            if subject.passive:
                raise ChamberError(40, f"{subject.name} is already a Passive Voter")
            if now - subject.last_post < PASSIVE_SILENCE:
                raise ChamberError(
                    40,
                    f"{subject.name} posted at {subject.last_post:%a %d %b %H:%M} UTC, less than "
                    "72 hours ago; only a player silent for 72 hours may be made passive",
                )
        if issue.purpose is Purpose.DECEIVED and subject.name == proposer:
            raise ChamberError(22, "the other players decide a deception, not the one accused")
        return replace(issue, subject=subject.name)

    def vote(self, voter: str, name: str, vote: Vote, now: datetime) -> Outcome:
        """Rule 10: ``voter`` votes, or changes eir vote, while voting is not complete."""
        me = self._player(voter)
        proposal = self.proposal(name)
        if proposal.standing is not Standing.PENDING:
            raise ChamberError(
                128 if proposal.standing is Standing.EXPIRED else 10,
                f"{proposal.name} is {proposal.standing.value}: voting on it is complete",
            )
        changed = proposal.with_vote(me.name, vote)
        state = self._with_proposal(changed)
        event = Event("voted", now, 10, changed, me.name, state.tally(changed, now), vote.value)
        return Outcome(state, (event,))

    def declare_dead(self, who: str, name: str, now: datetime) -> Outcome:
        """Rule 10: once a player counted has voted nay, another player may declare it dead."""
        me = self._player(who)
        proposal = self.proposal(name)
        if proposal.standing is not Standing.PENDING:
            raise ChamberError(10, f"{proposal.name} is {proposal.standing.value}, not pending")
        counted = self.tally(proposal, now)
        if not counted.nays:
            raise ChamberError(
                10,
                f"no player counted has voted nay on {proposal.name}, so it cannot be declared "
                "dead",
            )
        others = [n for n in counted.nays if n != me.name]
        if not others and not self.settings.lone_nay_may_declare_dead:
            raise ChamberError(
                10,
                f"you are the only nay on {proposal.name}: another player may declare it dead "
                "(this game reads 'any other player' so; see lone_nay_may_declare_dead)",
            )
        closed = replace(proposal, standing=Standing.DEAD, closed_at=now)
        state = self._with_proposal(closed)
        return Outcome(state, (Event("dead", now, 10, closed, me.name, counted),))

    def ratify(self, who: str, name: str, now: datetime) -> Outcome:
        """Rule 10: the proposer ratifies a unanimous proposal; it is agreed an hour later."""
        me = self._player(who)
        proposal = self.proposal(name)
        if proposal.standing is not Standing.PENDING:
            raise ChamberError(10, f"{proposal.name} is {proposal.standing.value}, not pending")
        if proposal.proposer != me.name:
            raise ChamberError(10, f"only {proposal.proposer}, who proposed it, may ratify it")
        counted = self.tally(proposal, now)
        if not counted.unanimous:
            rule = 21 if proposal.issue.section is not None else 10
            raise ChamberError(
                rule,
                f"{proposal.name} is not agreed by every player counted ({counted.summary()}); "
                f"silence counts as aye only from {proposal.implied_at:%a %d %b %H:%M} UTC",
            )
        done = replace(proposal, standing=Standing.RATIFIED, ratified_at=now)
        state = self._with_proposal(done)
        return Outcome(state, (Event("ratified", now, 10, done, me.name, counted),))

    def set_passive(self, who: str, on: bool, now: datetime) -> Outcome:
        """Rule 32: a player puts emself on, or takes emself off, the Passive Voters list."""
        me = self._player(who, 32)
        if me.passive == on:
            raise ChamberError(
                32, f"{me.name} is {'already' if on else 'not'} on the Passive Voters list"
            )
        state = self._with_member(replace(me, passive=on))
        return Outcome(state, (Event("passive", now, 32, player=me.name, detail=_onoff(on)),))

    def leave(self, who: str, now: datetime) -> Outcome:
        """Rule 13: a player leaves the game by posting eir intent."""
        me = self._player(who, 13)
        state = self._with_member(replace(me, status=MemberStatus.LEFT, passive=False))
        return Outcome(state, (Event("left", now, 13, player=me.name),))

    # --- time ----------------------------------------------------------------------------

    def schedule(self) -> tuple[Step, ...]:
        """Every timed step still to come, soonest first."""
        steps: list[Step] = []
        for p in self.proposals:
            label = str(p.name)
            if p.standing is Standing.PENDING:
                if not p.implied_noted:
                    steps.append(Step(StepKind.IMPLIED, p.implied_at, label))
                steps.append(Step(StepKind.EXPIRY, p.expires_at, label))
            elif p.standing is Standing.RATIFIED and p.effective_at is not None:
                steps.append(Step(StepKind.EFFECT, p.effective_at, label))
        for m in self.members:
            if m.status is MemberStatus.IN:
                steps.append(Step(StepKind.SILENCE, m.silent_since + SILENT_WEEK, member=m.name))
        order = list(StepKind)
        return tuple(sorted(steps, key=lambda s: (s.due, order.index(s.kind))))

    def advance(self, now: datetime, turn_takers: Iterable[str] = ()) -> Outcome:
        """Take every step due by ``now``, each at its own time, in the order they fell due.

        ``turn_takers`` is the game's Passive Turn-Takers list, kept by the game's own state
        (ifMUD rule 91): a Passive Voter on it is spared rule 24's demerit (rule 130)."""
        spared = frozenset(name.casefold() for name in turn_takers)
        state: Chamber = self
        events: list[Event] = []
        while True:
            due = [s for s in state.schedule() if s.due <= now]
            if not due:
                return Outcome(state, tuple(events))
            outcome = state._take(due[0], spared)
            state = outcome.chamber
            events.extend(outcome.events)

    def _take(self, step: Step, spared: frozenset[str] = frozenset()) -> Outcome:
        at = step.due
        if step.kind is StepKind.SILENCE:
            return self._silence(step.member or "", at, spared)
        proposal = self.proposal(step.proposal or "")
        if step.kind is StepKind.IMPLIED:
            noted = replace(proposal, implied_noted=True)
            counted = self.tally(noted, at)
            event = Event("implied", at, 10, noted, proposal.proposer, counted)
            return Outcome(self._with_proposal(noted), (event,))
        if step.kind is StepKind.EXPIRY:
            gone = replace(proposal, standing=Standing.EXPIRED, closed_at=at)
            event = Event("expired", at, 128, gone, tally=self.tally(gone, at))
            return Outcome(self._with_proposal(gone), (event,))
        agreed = replace(proposal, standing=Standing.IN_EFFECT, closed_at=at)
        return self._with_proposal(agreed)._enact(agreed, at)

    def _enact(self, proposal: Proposal, at: datetime) -> Outcome:
        issue = proposal.issue
        took = Event("in-effect", at, 10, proposal, proposal.proposer)
        subject = self.member(issue.subject) if issue.subject else None
        if issue.purpose is Purpose.ADMIT and issue.subject is not None:
            if subject is None:
                admitted = Member(issue.subject, at, at)
                state = replace(self, members=(*self.members, admitted))
            else:
                fresh = replace(subject, status=MemberStatus.IN, last_post=at, silent_since=at)
                state = self._with_member(fresh)
            return Outcome(state, (took, Event("admitted", at, 12, player=issue.subject)))
        if subject is None or subject.status is not MemberStatus.IN:
            return Outcome(self, (took,))
        if issue.purpose is Purpose.PASSIVE:
            state = self._with_member(replace(subject, passive=True))
            event = Event("passive", at, 40, player=subject.name, detail="on")
            return Outcome(state, (took, event))
        if issue.purpose is Purpose.DECEIVED:
            outcome = self._demerit(subject, at, 22)
            return Outcome(outcome.chamber, (took, *outcome.events))
        return Outcome(self, (took,))

    def _silence(self, name: str, at: datetime, spared: frozenset[str]) -> Outcome:
        member = self.member(name)
        assert member is not None
        if member.passive and member.name.casefold() in spared:
            return Outcome(self._with_member(replace(member, silent_since=at)), ())
        return self._demerit(replace(member, silent_since=at), at, 24)

    def _demerit(self, member: Member, at: datetime, rule: int) -> Outcome:
        """One demerit for ``member`` under ``rule``; the third removes em (rule 11)."""
        counted = replace(member, demerits=member.demerits + 1)
        events = [Event("demerit", at, rule, player=member.name, detail=str(counted.demerits))]
        if counted.demerits >= DEMERITS_REMOVE:
            counted = replace(counted, status=MemberStatus.REMOVED, passive=False)
            events.append(Event("removed", at, 11, player=member.name))
        return Outcome(self._with_member(counted), tuple(events))

    # --- building ------------------------------------------------------------------------

    def _with_member(self, member: Member) -> Chamber:
        members = tuple(member if m.name == member.name else m for m in self.members)
        return replace(self, members=members)

    def _with_proposal(self, proposal: Proposal) -> Chamber:
        proposals = tuple(proposal if p.name == proposal.name else p for p in self.proposals)
        return replace(self, proposals=proposals)


def _onoff(on: bool) -> str:
    return "on" if on else "off"


def may_act(tallies: dict[str, int], changes: dict[str, int]) -> bool:
    """Rule 42: whether an action by a player's own posted intent may change eir tallies by
    ``changes``: not if it could take a non-negative tally below zero, or a negative one
    further down. (No action the chamber offers by individual intent lowers a tally; this
    is the check a future one must pass.)"""
    for name, change in changes.items():
        before = tallies.get(name, 0)
        after = before + change
        if (before >= 0 and after < 0) or (before < 0 and after < before):
            return False
    return True
