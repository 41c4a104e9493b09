"""ifMUD rules 10, 21, 31, 34 and 128 on proposals and votes, as pure transitions."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from referee.chamber import Chamber, ChamberError, ChamberSettings, Purpose, Standing, Vote

T0 = datetime(2026, 11, 2, 9, 30)
PLAYERS = ("Alice", "Bob", "Carol")


def _chamber(**settings: bool) -> Chamber:
    return Chamber.opened(PLAYERS, T0, ChamberSettings(**settings))


def _proposed(text: str = "Fares are halved.", name: str = "Cheap fares [A]") -> Chamber:
    return _chamber().propose("Alice", name, text, T0).chamber


def test_rule_10_the_proposer_is_assumed_to_cast_an_initial_aye() -> None:
    chamber = _proposed()
    counted = chamber.tally(chamber.proposal("Cheap fares [A]"), T0)
    assert (counted.ayes, counted.silent, counted.unanimous) == (
        ("Alice",),
        ("Bob", "Carol"),
        False,
    )


def test_rule_10_a_silent_player_is_taken_as_aye_after_72_hours() -> None:
    chamber = _proposed()
    proposal = chamber.proposal("Cheap fares [A]")
    before = chamber.tally(proposal, T0 + timedelta(hours=72) - timedelta(seconds=1))
    after = chamber.tally(proposal, T0 + timedelta(hours=72))
    assert (before.unanimous, after.implied, after.unanimous) == (False, ("Bob", "Carol"), True)


def test_rule_10_a_vote_may_be_changed_until_voting_is_complete() -> None:
    chamber = _proposed().vote("Bob", "cheap fares [a]", Vote.NAY, T0).chamber
    chamber = chamber.vote("Bob", "Cheap fares [A]", Vote.AYE, T0).chamber
    assert chamber.tally(chamber.proposal("Cheap fares [A]"), T0).nays == ()


def test_rule_10_only_the_proposer_may_ratify_and_only_when_all_are_in_favour() -> None:
    chamber = _proposed().vote("Bob", "Cheap fares [A]", Vote.AYE, T0).chamber
    with pytest.raises(ChamberError, match="not agreed by every player counted"):
        chamber.ratify("Alice", "Cheap fares [A]", T0)
    chamber = chamber.vote("Carol", "Cheap fares [A]", Vote.AYE, T0).chamber
    with pytest.raises(ChamberError, match="only Alice, who proposed it"):
        chamber.ratify("Bob", "Cheap fares [A]", T0)
    ratified = chamber.ratify("Alice", "Cheap fares [A]", T0).chamber
    assert ratified.proposal("Cheap fares [A]").standing is Standing.RATIFIED


def test_rule_10_a_ratified_issue_is_agreed_one_hour_after_the_ratifying_post() -> None:
    at = T0 + timedelta(hours=72)
    chamber = _proposed().ratify("Alice", "Cheap fares [A]", at).chamber
    early = chamber.advance(at + timedelta(minutes=59)).chamber
    assert early.proposal("Cheap fares [A]").standing is Standing.RATIFIED
    late = chamber.advance(at + timedelta(hours=1))
    assert late.chamber.proposal("Cheap fares [A]").standing is Standing.IN_EFFECT
    assert [e.kind for e in late.events] == ["in-effect"]
    assert late.events[0].at == at + timedelta(hours=1)


def test_rule_10_votes_are_refused_once_ratified() -> None:
    at = T0 + timedelta(hours=72)
    chamber = _proposed().ratify("Alice", "Cheap fares [A]", at).chamber
    with pytest.raises(ChamberError, match="voting on it is complete"):
        chamber.vote("Bob", "Cheap fares [A]", Vote.NAY, at)


def test_rule_10_a_nay_lets_any_other_player_declare_the_proposal_dead() -> None:
    chamber = _proposed().vote("Bob", "Cheap fares [A]", Vote.NAY, T0).chamber
    with pytest.raises(ChamberError, match="only nay"):
        chamber.declare_dead("Bob", "Cheap fares [A]", T0)
    dead = chamber.declare_dead("Carol", "Cheap fares [A]", T0).chamber
    assert dead.proposal("Cheap fares [A]").standing is Standing.DEAD
    with pytest.raises(ChamberError, match="voting on it is complete"):
        dead.vote("Carol", "Cheap fares [A]", Vote.AYE, T0)


def test_rule_10_the_lone_nay_may_declare_dead_when_the_game_reads_it_so() -> None:
    chamber = _chamber(lone_nay_may_declare_dead=True).propose("Alice", "X [A]", "x", T0).chamber
    chamber = chamber.vote("Bob", "X [A]", Vote.NAY, T0).chamber
    assert (
        chamber.declare_dead("Bob", "X [A]", T0).chamber.proposal("X [A]").standing is Standing.DEAD
    )


def test_rule_10_without_a_nay_nobody_may_declare_it_dead() -> None:
    with pytest.raises(ChamberError, match="no player counted has voted nay"):
        _proposed().declare_dead("Carol", "Cheap fares [A]", T0)


def test_rule_34_a_name_is_never_used_twice_whatever_became_of_the_first() -> None:
    chamber = _proposed().vote("Bob", "Cheap fares [A]", Vote.NAY, T0).chamber
    chamber = chamber.declare_dead("Carol", "Cheap fares [A]", T0).chamber
    with pytest.raises(ChamberError, match="already used") as error:
        chamber.propose("Alice", "CHEAP FARES [A]", "again", T0)
    assert error.value.rule == 34


def test_rule_3_a_non_player_may_not_propose_or_vote() -> None:
    with pytest.raises(ChamberError, match="not on this game's chamber roll"):
        _chamber().propose("Mallory", "X [M]", "x", T0)
    with pytest.raises(ChamberError, match="not on this game's chamber roll"):
        _proposed().vote("Mallory", "Cheap fares [A]", Vote.AYE, T0)


def test_rule_128_a_proposal_undecided_for_two_weeks_is_dead() -> None:
    chamber = _proposed().vote("Bob", "Cheap fares [A]", Vote.NAY, T0).chamber
    outcome = chamber.advance(T0 + timedelta(weeks=2))
    assert outcome.chamber.proposal("Cheap fares [A]").standing is Standing.EXPIRED
    assert [e.kind for e in outcome.events if e.proposal] == ["implied", "expired"]
    assert [e.at for e in outcome.events if e.kind == "expired"] == [T0 + timedelta(weeks=2)]


def test_rule_21_only_the_named_section_is_counted() -> None:
    text = "Consent of: Alice, Bob\nThe Lounge is renamed the Parlour."
    chamber = _chamber().propose("Alice", "Parlour [A]", text, T0).chamber
    chamber = chamber.vote("Carol", "Parlour [A]", Vote.NAY, T0).chamber
    chamber = chamber.vote("Bob", "Parlour [A]", Vote.AYE, T0).chamber
    proposal = chamber.proposal("Parlour [A]")
    counted = chamber.tally(proposal, T0)
    assert (counted.unanimous, counted.uncounted) == (True, ("Carol",))
    assert proposal.text == "The Lounge is renamed the Parlour."
    with pytest.raises(ChamberError, match="no player counted has voted nay"):
        chamber.declare_dead("Bob", "Parlour [A]", T0)


def test_rule_21_a_section_names_only_players() -> None:
    with pytest.raises(ChamberError, match="Zed is not a player") as error:
        _chamber().propose("Alice", "P [A]", "Consent of: Bob, Zed\nx", T0)
    assert error.value.rule == 21


def test_rule_31_a_passive_voter_votes_aye_at_once_and_may_change_it() -> None:
    chamber = _chamber().set_passive("Carol", True, T0).chamber
    chamber = chamber.propose("Alice", "X [A]", "x", T0).chamber
    proposal = chamber.proposal("X [A]")
    assert (proposal.vote_of("Carol"), "Carol" in proposal.implicit) == (Vote.AYE, True)
    chamber = chamber.vote("Carol", "X [A]", Vote.NAY, T0).chamber
    assert chamber.tally(chamber.proposal("X [A]"), T0).nays == ("Carol",)


def test_rule_32_a_player_joins_and_leaves_the_passive_list_by_posting_intent() -> None:
    chamber = _chamber().set_passive("Bob", True, T0).chamber
    assert chamber.passive_voters() == ("Bob",)
    with pytest.raises(ChamberError, match="already"):
        chamber.set_passive("Bob", True, T0)
    assert chamber.set_passive("Bob", False, T0).chamber.passive_voters() == ()


def test_rule_40_a_player_silent_72_hours_is_made_passive_by_all_the_others() -> None:
    with pytest.raises(ChamberError, match="less than 72 hours ago"):
        _chamber().propose("Alice", "Quiet [A]", "Passive: Carol", T0 + timedelta(hours=71))
    at = T0 + timedelta(hours=72)
    chamber = _chamber().posted("Alice", at).posted("Bob", at)
    chamber = chamber.propose("Alice", "Quiet [A]", "Passive: Carol", at).chamber
    proposal = chamber.proposal("Quiet [A]")
    assert (proposal.issue.purpose, chamber.electorate(proposal)) == (
        Purpose.PASSIVE,
        ("Alice", "Bob"),
    )
    chamber = chamber.vote("Bob", "Quiet [A]", Vote.AYE, at).chamber
    chamber = chamber.ratify("Alice", "Quiet [A]", at).chamber
    assert chamber.advance(at + timedelta(hours=1)).chamber.passive_voters() == ("Carol",)


def test_rule_12_a_player_is_added_by_unanimous_consent() -> None:
    chamber = _chamber().propose("Alice", "Welcome Dan [A]", "Admit: Dan", T0).chamber
    assert chamber.electorate(chamber.proposal("Welcome Dan [A]")) == PLAYERS
    chamber = chamber.ratify("Alice", "Welcome Dan [A]", T0 + timedelta(hours=72)).chamber
    chamber = chamber.advance(T0 + timedelta(hours=73)).chamber
    assert chamber.players() == (*PLAYERS, "Dan")


def test_rule_13_a_player_leaves_by_posting_intent() -> None:
    chamber = _chamber().leave("Carol", T0).chamber
    assert chamber.players() == ("Alice", "Bob")
    with pytest.raises(ChamberError, match="has left the game"):
        chamber.vote("Carol", "x [A]", Vote.AYE, T0)
