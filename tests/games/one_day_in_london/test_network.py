"""The game's network, derived from the 1999 map by the rule in rules/one-day-in-london."""

from __future__ import annotations

import pytest

from referee.games.one_day_in_london.network import derive_network, load_game_network
from referee.network.lines import LineCode
from referee.network.mapfile import MapData, StationKind, StationRecord, read_line_file
from referee.network.names import UnknownStationError

NETWORK = load_game_network()


def test_reality_check_no_circle_line() -> None:
    """FAQ and Reality Check: there is no Circle line in the game."""
    assert LineCode.CL not in {line.code for line in NETWORK.lines}


def test_reality_check_aldgate_and_aldgate_east_are_one_station() -> None:
    assert "Aldgate" in NETWORK
    assert "Aldgate East" not in NETWORK
    assert NETWORK.resolve("Aldgate East") == "Aldgate"
    assert NETWORK.resolve("aldgate") == "Aldgate"
    lines = set(NETWORK.lines_at("Aldgate"))
    assert lines == {LineCode.DS, LineCode.HC, LineCode.MP}


def test_reality_check_lines_end_where_they_leave_zone_1() -> None:
    """The Northern's branches meet at Kennington, in zone 2: so Waterloo and Elephant and
    Castle are the two ends of one run (the FAQ's "short way" question)."""
    northern = NETWORK.line(LineCode.NT)
    assert {northern.stations[0], northern.stations[-1]} == {"Waterloo", "Elephant and Castle"}
    assert "Kennington" not in NETWORK
    assert "Camden Town" not in NETWORK


def test_features_of_the_cards_62_stations() -> None:
    assert len(NETWORK.stations) == 62


def test_line_lengths_in_zone_1() -> None:
    lengths = {line.code: len(line.stations) for line in NETWORK.lines}
    assert lengths == {
        LineCode.BL: 12,
        LineCode.CN: 12,
        LineCode.DS: 20,
        LineCode.HC: 11,
        LineCode.JL: 7,
        LineCode.MP: 9,
        LineCode.NT: 16,
        LineCode.PD: 12,
        LineCode.VC: 8,
        LineCode.WC: 2,
    }


def test_edgware_road_is_two_stations_one_per_site() -> None:
    assert NETWORK.lines_at("Edgware Road (Bakerloo)") == (LineCode.BL,)
    assert set(NETWORK.lines_at("Edgware Road (Circle)")) == {LineCode.DS, LineCode.HC}
    assert NETWORK.resolve("edgware road bakerloo") == "Edgware Road (Bakerloo)"
    with pytest.raises(UnknownStationError) as caught:
        NETWORK.resolve("Edgware Road")
    assert set(caught.value.suggestions) == {"Edgware Road (Bakerloo)", "Edgware Road (Circle)"}


@pytest.mark.parametrize(
    ("text", "station"),
    [
        ("kings cross", "King's Cross St. Pancras"),
        ("King's Cross", "King's Cross St. Pancras"),
        ("elephant & castle", "Elephant and Castle"),
        ("st pauls", "St. Paul's"),
        ("Tottenham Court", "Tottenham Court Road"),
    ],
)
def test_a_name_shortened_to_its_first_words_names_the_one_station_it_begins(
    text: str, station: str
) -> None:
    assert NETWORK.resolve(text) == station
    assert NETWORK.matches(text) == (station,)


def test_a_fragment_of_a_word_is_not_read_as_a_name() -> None:
    with pytest.raises(UnknownStationError) as caught:
        NETWORK.resolve("bak")
    assert "Baker Street" in caught.value.suggestions
    assert NETWORK.matches("bak") == ()


def test_a_name_that_begins_several_stations_matches_each() -> None:
    assert NETWORK.matches("Edgware Road") == ("Edgware Road (Bakerloo)", "Edgware Road (Circle)")


def test_jubilee_keeps_its_through_route_not_the_charing_cross_stub() -> None:
    assert LineCode.JL not in NETWORK.lines_at("Charing Cross")
    assert NETWORK.line(LineCode.JL).stations[-1] == "London Bridge"


def test_no_docklands_station() -> None:
    assert "Tower Gateway" not in NETWORK
    assert LineCode.DL not in NETWORK.lines_at("Bank")


def test_unknown_station_suggests() -> None:
    with pytest.raises(UnknownStationError) as caught:
        NETWORK.resolve("Picadilly Circus")
    assert "Piccadilly Circus" in caught.value.suggestions
    with pytest.raises(UnknownStationError):
        NETWORK.resolve("Wimbledon")


def small_map(lines: dict[str, str], outer: set[str], west_to_east: list[str]) -> MapData:
    """A made-up map: every station in zone 1 except ``outer``; x positions in the order
    given."""
    parsed = {LineCode(c): read_line_file(text, LineCode(c), f"<{c}>") for c, text in lines.items()}
    names = {n for line in parsed.values() for section in line.sections for n in section.stations}
    records = {
        name: StationRecord(
            name=name,
            current=1,
            zones=frozenset({2 if name in outer else 1}),
            british_rail=False,
            kind=StationKind.PLAIN,
            thames="N",
            venbacker=1,
            position=(float(west_to_east.index(name)), 0.0),
            quadrants=frozenset({1}),
            halves=frozenset({"N"}),
            sites=(),
            ghost=False,
        )
        for name in names
    }
    return MapData("small", parsed, records, ())


def test_rule_4_a_line_is_cut_where_it_leaves_zone_1_and_read_west_to_east() -> None:
    data = small_map(
        {"BL": "direction: N-S\n[route r]\nD\nC\nB\nA\n"},
        outer={"D"},
        west_to_east=["A", "B", "C", "D"],
    )
    network = derive_network(data)
    assert network.line(LineCode.BL).stations == ("A", "B", "C")
    assert "D" not in network


def test_rule_4_a_branching_line_keeps_its_longest_section_run() -> None:
    data = small_map(
        {"JL": "direction: N-S\n[route short]\nX\nB\nY\n[route long]\nX\nB\nZ\nW\n"},
        outer=set(),
        west_to_east=["X", "B", "Y", "Z", "W"],
    )
    network = derive_network(data)
    assert network.line(LineCode.JL).stations == ("X", "B", "Z", "W")
    assert "Y" not in network


def test_rule_2_circle_and_docklands_are_not_game_lines() -> None:
    data = small_map(
        {
            "CL": "direction: clockwise\n[loop c]\nA\nB\nC\n",
            "DL": "direction: E-W\n[route d]\nC\nE\n",
            "NT": "direction: N-S\n[route n]\nA\nB\n",
        },
        outer=set(),
        west_to_east=["A", "B", "C", "E"],
    )
    network = derive_network(data)
    assert [line.code for line in network.lines] == [LineCode.NT]
    assert network.stations == ("A", "B")
