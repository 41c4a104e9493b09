"""Rule 1.4.45 - Magno-Clamps: Magno-Clamping, Attracting, holding on to Metal, repelling,
and Magno-Gone.

Rushton carries the Magno-Clamp at Euston (VC); Garden stands one Station away at Warren
Street, Cryer far off at Amersham; a Stack at King's Cross St. Pancras (one away) holds
Bronze under Red.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage
from tests.engine.test_blocks import legal
from tests.engine.test_clamps import luggage_of, together
from tests.engine.test_targeting import at_euston

RICH = "2Go,2Si,3Br,2Bu,1Gr"


def field(magno: str = "Magno-Clamp", garden: str = "Warren Street (VC)",
          garden_rack: str = "", rushton: str = RICH) -> GSD:  # fmt: skip
    """The scene of the module docstring."""
    at = {"Rushton": "Euston (VC)", "Garden": garden, "Cryer": "Amersham (MP)"}
    gsd = game(at, lv={"Rushton": 2},
               tokens={"Rushton": rushton, "Garden": "1Go,1Br", "Cryer": "1Go"})  # fmt: skip
    rack = {"Rushton": magno, **({"Garden": garden_rack} if garden_rack else {})}
    return with_luggage(gsd, rack, stacks={"King's Cross St. Pancras": "BrRe"})


def test_1_4_45_magno_clamping_fastens_a_magno_clamp() -> None:
    """Rule 1.4.45: "A Magno-Clamped Player gains a 'Magno-Clamp' Possession"; 1 Green."""
    state = legal(play(together(), "Rushton : Pass [Magno-Clamping Garden]"))
    assert luggage_of(state, "Garden") == ["Magno-Clamp"]
    assert row(state, "Rushton").tokens.gr == 3
    assert rules_broken(play(together(garden="Euston (NT)"),
                             "Rushton : Pass [Magno-Clamping Garden]")) == ["1.4.45"]  # fmt: skip


def test_1_4_45_attracting_takes_one_metal_from_each_near_player_and_stack() -> None:
    """Rule 1.4.45: one Metallic Token from each Player or Token Stack less than three
    Stations away: Garden's Gold (the most valuable unnamed) and the Stack's Bronze, not
    Cryer's at Amersham."""
    result = play(field(), "Rushton : Pass [Attracting]")
    state = legal(result)
    assert row(state, "Garden").tokens.go == 0 and row(state, "Cryer").tokens.go == 1
    assert row(state, "Rushton").tokens.go == 3 and row(state, "Rushton").tokens.br == 4
    assert state.stacks[0].tokens == (Colour.RE,)


def test_1_4_45_attracting_takes_the_named_colour() -> None:
    """Rule 1.4.45: "e may take one Metallic Token": which one is the attractor's choice."""
    state = legal(play(field(), "Rushton : Pass [Attracting] {attracting: Garden Br}"))
    assert (row(state, "Garden").tokens.go, row(state, "Garden").tokens.br) == (1, 0)
    red = play(field(), "Rushton : Pass [Attracting] {attracting: Garden Re}")
    assert rules_broken(red) == ["1.4.45"]


def test_1_4_45_attracting_needs_the_clamp() -> None:
    """Rule 1.4.45: only a carrier attracts."""
    assert rules_broken(play(field(magno="Book"), "Rushton : Pass [Attracting]")) == ["1.4.45"]


def test_1_4_45_a_carrier_spends_no_metal() -> None:
    """Rule 1.4.45: "may not perform any Actions which involve the expenditure of Metallic
    Tokens"; without the Clamp the same exchange is fine."""
    result = play(field(), "Rushton : Pass [Silver to Bronze]")
    assert rules_broken(result) == ["1.4.45"]
    assert legal(play(field(magno="Book"), "Rushton : Pass [Silver to Bronze]"))


def test_1_4_45_no_one_takes_a_carriers_metal() -> None:
    """Rule 1.4.45: "Metallic Tokens may not be taken from eir Possession by other Players":
    a Shunt may claim Garden's Blue, not eir Gold."""
    gsd = with_luggage(at_euston(), {"Garden": "Magno-Clamp"})
    gold = play(gsd, "Rushton : Euston (VC) [Shunting Garden to Moorgate (NT)] "
                     "{claim: Gold from Garden}")  # fmt: skip
    assert rules_broken(gold) == ["1.4.45"] and "Garden" in gold.messages()[0]
    assert legal(play(gsd, "Rushton : Euston (VC) [Shunting Garden to Moorgate (NT)] "
                           "{claim: Blue from Garden}"))  # fmt: skip


def test_1_4_45_two_carriers_repel() -> None:
    """Rule 1.4.45: a carrier's Move "passing through or leaving a Station occupied by another
    Player carrying a Magno Clamp" is Invalid."""
    through = field(garden_rack="Magno-Clamp")
    assert rules_broken(play(through, "Rushton : Oxford Circus (VC)")) == ["1.4.45"]
    leaving = field(garden="Euston (VC)", garden_rack="Magno-Clamp")
    assert rules_broken(play(leaving, "Rushton : Oxford Circus (VC)")) == ["1.4.45"]
    assert legal(play(field(), "Rushton : Oxford Circus (VC)"))


def test_1_4_45_magno_gone_loses_four_metallic_tokens() -> None:
    """Rule 1.4.45: [Magno-Gone] destroys the Clamp; four Metallic Tokens of eir choice go
    (unnamed: the least valuable first)."""
    result = play(field(), "Rushton : Pass [Magno-Gone]")
    state = legal(result)
    assert luggage(result, "Rushton") == []
    assert (row(state, "Rushton").tokens.br, row(state, "Rushton").tokens.si) == (0, 1)
    chosen = legal(play(field(), "Rushton : Pass [Magno-Gone] {magno-gone: 2 Go, 2 Si}"))
    assert (row(chosen, "Rushton").tokens.go, row(chosen, "Rushton").tokens.br) == (0, 3)
    wrong = play(field(), "Rushton : Pass [Magno-Gone] {magno-gone: 1 Go}")
    assert rules_broken(wrong) == ["1.4.45"]


def test_1_4_45_magno_gone_with_less_metal_loses_what_there_is() -> None:
    """Rule 1.4.45: "four Metallic Tokens ..., if e has any": with two, both go."""
    state = legal(play(field(rushton="1Go,1Br,2Bu"), "Rushton : Pass [Magno-Gone]"))
    assert (row(state, "Rushton").tokens.go, row(state, "Rushton").tokens.br) == (0, 0)
    none = play(field(magno="Book"), "Rushton : Pass [Magno-Gone]")
    assert rules_broken(none) == ["1.4.45"]
