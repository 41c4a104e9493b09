"""Player States (rules 4.1.1 - 4.1.1.3 of the Knightsbridge 1965 amendments).

Each State is given by a Neutral Action aimed at another player at the giver's Station, binds
its holder until eir own Action sheds it at the kind of Station its rule names, and may be held
once at a time.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.engine.test_home import with_home
from tests.variants.knightsbridge.kb import KB, RICH, judged, kb_play, states, with_states


def together(at: str = "Holborn (CN)", **kw: object) -> GSD:
    """Rushton and Garden at one Station, both rich; Garden at LV 7."""
    return game({"Rushton": at, "Garden": at}, lv={"Garden": 7},
                tokens={"Rushton": RICH, "Garden": RICH}, **kw)  # type: ignore[arg-type]  # fmt: skip


def holding(state: str, at: str, *, lv: int = 0, tokens: str = RICH) -> GSD:
    """Garden alone at ``at`` holding ``state``."""
    gsd = game({"Garden": at, "Rushton": "Amersham (MP)"}, lv={"Garden": lv},
               tokens={"Garden": tokens})  # fmt: skip
    return with_states(gsd, f"{state}: Garden")


# -- Rule 4.1.1 - giving a State ---------------------------------------------------------------


def test_4_1_1_each_state_goes_to_the_named_player_for_its_cost() -> None:
    """Rules 4.1.1.1-4.1.1.3: [Greening] (2 Green), [Narging] (3 Red), [Spooning] (1 Silver)
    give the State; they are Neutral, so before the Move as well as after."""
    for action, state, colour, left in (("Greening", "Green", "gr", 4 - 2),
                                        ("Narging", "Narged", "re", 6 - 3),
                                        ("Spooning", "In Spoon", "si", 2 - 1)):  # fmt: skip
        result = legal(kb_play(together(), f"Rushton : [{action} Garden] Pass"))
        assert states(result) == [f"{state}: Garden"], action
        assert getattr(row(result, "Rushton").tokens, colour) == left, action
        assert legal(kb_play(together(), f"Rushton : Pass [{action} Garden]")).disruptions


def test_4_1_1_the_target_must_share_the_givers_station() -> None:
    """Rule 4.1.1.1: only "located at the same Station as another Player" (the index's S0)."""
    apart = game({"Rushton": "Holborn (CN)", "Garden": "Euston (VC)"}, tokens={"Rushton": RICH})
    assert rules_broken(kb_play(apart, "Rushton : [Greening Garden] Pass")) == ["4.1.1.1"]


def test_4_1_1_a_state_is_held_once() -> None:
    """Rule 4.1.1: "only one instance of any particular State"."""
    again = kb_play(with_states(together(), "Narged: Garden"), "Rushton : [Narging Garden] Pass")
    assert rules_broken(again) == ["4.1.1"] and "already Narged" in message(again)


def test_4_1_1_a_state_is_given_to_another_player() -> None:
    """Rule 4.1.1.1: "another Player"; one cannot Green oneself."""
    result = kb_play(together(), "Rushton : [Greening Rushton] Pass")
    assert "4.1.1.1" in rules_broken(result)


def test_4_1_1_the_drone_may_be_given_a_state() -> None:
    """Rule 4.1.1: "it is theoretically possible for every Player to be affected by a
    particular State ... six Players plus the Drone": the Drone at Mornington Crescent may be
    Greened by a player there."""
    gsd = game({"Rushton": "Mornington Crescent (NT)"}, tokens={"Rushton": RICH})
    assert states(legal(kb_play(gsd, "Rushton : [Greening Drone] Pass"))) == ["Green: Drone"]


def test_4_1_1_states_of_different_kinds_stack() -> None:
    """Rule 4.1.1: a player may hold any number of States."""
    result = legal(kb_play(with_states(together(), "Green: Garden"),
                           "Rushton : [Narging Garden] Pass"))  # fmt: skip
    assert states(result) == ["Green: Garden", "Narged: Garden"]


# -- Rule 4.1.1.1 - Green ----------------------------------------------------------------------


def test_4_1_1_1_a_green_player_opens_eir_turn_with_recycling() -> None:
    """Rule 4.1.1.1: [Recycling] first, of at least one Token; any other first Action, none
    at all, or Recycling of nothing breaks it."""
    gsd = holding("Green", "Holborn (CN)")
    assert kb_play(gsd, "Garden : [Recycling] Pass {recycling: 1 Re}").legal
    assert rules_broken(kb_play(gsd, "Garden : Pass")) == ["4.1.1.1"]
    late = kb_play(gsd, "Garden : [LV+1] [Recycling] Pass {recycling: 1 Re}")
    assert rules_broken(late) == ["4.1.1.1"] and "first Action" in message(late)
    assert "4.1.1.1" in rules_broken(kb_play(gsd, "Garden : [Recycling] Pass {recycling: 0}"))


def test_4_1_1_1_a_timeout_allows_no_actions_so_is_no_breach() -> None:
    """Rule 4.1.1.1 with rule 1.3.5: a Timeout holds no Actions
    (rules/knightsbridge-1965/readings.md#general)."""
    assert kb_play(holding("Green", "Holborn (CN)"), "Garden : Timeout").legal


def test_4_1_1_1_de_greening_at_a_green_station() -> None:
    """Rule 4.1.1.1: [De-Greening] (Post-Move, 2 Green) at a Green Station ends the State."""
    text = "Garden : [Recycling] Pass [De-Greening] {recycling: 1 Re}"
    state = legal(kb_play(holding("Green", "Green Park (VC)"), text))
    assert states(state) == [] and row(state, "Garden").tokens.gr == 4 - 2 + 1
    away = kb_play(holding("Green", "Holborn (CN)"), text)
    assert rules_broken(away) == ["4.1.1.1"] and "Green Station" in message(away)


def test_4_1_1_1_de_greening_is_for_green_players() -> None:
    game_ = game({"Garden": "Green Park (VC)"}, tokens={"Garden": RICH})
    result = kb_play(game_, "Garden : Pass [De-Greening]")
    assert rules_broken(result) == ["4.1.1.1"] and "you are not" in message(result)


# -- Rule 4.1.1.2 - Narged ---------------------------------------------------------------------


def test_4_1_1_2_no_opening_mc_and_no_special_moves() -> None:
    """Rule 4.1.1.2: a Narged player may not [Opening MC] nor make a Special Move (Walking)."""
    gsd = holding("Narged", "Holborn (CN)")
    assert "4.1.1.2" in rules_broken(kb_play(gsd, "Garden : [Opening MC] Pass"))
    walked = kb_play(holding("Narged", "Holborn (CN)", lv=5),
                     "Garden : [Walking] Russell Square (PD)")  # fmt: skip
    assert rules_broken(walked) == ["4.1.1.2"] and "Special Moves" in message(walked)
    free = game({"Garden": "Holborn (CN)"}, lv={"Garden": 5}, tokens={"Garden": RICH})
    assert kb_play(free, "Garden : [Walking] Russell Square (PD)").legal


def test_4_1_1_2_a_narged_players_home_is_open() -> None:
    """Rule 4.1.1.2: "eir Home Station is considered Open to all Players" (rule 1.12.3 would
    otherwise Block it)."""
    base = with_home(game({"Rushton": "Arnos Grove (PD)"}, lv={"Rushton": 1}), Garden="Southgate")
    assert rules_broken(kb_play(base, "Rushton : Southgate (PD)")) == ["1.12.3"]
    assert kb_play(with_states(base, "Narged: Garden"), "Rushton : Southgate (PD)").legal


def test_4_1_1_2_a_home_is_open_from_the_narging_on() -> None:
    """Rule 4.1.1.2: "eir Home Station is considered Open" while e is Narged, so from the
    [Narging] on: a Neutral [Narging] before the Move opens the Home to that very Move."""
    base = with_home(
        game(
            {"Rushton": "Arnos Grove (PD)", "Garden": "Arnos Grove (PD)"},
            lv={"Rushton": 1},
            tokens={"Rushton": RICH},
        ),
        Garden="Southgate",
    )
    assert rules_broken(kb_play(base, "Rushton : Southgate (PD)")) == ["1.12.3"]
    assert kb_play(base, "Rushton : [Narging Garden] Southgate (PD)").legal


def test_4_1_1_2_anti_narg_south_of_the_river() -> None:
    """Rule 4.1.1.2: [Anti-Narg] (Post-Move, 2 Black) South of the River ends the State."""
    state = legal(kb_play(holding("Narged", "Oval (NT)"), "Garden : Pass [Anti-Narg]"))
    assert states(state) == [] and row(state, "Garden").tokens.bk == 6 - 2
    north = kb_play(holding("Narged", "Holborn (CN)"), "Garden : Pass [Anti-Narg]")
    assert rules_broken(north) == ["4.1.1.2"] and "South of the River" in message(north)
    plain = game({"Garden": "Oval (NT)"}, tokens={"Garden": RICH})
    assert rules_broken(kb_play(plain, "Garden : Pass [Anti-Narg]")) == ["4.1.1.2"]


# -- Rule 4.1.1.3 - In Spoon -------------------------------------------------------------------


def test_4_1_1_3_spooning_cuts_lv_to_four_at_once() -> None:
    """Rule 4.1.1.3: "If eir LV is already above 4, it is immediatly reduced to 4"."""
    state = legal(kb_play(together(), "Rushton : [Spooning Garden] Pass"))
    assert row(state, "Garden").lv == 4


def test_4_1_1_3_lv_may_not_rise_above_four() -> None:
    """Rule 4.1.1.3: LV never greater than four while In Spoon: [LV+2] from three leaves four,
    which reaches Marble Arch (four stops) and not Lancaster Gate (five)."""
    spooned = holding("In Spoon", "Holborn (CN)", lv=3)
    state = legal(kb_play(spooned, "Garden : [LV+2] Marble Arch (CN)"))
    assert row(state, "Garden").lv == 4
    assert not kb_play(spooned, "Garden : [LV+2] Lancaster Gate (CN)").legal
    free = game({"Garden": "Holborn (CN)"}, lv={"Garden": 3}, tokens={"Garden": RICH})
    assert kb_play(free, "Garden : [LV+2] Lancaster Gate (CN)").legal


def test_4_1_1_3_no_action_costing_red_blue_silver_or_gold() -> None:
    """Rule 4.1.1.3: [Cowering] costs Blue, so a player In Spoon may not Cower; [LV+1] is
    free, so e may."""
    spooned = holding("In Spoon", "Holborn (CN)")
    result = kb_play(spooned, "Garden : Pass [Cowering]")
    assert rules_broken(result) == ["4.1.1.3"] and "Blue" in message(result)
    assert kb_play(spooned, "Garden : [LV+1] Pass").legal


def test_4_1_1_3_a_cost_set_by_the_actions_rule_is_a_token_cost_too() -> None:
    """Rule 4.1.1.3 binds "any Action ... that has a Token Cost that includes Red", whether the
    index or the Action's own rule sets it: [Hyde Transformation] costs a Red a Hyde Counter
    (rule 4.2.1.5), so Dr. Jekyll In Spoon may not transform."""
    spooned = with_luggage(
        holding("In Spoon", "Holborn (CN)"), {"Garden": "Hyde Podume (1 Hyde Counter)"}
    )
    result = kb_play(spooned, "Garden : [Hyde Transformation] Pass")
    assert rules_broken(result) == ["4.1.1.3"] and "Red" in message(result)


def test_4_1_1_3_a_red_the_target_adds_is_part_of_the_token_cost() -> None:
    """Rule 4.1.1.3 with rule 1.7.56: aiming an Action at a player who Cowered in eir most
    recent Turn increases "that Action's cost" by one Red, so [Greening] (two Green) aimed at
    em has a Token Cost that includes Red, which a player In Spoon may not perform."""
    gsd = with_states(together(), "In Spoon: Rushton")
    cowered = legal(kb_play(gsd, "Garden : Pass [Cowering]"))
    result = kb_play(cowered, "Rushton : [Greening Garden] Pass")
    assert rules_broken(result) == ["4.1.1.3"] and "Red" in message(result)
    calm = kb_play(gsd, "Rushton : [Greening Garden] Pass")
    assert calm.legal


def test_4_1_1_3_a_cost_a_podume_waives_binds_unless_the_setting_says_not() -> None:
    """Rule 4.1.1.3 (rules/knightsbridge-1965/readings.md#general): the Spanger Podume's
    holder Shunts free (rule 4.2.1.3), but [Shunting] still has its Red cost, so e may not
    Shunt In Spoon; with ``in_spoon_counts_waived_costs`` off, what e would pay counts, and
    e may. Dr. Jekyll's free [Cowering] (rule 4.2.1.5) likewise."""
    gsd = game({"Garden": "Holborn (CN)", "Rushton": "Chancery Lane (CN)"}, lv={"Garden": 1},
               tokens={"Garden": RICH, "Rushton": RICH})  # fmt: skip
    spanger = with_states(with_luggage(gsd, {"Garden": "Spanger Podume"}), "In Spoon: Garden")
    shunt = "Garden : Chancery Lane (CN) [Shunting Rushton to St. Paul's (CN)]"
    assert rules_broken(kb_play(spanger, shunt)) == ["4.1.1.3"]
    lenient = KB.with_settings(in_spoon_counts_waived_costs=False)
    assert judged(spanger, shunt, lenient).legal
    jekyll = with_states(with_luggage(gsd, {"Garden": "Hyde Podume (1 Hyde Counter)"}),
                         "In Spoon: Garden")  # fmt: skip
    assert rules_broken(kb_play(jekyll, "Garden : Pass [Cowering]")) == ["4.1.1.3"]
    assert judged(jekyll, "Garden : Pass [Cowering]", lenient).legal


def test_4_1_1_3_unspooning_at_an_a_to_z_station_for_four_plastic() -> None:
    """Rule 4.1.1.3: [Unspooning] (Post-Move) at an A to Z Station, four Plastic Tokens, ends
    the State; its own cost may hold Red or Blue."""
    state = legal(kb_play(holding("In Spoon", "Baker Street (BL)", tokens="2Re,2Bu,1Go"),
                          "Garden : Pass [Unspooning]"))  # fmt: skip
    assert states(state) == [] and row(state, "Garden").tokens.as_tuple() == (0, 0, 0, 1, 0, 0, 0)
    chosen = legal(kb_play(holding("In Spoon", "Baker Street (BL)"),
                           "Garden : Pass [Unspooning] {unspooning: 4 Gr}"))  # fmt: skip
    assert row(chosen, "Garden").tokens.gr == 0 and row(chosen, "Garden").tokens.bk == 6


def test_4_1_1_3_unspooning_breaks_elsewhere_short_or_with_metal() -> None:
    away = kb_play(holding("In Spoon", "Holborn (CN)"), "Garden : Pass [Unspooning]")
    assert rules_broken(away) == ["4.1.1.3"] and "A to Z" in message(away)
    poor = kb_play(holding("In Spoon", "Baker Street (BL)", tokens="3Bk,2Go"),
                   "Garden : Pass [Unspooning]")  # fmt: skip
    assert rules_broken(poor) == ["4.1.1.3"] and "fewer" in message(poor)
    metal = kb_play(holding("In Spoon", "Baker Street (BL)"),
                    "Garden : Pass [Unspooning] {unspooning: 2 Go, 2 Bk}")  # fmt: skip
    assert rules_broken(metal) == ["4.1.1.3"] and "Plastic" in message(metal)
    plain = kb_play(game({"Garden": "Baker Street (BL)"}, tokens={"Garden": RICH}),
                    "Garden : Pass [Unspooning]")  # fmt: skip
    assert rules_broken(plain) == ["4.1.1.3"] and "you are not" in message(plain)
