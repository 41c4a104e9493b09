"""Line States of section 1.20: Normal, One Way, Electrified, Speed Limit, Power Failure!,
Soaped (rules 1.20.0 to 1.20.6)."""

from __future__ import annotations

from referee.engine.history import derive
from referee.engine.ruleset import VANILLA
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken

TCR = {"Rushton": "Tottenham Court Road (CN)"}
TO_BOND = "Rushton : Bond Street (CN)"  # E-W along the Central
PLASTIC = {"Rushton": "6 Bu, 2 Bk, 3 Re, 1 Si"}
NO_METAL = {"Rushton": "2 Bk, 2 Re"}


def states(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions]


def test_1_20_1_back_to_normal_from_a_station_on_the_line() -> None:
    """Rule 1.20.1 - Back To Normal (2 Blue, post-Move); rule 1.20.0: from a Station on the
    Line; the Speed Limit stays."""
    gsd = game(TCR, tokens=PLASTIC, disruptions=("CN: Electrified", "CN: Speed Limit: 6"))
    result = play(gsd, "Rushton : Pass [CN: Normal]")
    assert result.legal, result.messages()
    assert states(result.state) == ["CN: Speed Limit: 6"]
    assert row(result.state, "Rushton").tokens.bu == 4
    refused = play(gsd, "Rushton : Pass [VC: Normal]")
    assert rules_broken(refused) == ["1.20.1"] and "(L0)" in refused.violations[0].message


def test_1_20_2_one_way_forbids_running_against_it() -> None:
    """Rule 1.20.2 - And Where Might YOU Be Going?: the Central One Way E-W allows Tottenham
    Court Road to Bond Street (westwards), not the reverse."""
    gsd = game(TCR, lv={"Rushton": 2}, disruptions=("CN: One Way: E-W",))
    assert play(gsd, TO_BOND).legal
    back = game({"Rushton": "Bond Street (CN)"}, lv={"Rushton": 2},
                disruptions=("CN: One Way: E-W",))  # fmt: skip
    refused = play(back, "Rushton : Tottenham Court Road (CN)")
    assert rules_broken(refused) == ["1.20.2"] and "E-W" in refused.violations[0].message


def test_1_20_2_one_way_binds_a_line_laid_over_the_same_stations() -> None:
    """Rule 1.20.2: a Circle Move from Temple to Embankment touches the District's track,
    which runs E-W there; with the District One Way W-E it is Invalid."""
    gsd = game({"Rushton": "Temple (CL)"}, lv={"Rushton": 1}, disruptions=("DS: One Way: W-E",))
    refused = play(gsd, "Rushton : Embankment (CL)")
    assert rules_broken(refused) == ["1.20.2"] and "District" not in refused.violations[0].message
    fine = game({"Rushton": "Temple (CL)"}, lv={"Rushton": 1}, disruptions=("DS: One Way: E-W",))
    assert play(fine, "Rushton : Embankment (CL)").legal


def test_1_20_2_setting_one_way_in_a_recognised_direction() -> None:
    """Rule 1.20.2: [CN: One Way: W-E] (2 Blue, 1 Silver) from a Central Station; N-S is no
    direction of the Central."""
    gsd = game(TCR, tokens=PLASTIC, disruptions=("CN: Electrified",))
    result = play(gsd, "Rushton : Pass [CN: One Way: W-E]")
    assert result.legal, result.messages()
    assert states(result.state) == ["CN: One Way: W-E"]
    wrong = play(gsd, "Rushton : Pass [CN: One Way: N-S]")
    assert rules_broken(wrong) == ["1.20.2"] and "E-W or W-E" in wrong.violations[0].message


