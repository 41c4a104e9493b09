"""The Hyde Podume (rule 4.2.1.5 - Jekyll and Hyde Park), tests written from the rule's words:
created for three Red at Hyde Park Corner into its creator's possession, Dr. Jekyll with one
Hyde Counter; Dr. Jekyll Cowers free; [Hyde Transformation] costs a Red per counter, makes
Mr. Hyde for one Round and adds a counter; Mr. Hyde's LV rules, no Cowering, no Shield."""

from __future__ import annotations

from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from tests.engine.builder import game, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.variants.knightsbridge.kb import RICH, kb_play, states
from tests.variants.knightsbridge.test_podume_powers import paid
from tests.variants.knightsbridge.test_podumes import rack


def test_4_2_1_5_creating_the_hyde_podume_at_hyde_park_corner() -> None:
    gsd = game({"Rushton": "Hyde Park Corner (PD)"}, tokens={"Rushton": RICH})
    result = kb_play(gsd, "Rushton : [Creating Hyde Podume] Pass")
    assert result.legal and paid(result, "Re") == 3
    assert rack(result.state, "Rushton") == ["Hyde Podume (1 Hyde Counter)"]
    assert states(result.state) == []  # Dr. Jekyll: holding it, not transformed
    away = game({"Rushton": "Green Park (PD)"}, tokens={"Rushton": RICH})
    assert rules_broken(kb_play(away, "Rushton : [Creating Hyde Podume] Pass")) == ["4.2.1.5"]


