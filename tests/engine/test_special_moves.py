"""Actions permitting a Special Move: Walking, Striling, Declension, Stub Link (rules 1.7.10,
1.4.32, 1.7.12, 1.7.58, 1.7.33)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken

HOLBORN = {"Rushton": "Holborn (CN)"}


def carrying(gsd: GSD, *items: str) -> GSD:
    found = tuple(Possession.parse(item) for item in items)
    return gsd.model_copy(update={"rack": (RackEntry(player="Rushton", possessions=found),)})


def stacked(gsd: GSD, **stacks: str) -> GSD:
    found = tuple(
        TokenStack(station=s, quadrant=0, tokens=tuple(Colour.parse(c) for c in t.split()))
        for s, t in stacks.items()
    )
    return gsd.model_copy(update={"stacks": found})


def test_1_7_10_walking_reaches_a_neighbour_whatever_the_lv() -> None:
    """Rule 1.7.10 - Walk the Walk: Holborn to Russell Square (adjacent) at LV 5 is a Special
    Move, leaving LV at zero (rule 1.5.0) and costing one Black."""
    result = play(game(HOLBORN, lv={"Rushton": 5}), "Rushton : [Walking] Russell Square (PD)")
    assert result.legal, result.messages()
    after = row(result.state, "Rushton")
    assert after.lv == 0 and after.tokens.bk == 1
    assert result.route is None


def test_1_7_10_walking_only_within_walking_distance() -> None:
    """Rule 1.7.10: Euston is not within Walking Distance of Holborn (the Move, not made
    Special, is then judged as an ordinary one too: rule 1.6.2)."""
    result = play(game(HOLBORN, lv={"Rushton": 5}), "Rushton : [Walking] Euston (NT)")
    assert rules_broken(result)[:1] == ["1.7.10"]
    assert "Walking Distance of Holborn" in result.violations[0].message


def test_1_7_10_walking_the_named_pairs() -> None:
    """Rule 1.7.10's list: Euston and Euston Square are within Walking Distance."""
    gsd = game({"Rushton": "Euston (NT)"})
    assert play(gsd, "Rushton : [Walking] Euston Square (CL)").legal


def test_1_7_10_walking_is_pre_move_and_costs_a_black() -> None:
    """Rule 1.7.10: a pre-Move Action; without a Black Token (or a Newspaper) it is refused."""
    gsd = game(HOLBORN)
    assert rules_broken(play(gsd, "Rushton : Pass [Walking]")) == ["1.3.4"]
    poor = game(HOLBORN, tokens={"Rushton": "2 Re"})
    assert rules_broken(play(poor, "Rushton : [Walking] Russell Square (PD)")) == ["1.7.1"]


def test_1_4_32_todays_paper_makes_walking_free() -> None:
    """Rule 1.4.32 - Read All About It!: with Today's Paper [Walking] costs nothing; the
    Paper is kept."""
    gsd = carrying(game(HOLBORN, tokens={"Rushton": "2 Re"}), "Wednesday's Paper")
    result = play(gsd, "Rushton : [Walking] Russell Square (PD)")
    assert result.legal, result.messages()
    assert [p.name for p in result.state.rack[0].possessions] == ["Paper"]


def test_1_4_32_yesterdays_paper_walks_free_once() -> None:
    """Rule 1.4.32: with Yesterday's Paper walking is free and the Paper is discarded."""
    gsd = carrying(game(HOLBORN, tokens={"Rushton": "2 Re"}), "Monday's Paper", "Book")
    result = play(gsd, "Rushton : [Walking] Russell Square (PD)")
    assert result.legal, result.messages()
    assert [p.name for p in result.state.rack[0].possessions] == ["Book"]