def test_1_20_3_an_electrified_line_blocks_a_metal_carrier() -> None:
    """Rule 1.20.3 - Opposites Attract: with Metallic Tokens (here one Bronze) the Central's
    Stations are Blocked; with none they are not."""
    metal = game(TCR, lv={"Rushton": 2}, tokens={"Rushton": "1 Br"},
                 disruptions=("CN: Electrified",))  # fmt: skip
    refused = play(metal, TO_BOND)
    assert rules_broken(refused) == ["1.20.3"] and "Metallic" in refused.violations[0].message
    plastic = game(TCR, lv={"Rushton": 2}, tokens=NO_METAL, disruptions=("CN: Electrified",))
    assert play(plastic, TO_BOND).legal
    cost = {"Rushton": "2 Re, 2 Bu, 1 Si"}
    set_ = play(game(TCR, tokens=cost), "Rushton : Pass [CN: Electrified]")
    assert set_.legal and states(set_.state) == ["CN: Electrified"]


def test_1_20_4_a_speed_limit_stops_the_fast_unless_charged() -> None:
    """Rule 1.20.4 - Not So Fast There!: a Limit of 1 stops LV 2 on the Central, unless
    Charge is beyond 100% (then up to twice the Limit)."""
    gsd = game(TCR, lv={"Rushton": 2}, disruptions=("CN: Speed Limit: 1",))
    refused = play(gsd, TO_BOND)
    assert rules_broken(refused) == ["1.20.4"]
    assert "Speed Limit of 1" in refused.violations[0].message
    charged = game(TCR, lv={"Rushton": 2}, charge={"Rushton": 150},
                   disruptions=("CN: Speed Limit: 1",))  # fmt: skip
    assert play(charged, TO_BOND).legal


