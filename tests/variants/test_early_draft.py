"""The early-draft ruleset as a variant (rules/early-draft/README.md), from the draft's wording."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.replay import replay
from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.disruptions import Disruption
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.tokens import Colour
from referee.variants import VARIANTS, EarlyDraft, find_variant
from referee.variants.early_draft.collection import station_bonus
from tests.engine.builder import game, row, rules_broken
from tests.notation.strategies import stations as stations_st

DRAFT = EarlyDraft()


def judge(gsd: GSD, text: str) -> TurnResult:
    """Adjudicate a play line under the early draft (its own Action index)."""
    parsed = Play.parse(text, players=gsd.player_names, index=DRAFT.action_index())
    return adjudicate(gsd, parsed, DRAFT, check_order=False)


def with_record(gsd: GSD, *lines: str) -> GSD:
    """``gsd`` with more plays in its record, read with the draft's index."""
    plays = tuple(Play.parse(line, players=gsd.player_names, index=DRAFT.action_index())
                  for line in lines)  # fmt: skip
    return gsd.model_copy(update={"record": (*gsd.record, *plays)})


def black(result: TurnResult, name: str = "Rushton") -> int:
    return row(result.state, name).tokens[Colour.BK]


def test_the_draft_is_registered_by_name_and_aliases() -> None:
    assert EarlyDraft in VARIANTS
    for name in ("early-draft", "Early Draft", "draft"):
        assert find_variant(name) is EarlyDraft


def test_rule_4_each_step_costs_one_black_and_the_landing_pays_its_zone() -> None:
    """Rule 4: two steps along the Central cost 2 Bk; Oxford Circus (Zone 1, six neighbours)
    pays 1 Bk for its Zone and 1 Re as an Interchange."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "3 Bk"})
    result = judge(gsd, "Rushton : Oxford Circus (CN)")
    assert result.legal, result.messages()
    assert result.route is not None and result.route.lv == 2
    assert black(result) == 3 - 2 + 1
    assert row(result.state, "Rushton").tokens[Colour.RE] == 1


def test_rule_4_there_is_no_line_velocity_only_black_to_pay() -> None:
    """Rule 4: LV plays no part; a walk longer than the Black held is refused."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 5}, tokens={"Rushton": "1 Bk"})
    assert judge(gsd, "Rushton : Tottenham Court Road (CN)").legal
    refused = judge(gsd, "Rushton : Oxford Circus (CN)")
    assert rules_broken(refused) == ["4"]
    assert "at most 1 stations" in refused.messages()[0]


def test_rule_4_each_line_change_also_costs_one_black() -> None:
    """Rule 4: Holborn (CN) to Leicester Square by CN then NT is 2 steps and 1 change: 3 Bk."""
    enough = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "3 Bk"})
    result = judge(enough, "Rushton : Leicester Square (NT via: CN)")
    assert result.legal, result.messages()
    assert black(result) == 0 + 1
    short = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "2 Bk"})
    refused = judge(short, "Rushton : Leicester Square (NT via: CN)")
    assert rules_broken(refused) == ["4"]
    assert "1 Line change costs 3 Black" in refused.messages()[0]


def test_rule_4_a_step_runs_along_a_line_never_an_escalator_link() -> None:
    """Rules 4 and 8: steps are between adjacent Stations (one line segment apart), so
    Volume 1's Escalator Links (rule 1.5.3) are no steps."""
    gsd = game({"Rushton": "Aldgate (CL)"}, tokens={"Rushton": "9 Bk"})
    assert rules_broken(judge(gsd, "Rushton : Shadwell (DL via: CL)")) == ["4"]
    across = game({"Rushton": "Tower Hill (DS)"}, tokens={"Rushton": "9 Bk"})
    assert rules_broken(judge(across, "Rushton : Monument (for Bank)")) == ["4"]
    assert judge(across, "Rushton : Monument (DS)").legal


def test_rule_4_no_step_back_to_the_station_the_turn_started_at() -> None:
    """Rule 4: "nor may a player step the station the Turn was started at": round the Circle
    back to Baker Street is no Move, however much Black is held, and the refusal says so."""
    gsd = game({"Rushton": "Baker Street (CL)"}, tokens={"Rushton": "40 Bk"})
    result = judge(gsd, "Rushton : Baker Street (CL)")
    assert rules_broken(result) == ["4"]
    assert "may not step back to the Station the Turn started at" in result.messages()[0]


