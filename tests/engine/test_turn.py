"""The Turn pipeline (rules 1.3.2, 1.3.4) and Actions the referee does not judge yet."""

from __future__ import annotations

import random
from dataclasses import replace

from referee.engine.dice import RecordingDice
from referee.engine.history import Position, derive, remember
from referee.engine.registry import VANILLA, load_sections
from referee.engine.turn import adjudicate, may_submit, whose_turn
from referee.network.lines import LineCode
from referee.notation.action_index import load_action_index
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, rules_broken


def test_1_3_2_the_next_active_player_in_table_order_plays() -> None:
    """Rule 1.3.2 - Playing Sequence: after Rushton comes Cryer; after the last, the first
    Active player (the Drone, Inactive here, is skipped)."""
    gsd = game({"Rushton": "Holborn (CN)"})
    assert whose_turn(gsd) == "Cryer"
    wrong = play(gsd, "Garden : Pass Euston (VC)", check_order=True)
    assert rules_broken(wrong) == ["1.3.2"]
    assert "it is Cryer's Turn" in wrong.violations[0].message
    last = game({"Garden": "Euston (VC)"})
    assert whose_turn(last) == "Rushton"
    assert whose_turn(game({})) == "Rushton"


def test_1_3_2_after_the_last_player_resigns_the_next_in_the_old_order_plays() -> None:
    """Rules 1.3.2 and 1.1.3: a resigned player leaves the Token Table but not the record; if
    e played last, the Turn passes to the player after em, not back to the first."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (VC)"})
    assert whose_turn(gsd) == "Garden"
    without_cryer = tuple(row for row in gsd.players if row.name != "Cryer")
    resigned = gsd.model_copy(update={"players": without_cryer})
    assert whose_turn(resigned) == "Garden"
    without_rushton = tuple(row for row in gsd.players if row.name != "Rushton")
    assert whose_turn(gsd.model_copy(update={"players": without_rushton})) == "Garden"
    only_played = game({"Rushton": "Holborn (CN)"})
    alone = tuple(row for row in only_played.players if row.name != "Rushton")
    assert whose_turn(only_played.model_copy(update={"players": alone})) == "Cryer"


def test_1_15_1_the_drone_stick_holder_submits_the_drones_turn() -> None:
    """Rule 1.15.1: when it is the Drone's Turn, the carrier of the Drone Stick submits it."""
    from tests.engine.luggage_builder import with_luggage

    gsd = with_luggage(game({"Garden": "Euston (VC)"}), {"Cryer": "Drone Stick"})
    players = tuple(p.model_copy(update={"inactive": False}) for p in gsd.players)
    gsd = gsd.model_copy(update={"players": players})
    assert whose_turn(gsd) == "Drone"
    assert may_submit(gsd, "Cryer", stick_holder="Cryer")
    assert not may_submit(gsd, "Garden", stick_holder="Cryer")