def test_1_20_4_setting_a_limit_costs_a_blue_per_unit_of_change() -> None:
    """Rule 1.20.4: from the initial 10 to 6 costs four Blue."""
    gsd = game(TCR, lv={"Rushton": 2}, tokens=PLASTIC)
    result = play(gsd, "Rushton : [CN: Speed Limit: 6] Bond Street (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.bu == 2
    assert states(result.state) == ["CN: Speed Limit: 6"]
    poor = game(TCR, lv={"Rushton": 2}, tokens={"Rushton": "3 Bu"})
    assert rules_broken(play(poor, "Rushton : [CN: Speed Limit: 6] Bond Street (CN)")) == ["1.20.4"]


def test_1_20_5_a_power_failure_on_the_line_of_ones_last_move() -> None:
    """Rule 1.20.5 - Power Failure! (3 Red): on the Line of the most recent Move only."""
    gsd = game(TCR, lv={"Rushton": 2}, tokens=PLASTIC)
    result = play(gsd, "Rushton : Bond Street (CN) [CN: Power Failure!]")
    assert result.legal, result.messages()
    assert states(result.state) == ["CN: Power Failure!"]
    refused = play(gsd, "Rushton : Bond Street (CN) [JL: Power Failure!]")
    assert rules_broken(refused) == ["1.20.5"] and "CN" in refused.violations[0].message


def test_1_20_5_no_move_touches_a_failed_line_but_a_walk() -> None:
    """Rule 1.20.5: Moves touching a Station of the failed Line are Invalid, Walking is not."""
    gsd = game(TCR, lv={"Rushton": 2}, disruptions=("CN: Power Failure!",))
    assert rules_broken(play(gsd, TO_BOND)) == ["1.20.5"]
    assert play(gsd, "Rushton : [Walking] Oxford Circus (CN)").legal
    assert play(gsd, "Rushton : Pass").legal


def test_1_20_6_soaping_lasts_one_round() -> None:
    """Rules 1.20.6 and 1.3.0: Soaped for one Round, made Post-Move, so it stops at the end
    of the Post-Move phase of the Soaper's next Turn."""
    gsd = game({"Cryer": "Euston (NT)", **TCR}, lv={"Rushton": 2}, tokens=PLASTIC)
    soaped = play(gsd, "Rushton : Bond Street (CN) [CN: Soaped]")
    assert soaped.legal, soaped.messages()
    assert states(soaped.state) == ["CN: Soaped"]
    cryer = play(soaped.state, "Cryer : Pass")
    assert states(cryer.state) == ["CN: Soaped"]
    back = play(cryer.state, "Rushton : Pass")
    assert back.legal and states(back.state) == []


def test_1_3_0_a_post_move_power_failure_binds_its_makers_next_move() -> None:
    """Rules 1.3.0 and 1.20.5: a Power Failure made after the Move lasts to the end of the
    Post-Move phase of the maker's next Turn, so eir next Move (made before that) is still
    refused; once that Turn is over the Line works again."""
    gsd = game({"Cryer": "Euston (NT)", **TCR}, lv={"Rushton": 2}, tokens=PLASTIC)
    failed = play(gsd, "Rushton : Bond Street (CN) [CN: Power Failure!]")
    assert failed.legal, failed.messages()
    cryer = play(failed.state, "Cryer : Pass")
    assert cryer.legal and states(cryer.state) == ["CN: Power Failure!"]
    refused = play(cryer.state, "Rushton : Tottenham Court Road (CN)")
    assert rules_broken(refused) == ["1.20.5"]
    passed = play(cryer.state, "Rushton : Pass")
    assert passed.legal and states(passed.state) == []


def test_1_3_0_a_one_round_state_outlives_a_later_one_by_another_player() -> None:
    """Rule 1.3.0: a one-Round state ends with its own maker's Round; the Line's state set
    since by another player is that player's and is not ended by the first maker's Turn."""
    gsd = game({"Cryer": "Oxford Circus (CN)", **TCR}, lv={"Rushton": 2, "Cryer": 1},
               tokens={**PLASTIC, "Cryer": "6 Bu, 3 Re, 2 Bk"})  # fmt: skip
    failed = play(gsd, "Rushton : Bond Street (CN) [CN: Power Failure!]")
    assert failed.legal, failed.messages()
    soaped = play(failed.state, "Cryer : [Walking] Tottenham Court Road (CN) [CN: Soaped]")
    assert soaped.legal and states(soaped.state) == ["CN: Soaped"], soaped.messages()
    back = play(soaped.state, "Rushton : Pass")
    assert back.legal and states(back.state) == ["CN: Soaped"]


def test_1_3_0_a_resigned_makers_state_ends_where_eir_turn_would_have_been() -> None:
    """Rule 1.3.0: if the maker Resigns, a one-Round State stops at the point after which eir
    Turn would have been: Rushton, Cryer, Garden play in turn; Rushton fails the Central and
    resigns; it still fails after Cryer's Turn and is over after Garden's."""
    gsd = game({"Cryer": "Euston (NT)", "Garden": "Bank (NT)", **TCR}, lv={"Rushton": 2},
               tokens=PLASTIC)  # fmt: skip
    failed = play(gsd, "Rushton : Bond Street (CN) [CN: Power Failure!]")
    assert failed.legal, failed.messages()
    gone = VANILLA.resign(failed.state, "Rushton")
    cryer = play(gone, "Cryer : Pass")
    assert cryer.legal and states(cryer.state) == ["CN: Power Failure!"]
    garden = play(cryer.state, "Garden : Pass")
    assert garden.legal and states(garden.state) == []


def test_1_20_6_a_shunt_on_a_soaped_line_skids_the_shunter_along() -> None:
    """Rules 1.20.6 and 1.3.0: Shunting along a Soaped Line carries the Shunter with the
    Shunted player, both ending at the same Station; the Soap made in the Shunter's previous
    Turn still lies in eir next Post-Move phase. The record keeps where the Shunter stands."""
    gsd = game({"Cryer": "Tottenham Court Road (CN)", "Rushton": "Bond Street (CN)"},
               lv={"Rushton": 1}, tokens=PLASTIC)  # fmt: skip
    soaped = play(gsd, "Rushton : Oxford Circus (CN) [CN: Soaped]")
    assert soaped.legal, soaped.messages()
    cryer = play(soaped.state, "Cryer : Pass")
    assert cryer.legal, cryer.messages()
    shunt = play(
        cryer.state, "Rushton : Tottenham Court Road (CN) [Shunting Cryer to Holborn (CN)]"
    )
    assert shunt.legal, shunt.messages()
    where = derive(shunt.state).positions
    assert where["Cryer"].station == where["Rushton"].station == "Holborn"
    dry = game({"Cryer": "Tottenham Court Road (CN)", "Rushton": "Oxford Circus (CN)"},
               lv={"Rushton": 1}, tokens=PLASTIC)  # fmt: skip
    unsoaped = play(dry, "Rushton : Tottenham Court Road (CN) [Shunting Cryer to Holborn (CN)]")
    assert unsoaped.legal, unsoaped.messages()
    assert derive(unsoaped.state).positions["Rushton"].station == "Tottenham Court Road"


def test_1_20_5_no_straddle_from_a_station_on_a_failed_line() -> None:
    """Rule 1.20.5: no player situated at a Station on the failed Line may Straddle."""
    gsd = game(TCR, disruptions=("CN: Power Failure!",))
    refused = play(gsd, "Rushton : Pass [Straddling to Holborn]")
    assert "1.20.5" in rules_broken(refused)


def test_1_20_2_the_circle_runs_clockwise_or_anti_clockwise() -> None:
    """Rule 1.20.2: the Circle One Way Anti-Clockwise refuses Temple to Embankment (clockwise)
    and allows Temple to Blackfriars."""
    gsd = game({"Rushton": "Temple (CL)"}, lv={"Rushton": 1},
               disruptions=("CL: One Way: Anti-Clockwise",))  # fmt: skip
    refused = play(gsd, "Rushton : Embankment (CL)")
    assert rules_broken(refused) == ["1.20.2"] and "Anti-Clockwise" in refused.violations[0].message
    assert play(gsd, "Rushton : Blackfriars (CL)").legal


def test_1_20_0_every_line_starts_with_a_speed_limit_of_10() -> None:
    """Rules 1.20.0 and 1.20.4: every Line's initial Speed Limit is 10, so with no Limit in
    Disruptions LV 11 may not move along the Central (Tottenham Court Road to North Acton is
    eleven stops west); LV 10 may (East Acton), and Charge beyond +100% doubles the Limit."""
    at_11 = game(TCR, lv={"Rushton": 11})
    refused = play(at_11, "Rushton : North Acton (CN)")
    assert rules_broken(refused) == ["1.20.4"]
    assert "Speed Limit of 10" in refused.violations[0].message
    assert play(game(TCR, lv={"Rushton": 10}), "Rushton : East Acton (CN)").legal
    charged = game(TCR, lv={"Rushton": 11}, charge={"Rushton": 101})
    assert play(charged, "Rushton : North Acton (CN)").legal


def test_1_20_4_the_usual_10_binds_under_knightsbridge_1965() -> None:
    """Knightsbridge '65 rule 4.2.1.1 speaks of "the usual 10": Volume 1's initial Limit
    (rule 1.20.0) holds under the variant too."""
    from referee.engine.turn import adjudicate
    from referee.notation.plays import Play
    from referee.variants import find_variant

    gsd = game(TCR, lv={"Rushton": 11})
    ruleset = find_variant("knightsbridge-1965")()
    result = adjudicate(gsd, Play.parse("Rushton : North Acton (CN)", players=gsd.player_names),
                        ruleset, check_order=False)  # fmt: skip
    assert "1.20.4" in rules_broken(result)


def test_1_20_0_a_ruleset_may_raise_the_starting_limit_for_a_mover() -> None:
    """Rule 1.20.0 as a variant may amend it (Knightsbridge '65's rule 4.2.1.1 gives the Speed
    Podume's holder "a maximum LV of 13 instead of the usual 10"): a Ruleset whose starting
    Limit is 13 lets LV 11 along an unlimited Line, but a Limit a player set still binds."""
    from referee.engine.context import TurnContext
    from referee.engine.ruleset import Ruleset
    from referee.engine.turn import adjudicate
    from referee.notation.plays import Play

    class Fast(Ruleset):
        def starting_speed_limit(self, ctx: TurnContext) -> int:
            return 13

    def judge(gsd: GSD) -> list[str]:
        played = Play.parse("Rushton : North Acton (CN)", players=gsd.player_names)
        return rules_broken(adjudicate(gsd, played, Fast(), check_order=False))

    assert judge(game(TCR, lv={"Rushton": 11})) == []
    assert judge(game(TCR, lv={"Rushton": 11}, disruptions=("CN: Speed Limit: 10",))) == ["1.20.4"]
