"""Rules 1.7.9 (British Rail Travel) and 1.7.20 (Busking)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import with_luggage


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _at(station: str, tokens: str = "4 Br, 3 Re", time: str = "Thursday 1130",
        rack: str = "") -> GSD:  # fmt: skip
    gsd = game({"Rushton": station, "Cryer": "Holborn (CN)"},
               tokens={"Rushton": tokens, "Cryer": "3 Re"}, time=time)  # fmt: skip
    return with_luggage(gsd, {"Rushton": rack} if rack else {})


def test_1_7_9_visiting_from_a_british_rail_station_after_a_pass() -> None:
    """Rule 1.7.9: at Euston, having Passed, Visiting York gains a Gold."""
    result = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Visiting York]")
    assert result.legal, result.violations
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.go, tokens.br) == (1, 0)


def test_1_7_9_visiting_breaks() -> None:
    """Rule 1.7.9: only from a British Rail Station, only with a Pass."""
    holborn = play(_at("Holborn (CN)"), "Rushton : Pass Holborn (CN) [Visiting York]")
    assert rules_broken(holborn) == ["1.7.9"] and "Holborn" in _message(holborn)
    gsd = game({"Rushton": "Warren Street (NT)"}, lv={"Rushton": 1},
               tokens={"Rushton": "4 Br"})  # fmt: skip
    moved = play(gsd, "Rushton : Euston (NT) [Visiting York]")
    assert rules_broken(moved) == ["1.7.9"] and "Pass" in _message(moved)


def test_1_7_9_a_late_arrival_obliges_the_visitor_to_pass() -> None:
    """Rule 1.7.9: after Cryer's [Late Arrival from York], Rushton, who Visited York, must
    Pass with no Actions."""
    visited = play(_at("Euston (NT)"), "Rushton : Pass Euston (NT) [Visiting York]")
    late = play(visited.state, "Cryer : [Late Arrival from York] Pass Holborn (CN)")
    assert late.legal, late.violations
    acting = play(late.state, "Rushton : [LV+1] Pass Euston (NT)")
    assert rules_broken(acting) == ["1.7.9"] and "Pass with no Actions" in _message(acting)
    assert play(late.state, "Rushton : Pass Euston (NT)").legal
    elsewhere = play(visited.state, "Cryer : [Late Arrival from Leeds] Pass Holborn (CN)")
    assert play(elsewhere.state, "Rushton : [LV+1] Pass Euston (NT)").legal


def test_1_7_20_busking_with_a_carried_instrument_in_peak_hours() -> None:
    """Rule 1.7.20: a Harmonica earns three Bronze in Peak Hours."""
    result = play(_at("Holborn (CN)", tokens="0", rack="Harmonica"),
                  "Rushton : [Busking] Pass Holborn (CN) {busking: Harmonica}")  # fmt: skip
    assert result.legal, result.violations
    assert row(result.state, "Rushton").tokens.br == 3


def test_1_7_20_busking_breaks() -> None:
    """Rule 1.7.20: Peak Hours only; the instrument carried; Yodeling at a Hill Station only."""
    late = play(_at("Holborn (CN)", rack="Harmonica", time="Thursday 2130"),
                "Rushton : [Busking] Pass Holborn (CN) {busking: Harmonica}")  # fmt: skip
    assert rules_broken(late) == ["1.7.20"] and "Peak Hours" in _message(late)
    none = play(_at("Holborn (CN)"), "Rushton : [Busking] Pass Holborn (CN) {busking: Guitar}")
    assert rules_broken(none) == ["1.7.20"] and "no Guitar" in _message(none)
    yodel = play(_at("Holborn (CN)"), "Rushton : [Busking] Pass Holborn (CN) {busking: Yodel}")
    assert rules_broken(yodel) == ["1.7.20"] and "Hill Station" in _message(yodel)


def test_1_7_20_yodeling_at_a_hill_station() -> None:
    """Rule 1.7.20: at a Hill Station one may Yodel, for one Bronze."""
    result = play(_at("Dollis Hill (JL)", tokens="0"),
                  "Rushton : [Busking] Pass Dollis Hill (JL) {busking: Yodel}")  # fmt: skip
    assert result.legal, result.violations
    assert row(result.state, "Rushton").tokens.br == 1
