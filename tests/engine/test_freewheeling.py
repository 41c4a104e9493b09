"""Rule 1.7.45 - Going Downhill Fast (Freewheeling)."""

from __future__ import annotations

from tests.engine.builder import game, play, row, rules_broken


def test_1_7_45_freewheeling_from_a_high_station_adds_one_to_lv() -> None:
    """Rule 1.7.45: at Highgate (a High Station), LV 1 becomes 2: Archway, Tufnell Park."""
    gsd = game({"Rushton": "Highgate (NT)"}, lv={"Rushton": 1})
    result = play(gsd, "Rushton : [Freewheeling] Tufnell Park (NT)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 2


def test_1_7_45_a_hill_station_serves_too() -> None:
    """Rule 1.7.45: "a High or Hill Station" - Dollis Hill is a Hill."""
    gsd = game({"Rushton": "Dollis Hill (JL)"})
    result = play(gsd, "Rushton : [Freewheeling] Neasden (JL)")
    assert result.legal, result.messages()


def test_1_7_45_breaks() -> None:
    """Rule 1.7.45: not from a Station that is neither High nor Hill; a Pre-Move Action."""
    flat = play(game({"Rushton": "Archway (NT)"}, lv={"Rushton": 1}),
                "Rushton : [Freewheeling] Tufnell Park (NT)")  # fmt: skip
    assert rules_broken(flat) == ["1.7.45"]
    late = play(game({"Rushton": "Highgate (NT)"}), "Rushton : Pass Highgate (NT) [Freewheeling]")
    assert rules_broken(late) == ["1.3.4"]
