"""Rule 1.4.38 - The Velocity Bomb: given Dormant, Primed above LV four, removed at a British
Rail Station; its explosion (a Suspect Package detonation) is named, not adjudicated.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.engine.test_clamps import luggage_of

EXPLOSION = "Velocity Bomb explosion (a Suspect Package detonation, rule 1.7.30)"


def bombing(garden_lv: int = 0) -> GSD:
    return game({"Rushton": "Euston (VC)", "Garden": "Euston (VC)"},
                lv={"Garden": garden_lv}, tokens={"Rushton": "3Re"})  # fmt: skip


def holding(bomb: str, lv: int, at: str = "Holborn (CN)", tokens: str = "2Si") -> GSD:
    gsd = game({"Rushton": at}, lv={"Rushton": lv}, tokens={"Rushton": tokens})
    return with_luggage(gsd, {"Rushton": bomb})


def test_1_4_38_the_target_gains_a_dormant_bomb() -> None:
    """Rule 1.4.38: the targeted Player gains a "Velocity Bomb (Dormant)" (3 Red)."""
    state = legal(play(bombing(), "Rushton : Pass [Velocity-Bombing Garden]"))
    assert luggage_of(state, "Garden") == ["Velocity Bomb (Dormant)"]
    assert row(state, "Rushton").tokens.re == 0


def test_1_4_38_above_lv_four_it_is_primed() -> None:
    """Rule 1.4.38: "If the LV of a Player carrying a Velocity Bomb (Dormant) is ever more
    than four, it is immediately replaced with a Velocity Bomb (Primed)": at once for Garden
    at LV 6, and when Rushton raises eir LV from 3 to 5 (ending at LV 5, no explosion)."""
    state = legal(play(bombing(garden_lv=6), "Rushton : Pass [Velocity-Bombing Garden]"))
    assert luggage_of(state, "Garden") == ["Velocity Bomb (Primed)"]
    raised = play(holding("Velocity Bomb (Dormant)", 3), "Rushton : [LV+2] Bethnal Green (CN)")
    assert luggage_of(legal(raised), "Rushton") == ["Velocity Bomb (Primed)"]
    stays = legal(play(holding("Velocity Bomb (Dormant)", 3), "Rushton : Bank (CN)"))
    assert luggage_of(stays, "Rushton") == ["Velocity Bomb (Dormant)"]


def test_1_4_38_a_spoon_clamp_keeps_it_dormant() -> None:
    """Rules 1.4.38 and 1.4.39: a Spooned LV never goes above four, so the Bomb stays
    Dormant."""
    gsd = holding("Velocity Bomb (Dormant), Spoon Clamp", 3)
    state = legal(play(gsd, "Rushton : [LV+2] Liverpool Street (CN)"))
    assert luggage_of(state, "Rushton") == ["Velocity Bomb (Dormant)", "Spoon Clamp"]


def test_1_4_38_a_primed_bomb_below_lv_five_explodes_unadjudicated() -> None:
    """Rule 1.4.38: a Primed Bomb's carrier ending eir Turn below LV five sets it off, "as if
    it were a Suspect Package which had just been detonated" - named, not adjudicated."""
    result = play(holding("Velocity Bomb (Primed)", 3), "Rushton : St. Paul's (CN)")
    assert not result.adjudicated and result.unadjudicated == (EXPLOSION,)
    fast = play(holding("Velocity Bomb (Primed)", 5), "Rushton : Bethnal Green (CN)")
    assert fast.legal, fast.messages()


def test_1_4_38_removing_a_bomb_at_a_british_rail_station() -> None:
    """Rule 1.4.38: [Removing Velocity Bomb] (2 Silver) at a British Rail Station destroys a
    Bomb and sets LV to zero (so a Primed one removed never explodes)."""
    gsd = holding("Velocity Bomb (Primed)", 5, at="Euston (VC)")
    state = legal(play(gsd, "Rushton : [Removing Velocity Bomb] Pass"))
    assert luggage_of(state, "Rushton") == [] and row(state, "Rushton").lv == 0
    assert row(state, "Rushton").tokens.si == 0


def test_1_4_38_removing_breaks() -> None:
    """Rule 1.4.38: only at a British Rail Station; only a Bomb one carries."""
    away = play(holding("Velocity Bomb (Dormant)", 0), "Rushton : [Removing Velocity Bomb] Pass")
    assert rules_broken(away) == ["1.4.38"] and "British Rail Station" in message(away)
    none = play(holding("Book", 0, at="Euston (VC)"), "Rushton : [Removing Velocity Bomb] Pass")
    assert rules_broken(none) == ["1.4.38"] and "no Velocity Bomb" in message(none)