def test_1_3_4_one_action_of_a_type_a_turn() -> None:
    """Rule 1.3.4 - Turn Phases: only one example of a particular Action type a Turn."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 0})
    result = play(gsd, "Rushton : [LV+2] [LV+2] Euston (VC via: CN,NT)")
    assert "1.3.4" in rules_broken(result)


def test_every_action_without_a_handler_is_named_and_not_accepted() -> None:
    """Issue 4: an Action recognised but not judged is named; the Turn is not adjudicated
    (Volume 0's [Taking a Bow] has no handler)."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 4})
    result = play(gsd, "Rushton : [Taking a Bow] Euston (VC via: CN,NT)")
    assert not result.legal and not result.adjudicated
    assert result.unadjudicated == ("Taking a Bow",)
    [line] = result.messages()
    assert line.startswith("[Taking a Bow] is recognised but not yet adjudicated by this referee")
    assert "rule 0.9.4, in Volume 0" in line and "not on the Game State" in line
    assert result.state is gsd


def test_every_index_action_is_either_handled_or_reported_by_name() -> None:
    """Every Action of the index goes somewhere: a handler, or the not-adjudicated answer."""
    handled = set(load_sections().handlers)
    index = load_action_index()
    assert handled <= {spec.name for spec in index}
    assert {"LV+X", "LV-X", "Opening MC", "Night Train", "Line Change"} <= handled
    assert VANILLA is load_sections()


def test_1_5_1_positions_are_derived_from_the_record() -> None:
    """Rule 1.5.1 - Keeping the Piece: a Piece stays where its last Move left it."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 4})
    after = play(gsd, "Rushton : Euston (VC via: CN,NT)").state
    where = derive(after).position("Rushton")
    assert where is not None and (where.station, where.line) == ("Euston", "VC")
    fresh = after.model_copy()  # a new GSD value: derived from its record, not the cache
    again = derive(fresh).position("Rushton")
    assert again == where
    assert derive(fresh).previous_move["Rushton"] == "Euston"


def test_dice_are_injected_and_recorded() -> None:
    """docs/DESIGN.md: chance comes from one injectable source, recorded with the Turn."""
    gsd = game({"Rushton": "Holborn (CN)"})
    dice = RecordingDice(random.Random(1))
    move = Play.parse("Rushton : Pass Holborn (CN)", players=gsd.player_names)
    result = adjudicate(gsd, move, dice=dice, check_order=False)
    assert result.rolls == tuple(dice.rolls)


def test_the_new_gsd_appends_the_play_and_counts_the_turn() -> None:
    """Rule 1.3.1: the posting is the previous GSD with the play appended."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 4})
    result = play(gsd, "Rushton : Euston (VC via: CN,NT)")
    assert result.state.plays[-1].render() == "Rushton : Euston (VC via: CN,NT)"
    assert result.state.turn == 2
    assert len(result.state.record) == len(gsd.record) + 1


def test_1_3_0_last_round_is_the_plays_since_ones_own_last() -> None:
    """Rule 1.3.0 - Turn Summary: a Round runs from a player's Turn to eir next."""
    from referee.engine.history import last_round

    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (VC)", "Garden": "Bank (NT)"})
    assert [p.player for p in last_round(gsd, "Rushton")] == ["Rushton", "Cryer", "Garden"]
    assert [p.player for p in last_round(gsd, "Garden")] == ["Garden"]
    assert last_round(game({}), "Rushton") == ()


def test_1_7_42_only_a_bifurcated_player_labels_moves() -> None:
    """Rule 1.7.42 - Me and My Shadow: the A:/B: Moves belong to a Bifurcated player."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 4})
    result = play(gsd, "Rushton : A: Euston (VC via: CN,NT) B: Pass")
    assert "1.7.42" in rules_broken(result)


def test_every_rule_the_engine_cites_is_in_the_rulebook() -> None:
    """A mistyped rule number in a handler must fail here, not in front of a player."""
    import re
    from pathlib import Path

    from referee.engine.rulebook import load_rulebook

    root = Path(__file__).resolve().parents[2] / "referee" / "engine"
    cited = {
        m
        for f in root.rglob("*.py")
        for m in re.findall(r'violate\(\s*"(\d+\.\d+\.\d+)"', f.read_text("utf-8"))
    }
    cited |= {
        m
        for f in root.rglob("*.py")
        for m in re.findall(r'pay\([^)]*?"(\d+\.\d+\.\d+)"', f.read_text("utf-8"))
    }
    assert len(cited) >= 15
    book = load_rulebook()
    assert sorted(c for c in cited if c not in book) == []


def _bifurcated(at_a: str, at_b: str, lv: int = 1, tokens: str = "2 Bk") -> GSD:
    """Rushton with two Pieces (rule 1.7.42): B placed as a recorded [Bifurcating] would;
    two Bronze more pay the Turn's upkeep of two Pieces."""
    gsd = game({"Rushton": at_a}, lv={"Rushton": lv}, tokens={"Rushton": f"{tokens}, 2 Br"})
    history = derive(gsd)
    station, _, code = at_b.partition(" (")
    positions = {**history.positions, "Rushton/B": Position(station, LineCode(code[:2]))}
    remember(gsd, replace(history, positions=positions), load_sections())
    return gsd


def test_1_7_42_two_moves_that_change_line_pay_two_line_changes() -> None:
    """Rule 1.7.42: if both Pieces change Line, [Line Change] is played twice."""
    gsd = _bifurcated("Holborn (CN)", "Oxford Circus (VC)", lv=4, tokens="2 Bk")
    both = play(gsd, "Rushton : A: Euston (VC via: CN,NT) B: South Kensington (PD via: VC)")
    assert both.legal, both.messages()
    paid = [e for e in both.events if e.text.startswith("[Line Change]: paid 1 Bk")]
    assert len(paid) == 2
    poor = _bifurcated("Holborn (CN)", "Oxford Circus (VC)", lv=4, tokens="1 Bk")
    assert "1.5.11" in rules_broken(
        play(poor, "Rushton : A: Euston (VC via: CN,NT) B: South Kensington (PD via: VC)")
    )


def test_1_7_42_post_move_actions_follow_both_moves() -> None:
    """Rule 1.7.42: Post-Move Actions must be played after both Moves."""
    gsd = _bifurcated("Tottenham Court Road (CN)", "Oxford Circus (VC)", lv=1)
    between = play(gsd, "Rushton : A: Holborn (CN) [Opening MC] B: Warren Street (VC)")
    assert "1.3.4" not in rules_broken(between)  # Neutral: allowed between


def test_1_7_42_a_bifurcated_player_wins_with_both_pieces_at_the_crescent() -> None:
    """Rule 1.7.42: with one Piece at Mornington Crescent and the other elsewhere, no win."""
    gsd = _bifurcated("Euston (NT)", "Bank (NT)", lv=1, tokens="3 Go")
    result = play(gsd, "Rushton : [Opening MC] A: Mornington Crescent (NT) B: Pass Bank (NT)")
    assert result.legal, result.messages()
    assert result.winner is None
