"""Invariants of the chamber's time (ifMUD rules 10, 24 and 128): the state at a moment does
not depend on how often the deadline runner passed on the way, and a tally splits exactly the
players counted."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chamber import Chamber, ChamberError, Vote

T0 = datetime(2026, 11, 2, 9, 30)
PLAYERS = ("Alice", "Bob", "Carol", "Dan")

_hours = st.integers(min_value=0, max_value=24 * 30)
_action = st.tuples(
    st.sampled_from(["propose", "aye", "nay", "dead", "ratify", "post", "passive"]),
    st.sampled_from(PLAYERS),
    st.integers(min_value=0, max_value=2),
    _hours,
)


def _played(actions: list[tuple[str, str, int, int]]) -> Chamber:
    """A chamber after ``actions`` (each at its hour, in order of time); refused ones skipped."""
    chamber = Chamber.opened(PLAYERS, T0)
    for verb, who, which, hour in sorted(actions, key=lambda a: a[3]):
        at = T0 + timedelta(hours=hour)
        chamber = chamber.advance(at).chamber
        name = f"P{which} [{who[0]}]"
        try:
            if verb == "propose":
                chamber = chamber.propose(who, name, "Some change.", at).chamber
            elif verb in ("aye", "nay"):
                chamber = chamber.vote(who, name, Vote(verb), at).chamber
            elif verb == "dead":
                chamber = chamber.declare_dead(who, name, at).chamber
            elif verb == "ratify":
                chamber = chamber.ratify(who, name, at).chamber
            elif verb == "passive":
                chamber = chamber.set_passive(who, True, at).chamber
            else:
                chamber = chamber.posted(who, at)
        except ChamberError:
            continue
    return chamber


@settings(max_examples=60, deadline=None)
@given(st.lists(_action, max_size=12), _hours, _hours)
def test_rules_10_24_128_stepping_through_time_is_the_same_as_one_leap(
    actions: list[tuple[str, str, int, int]], first: int, second: int
) -> None:
    chamber = _played(actions)
    start = T0 + timedelta(hours=max([a[3] for a in actions], default=0))
    early, late = sorted((start + timedelta(hours=first), start + timedelta(hours=second)))
    leap = chamber.advance(late)
    step = chamber.advance(early)
    steps = step.chamber.advance(late)
    assert steps.chamber == leap.chamber
    assert step.events + steps.events == leap.events
    assert all(event.at <= late for event in leap.events)


@settings(max_examples=60, deadline=None)
@given(st.lists(_action, max_size=12), _hours)
def test_rule_10_a_tally_splits_exactly_the_players_counted(
    actions: list[tuple[str, str, int, int]], hour: int
) -> None:
    chamber = _played(actions)
    now = T0 + timedelta(hours=hour)
    for proposal in chamber.proposals:
        counted = chamber.tally(proposal, now)
        parts = counted.ayes + counted.nays + counted.implied + counted.silent
        assert sorted(parts) == sorted(chamber.electorate(proposal))
        assert counted.unanimous == (not counted.nays and not counted.silent)