def test_rule_4_the_bonuses_of_the_draft_table() -> None:
    """Rule 4: Green Park's own example (Green, Interchange and, reading 'Bl' as the Zone 1
    Black, one of each); a BR Station pays Blue; a Zone 3-5 Terminus pays Bronze."""
    network = DRAFT.network()
    assert station_bonus(network, "Green Park") == {Colour.GR: 1, Colour.RE: 1, Colour.BK: 1}
    assert station_bonus(network, "Euston")[Colour.BU] == 1
    assert station_bonus(network, "High Barnet") == {Colour.BK: 5, Colour.BR: 1}
    assert Colour.BR not in station_bonus(network, "Upminster"), "a Zone 6 Terminus"


@pytest.mark.parametrize(("reading", "bonus"), [("lower", 2), ("higher", 3), ("both", 2 + 3)])
def test_rule_4_a_station_on_a_zone_boundary_pays_as_the_setting_reads(
    reading: str, bonus: int
) -> None:
    """Rule 4's "Zone x +x Bk" at Archway, on the boundary of Zones 2 and 3 and so in both
    (Volume 1's rule 1.17.7): the lower Zone's 2 Black by default; the setting
    ``boundary_zone_bonus`` pays the higher Zone's, or both, as rule 4 allows several
    bonuses at once."""
    rules = DRAFT.with_settings(boundary_zone_bonus=reading)
    gsd = game({"Rushton": "Tufnell Park (NT)"}, tokens={"Rushton": "3 Bk"})
    parsed = Play.parse("Rushton : Archway (NT)", players=gsd.player_names,
                        index=DRAFT.action_index())  # fmt: skip
    result = adjudicate(gsd, parsed, rules, check_order=False)
    assert result.legal, result.messages()
    assert black(result) == 3 - 1 + bonus


def test_rule_4_no_bonus_for_a_station_claimed_within_the_last_three_turns() -> None:
    """Rule 4: Rushton claimed Chancery Lane two Turns ago, so landing there again pays
    nothing; once three more of eir Turns have passed it pays again."""
    base = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "5 Bk"})
    recent = with_record(base, "Rushton : Chancery Lane (CN)", "Rushton : Holborn (CN)")
    again = judge(recent, "Rushton : Chancery Lane (CN)")
    assert again.legal, again.messages()
    assert black(again) == 5 - 1, "the step is paid, no bonus is earned"
    older = with_record(recent, "Rushton : Tottenham Court Road (CN)", "Rushton : Holborn (CN)")
    paid = judge(older, "Rushton : Chancery Lane (CN)")
    assert black(paid) == 5 - 1 + 1


def test_rule_4_the_memory_is_of_turns_not_of_claims() -> None:
    """Rule 4: "within er last 3 Turns": Rushton claimed Chancery Lane, then Passed twice and
    claimed Holborn; Chancery Lane is in none of eir last three Turns, so it pays again."""
    base = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "5 Bk"})
    gsd = with_record(base, "Rushton : Chancery Lane (CN)", "Rushton : Pass Chancery Lane (CN)",
                      "Rushton : Pass Chancery Lane (CN)", "Rushton : Holborn (CN)")  # fmt: skip
    paid = judge(gsd, "Rushton : Chancery Lane (CN)")
    assert paid.legal, paid.messages()
    assert black(paid) == 5 - 1 + 1


def test_rule_4_a_pass_lands_nowhere_new_and_earns_nothing() -> None:
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "2 Bk"})
    result = judge(gsd, "Rushton : Pass Holborn (CN)")
    assert result.legal and black(result) == 2


def test_rule_5_no_more_than_ten_black_at_the_end_of_a_turn() -> None:
    """Rule 5: 10 Bk, one step to Upminster (Zone 6): 15 would be held; 10 are kept."""
    gsd = game({"Rushton": "Upminster Bridge (DS)"}, tokens={"Rushton": "10 Bk"})
    result = judge(gsd, "Rushton : Upminster (DS)")
    assert result.legal, result.messages()
    assert black(result) == 10
    assert any(e.kind == "discard" for e in result.events)