def test_1_7_12_a_strile_jumps_to_an_identical_stack() -> None:
    """Rule 1.7.12 - Basic Striles: at LV 6 or more, to a Station whose Token Stack is
    identical to the one where the Piece stands."""
    gsd = stacked(game(HOLBORN, lv={"Rushton": 6}), Holborn="Re Bu", Euston="Re Bu")
    result = play(gsd, "Rushton : [Striling] Euston (NT)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 0
    slow = stacked(game(HOLBORN, lv={"Rushton": 5}), Holborn="Re Bu", Euston="Re Bu")
    refused = play(slow, "Rushton : [Striling] Euston (NT)")
    assert rules_broken(refused)[:1] == ["1.7.12"] and "LV 6" in refused.violations[0].message
    different = stacked(game(HOLBORN, lv={"Rushton": 6}), Holborn="Re Bu", Euston="Bu Re")
    assert rules_broken(play(different, "Rushton : [Striling] Euston (NT)"))[:1] == ["1.7.12"]
    bare = stacked(game(HOLBORN, lv={"Rushton": 6}), Euston="Re Bu")
    assert rules_broken(play(bare, "Rushton : [Striling] Euston (NT)"))[:1] == ["1.7.12"]


def test_1_7_58_a_declension_jumps_to_a_stack_one_shorter() -> None:
    """Rule 1.7.58 - Turner's Declension: to a Station whose Stack has one Token fewer."""
    gsd = stacked(game(HOLBORN, lv={"Rushton": 7}), Holborn="Re Bu", Euston="Gr")
    assert play(gsd, "Rushton : [Declension] Euston (NT)").legal
    same = stacked(game(HOLBORN, lv={"Rushton": 7}), Holborn="Re Bu", Euston="Gr Gr")
    refused = play(same, "Rushton : [Declension] Euston (NT)")
    assert rules_broken(refused)[:1] == ["1.7.58"]
    assert "one Token fewer" in refused.violations[0].message


def test_1_7_33_stub_link_between_stations_whose_stubs_one_holds() -> None:
    """Rule 1.7.33 - Stubbery: from Holborn (Stub held) to Euston (Stub held)."""
    gsd = carrying(game(HOLBORN), "Holborn Stub", "Euston Stub")
    result = play(gsd, "Rushton : [Stub Link] Euston (NT)")
    assert result.legal, result.messages()
    no_far = carrying(game(HOLBORN), "Holborn Stub", "Bank Stub")
    refused = play(no_far, "Rushton : [Stub Link] Euston (NT)")
    assert rules_broken(refused)[:1] == ["1.7.33"] and "Bank" in refused.violations[0].message
    no_near = carrying(game(HOLBORN), "Euston Stub")
    assert rules_broken(play(no_near, "Rushton : [Stub Link] Euston (NT)"))[:1] == ["1.7.33"]


# -- Rules 1.4.20 and 1.5.0: what a Special Move collects ---------------------------------


def test_1_4_20_a_special_move_earns_what_it_moves_to() -> None:
    """Rules 1.5.0 and 1.4.20: a Special Move is a Move of the Movement phase; it passes
    through nothing, but it does move to a Station. Walking from Tottenham Court Road (CN) to
    Oxford Circus (CN), an Interchange of three Lines, earns that row's Black, and the Black
    for a non-Pass Move without a change of Line: two Black, less the one Walking cost."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 5})
    result = play(gsd, "Rushton : [Walking] Oxford Circus (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.bk == 2 - 1 + 2


def test_1_4_20_a_special_move_that_changes_line_earns_no_black() -> None:
    """Rule 1.4.20: from Tottenham Court Road (CN) to Goodge Street (NT) the Piece ends on
    another Line, a change of Line (rule 1.5.11 speaks of Special Moves that change Line); no
    Interchange is reached, so nothing is earned."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 5})
    result = play(gsd, "Rushton : [Walking] Goodge Street (NT)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.bk == 1
    same = play(game({"Rushton": "Tottenham Court Road (NT)"}, lv={"Rushton": 5}),
                "Rushton : [Walking] Goodge Street (NT)")  # fmt: skip
    assert same.legal and row(same.state, "Rushton").tokens.bk == 2


def test_1_4_20_a_special_move_earns_the_zone_pass_bronze() -> None:
    """Rule 1.4.20: "any Valid Move within a Zone" for which a Zone Pass is carried: a Walk
    from Tottenham Court Road to Goodge Street, both in Zone 1, with a Zone 1 Pass."""
    gsd = carrying(game({"Rushton": "Tottenham Court Road (CN)"}), "Zone 1 Pass")
    result = play(gsd, "Rushton : [Walking] Goodge Street (NT)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.br == 3


def test_1_4_20_special_moves_collecting_is_a_setting() -> None:
    """The setting special_move_collects=False keeps the other reading: a Special Move
    earns no Token Collection bonus at all."""
    from referee.engine.ruleset import Ruleset
    from referee.engine.turn import adjudicate
    from referee.notation.plays import Play

    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 5})
    ruleset = Ruleset().with_settings(special_move_collects=False)
    text = "Rushton : [Walking] Oxford Circus (CN)"
    result = adjudicate(gsd, Play.parse(text, players=gsd.player_names), ruleset,
                        check_order=False)  # fmt: skip
    assert result.legal and row(result.state, "Rushton").tokens.bk == 1
