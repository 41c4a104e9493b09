"""The chamber: how the players of a game change it, by proposal, vote and consent.

A nomic's legislature as pure values and functions, shared by every kind of game: the
proposal's name (:mod:`.names`), the proposal, its votes and their tally (:mod:`.proposals`),
the roll of players with their Passive Voters mark and tallies, and every transition as a
function of (state, action, time) (:mod:`.state`). The rules are the ifMUD Nomic's (rules
10-13, 21, 22, 24, 28, 31, 32, 34, 40-42, 128); the service keeps the state in the store,
turns each timed step into a stored deadline and words the events as mail.
"""

from referee.chamber.errors import ChamberError, cite
from referee.chamber.names import ProposalName
from referee.chamber.proposals import Issue, Proposal, Purpose, Standing, Tally, Vote, tally
from referee.chamber.settings import ChamberSettings
from referee.chamber.state import Chamber, Event, Member, MemberStatus, Outcome, Step, StepKind

__all__ = [
    "Chamber",
    "ChamberError",
    "ChamberSettings",
    "Event",
    "Issue",
    "Member",
    "MemberStatus",
    "Outcome",
    "Proposal",
    "ProposalName",
    "Purpose",
    "Standing",
    "Step",
    "StepKind",
    "Tally",
    "Vote",
    "cite",
    "tally",
]
