"""Rule 1.4.38 - The Velocity Bomb: given Dormant, Primed above LV four, removed at a British
Rail Station; a Primed one explodes as a Suspect Package just detonated (rule 1.7.30).
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.engine.test_clamps import luggage_of


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


def exploding(bomb: str = "Velocity Bomb (Primed), Newspaper", lv: int = 2) -> GSD:
    """Rushton at Holborn carries the Bomb; Garden one stop from St. Paul's, Cryer three;
    Stacks one, two and three stops from St. Paul's."""
    gsd = game({"Rushton": "Holborn (CN)", "Garden": "Bank (CN)", "Cryer": "Bethnal Green (CN)"},
               lv={"Rushton": lv}, tokens={"Rushton": "2Si"})  # fmt: skip
    return with_luggage(gsd, {"Rushton": bomb, "Garden": "Newspaper", "Cryer": "Newspaper"},
                        stacks={"Bank": "ReRe", "Liverpool Street": "Bu",
                                "Bethnal Green": "Bk"})  # fmt: skip


def test_1_4_38_a_primed_bomb_below_lv_five_explodes_as_a_suspect_package() -> None:
    """Rule 1.4.38: a Primed Bomb's carrier ending eir Turn below LV five sets it off "as if it
    were a Suspect Package which had just been detonated"; rule 1.7.30: the Station where it
    rests (its carrier's) is Heavily Damaged, the Bomb leaves play, and every Station fewer
    than three stops away is Blasted: Stacks destroyed, players there lose every Possession and
    must Pass next Turn."""
    state = legal(play(exploding(), "Rushton : St. Paul's (CN)"))
    assert "St. Paul's (*Damage*)" in [d.render() for d in state.disruptions]
    assert {d.render() for d in state.disruptions if d.flag == "Blasted"} == {
        "Blasted: Rushton", "Blasted: Garden"}  # fmt: skip
    assert luggage_of(state, "Rushton") == [] and luggage_of(state, "Garden") == []
    assert luggage_of(state, "Cryer") == ["Newspaper"]
    assert [s.station for s in state.stacks] == ["Bethnal Green"]
    forced = play(state, "Garden : [LV+1] Pass")
    assert rules_broken(forced) == ["1.7.30"]


def test_1_4_38_no_explosion_at_lv_five_or_while_dormant() -> None:
    """Only a Primed Bomb, only below LV five."""
    fast = legal(play(exploding(lv=5), "Rushton : Bethnal Green (CN)"))
    assert luggage_of(fast, "Rushton") == ["Velocity Bomb (Primed)", "Newspaper"]
    dormant = legal(play(exploding("Velocity Bomb (Dormant)"), "Rushton : St. Paul's (CN)"))
    assert luggage_of(dormant, "Rushton") == ["Velocity Bomb (Dormant)"]
    assert not any(d.flag == "Blasted" for d in dormant.disruptions)


def test_1_4_38_a_pass_at_lv_zero_sets_it_off_where_the_piece_stands() -> None:
    """A Pass sets LV to zero (rule 1.5.2), below five: the Bomb goes off at Holborn."""
    state = legal(play(exploding(), "Rushton : Pass"))
    assert "Holborn (*Damage*)" in [d.render() for d in state.disruptions]
    assert [s.station for s in state.stacks] == ["Bank", "Liverpool Street", "Bethnal Green"]


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
