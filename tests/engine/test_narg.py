"""Rule 1.4.40 - The Narg Clamp explained: Narging, moving only level or upright, Anti-Narg.

Slant is the bearing between a section's two Stations on the map's coordinates: Holborn -
Tottenham Court Road (CN) runs about 8 degrees off level, Angel - Old Street (NT) about 44
(rules/vanilla/readings.md#r1-4-40).
"""

from __future__ import annotations

from referee.engine.ruleset import VANILLA as RULESET
from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from tests.engine.builder import play, rules_broken
from tests.engine.test_blocks import legal
from tests.engine.test_clamps import carrying, luggage_of, together


def test_1_4_40_narging_fastens_a_narg_clamp() -> None:
    """Rule 1.4.40: "A Narged Player gains a 'Narg Clamp' Possession"; 3 Red, (S0,L0)."""
    state = legal(play(together(), "Rushton : Pass [Narging Garden]"))
    assert luggage_of(state, "Garden") == ["Narg Clamp"]
    apart = play(together(garden="Euston (NT)"), "Rushton : Pass [Narging Garden]")
    assert rules_broken(apart) == ["1.4.40"]
    assert rules_broken(play(together(), "Rushton : Pass [Narging Rushton]")) == ["1.4.40"]


def test_1_4_40_a_narged_move_along_level_sections_is_legal() -> None:
    """Rule 1.4.40: "e may only move horizontally or vertically"."""
    assert legal(play(carrying("Narg Clamp", "Holborn (CN)", lv=1),
                      "Rushton : Tottenham Court Road (CN)"))  # fmt: skip


def test_1_4_40_a_slanted_section_makes_the_move_illegal() -> None:
    """Rule 1.4.40: "passing along a section of Line which was not completely horizontal or
    vertical, that Move is Illegal"; without the Clamp the same Move is fine."""
    result = play(carrying("Narg Clamp", "Angel (NT)", lv=1), "Rushton : Old Street (NT)")
    assert rules_broken(result) == ["1.4.40"] and "Angel - Old Street" in result.messages()[0]
    assert legal(play(carrying("Book", "Angel (NT)", lv=1), "Rushton : Old Street (NT)"))


def test_1_4_40_a_special_move_passes_along_no_section() -> None:
    """Rule 1.4.40: "unless their Piece is not considered to pass through Stations this Turn"
    (rule 1.7.10's Walk is a Special Move)."""
    gsd = carrying("Narg Clamp", "Angel (NT)", lv=1)
    assert legal(play(gsd, "Rushton : [Walking] Old Street (NT)"))


def test_1_4_40_the_tolerance_is_a_setting() -> None:
    """RuleSettings.narg_tolerance_degrees: at 0 only an exactly level section would do."""
    gsd = carrying("Narg Clamp", "Holborn (CN)", lv=1)
    strict = RULESET.with_settings(narg_tolerance_degrees=0.0)
    move = Play.parse("Rushton : Tottenham Court Road (CN)", players=gsd.player_names)
    assert [v.rule.number for v in adjudicate(gsd, move, strict).violations] == ["1.4.40"]


def test_1_4_40_anti_narg_at_tottenham_court_road() -> None:
    """Rule 1.4.40: [Anti-Narg] destroys one Narg Clamp, whilst at Tottenham Court Road."""
    there = carrying("Narg Clamp", "Tottenham Court Road (CN)")
    state = legal(play(there, "Rushton : Pass [Anti-Narg]"))
    assert luggage_of(state, "Rushton") == []
    away = play(carrying("Narg Clamp", "Holborn (CN)"), "Rushton : Pass [Anti-Narg]")
    assert rules_broken(away) == ["1.4.40"]
    none = play(carrying("Book", "Tottenham Court Road (CN)"), "Rushton : Pass [Anti-Narg]")
    assert rules_broken(none) == ["1.4.40"]