def jekyll(counters: int = 1, more: str = "", lv: int = 0) -> GSD:
    gsd = game(
        {"Rushton": "Holborn (CN)", "Garden": "Holborn (CN)"},
        lv={"Rushton": lv},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    counted = f"{counters} Hyde Counter" + ("" if counters == 1 else "s")
    return with_luggage(gsd, {"Rushton": f"Hyde Podume ({counted})" + more})


def test_4_2_1_5_dr_jekyll_cowers_for_free() -> None:
    result = kb_play(jekyll(), "Rushton : Pass [Cowering]")
    assert result.legal and paid(result, "Bu") == 0
    plain = kb_play(jekyll().model_copy(update={"rack": ()}), "Rushton : Pass [Cowering]")
    assert paid(plain, "Bu") == 1


def test_4_2_1_5_the_transformation_costs_a_red_per_counter_and_adds_one() -> None:
    result = kb_play(jekyll(counters=2), "Rushton : [Hyde Transformation] Pass")
    assert result.legal and paid(result, "Re") == 2
    assert states(result.state) == ["Mr. Hyde: Rushton"]
    assert rack(result.state, "Rushton") == ["Hyde Podume (3 Hyde Counters)"]


def test_4_2_1_5_only_dr_jekyll_transforms() -> None:
    nobody = jekyll().model_copy(update={"rack": ()})
    assert rules_broken(kb_play(nobody, "Rushton : [Hyde Transformation] Pass")) == ["4.2.1.5"]


def test_4_2_1_5_mr_hyde_lasts_one_round() -> None:
    """ "Lasts for one Round" as rule 1.3.0 - Turn Summary defines it: to the same point of the
    next Round, Turn Phases rounded up. Transformed before the Move, Rushton is Mr. Hyde
    through the others' Turns and eir own next Pre-Move phase (no second Transformation yet),
    Dr. Jekyll from eir next Move on, and may transform again then, for one Red more."""
    hyde = legal(kb_play(jekyll(), "Rushton : [Hyde Transformation] Pass"))
    after_garden = legal(kb_play(hyde, "Garden : Pass"))
    assert states(after_garden) == ["Mr. Hyde: Rushton"]
    still = kb_play(after_garden, "Rushton : [Hyde Transformation] Pass")
    assert rules_broken(still) == ["4.2.1.5"] and "Dr. Jekyll" in message(still)
    again = kb_play(after_garden, "Rushton : Pass [Hyde Transformation]")
    assert again.legal and paid(again, "Re") == 2
    assert states(again.state) == ["Mr. Hyde: Rushton"]
    back = legal(kb_play(after_garden, "Rushton : Pass"))
    assert states(back) == []


def test_4_2_1_5_transformed_before_the_move_mr_hyde_ends_as_the_next_move_begins() -> None:
    """Rule 1.3.0: a Pre-Move Transformation's Round ends with the next Pre-Move phase, so the
    next Turn's [LV-4] is Mr. Hyde's (free) and its Move Dr. Jekyll's (the usual Limit, 10)."""
    far = legal(kb_play(jekyll(lv=12), "Rushton : [Hyde Transformation] North Acton (CN)"))
    after_garden = legal(kb_play(far, "Garden : Pass"))
    slowed = kb_play(after_garden, "Rushton : [LV-4] Marble Arch (CN)")
    assert slowed.legal and paid(slowed, "Bk") == 0
    fast = kb_play(after_garden, "Rushton : Holborn (CN)")
    assert rules_broken(fast) == ["1.20.4"] and "Speed Limit of 10" in message(fast)


def test_4_2_1_5_transformed_after_the_move_mr_hyde_lasts_the_whole_next_turn() -> None:
    """Rule 1.3.0: begun in the Post-Move phase, the Round ends at the end of the next Turn's
    Post-Move phase: Mr. Hyde raises LV by four free then, may not transform again in it, and
    is Dr. Jekyll once it is over."""
    hyde = legal(kb_play(jekyll(), "Rushton : Pass [Hyde Transformation]"))
    after_garden = legal(kb_play(hyde, "Garden : Pass"))
    up = kb_play(after_garden, "Rushton : [LV+4] Liverpool Street (CN)")
    assert up.legal and paid(up, "Bk") == 0
    assert states(up.state) == []
    late = kb_play(after_garden, "Rushton : Pass [Hyde Transformation]")
    assert rules_broken(late) == ["4.2.1.5"]


HYDE = "Rushton : [Hyde Transformation] "
"""Mr. Hyde's own Actions, after eir Transformation in the same Turn."""


def test_4_2_1_5_mr_hyde_changes_lv_by_four_free_or_five_for_a_black() -> None:
    """Both ways, unlike the Speed Podume's, which only raises it."""
    up = kb_play(jekyll(), HYDE + "[LV+4] Liverpool Street (CN)")
    assert up.legal and paid(up, "Bk") == 0
    down = kb_play(jekyll(lv=5), HYDE + "[LV-5] Pass")
    assert down.legal and paid(down, "Bk") == 1
    assert rules_broken(kb_play(jekyll(), HYDE + "[LV+6] Pass")) == ["4.2.1.5"]
    assert rules_broken(kb_play(jekyll(), "Rushton : [LV+4] Pass")) == ["1.6.3"]


def test_4_2_1_5_mr_hydes_maximum_lv_is_12() -> None:
    assert legal(kb_play(jekyll(lv=12), HYDE + "North Acton (CN)"))
    over = kb_play(jekyll(lv=13), HYDE + "West Acton (CN)")
    assert rules_broken(over) == ["1.20.4"] and "Speed Limit of 12" in message(over)


def test_4_2_1_5_mr_hyde_may_not_cower() -> None:
    assert rules_broken(kb_play(jekyll(), HYDE + "Pass [Cowering]")) == ["4.2.1.5"]


def test_4_2_1_5_mr_hyde_may_not_possess_the_shield_podume() -> None:
    """ "possess the Defence Podume (which is immediatly destroyed if e should ever possess it)":
    the Shield Podume of rule 4.2.1.2, whose own text says the same."""
    state = legal(kb_play(jekyll(more=", Shield Podume"), "Rushton : [Hyde Transformation] Pass"))
    assert rack(state, "Rushton") == ["Hyde Podume (2 Hyde Counters)"]


def test_4_2_1_5_the_card_and_its_counters_go_with_the_podume() -> None:
    """A thief of the Hyde Podume holds it as Dr. Jekyll, its counters kept."""
    gsd = game(
        {"Garden": "Holborn (CN)", "Rushton": "Chancery Lane (CN)"},
        lv={"Garden": 1},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    gsd = with_luggage(gsd, {"Rushton": "Hyde Podume (3 Hyde Counters)"})
    shunt = "Garden : Chancery Lane (CN) [Shunting Rushton to St. Paul's (CN)]"
    state = legal(kb_play(gsd, shunt + " {claim: Hyde Podume from Rushton}"))
    assert rack(state, "Garden") == ["Hyde Podume (3 Hyde Counters)"]
    assert rack(state, "Rushton") == [] and states(state) == []
    cowers = kb_play(state, "Garden : Pass [Cowering]")
    assert cowers.legal and paid(cowers, "Bu") == 0


def test_4_2_1_5_an_aggressive_action_aimed_at_mr_hyde_is_named_not_judged() -> None:
    """Our text of the rule breaks off at "all Agressive Actions targ...": what they do to Mr.
    Hyde cannot be known, so such an Action is answered as not adjudicated, by name."""
    gsd = game(
        {"Garden": "Holborn (CN)", "Rushton": "Chancery Lane (CN)"},
        lv={"Garden": 1},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    gsd = with_luggage(gsd, {"Rushton": "Hyde Podume (2 Hyde Counters)"})
    gsd = gsd.model_copy(update={"disruptions": (Disruption.parse("Mr. Hyde: Rushton"),)})
    result = kb_play(gsd, "Garden : Chancery Lane (CN) [Shunting Rushton to St. Paul's (CN)]")
    assert not result.adjudicated
    assert result.unadjudicated == ("Shunting aimed at Mr. Hyde",)
    [line] = result.messages()
    assert "rule 4.2.1.5's text breaks off" in line
    calm = kb_play(gsd, "Garden : Chancery Lane (CN)")
    assert calm.legal
