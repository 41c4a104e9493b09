"""Moves and Line Velocity (sections 1.5 and 1.6), from the rules' own wording and examples."""

from __future__ import annotations

from referee.engine.ruleset import Ruleset
from tests.engine.builder import game, play, row, rules_broken

HOLBORN = {"Rushton": "Holborn (CN)"}


def test_1_6_2_holborn_to_euston_at_lv_4_is_exact() -> None:
    """Rule 1.2.0's example: from Holborn (CN), Euston (VC via: CN,NT) runs Central, Northern,
    Victoria, four stations: legal at LV 4, and the route is reported."""
    result = play(game(HOLBORN, lv={"Rushton": 4}), "Rushton : Euston (VC via: CN,NT)")
    assert result.legal, result.messages()
    assert result.route_text == (
        "route: Holborn -CN-> Tottenham Court Road -NT-> Goodge Street -NT-> Warren Street "
        "-VC-> Euston"
    )


def test_1_6_2_too_slow_or_too_fast_is_invalid_and_says_the_distance() -> None:
    """Rule 1.6.2 - Getting There: closer or further than LV stations is Invalid."""
    for lv in (3, 5):
        result = play(game(HOLBORN, lv={"Rushton": lv}), "Rushton : Euston (VC via: CN,NT)")
        assert not result.legal
        assert rules_broken(result) == ["1.6.2"]
        message = result.violations[0].message
        assert "Euston is 4 stations from Holborn by CN then NT then VC" in message
        assert f"your LV is {lv}" in message


def test_1_5_3_aldgate_to_shadwell_by_the_escalator_link_is_lv_3() -> None:
    """Rule 1.5.3's example: Aldgate - Tower Hill - Tower Gateway - Shadwell needs LV 3."""
    gsd = game({"Rushton": "Aldgate (CL)"}, lv={"Rushton": 3})
    result = play(gsd, "Rushton : Shadwell (DL via: CL)")
    assert result.legal, result.messages()
    assert result.route is not None and "Tower Gateway" in result.route.stations
    assert not play(game({"Rushton": "Aldgate (CL)"}, lv={"Rushton": 2}),
                    "Rushton : Shadwell (DL via: CL)").legal  # fmt: skip


def test_1_2_0_via_may_list_every_portion() -> None:
    """Our reading of rule 1.2.0 (rules/vanilla/readings.md#r1-2-0): a via list already ending with
    the destination's code may list every portion."""
    result = play(game(HOLBORN, lv={"Rushton": 4}), "Rushton : Euston (VC via: CN,NT,VC)")
    assert result.legal, result.messages()
    strict = Ruleset().with_settings(via_lists_every_portion=False)
    from referee.engine.turn import adjudicate
    from referee.notation.plays import Play

    gsd = game(HOLBORN, lv={"Rushton": 4})
    again = adjudicate(
        gsd,
        Play.parse("Rushton : Euston (VC via: CN,NT,VC)", players=gsd.player_names),
        strict,
        check_order=False,
    )
    assert again.legal  # the literal reading CN,NT,VC,VC collapses to the same lines


def test_1_5_11_a_change_of_line_pays_one_black() -> None:
    """Rule 1.5.11 - Changing Line: implicit from the codes, costing one Black."""
    result = play(game(HOLBORN, lv={"Rushton": 4}), "Rushton : Euston (VC via: CN,NT)")
    assert row(result.state, "Rushton").tokens.bk == 1  # two, less the Line Change


def test_1_5_11_without_a_black_token_the_change_is_invalid() -> None:
    """Rule 1.5.11: the Line Change cannot be performed without its cost."""
    gsd = game(HOLBORN, lv={"Rushton": 4}, tokens={"Rushton": "2 Re"})
    result = play(gsd, "Rushton : Euston (VC via: CN,NT)")
    assert rules_broken(result) == ["1.5.11"]


def test_1_5_11_staying_on_one_line_is_free() -> None:
    """Rule 1.5.11: no change of Line, no Line Change to pay (and rule 1.4.20's Black)."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2})
    result = play(gsd, "Rushton : Bond Street (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.bk == 3  # two kept, one for no Line change


def test_1_19_2_tottenham_court_road_to_bond_street_adds_15_to_charge() -> None:
    """Rule 1.19.2's example: Current 0 to Current 15 adds 15 to Charge; the reverse takes 15."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2})
    assert row(play(gsd, "Rushton : Bond Street (CN)").state, "Rushton").charge == 15
    back = game({"Rushton": "Bond Street (CN)"}, lv={"Rushton": 2}, charge={"Rushton": 15})
    assert row(play(back, "Rushton : Tottenham Court Road (CN)").state, "Rushton").charge == 0


