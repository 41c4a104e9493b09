"""What a Move can hit that Disruptions record (rules 1.8.3, 1.9.3, 1.9.5, 1.11.3, 1.11.4)."""

from __future__ import annotations

from tests.engine.builder import game, play, rules_broken

TCR = {"Rushton": "Tottenham Court Road (CN)"}
TO_BOND = "Rushton : Bond Street (CN)"  # passes through Oxford Circus


def test_1_9_3_a_bulkheaded_station_cannot_be_passed_through_or_ended_at() -> None:
    """Rule 1.9.3 - Bulkheading: the Station is Blocked (rule 1.9.1: no start, pass, end)."""
    clear = game(TCR, lv={"Rushton": 2})
    assert play(clear, TO_BOND).legal
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Bulkhead)",))
    assert rules_broken(play(through, TO_BOND)) == ["1.9.3"]
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Bulkhead)",))
    assert rules_broken(play(end, TO_BOND)) == ["1.9.3"]


def test_1_9_5_a_maelberged_station_may_be_ended_at_but_not_passed() -> None:
    """Rule 1.9.5 - Maelberg Variance: passing through is Invalid, ending there is not."""
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Maelberg)",))
    assert rules_broken(play(through, TO_BOND)) == ["1.9.5"]
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Maelberg)",))
    assert play(end, TO_BOND).legal


def test_1_11_3_light_damage_closes_heavy_damage_blocks() -> None:
    """Rule 1.11.3 - Station Damage: Light closes (passing is fine), Heavy blocks."""
    light = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Damage)",))
    assert play(light, TO_BOND).legal
    light_end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Damage)",))
    assert rules_broken(play(light_end, TO_BOND)) == ["1.11.3"]
    heavy = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (*Damage*)",))
    assert rules_broken(play(heavy, TO_BOND)) == ["1.11.3"]


def test_1_11_4_no_piece_may_end_at_a_pegged_station() -> None:
    """Rule 1.11.4 - Peg Leg: a Turn ending a Piece at a Pegged Station is Illegal."""
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Peg)",))
    assert rules_broken(play(end, TO_BOND)) == ["1.11.4"]
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Peg)",))
    assert play(through, TO_BOND).legal


def test_1_8_3_bridges_up_stop_a_move_across_the_thames() -> None:
    """Rule 1.8.3 - Bridges: Up, a Move may not start on one side and end on the other."""
    start = {"Rushton": "Embankment (NT)"}
    down = game(start, lv={"Rushton": 1})
    assert play(down, "Rushton : Waterloo (NT)").legal
    up = game(start, lv={"Rushton": 1}, disruptions=("Bridges Up",))
    assert rules_broken(play(up, "Rushton : Waterloo (NT)")) == ["1.8.3"]
    assert play(up, "Rushton : Charing Cross (NT)").legal
