"""Rule 1.7.38 - Jekyll and Hyde Park (the Hyde Mask)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage

TRANSFORM = "Rushton : Hyde Park Corner (PD) [Hyde Transformation]"


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _at_green_park(rack: dict[str, str] | None = None) -> GSD:
    gsd = game({"Rushton": "Green Park (PD)", "Cryer": "Euston (NT)"}, lv={"Rushton": 1},
               tokens={"Rushton": "1 Bu, 3 Re", "Cryer": "1 Re"})  # fmt: skip
    return with_luggage(gsd, rack or {})


def _masked(
    at: str, lv: int = 0, tokens: str = "3 Re, 2 Bk, 3 Go", cryer_masked: bool = False
) -> GSD:
    """Rushton at ``at`` wearing the Hyde Mask (or, with ``cryer_masked``, Cryer wears it)."""
    gsd = game({"Rushton": at, "Cryer": "Euston (NT)"}, lv={"Rushton": lv},
               tokens={"Rushton": tokens})  # fmt: skip
    return with_luggage(gsd, {"Cryer" if cryer_masked else "Rushton": "*Hyde Mask*"})


def test_1_7_38_the_transformation_at_hyde_park_corner_puts_on_the_mask() -> None:
    """Rule 1.7.38: at Hyde Park Corner, for 1 Blue and 2 Red, Rushton wears the Hyde Mask."""
    result = play(_at_green_park(), TRANSFORM)
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["*Hyde Mask*"]
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.bu, tokens.re) == (0, 1)


def test_1_7_38_the_mask_is_unique() -> None:
    """Rule 1.7.38 with rule 1.4.23: Cryer already has the Mask, so the new one is destroyed at
    once; the Action is still made and paid for."""
    result = play(_at_green_park({"Cryer": "*Hyde Mask*"}), TRANSFORM)
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == []
    assert row(result.state, "Rushton").tokens.re == 1


def test_1_7_38_transformation_breaks() -> None:
    """Rule 1.7.38: only at Hyde Park Corner; a Post-Move Action."""
    away = play(_at_green_park(), "Rushton : Pass Green Park (PD) [Hyde Transformation]")
    assert rules_broken(away) == ["1.7.38"] and "Hyde Park Corner" in _message(away)
    early = play(_at_green_park(), "Rushton : [Hyde Transformation] Hyde Park Corner (PD)")
    assert "1.3.4" in rules_broken(early)


def test_1_7_38_the_wearer_changes_lv_by_up_to_five() -> None:
    """Rule 1.7.38: "by five rather than three": masked, [LV+5] from 0 reaches Lancaster Gate,
    five stops along the Central from Holborn; [LV+6] is too far a step; unmasked, [LV+5] is
    refused (rule 1.6.3) and the Move is then the wrong length (rule 1.6.2)."""
    masked = play(_masked("Holborn (CN)"), "Rushton : [LV+5] Lancaster Gate (CN)")
    assert masked.legal, masked.messages()
    six = play(_masked("Holborn (CN)"), "Rushton : [LV+6] White City (CN)")
    assert "1.6.3" in rules_broken(six)
    bare = play(game({"Rushton": "Holborn (CN)"}), "Rushton : [LV+5] Lancaster Gate (CN)")
    assert rules_broken(bare) == ["1.6.3", "1.6.2"]


def test_1_7_38_the_wearers_own_actions_cost_one_red_less() -> None:
    """Rule 1.7.38: a Block (one Red) costs the wearer nothing."""
    result = play(_masked("Holborn (CN)"), "Rushton : Pass Holborn (CN) [Blocking Chancery Lane]")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.re == 3


def test_1_7_38_actions_aimed_at_the_wearer_cost_one_red_more() -> None:
    """Rule 1.7.38: a Gift to Cryer, who wears the Mask, costs Rushton one Red."""
    gift = "Rushton : Pass Holborn (CN) [Giving Tokens to Cryer] {giving: 1 Bk}"
    result = play(_masked("Holborn (CN)", cryer_masked=True), gift)
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.re == 2
    broke = play(_masked("Holborn (CN)", tokens="2 Bk", cryer_masked=True), gift)
    assert rules_broken(broke) == ["1.7.38"]


def test_1_7_38_the_wearer_keeps_off_holy_stations_and_the_crescent() -> None:
    """Rule 1.7.38: no passing through Angel (Holy), no Move to it, no [Opening MC]; passing
    through is allowed without the Mask."""
    through = play(_masked("King's Cross St. Pancras (NT)", lv=2), "Rushton : Old Street (NT)")
    assert rules_broken(through) == ["1.7.38"] and "Angel is Holy" in _message(through)
    onto = play(_masked("King's Cross St. Pancras (NT)", lv=1), "Rushton : Angel (NT)")
    assert rules_broken(onto) == ["1.7.38"]
    bare = play(game({"Rushton": "King's Cross St. Pancras (NT)"}, lv={"Rushton": 2}),
                "Rushton : Old Street (NT)")  # fmt: skip
    assert bare.legal, bare.messages()
    crescent = play(_masked("Holborn (CN)"), "Rushton : [Opening MC] Pass Holborn (CN)")
    assert rules_broken(crescent) == ["1.7.38"] and "Opening MC" in _message(crescent)


def test_1_7_38_the_mask_is_discarded_never_removed() -> None:
    """Rule 1.7.38: "may not be removed, only discarded"."""
    removed = play(_masked("Holborn (CN)"), "Rushton : Pass Holborn (CN) [Removing Hyde Mask]")
    assert rules_broken(removed) == ["1.7.38"]
    discarded = play(_masked("Holborn (CN)"), "Rushton : Pass Holborn (CN) "
                                              "[Discarding Hyde Mask]")  # fmt: skip
    assert discarded.legal, discarded.messages()
    assert luggage(discarded, "Rushton") == []