def test_1_19_2_charge_is_held_at_999() -> None:
    """Rule 1.19.2: Charge above 999% becomes 999%."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2},
               charge={"Rushton": 990})  # fmt: skip
    assert row(play(gsd, "Rushton : Bond Street (CN)").state, "Rushton").charge == 999


def test_1_5_2_pass_sets_lv_to_zero_and_names_the_station() -> None:
    """Rule 1.5.2 - Passing: LV becomes zero; the Pass names where the Piece is (rule 1.2.0)."""
    gsd = game(HOLBORN, lv={"Rushton": 4})
    result = play(gsd, "Rushton : Pass Holborn (CN)")
    assert result.legal and row(result.state, "Rushton").lv == 0
    wrong = play(gsd, "Rushton : Pass Euston (VC)")
    assert rules_broken(wrong) == ["1.2.0"]


def test_1_5_0_pass_and_timeout_are_always_valid() -> None:
    """Rule 1.5.0: Pass and Timeout are always Valid, even where a Move could not go."""
    gsd = game(HOLBORN, lv={"Rushton": 4}, disruptions=("Holborn (Bulkhead)",))
    assert play(gsd, "Rushton : Pass Holborn (CN)").legal
    assert play(gsd, "Rushton : Timeout").legal


def test_1_3_5_timeout_takes_an_hour_and_no_actions() -> None:
    """Rule 1.3.5: a Timeout (with no Actions) advances Game Time by one hour."""
    result = play(game(HOLBORN), "Rushton : Timeout")
    assert result.state.time is not None and result.state.time.render() == "Wednesday 1300"
    assert "1.3.5" in rules_broken(play(game(HOLBORN, lv={"Rushton": 1}),
                                        "Rushton : [LV+1] Timeout"))  # fmt: skip


def test_1_4_20_a_timeout_earns_no_tokens() -> None:
    """Rule 1.4.20 (rules/vanilla/readings.md#r1-4-20): a Timeout is no Move the player
    played, so not the Black of a non-Pass Move without a change of Line."""
    before = game(HOLBORN)
    result = play(before, "Rushton : Timeout")
    assert result.legal and row(result.state, "Rushton").tokens == row(before, "Rushton").tokens


def test_1_5_12_farkle_is_a_pass_with_no_actions_that_may_set_game_time() -> None:
    """Rule 1.5.12 - Farkling: like Pass, no Actions, Game Time set as the player says."""
    result = play(game(HOLBORN, lv={"Rushton": 3}), "Rushton : Farkle {Saturday 0900}")
    assert result.legal and row(result.state, "Rushton").lv == 0
    assert result.state.time is not None and result.state.time.render() == "Saturday 0900"
    broken = play(game(HOLBORN, lv={"Rushton": 3}), "Rushton : [LV+1] Farkle")
    assert "1.5.12" in rules_broken(broken)


def test_1_6_3_lv_changes_before_the_move() -> None:
    """Rule 1.6.3 - Greg! The Stop Sign!!: [LV+X]/[LV-X], X from one to three, pre-Move."""
    gsd = game(HOLBORN, lv={"Rushton": 1})
    assert play(gsd, "Rushton : [LV+3] Euston (VC via: CN,NT)").legal
    assert "1.6.3" in rules_broken(play(gsd, "Rushton : [LV+4] Euston (VC via: CN,NT)"))
    late = play(gsd, "Rushton : Euston (VC via: CN,NT) [LV+3]")
    assert "1.3.4" in rules_broken(late)


def test_1_6_1_lv_never_goes_below_zero() -> None:
    """Rule 1.6.1 - Line Velocity: an LV below zero becomes zero."""
    result = play(game(HOLBORN, lv={"Rushton": 1}), "Rushton : [LV-3] Pass Holborn (CN)")
    assert result.legal and row(result.state, "Rushton").lv == 0


def test_1_5_1_first_move_places_a_piece_that_is_off_the_map() -> None:
    """Rules 1.1.8 and 1.5.1, our reading: a Piece off the Map enters by a Special Move."""
    result = play(game({}), "Rushton : Euston (VC)")
    assert result.legal, result.messages()
    from referee.engine.history import derive

    where = derive(result.state).position("Rushton")
    assert where is not None and where.station == "Euston"


def test_1_2_0_the_via_list_picks_the_route() -> None:
    """Rule 1.2.0: the via codes choose among routes of the same length (here by Bank, not by
    the Escalator Link at Tower Hill)."""
    gsd = game({"Rushton": "Aldgate (CL)"}, lv={"Rushton": 3})
    result = play(gsd, "Rushton : Shadwell (DL via: CL,CN)")
    assert result.legal, result.messages()
    assert result.route is not None and result.route.stations[1] == "Liverpool Street"


def test_1_5_3_the_escalator_form_ends_across_the_link() -> None:
    """Rule 1.5.3 and rule 1.2.0's ``Monument (for Bank)``: the Move goes to Monument and the
    Piece finishes at Bank, whose Current counts for Charge (rule 1.19.2)."""
    from referee.engine.history import derive

    gsd = game({"Rushton": "Tower Hill (DS)"}, lv={"Rushton": 1})
    result = play(gsd, "Rushton : Monument (for Bank)")
    assert result.legal, result.messages()
    assert result.route_text == "route: Tower Hill -DS-> Monument"
    where = derive(result.state).position("Rushton")
    assert where is not None and where.station == "Bank"


def test_1_4_20_of_several_valid_routes_the_one_earning_most_counts() -> None:
    """rules/vanilla/readings.md#r1-4-20: Blackhorse Road to Caledonian Road (PD via: VC) at LV 6
    runs either by Finsbury Park or on to King's Cross; the route past more Interchanges earns
    more, so it counts (setting route_choice="best"); "first" takes the search's first."""
    from referee.engine.turn import adjudicate
    from referee.notation.plays import Play

    gsd = game({"Rushton": "Blackhorse Road (VC)"}, lv={"Rushton": 6})
    text = "Rushton : Caledonian Road (PD via: VC)"
    best = play(gsd, text)
    assert best.legal and best.route is not None
    assert "King's Cross St. Pancras" in best.route.stations
    first = adjudicate(
        gsd,
        Play.parse(text, players=gsd.player_names),
        Ruleset().with_settings(route_choice="first"),
        check_order=False,
    )
    assert first.legal and first.route is not None and first.route != best.route
    tokens = [sum(row(r.state, "Rushton").tokens.as_tuple()) for r in (best, first)]
    assert tokens[0] > tokens[1]


def test_1_6_2_one_station_is_singular() -> None:
    """Rule 1.6.2's message reads as English at a distance of one."""
    gsd = game({"Rushton": "Finsbury Park (PD)"}, lv={"Rushton": 2})
    message = play(gsd, "Rushton : Arsenal (PD)").violations[0].message
    assert message.startswith("Arsenal is 1 station from Finsbury Park by PD")


def test_1_4_28_a_current_rover_card_makes_the_line_change_free() -> None:
    """Rule 1.4.28 - Day Tripper!: with a Current All Day Rover Card, [Line Change] is free;
    an Expired one does not help."""
    from referee.notation.luggage import RackEntry
    from referee.notation.possessions import Possession

    gsd = game(HOLBORN, lv={"Rushton": 4}, tokens={"Rushton": "1 Re"}, time="Wednesday 1200")
    text = "Rushton : Euston (VC via: CN,NT)"
    for day, legal in (("Wednesday", True), ("Tuesday", False)):
        card = RackEntry(player="Rushton", possessions=(Possession.parse(f"{day} Rover Card"),))
        result = play(gsd.model_copy(update={"rack": (card,)}), text)
        assert result.legal is legal, (day, result.messages())


def test_1_5_7_the_heathrow_loop_anticlockwise_is_refused_under_its_own_rule() -> None:
    """Rule 1.5.7 - Heathrow Loop-the-Loop: a Move running the loop anti-clockwise (Hatton
    Cross straight to Terminal 123) is Invalid, and the referee cites 1.5.7, not a false
    distance under 1.6.2; clockwise, by Terminal 4, two stations is fine."""
    gsd = game({"Rushton": "Hatton Cross (PD)"}, lv={"Rushton": 1})
    refused = play(gsd, "Rushton : Heathrow Terminal 123 (PD)")
    assert rules_broken(refused) == ["1.5.7"]
    assert "anti-clockwise" in refused.violations[0].message
    clockwise = game({"Rushton": "Hatton Cross (PD)"}, lv={"Rushton": 2})
    assert play(clockwise, "Rushton : Heathrow Terminal 123 (PD)").legal
    far = play(gsd, "Rushton : Hounslow Central (PD)")
    assert rules_broken(far) == ["1.6.2"]
