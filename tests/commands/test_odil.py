"""``referee odil``: the journey check's exit codes and JSON, the cards, and the deal."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main
from referee.games.one_day_in_london.rules import new_game
from referee.games.one_day_in_london.shuffle import commitment

WINNING = (
    "Blackfriars",
    "tower hill",
    "Aldgate East",
    "Liverpool Street",
    "BAKER STREET",
    "Oxford Circus",
    "Elephant & Castle",
    "Bank",
    "Waterloo",
    "Edgware Road (Bakerloo)",
)
STARTING = (
    "Knightsbridge",
    "Covent Garden",
    "Angel",
    "Marble Arch",
    "Goodge Street",
    "Kings Cross St Pancras",
    "Great Portland Street",
    "Borough",
    "Temple",
    "Victoria",
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["odil", *args])
    return result.exit_code, result.stdout, result.stderr


def test_journey_exit_0_for_the_winning_position() -> None:
    code, out, _ = run("journey", *WINNING)
    assert code == 0
    assert out.startswith("A journey: Blackfriars -District-> Tower Hill")


def test_journey_json_for_the_winning_position() -> None:
    code, out, _ = run("journey", *WINNING, "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["journey"] is True and answer["reason"] is None
    assert answer["stations"][2] == "Aldgate"
    assert len(answer["legs"]) == 9


def test_journey_exit_1_with_the_first_break() -> None:
    code, _, err = run("journey", *STARTING)
    assert code == 1
    assert "station 3 (Angel) cannot follow station 2 (Covent Garden)" in err
    code, out, _ = run("journey", *STARTING, "--json")
    answer = json.loads(out)
    assert code == 1 and answer["journey"] is False
    assert answer["break"] == {"position": 3, "kind": "no-shared-line"}
    assert "share no line" in answer["reason"]


def test_journey_exit_1_for_the_wrong_number_of_stations() -> None:
    code, _, err = run("journey", *WINNING[:9])
    assert code == 1
    assert "a journey has 10 stations" in err


def test_journey_exit_2_for_a_name_that_is_no_station() -> None:
    code, out, err = run("journey", *WINNING[:9], "Picadilly Circus", "--json")
    assert code == 2
    assert json.loads(out)["suggestions"] == ["Piccadilly Circus"]
    assert "is not a station" in err


def test_journey_exit_2_for_a_station_outside_zone_1() -> None:
    code, _, err = run("journey", *WINNING[:9], "Wimbledon")
    assert code == 2
    assert "not in One Day in London" in err


def test_journey_exit_2_for_the_ambiguous_edgware_road() -> None:
    code, out, _ = run("journey", *WINNING[:9], "Edgware Road", "--json")
    assert code == 2
    assert set(json.loads(out)["suggestions"]) == {
        "Edgware Road (Bakerloo)",
        "Edgware Road (Circle)",
    }


def test_journey_setting_turn_back_alongside() -> None:
    stations = (
        "Liverpool Street",
        "Moorgate",
        "Liverpool Street",
        "Bank",
        "Waterloo",
        "Embankment",
        "Victoria",
        "Green Park",
        "Bond Street",
        "Marble Arch",
    )
    code, _, err = run("journey", *stations)
    assert code == 1 and "station 3 (Liverpool Street)" in err
    assert run("journey", *stations, "--turn-back-alongside")[0] == 0


def test_cards_lists_every_card() -> None:
    code, out, _ = run("cards")
    assert code == 0
    assert "1 x Sloane Square: 8 District 11" in out
    assert out.rstrip().endswith("72 cards for 62 stations")
    rows = json.loads(run("cards", "--json")[1])
    assert sum(row["copies"] for row in rows) == 72


def test_deal_recomputes_the_deal_and_checks_the_commitment() -> None:
    seed = "5e" * 32
    code, out, _ = run(
        "deal", seed, "--player", "Ann", "--player", "Ben", "--commitment", commitment(seed)
    )
    assert code == 0
    assert "matches the commitment" in out
    dealt = new_game(["Ann", "Ben"], seed).seat("Ben").dealt
    assert f"Ben is dealt, in order: {'; '.join(dealt)}" in out
    code, _, err = run("deal", seed, "--player", "Ann", "--player", "Ben", "--commitment", "0" * 64)
    assert code == 1 and "not the commitment" in err