def test_rule_5_ten_black_read_strictly_makes_the_turn_illegal() -> None:
    """Rule 5's "may not hold more than 10 Black Tokens at the end of eir Turn", read with the
    setting ``black_over_ten_discarded`` off: the Turn that ends with 15 is refused, saying
    how many are too many; one that ends with ten is not."""
    strict = DRAFT.with_settings(black_over_ten_discarded=False)
    gsd = game({"Rushton": "Upminster Bridge (DS)"}, tokens={"Rushton": "10 Bk"})
    parsed = Play.parse("Rushton : Upminster (DS)", players=gsd.player_names,
                        index=DRAFT.action_index())  # fmt: skip
    result = adjudicate(gsd, parsed, strict, check_order=False)
    assert rules_broken(result) == ["5"] and "15 Black" in result.messages()[0]
    fewer = game({"Rushton": "Upminster Bridge (DS)"}, tokens={"Rushton": "5 Bk"})
    parsed = Play.parse("Rushton : Upminster (DS)", players=fewer.player_names,
                        index=DRAFT.action_index())  # fmt: skip
    assert adjudicate(fewer, parsed, strict, check_order=False).legal


def test_rule_7_a_block_from_next_door_costs_its_tokens_and_ten_minutes_each() -> None:
    """Rule 7: Holborn is next to Tottenham Court Road; a Block of 2 costs 2 Tokens (Blue
    unless the comment says which) and takes 20 minutes."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "2 Bk, 3 Bu, 2 Re"})
    result = judge(gsd, "Rushton : [Block Tottenham Court Road 2] Pass Holborn (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens[Colour.BU] == 1
    assert any(e.text == "[Block Tottenham Court Road 2] took 20 minutes" for e in result.events)
    paying = judge(gsd, "Rushton : [Block Tottenham Court Road 2] Pass Holborn (CN) "
                        "{paying: 1 Re, 1 Bk}")  # fmt: skip
    assert paying.legal, paying.messages()
    tokens = row(paying.state, "Rushton").tokens
    assert (tokens[Colour.RE], tokens[Colour.BK], tokens[Colour.BU]) == (1, 1, 3)


def test_rule_7_each_way_to_break_a_block() -> None:
    """Rule 7: not next to the Station, one Token or fewer, Mornington Crescent, already
    Blocked; and rule 5: Tokens the player does not hold."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "5 Bu"})
    far = judge(gsd, "Rushton : [Block Bank 2] Pass Holborn (CN)")
    assert rules_broken(far) == ["7"]
    cheap = judge(gsd, "Rushton : [Block Chancery Lane 1] Pass Holborn (CN)")
    assert rules_broken(cheap) == ["7"]
    at_mc = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "5 Bu"})
    assert (
        "Mornington Crescent may not be Blocked"
        in judge(at_mc, "Rushton : [Block Mornington Crescent 2] Pass Euston (NT)").messages()[0]
    )
    blocked = with_record(gsd, "Cryer : [Block Chancery Lane 2] Pass Holborn (CN)")
    assert rules_broken(judge(blocked, "Rushton : [Block Chancery Lane 2] Pass Holborn (CN)")) \
        == ["7"]  # fmt: skip
    poor = judge(gsd, "Rushton : [Block Chancery Lane 6] Pass Holborn (CN)")
    assert rules_broken(poor) == ["5"]


def test_rule_7_no_move_to_or_through_a_blocked_station_until_unblocked() -> None:
    """Rule 7: Cryer Blocked Tottenham Court Road; Rushton cannot pass through it from Goodge
    Street to Leicester Square, nor end there; after an Unblock (twice the Block's 2) e can."""
    base = game({"Rushton": "Goodge Street (NT)", "Cryer": "Holborn (CN)"},
                tokens={"Rushton": "4 Bk, 4 Bu"})  # fmt: skip
    gsd = with_record(base, "Cryer : [Block Tottenham Court Road 2] Pass Holborn (CN)")
    assert rules_broken(judge(gsd, "Rushton : Leicester Square (NT)")) == ["4"]
    assert rules_broken(judge(gsd, "Rushton : Tottenham Court Road (NT)")) == ["4"]
    freed = judge(gsd, "Rushton : [Unblock Tottenham Court Road] Leicester Square (NT)")
    assert freed.legal, freed.messages()
    assert row(freed.state, "Rushton").tokens[Colour.BU] == 0
    assert not judge(base, "Rushton : [Unblock Tottenham Court Road] Leicester Square (NT)").legal


