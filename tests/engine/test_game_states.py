"""Game States of section 1.8 written as bare phrases: Bridges, Knip, Gapminding, Sgronk!,
Charge Spirals (rules 1.8.3, 1.8.4, 1.8.7, 1.8.10, 1.8.11)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken

TCR = {"Rushton": "Tottenham Court Road (CN)"}
HOLBORN = {"Rushton": "Holborn (CN)"}
RICH = {"Rushton": "6 Bu, 2 Bk, 2 Re, 2 Si"}


def states(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions]


def test_1_8_3_bridges_up_and_down_change_the_state() -> None:
    """Rule 1.8.3 - Bridges: [Bridges Up] writes "Bridges Up"; [Bridges Down] removes it."""
    up = play(game(TCR, tokens=RICH), "Rushton : [Bridges Up] Pass")
    assert up.legal, up.messages()
    assert states(up.state) == ["Bridges Up"]
    assert row(up.state, "Rushton").tokens.bu == 4
    down = play(game(TCR, tokens=RICH, disruptions=("Bridges Up",)),
                "Rushton : [Bridges Down] Pass")  # fmt: skip
    assert down.legal and states(down.state) == []


def test_1_8_3_bridges_up_at_once_stops_a_move_across_the_thames() -> None:
    """Rule 1.8.3: raised before the Move, the Bridges bar crossing in the same Turn."""
    gsd = game({"Rushton": "Embankment (NT)"}, lv={"Rushton": 1}, tokens=RICH)
    assert rules_broken(play(gsd, "Rushton : [Bridges Up] Waterloo (NT)")) == ["1.8.3"]


def test_1_8_3_bridges_cost_two_blue() -> None:
    """Rule 1.8.3 (index: 2 Blue): without them the Action is refused."""
    result = play(game(TCR, tokens={"Rushton": "1 Bu"}), "Rushton : [Bridges Up] Pass")
    assert rules_broken(result) == ["1.7.1"]


def test_1_8_4_in_knip_no_action_may_spend_tokens() -> None:
    """Rule 1.8.4 - Knip: in Knip, [Bridges Up] (2 Blue) may not be played."""
    gsd = game(TCR, tokens=RICH, disruptions=("In Knip",))
    result = play(gsd, "Rushton : [Bridges Up] Pass")
    assert rules_broken(result) == ["1.8.4"]
    assert "Out of Knip" in result.violations[0].message


def test_1_8_4_out_of_knip_and_line_change_are_exempt() -> None:
    """Rule 1.8.4: [Out of Knip] may be paid in Knip, and so may a Line Change."""
    gsd = game(HOLBORN, lv={"Rushton": 4}, tokens=RICH, disruptions=("In Knip",))
    changed = play(gsd, "Rushton : Euston (VC via: CN,NT)")
    assert changed.legal, changed.messages()
    out = play(gsd, "Rushton : [Out of Knip] [Bridges Up] Pass")
    assert out.legal, out.messages()
    assert states(out.state) == ["Bridges Up"]


def test_1_8_4_into_knip_binds_the_rest_of_the_turn() -> None:
    """Rule 1.8.4: once In Knip, a later paid Action of the same Turn is refused."""
    gsd = game(TCR, tokens=RICH)
    entered = play(gsd, "Rushton : [Into Knip] Pass")
    assert entered.legal and states(entered.state) == ["In Knip"]
    assert rules_broken(play(gsd, "Rushton : [Into Knip] [Bridges Up] Pass")) == ["1.8.4"]


def test_1_8_7_gapminding_forbids_a_line_change_without_a_book() -> None:
    """Rule 1.8.7 - Gapminding: no [Line Change] unless the player carries a Book."""
    gsd = game(HOLBORN, lv={"Rushton": 4}, disruptions=("Gapminding",))
    result = play(gsd, "Rushton : Euston (VC via: CN,NT)")
    assert rules_broken(result) == ["1.8.7"]
    assert "Book" in result.violations[0].message
    booked = gsd.model_copy(
        update={"rack": (RackEntry(player="Rushton", possessions=(Possession(name="Book"),)),)}
    )
    assert play(booked, "Rushton : Euston (VC via: CN,NT)").legal
    assert rules_broken(play(gsd, "Rushton : [Line Change] Pass")) == ["1.8.7"]


def test_1_8_7_mind_and_ignore_the_gap() -> None:
    """Rule 1.8.7: [Mind the Gap] begins Gapminding, [Ignore the Gap] ends it."""
    gsd = game(TCR, tokens=RICH)
    minded = play(gsd, "Rushton : [Mind the Gap] Pass")
    assert minded.legal and states(minded.state) == ["Gapminding"]
    gap = game(TCR, tokens=RICH, disruptions=("Gapminding",))
    ignored = play(gap, "Rushton : [Ignore the Gap] Pass")
    assert ignored.legal and states(ignored.state) == []
    broke = game(TCR, tokens={"Rushton": "1 Bu"})
    assert rules_broken(play(broke, "Rushton : [Mind the Gap] Pass")) == ["1.7.1"]


def _stacked(gsd: GSD, *stacks: tuple[str, int]) -> GSD:
    found = tuple(TokenStack(station=s, quadrant=0, tokens=(Colour.RE,) * n) for s, n in stacks)
    return gsd.model_copy(update={"stacks": found})


def test_1_8_10_in_sgronk_no_move_passes_a_token_stack() -> None:
    """Rule 1.8.10 - Sgronk!: passing through a Station with a Token Stack is Invalid."""
    gsd = _stacked(game(TCR, lv={"Rushton": 2}, disruptions=("Sgronk",)),
                   ("Oxford Circus", 1), ("Euston", 2))  # fmt: skip
    result = play(gsd, "Rushton : Bond Street (CN)")
    assert rules_broken(result) == ["1.8.10"]
    assert "Oxford Circus" in result.violations[0].message
    clear = _stacked(game(TCR, lv={"Rushton": 2}, disruptions=("Sgronk",)), ("Euston", 2))
    assert play(clear, "Rushton : Bond Street (CN)").legal


def test_1_8_10_sgronk_ends_when_no_stack_holds_two_tokens() -> None:
    """Rule 1.8.10: with no Stack of two or more Tokens the Game leaves Sgronk at once."""
    rich = game(TCR, tokens=RICH)
    kept = play(_stacked(rich, ("Euston", 2)), "Rushton : [Sgronk!] Pass")
    assert kept.legal and states(kept.state) == ["Sgronk"]
    gone = play(_stacked(rich, ("Euston", 1)), "Rushton : [Sgronk!] Pass")
    assert gone.legal and states(gone.state) == []
    assert rules_broken(play(game(TCR), "Rushton : [Sgronk!] Pass")) == ["1.7.1"]


def test_1_8_11_a_spiral_inwards_forbids_raising_charge() -> None:
    """Rule 1.8.11 - Charge Spiral: Inwards, a Move raising Charge is Illegal (TCR 0 to Bond
    Street 15 raises it by 15, rule 1.19.2)."""
    gsd = game(TCR, lv={"Rushton": 2}, disruptions=("Charge In",))
    result = play(gsd, "Rushton : Bond Street (CN)")
    assert rules_broken(result) == ["1.8.11"]
    assert "raise" in result.violations[0].message
    outward = game(TCR, lv={"Rushton": 2}, disruptions=("Charge Out",))
    assert play(outward, "Rushton : Bond Street (CN)").legal


def test_1_8_11_a_spiral_outwards_forbids_lowering_charge() -> None:
    """Rule 1.8.11: Outwards, a Move lowering Charge is Illegal (Bond Street to TCR)."""
    gsd = game({"Rushton": "Bond Street (CN)"}, lv={"Rushton": 2}, disruptions=("Charge Out",))
    assert rules_broken(play(gsd, "Rushton : Tottenham Court Road (CN)")) == ["1.8.11"]


def test_1_8_11_spirals_are_begun_by_their_two_forms_only() -> None:
    """Rule 1.8.11: [Charge Spiral Inwards] / [Outwards] write "Charge In" / "Charge Out";
    a bare [Charge Spiral] names neither and is refused."""
    gsd = game({"Rushton": "Bond Street (CN)"}, tokens=RICH)
    inwards = play(gsd, "Rushton : [Charge Spiral Inwards] Pass")
    assert inwards.legal and states(inwards.state) == ["Charge In"]
    outwards = play(gsd, "Rushton : [Charge Spiral Outwards] Pass")
    assert outwards.legal and states(outwards.state) == ["Charge Out"]
    bare = play(gsd, "Rushton : [Charge Spiral] Pass")
    assert rules_broken(bare) == ["1.8.11"] and "Inwards" in bare.violations[0].message


def test_1_8_11_spirals_end_at_tottenham_court_road_and_hot_termini() -> None:
    """Rule 1.8.11: Inwards ends when a Piece rests at Tottenham Court Road at a Turn's end;
    Outwards when one rests at a Terminus of Current 70 or more (Epping)."""
    inwards = game({"Rushton": "Bond Street (CN)"}, lv={"Rushton": 2},
                   disruptions=("Charge In",))  # fmt: skip
    ended = play(inwards, "Rushton : Tottenham Court Road (CN)")
    assert ended.legal and states(ended.state) == []
    outwards = game({"Rushton": "Epping (CN)", "Cryer": "Holborn (CN)"},
                    disruptions=("Charge Out",))  # fmt: skip
    assert states(play(outwards, "Cryer : Pass").state) == []
    elsewhere = game({"Rushton": "Holborn (CN)"}, disruptions=("Charge Out",))
    assert states(play(elsewhere, "Rushton : Pass").state) == ["Charge Out"]


def test_1_8_4_walking_on_a_newspaper_spends_nothing_so_knip_allows_it() -> None:
    """Rules 1.8.4 and 1.4.32: with a Newspaper [Walking] is free, so Knip does not bar it;
    without one it costs a Black and does."""
    gsd = game(HOLBORN, disruptions=("In Knip",))
    assert rules_broken(play(gsd, "Rushton : [Walking] Russell Square (PD)")) == ["1.8.4"]
    papered = gsd.model_copy(
        update={
            "rack": (
                RackEntry(player="Rushton", possessions=(Possession.parse("Wednesday's Paper"),)),
            )
        }
    )
    assert play(papered, "Rushton : [Walking] Russell Square (PD)").legal


def test_1_8_11_a_translocation_moves_no_charge_so_spirals_allow_it() -> None:
    """Rule 1.8.11 with rule 1.5.13: a Wormhole from Clapham North (Current 44) to North Acton
    (52) changes no Charge, so a Spiral Inwards does not bar it."""
    gsd = game({"Rushton": "Clapham North (NT)"}, tokens={"Rushton": "2 Si"},
               disruptions=("Charge In",))  # fmt: skip
    assert play(gsd, "Rushton : Pass [North Wormhole to North Acton]").legal
