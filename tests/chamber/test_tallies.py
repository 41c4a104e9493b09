"""ifMUD rules 11, 22, 24, 28, 41 and 42: demerits and the tallies."""

from __future__ import annotations

from datetime import datetime, timedelta

from referee.chamber import Chamber, MemberStatus, Vote
from referee.chamber.state import may_act

T0 = datetime(2026, 11, 2, 9, 30)


def _chamber() -> Chamber:
    return Chamber.opened(("Alice", "Bob", "Carol"), T0)


def test_rule_41_every_demerits_tally_starts_at_zero() -> None:
    assert [m.demerits for m in _chamber().members] == [0, 0, 0]


def test_rule_24_a_week_without_posting_costs_a_demerit_from_the_time_of_day_of_the_last_post() -> (
    None
):
    last = T0 + timedelta(days=1, hours=5, minutes=17)
    chamber = _chamber().posted("Bob", last)
    week = last + timedelta(weeks=1)
    assert chamber.advance(week - timedelta(minutes=1)).chamber.member("Bob").demerits == 0  # type: ignore[union-attr]
    outcome = chamber.advance(week)
    assert outcome.chamber.member("Bob").demerits == 1  # type: ignore[union-attr]
    assert [(e.kind, e.player, e.at) for e in outcome.events if e.player == "Bob"] == [
        ("demerit", "Bob", week)
    ]


def test_rule_24_each_further_week_costs_another_and_rule_11_removes_at_three() -> None:
    chamber = (
        _chamber().posted("Alice", T0 + timedelta(weeks=3)).posted("Bob", T0 + timedelta(weeks=3))
    )
    two = chamber.advance(T0 + timedelta(weeks=3) - timedelta(seconds=1)).chamber.member("Carol")
    assert two is not None and (two.demerits, two.status) == (2, MemberStatus.IN)
    outcome = chamber.advance(T0 + timedelta(weeks=3))
    carol = outcome.chamber.member("Carol")
    assert carol is not None and (carol.demerits, carol.status) == (3, MemberStatus.REMOVED)
    assert [e.kind for e in outcome.events if e.player == "Carol"][-2:] == ["demerit", "removed"]
    assert outcome.chamber.players() == ("Alice", "Bob")


def test_rule_24_a_post_starts_the_week_again() -> None:
    chamber = _chamber().posted("Bob", T0 + timedelta(days=6))
    bob = chamber.advance(T0 + timedelta(weeks=1)).chamber.member("Bob")
    assert bob is not None and bob.demerits == 0


def test_rule_22_deception_agreed_by_all_others_gives_a_demerit() -> None:
    text = "Deceived: Carol\nCarol said the Lounge was empty."
    chamber = _chamber().propose("Alice", "Carol fibbed [A]", text, T0).chamber
    proposal = chamber.proposal("Carol fibbed [A]")
    assert chamber.electorate(proposal) == ("Alice", "Bob")
    chamber = chamber.vote("Carol", "Carol fibbed [A]", Vote.NAY, T0).chamber
    chamber = chamber.vote("Bob", "Carol fibbed [A]", Vote.AYE, T0).chamber
    chamber = chamber.ratify("Alice", "Carol fibbed [A]", T0).chamber
    carol = chamber.advance(T0 + timedelta(hours=1)).chamber.member("Carol")
    assert carol is not None and carol.demerits == 1


def test_rule_42_no_individual_action_may_take_ones_own_tally_below_zero() -> None:
    assert may_act({"demerits": 0}, {"demerits": 1})
    assert not may_act({"brownie_points": 0}, {"brownie_points": -1})
    assert not may_act({"brownie_points": -2}, {"brownie_points": -1})
    assert may_act({"brownie_points": -2}, {"brownie_points": 1})


def test_rule_130_a_passive_voter_who_is_a_passive_turn_taker_has_no_demerit_for_silence() -> None:
    chamber = _chamber().set_passive("Bob", True, T0).chamber
    week = T0 + timedelta(weeks=1)
    spared = chamber.advance(week, turn_takers=("bob", "Carol")).chamber
    assert [(m.name, m.demerits) for m in spared.members] == [
        ("Alice", 1),
        ("Bob", 0),
        ("Carol", 1),
    ]
    assert chamber.advance(week).chamber.member("Bob").demerits == 1  # type: ignore[union-attr]
    later = spared.advance(week + timedelta(weeks=1), turn_takers=("Bob",)).chamber
    assert later.member("Bob").demerits == 0  # type: ignore[union-attr]