def test_rule_7_a_block_is_made_from_a_station_one_line_segment_away() -> None:
    """Rule 7 with rule 8 (adjacent: a line segment between the two): Monument and Bank share
    only an Escalator Link, so a Piece at Monument may not Block Bank; Cannon Street, one
    segment along the District, it may."""
    gsd = game({"Rushton": "Monument (DS)"}, tokens={"Rushton": "5 Bu"})
    across = judge(gsd, "Rushton : [Block Bank 2] Pass Monument (DS)")
    assert rules_broken(across) == ["7"] and "next to" in across.messages()[0]
    assert judge(gsd, "Rushton : [Block Cannon Street 2] Pass Monument (DS)").legal


def test_rule_7_a_piece_at_a_blocked_station_may_leave_it() -> None:
    """Rule 7: a train may not move "to or through" a Blocked Station; leaving the one it
    stands at is neither."""
    base = game({"Rushton": "Tottenham Court Road (NT)", "Cryer": "Holborn (CN)"},
                tokens={"Rushton": "4 Bk"})  # fmt: skip
    gsd = with_record(base, "Cryer : [Block Tottenham Court Road 2] Pass Holborn (CN)")
    result = judge(gsd, "Rushton : Goodge Street (NT)")
    assert result.legal, result.messages()


def test_rule_7_a_standing_block_is_recorded_in_disruptions() -> None:
    """Rule 7: a Block lasts "until it is unblocked", with no definite duration, so (Volume 1's
    rule 1.2.2, which the draft leaves standing) it is written in Disruptions with the Tokens
    it cost, which its Unblock doubles; the Unblock clears the entry."""
    gsd = game({"Cryer": "Holborn (CN)"}, tokens={"Cryer": "9 Bu"})
    blocked = judge(gsd, "Cryer : [Block Tottenham Court Road 3] Pass Holborn (CN)")
    assert [d.render() for d in blocked.state.disruptions] == ["Tottenham Court Road (Block 3)"]
    text = blocked.state.render(DRAFT.action_index())
    assert "Tottenham Court Road (Block 3)" in text
    assert GSD.parse(text, index=DRAFT.action_index()) == blocked.state
    freed = judge(blocked.state, "Cryer : [Unblock Tottenham Court Road] Pass Holborn (CN)")
    assert freed.legal and freed.state.disruptions == ()
    assert row(freed.state, "Cryer").tokens[Colour.BU] == 9 - 3 - 6


def test_rule_7_blocks_of_an_older_gsd_are_read_from_its_record() -> None:
    """A GSD whose Block is only in the record: the Block still binds, and the next legal Turn
    writes it into Disruptions."""
    base = game({"Rushton": "Goodge Street (NT)", "Cryer": "Holborn (CN)"},
                tokens={"Rushton": "4 Bk"})  # fmt: skip
    gsd = with_record(base, "Cryer : [Block Tottenham Court Road 2] Pass Holborn (CN)")
    moved = judge(gsd, "Rushton : Warren Street (NT)")
    assert [d.render() for d in moved.state.disruptions] == ["Tottenham Court Road (Block 2)"]


@given(stations_st, st.integers(2, 99))
def test_rule_7_block_entries_round_trip(station: str, strength: int) -> None:
    entry = Disruption(station=station, marker="Block", count=strength)
    assert Disruption.parse(entry.render()) == entry


