"""Rule 1.4.48 - Foskdyke's Magnifier: [Magnify] (Pre-Move, 20 minutes) raises one component
of the Fosdyke Requirements of the Turn's Actions on one object by one.

The rule's examples: (S0) => (S1), adjacent rather than co-located; (S0,L0) => (S1,L0), an
adjacent Station on the same Line, or (S0,L1), a different Line at the same Station.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import message
from tests.engine.test_targeting import at_euston

SHUNT = "[Shunting Garden to Old Street (NT)]"


def near_garden() -> GSD:
    """Rushton (LV 3, a Magnifier) reaches Warren Street (VC), next to Garden at Euston (VC)."""
    return with_luggage(at_euston(lv=3), {"Rushton": "Magnifier"})


def test_1_4_48_s0_l0_becomes_s1_l0_for_the_named_object() -> None:
    """Rule 1.4.48: (S0,L0) => (S1,L0): from the next Station on the same Line Rushton Shunts
    Garden, whose three Stations count from Garden's own Station (Euston to Old Street)."""
    text = f"Rushton : [Magnify] Warren Street (VC) {SHUNT} {{magnify: S on Garden}}"
    result = play(near_garden(), text)
    assert result.legal, result.messages()
    assert "[Magnify] took 20 minutes" in [e.text for e in result.events]
    assert row(result.state, "Garden").lv == 0


def test_1_4_48_without_an_object_the_first_action_on_one_fixes_it() -> None:
    """Rule 1.4.48 with rules/vanilla/readings.md#r1-17-9: {magnify: S} loosens S for the first
    object a later Action's Requirement bounds S for."""
    text = f"Rushton : [Magnify] Warren Street (VC) {SHUNT} {{magnify: S}}"
    assert play(near_garden(), text).legal


def test_1_4_48_s0_l0_becomes_s0_l1() -> None:
    """Rule 1.4.48: (S0,L0) => (S0,L1): the same Station on a different Line."""
    gsd = with_luggage(at_euston(lv=0, rushton="Euston (NT)"), {"Rushton": "Magnifier"})
    text = "Rushton : [Magnify] Pass [Stationary-Shunting Garden to Warren Street (VC)]"
    assert play(gsd, f"{text} {{magnify: L on Garden}}").legal
    wrong = play(gsd, f"{text} {{magnify: S on Garden}}")
    assert rules_broken(wrong) == ["1.10.17"] and "(S<=1,L0)" in message(wrong)


def test_1_4_48_only_the_named_object() -> None:
    """Rule 1.4.48: the loosening is for Actions on one particular object."""
    text = f"Rushton : [Magnify] Warren Street (VC) {SHUNT} {{magnify: S on Cryer}}"
    result = play(near_garden(), text)
    assert rules_broken(result) == ["1.10.1"]
    assert "requires (S0,L0) from your Piece to Garden at Euston (VC)" in message(result)


def test_1_4_48_by_one_only() -> None:
    """Rule 1.4.48: the index goes up by one: (S1) => (S1 or 2), never three Stations."""
    gsd = with_luggage(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "3Re"}),
                       {"Rushton": "Magnifier"})  # fmt: skip
    assert play(gsd, "Rushton : [Magnify] Pass [Blocking Oxford Circus] {magnify: S}").legal
    far = play(gsd, "Rushton : [Magnify] Pass [Blocking Bond Street] {magnify: S}")
    assert rules_broken(far) == ["1.9.1"] and "(S<=2)" in message(far)


def test_1_4_48_only_while_carrying_a_magnifier() -> None:
    """Rule 1.4.48: "If a Player is carrying a Magnifier Possession"."""
    text = f"Rushton : [Magnify] Warren Street (VC) {SHUNT} {{magnify: S}}"
    result = play(at_euston(lv=3), text)
    assert rules_broken(result)[0] == "1.4.48"
    assert "needs a Magnifier" in result.violations[0].message


def test_1_4_48_the_comment_names_the_component() -> None:
    """Rule 1.4.48: a single component is chosen; the play must say which."""
    for comment in ("", "{magnify: X}"):
        result = play(near_garden(), f"Rushton : [Magnify] Warren Street (VC) {SHUNT} {comment}")
        assert rules_broken(result) == ["1.4.48", "1.10.1"]


def test_1_4_48_a_pre_move_action() -> None:
    """Rule 1.4.48: Magnify is a Pre-Move Action (rule 1.3.4 places it before the Move)."""
    text = f"Rushton : Warren Street (VC) [Magnify] {SHUNT} {{magnify: S}}"
    assert "1.3.4" in rules_broken(play(near_garden(), text))
