"""Rule 1.4.46 - Radiation: Remote Controls, Radio Clamps and what a Controller may do.

Rushton, the Controller, carries Remote Control 3 (On) at Euston (VC); Garden stands with em
at LV 2; Cryer is far off at Amersham.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage
from tests.engine.test_blocks import legal
from tests.engine.test_clamps import luggage_of


def scene(remote: str = "Remote Control 3 (On)", garden: str = "", at: str = "Euston (VC)",
          lv: int = 2) -> GSD:  # fmt: skip
    """The scene of the module docstring (Garden carrying ``garden``)."""
    gsd = game({"Rushton": "Euston (VC)", "Garden": at, "Cryer": "Amersham (MP)"},
               lv={"Garden": lv}, tokens={"Rushton": "6Re,2Bu,9Br,1Go",
                                          "Garden": "2Br,1Si,2Re,1Bu"})  # fmt: skip
    rack = {"Rushton": remote, **({"Garden": garden} if garden else {})}
    return with_luggage(gsd, rack)


CLAMPED = "Radio Clamp 3"


def test_1_4_46_radiating_gives_the_radio_clamp_of_the_same_number() -> None:
    """Rule 1.4.46: the Controllee gains a Radio Clamp numbered as the Remote Control."""
    state = legal(play(scene(), "Rushton : Pass [Radiating Garden]"))
    assert luggage_of(state, "Garden") == [CLAMPED]
    assert row(state, "Rushton").tokens.re == 3


def test_1_4_46_radiating_needs_a_free_remote_control() -> None:
    """Rule 1.4.46: "A Player possessing a Remote Control"; one Remote, one Clamp."""
    assert rules_broken(play(scene(remote="Book"),
                             "Rushton : Pass [Radiating Garden]")) == ["1.4.46"]  # fmt: skip
    busy = play(scene(garden=CLAMPED), "Rushton : Pass [Radiating Garden]")
    assert rules_broken(busy) == ["1.4.46"]
    apart = play(scene(at="Euston (NT)"), "Rushton : Pass [Radiating Garden]")
    assert rules_broken(apart) == ["1.4.46"]


def test_1_4_46_changing_the_controllees_lv() -> None:
    """Rule 1.4.46: [Radio Clamp LV+X] / [LV-X], X no larger than 3, Remote On."""
    up = legal(play(scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 3 LV+3]"))
    assert row(up, "Garden").lv == 5
    down = legal(play(scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 3 LV-1]"))
    assert row(down, "Garden").lv == 1
    too_far = play(scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 3 LV+4]")
    assert rules_broken(too_far) == ["1.4.46"]
    off = play(scene(remote="Remote Control 3 (Off)", garden=CLAMPED),
               "Rushton : Pass [Radio Clamp 3 LV+1]")  # fmt: skip
    assert rules_broken(off) == ["1.4.46"] and "Off" in off.messages()[0]
    other = play(scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 4 LV+1]")
    assert rules_broken(other) == ["1.4.46"]


def test_1_4_46_a_command_is_within_the_controllees_lv() -> None:
    """Rule 1.4.46: "The Station must be within the LV of the Controllee" (Garden's LV 2:
    King's Cross St. Pancras is one Station away, Green Park three)."""
    assert legal(
        play(
            scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 3 to King's Cross St. Pancras (VC)]"
        )
    )
    far = play(scene(garden=CLAMPED), "Rushton : Pass [Radio Clamp 3 to Green Park (VC)]")
    assert rules_broken(far) == ["1.4.46"]


def commanded() -> GSD:
    gsd = scene(garden=CLAMPED, lv=1)
    return legal(play(gsd, "Rushton : Pass Euston (VC) "
                           "[Radio Clamp 3 to King's Cross St. Pancras (VC)]"))  # fmt: skip


def test_1_4_46_disobeying_a_command_loses_a_metal_token() -> None:
    """Rule 1.4.46: "If the Controllee Moves to another Station, and the Radio Control is On
    ... e Loses a Metal Token": the least valuable, Bronze, unless e names one."""
    gsd = commanded()
    obeyed = legal(play(gsd, "Garden : King's Cross St. Pancras (VC)"))
    assert row(obeyed, "Garden").tokens.br == row(gsd, "Garden").tokens.br
    elsewhere = legal(play(gsd, "Garden : Warren Street (VC)"))
    assert row(elsewhere, "Garden").tokens.br == row(gsd, "Garden").tokens.br - 1
    silver = legal(play(gsd, "Garden : Warren Street (VC) {radio metal: Si}"))
    assert row(silver, "Garden").tokens.si == 0


def test_1_4_46_de_radiating_explodes_the_remote() -> None:
    """Rule 1.4.46: beside the Controller the Clamp goes; the Remote explodes: Light Damage
    at the Controller's Station and one of each colour of eir Tokens destroyed."""
    gsd = with_luggage(scene(), {"Rushton": "Remote Control 3 (On)", "Garden": CLAMPED})
    result = play(gsd, "Garden : Pass [De-Radiating]")
    state = legal(result)
    assert luggage(result, "Garden") == [] and luggage(result, "Rushton") == []
    assert [d.render() for d in state.disruptions] == ["Euston (Damage)"]
    tokens = row(state, "Rushton").tokens
    assert (tokens.re, tokens.bu, tokens.br, tokens.go) == (5, 1, 8, 0)
    apart = with_luggage(scene(at="Euston (NT)"),
                         {"Rushton": "Remote Control 3 (On)", "Garden": CLAMPED})  # fmt: skip
    assert rules_broken(play(apart, "Garden : Pass [De-Radiating]")) == ["1.4.46"]


def test_1_4_46_a_remote_destroyed_otherwise_takes_its_clamp() -> None:
    """Rule 1.4.46: "If a Remote Control is destroyed, except by 'De-Radiating', the
    corresponding Radio Clamp is destroyed, too"."""
    result = play(scene(garden=CLAMPED), "Rushton : Pass [Discarding Remote Control 3]")
    state = legal(result)
    assert luggage_of(state, "Garden") == []


def test_1_4_46_each_remote_control_has_a_unique_number() -> None:
    """Rule 1.4.46: "a unique number, assigned to it by the purchasing Player at the time of
    the Purchase" (Euston is a British Rail Station)."""
    assert legal(play(scene(), "Rushton : Pass [Purchasing Remote Control 4]"))
    unnumbered = play(scene(), "Rushton : Pass [Purchasing Remote Control]")
    assert rules_broken(unnumbered) == ["1.4.46"]
    taken = play(scene(), "Rushton : Pass [Purchasing Remote Control 3]")
    assert rules_broken(taken) == ["1.4.46"]