def test_rule_4_a_written_line_change_is_paid_with_the_steps() -> None:
    """Rule 4: "Each line change also cost 1Bk", charged with the Move; writing [Line Change]
    as Volume 1 has it charges nothing more."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "5 Bk"})
    written = judge(gsd, "Rushton : [Line Change] Russell Square (PD)")
    implied = judge(gsd, "Rushton : Russell Square (PD)")
    assert written.legal and implied.legal
    assert black(written) == black(implied) == 5 - 2 + 1


def test_the_draft_has_no_charge() -> None:
    """The draft's Move (rule 4) costs Black and earns its landing bonuses, nothing else: it
    has no Current nor Charge (Volume 1's section 1.19), so Charge does not move."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "3 Bk"})
    moved = judge(gsd, "Rushton : Oxford Circus (CN)")
    assert moved.legal and row(moved.state, "Rushton").charge == 0
    assert not any(e.kind == "charge" for e in moved.events)


def test_rule_3_only_one_action_of_a_type_a_turn() -> None:
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "8 Bu"})
    text = "Rushton : [Block Chancery Lane 2] [Block Russell Square 2] Pass Holborn (CN)"
    assert rules_broken(judge(gsd, text)) == ["3"]


def test_volume_1_actions_are_not_part_of_the_draft() -> None:
    """The draft's index has only its own Actions: a Volume 1 Action is not read at all."""
    gsd = game({"Rushton": "Holborn (CN)"})
    with pytest.raises(NotationError):
        judge(gsd, "Rushton : [LV+1] Pass Holborn (CN)")


def test_1_3_5_a_timeout_carries_no_actions_and_earns_nothing() -> None:
    """Rule 1.3.5 (the draft keeps Volume 1's number): a Timeout has no Actions."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "2 Bk, 4 Bu"})
    timeout = judge(gsd, "Rushton : Timeout")
    assert timeout.legal and black(timeout) == 2
    broken = rules_broken(judge(gsd, "Rushton : [Block Chancery Lane 2] Timeout"))
    assert broken[0] == "1.3.5", "(and the hour's Timeout plus the Block's 20 minutes: 1.13.1)"


def test_winning_is_volume_1s_rest_at_mornington_crescent() -> None:
    """Rule 9 leaves Winning to do; Volume 1's rule 1.1.1 stands."""
    gsd = game({"Rushton": "Camden Town (NT)"}, tokens={"Rushton": "2 Bk"})
    result = judge(gsd, "Rushton : Mornington Crescent (NT)")
    assert result.legal, result.messages()
    assert result.winner == "Rushton"


SHORT_GAME = (
    "Rushton : Holborn (CN)",
    "Cryer : Euston (NT)",
    "Rushton : [Block Tottenham Court Road 2] Chancery Lane (CN)",
    "Cryer : Camden Town (NT)",
    "Rushton : [Unblock Tottenham Court Road] Holborn (CN) {paying: 2 Bu, 2 Re}",
    "Cryer : Mornington Crescent (NT)",
)


def short_game() -> GSD:
    """A short game under the draft, from a new game to Cryer's win."""
    from referee.notation.gametime import GameTime

    start = DRAFT.new_game(["Rushton", "Cryer"], GameTime.parse("Monday 0900"))
    rows = tuple(r.model_copy(update={"tokens": r.tokens.model_copy(update={"bu": 4})})
                 if r.name == "Rushton" else r for r in start.players)  # fmt: skip
    return with_record(start.model_copy(update={"players": rows}), *SHORT_GAME)


def test_a_short_game_under_the_draft_replays_to_the_win() -> None:
    report = replay(short_game(), DRAFT)
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(SHORT_GAME)
    assert report.winner == "Cryer"


def test_rule_4_a_block_on_the_shortest_walk_means_a_longer_one() -> None:
    """Rules 4 and 7: Euston to Kennington on the Northern is 8 steps by Charing Cross; with
    Tottenham Court Road Blocked the walk goes by Bank instead (9 steps, 9 Black)."""
    base = game({"Rushton": "Euston (NT)", "Cryer": "Holborn (CN)"},
                tokens={"Rushton": "10 Bk"})  # fmt: skip
    open_line = judge(base, "Rushton : Kennington (NT)")
    assert open_line.route is not None and open_line.route.lv == 8
    gsd = with_record(base, "Cryer : [Block Tottenham Court Road 2] Pass Holborn (CN)")
    result = judge(gsd, "Rushton : Kennington (NT)")
    assert result.legal, result.messages()
    assert result.route is not None and result.route.lv == 9
    assert "Bank" in result.route.stations
    assert any(e.text.startswith("the Move's 9 steps: paid 9 Bk") for e in result.events)
