"""The 1999 map's data against the rules' own facts and worked examples.

Each test reads the committed files through the loader, so an edit that breaks a fact the
ruleset states (or a count a 1999 map shows) fails here with the station's name.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from referee.network.lines import LineCode
from referee.network.mapfile import MapData, SectionKind, StationKind, load_map
from referee.network.names import read_currents, read_ghosts
from referee.resources import data_dir

FOLDER = data_dir("maps") / "london-1999"


@pytest.fixture(scope="module")
def data() -> MapData:
    return load_map("london-1999")


@pytest.fixture(scope="module")
def currents() -> dict[str, int]:
    return read_currents((FOLDER / "currents.tsv").read_text(encoding="utf-8"))


def _pairs(data: MapData, code: LineCode) -> set[frozenset[str]]:
    return {
        frozenset(pair)
        for section in data.lines[code].sections
        for pair in section.adjacent_pairs()
    }


def _directed(data: MapData, code: LineCode) -> set[tuple[str, str]]:
    """Every ordered step a piece may take on a line: one-way sections forwards only."""
    steps: set[tuple[str, str]] = set()
    for section in data.lines[code].sections:
        for a, b in section.adjacent_pairs():
            steps.add((a, b))
            if section.kind is not SectionKind.ONE_WAY:
                steps.add((b, a))
    return steps


def _neighbours(data: MapData, station: str, code: LineCode) -> set[str]:
    return {other for pair in _pairs(data, code) if station in pair for other in pair - {station}}


def test_1_17_8_every_current_station_has_exactly_one_row(currents: dict[str, int]) -> None:
    text = (FOLDER / "stations.tsv").read_text(encoding="utf-8")
    names = Counter(row.split("\t")[0] for row in text.splitlines()[1:] if row.strip())
    ghosts = read_ghosts((FOLDER / "ghosts.txt").read_text(encoding="utf-8"))
    assert len(currents) == 295
    assert sorted(names.elements()) == sorted([*currents, *ghosts])


def test_1_17_1_every_current_station_is_on_a_line_and_no_ghost_is(
    data: MapData, currents: dict[str, int]
) -> None:
    off = [name for name in currents if not data.lines_at(name)]
    assert off == []
    ghosts = [name for name, record in data.stations.items() if record.ghost]
    assert sorted(ghosts) == sorted(
        ["Aldwych", "Blake Hall", "British Museum", "Brompton Road", "Down Street", "Hob's End",
         "North End", "North Weald", "Ongar"]
    )  # fmt: skip
    assert all(not data.lines_at(name) for name in ghosts)


@pytest.mark.parametrize("code", [c for c in LineCode if c is not LineCode.GH])
def test_1_17_4_every_line_has_a_file_and_is_connected(data: MapData, code: LineCode) -> None:
    pairs = _pairs(data, code)
    stations = data.lines[code].stations
    reached = {next(iter(sorted(stations)))}
    frontier = list(reached)
    while frontier:
        here = frontier.pop()
        for pair in pairs:
            if here in pair:
                for other in pair - reached:
                    reached.add(other)
                    frontier.append(other)
    assert reached == stations


# Stations per line on the 1999 map; the comments say which are the well-known counts.
LINE_COUNTS = {
    LineCode.BL: 25,  # Harrow and Wealdstone - Elephant and Castle
    LineCode.CN: 49,
    LineCode.CL: 27,  # the Circle before its 2009 extension to Hammersmith
    LineCode.DS: 60,
    LineCode.EL: 9,  # Shoreditch - New Cross / New Cross Gate
    LineCode.HC: 28,  # Hammersmith - Barking
    LineCode.JL: 28,  # 27 of Stanmore - Stratford, plus Charing Cross
    LineCode.MP: 34,
    LineCode.NT: 50,
    LineCode.PD: 52,  # before Heathrow Terminal 5
    LineCode.VC: 16,
    LineCode.WC: 2,
    LineCode.DL: 29,  # before the Lewisham extension
}


@pytest.mark.parametrize(("code", "count"), LINE_COUNTS.items())
def test_1_17_4_stations_per_line(data: MapData, code: LineCode, count: int) -> None:
    assert len(data.lines[code].stations) == count


@pytest.mark.parametrize(
    ("station", "codes"),
    [
        ("Bank", "CN,NT,WC,DL"),
        ("Monument", "DS,CL"),
        ("Tower Hill", "DS,CL"),
        ("Tower Gateway", "DL"),
        ("Bow Road", "HC,DS"),
        ("Bow Church", "DL"),
    ],
)
def test_1_5_3_escalator_stations_have_the_rules_lines(
    data: MapData, station: str, codes: str
) -> None:
    assert data.lines_at(station) == {LineCode(c) for c in codes.split(",")}


def test_1_5_3_the_three_escalator_links(data: MapData) -> None:
    links = {frozenset((link.a, link.b)) for link in data.links if link.kind == "escalator"}
    assert links == {
        frozenset({"Bank", "Monument"}),
        frozenset({"Tower Hill", "Tower Gateway"}),
        frozenset({"Bow Road", "Bow Church"}),
    }


def test_1_5_3_aldgate_to_shadwell_runs_by_tower_hill_and_tower_gateway(data: MapData) -> None:
    assert frozenset({"Aldgate", "Tower Hill"}) in _pairs(data, LineCode.CL)
    assert frozenset({"Tower Gateway", "Shadwell"}) in _pairs(data, LineCode.DL)


@pytest.mark.parametrize(
    ("a", "a_lines", "b", "b_lines"),
    [
        ("Wimbledon", "DS", "South Wimbledon", "NT"),
        ("Ruislip", "MP,PD", "West Ruislip", "CN"),
        ("Sudbury Town", "PD", "Wembley Central", "BL"),
        ("Northwick Park", "MP", "Kenton", "BL"),
        ("Euston", "NT,VC", "Euston Square", "CL,HC,MP"),
    ],
)
def test_1_7_10_named_walking_pairs_and_their_lines(
    data: MapData, a: str, a_lines: str, b: str, b_lines: str
) -> None:
    walks = {frozenset((link.a, link.b)) for link in data.links if link.kind == "walk"}
    assert frozenset({a, b}) in walks
    assert data.lines_at(a) == {LineCode(c) for c in a_lines.split(",")}
    assert data.lines_at(b) == {LineCode(c) for c in b_lines.split(",")}


@pytest.mark.parametrize(("station", "count"), [("Camden Town", 4), ("Baker Street", 10),
                                                ("Brixton", 1)])  # fmt: skip
def test_1_17_10_line_adjacencies_per_station(data: MapData, station: str, count: int) -> None:
    total = sum(len(_neighbours(data, station, code)) for code in data.lines_at(station))
    assert total == count


def test_1_6_2_the_worked_route_holborn_to_euston(data: MapData) -> None:
    assert frozenset({"Holborn", "Tottenham Court Road"}) in _pairs(data, LineCode.CN)
    northern = _pairs(data, LineCode.NT)
    assert frozenset({"Tottenham Court Road", "Goodge Street"}) in northern
    assert frozenset({"Goodge Street", "Warren Street"}) in northern
    assert frozenset({"Warren Street", "Euston"}) in _pairs(data, LineCode.VC)


def test_the_metropolitan_runs_non_stop_from_baker_street_to_wembley_park(data: MapData) -> None:
    metropolitan = _pairs(data, LineCode.MP)
    assert frozenset({"Baker Street", "Finchley Road"}) in metropolitan
    assert frozenset({"Finchley Road", "Wembley Park"}) in metropolitan
    assert "Swiss Cottage" not in data.lines[LineCode.MP].stations


def test_1_5_7_the_heathrow_loop_runs_only_clockwise(data: MapData) -> None:
    steps = _directed(data, LineCode.PD)
    clockwise = [
        ("Hatton Cross", "Heathrow Terminal 4"),
        ("Heathrow Terminal 4", "Heathrow Terminal 123"),
        ("Heathrow Terminal 123", "Hatton Cross"),
    ]
    for a, b in clockwise:
        assert (a, b) in steps
        assert (b, a) not in steps
    assert ("Hounslow West", "Hatton Cross") in steps
    assert ("Hatton Cross", "Hounslow West") in steps


# The reference directions of rule 1.20.2: where each listed route starts and ends.
DIRECTIONS = {
    LineCode.BL: ("N-S", {"Harrow and Wealdstone"}, {"Elephant and Castle"}),
    LineCode.CN: ("E-W", {"Epping", "Woodford"}, {"Ealing Broadway", "West Ruislip"}),
    LineCode.DS: ("E-W", {"Upminster", "Edgware Road"},
                  {"Wimbledon", "Richmond", "Ealing Broadway", "Kensington (Olympia)"}),
    LineCode.EL: ("N-S", {"Shoreditch"}, {"New Cross Gate", "New Cross"}),
    LineCode.HC: ("E-W", {"Barking"}, {"Hammersmith"}),
    LineCode.JL: ("N-S", {"Stanmore"}, {"Charing Cross", "Stratford"}),
    LineCode.MP: ("E-W", {"Aldgate"}, {"Uxbridge", "Amersham", "Chesham", "Watford"}),
    LineCode.NT: ("N-S", {"High Barnet", "Mill Hill East", "Edgware"}, {"Morden"}),
    LineCode.PD: ("E-W", {"Cockfosters"}, {"Uxbridge", "Heathrow Terminal 123"}),
    LineCode.VC: ("N-S", {"Walthamstow Central"}, {"Brixton"}),
    LineCode.WC: ("N-S", {"Bank"}, {"Waterloo"}),
    LineCode.DL: ("E-W", {"Beckton", "Island Gardens"}, {"Stratford", "Bank", "Tower Gateway"}),
}  # fmt: skip


@pytest.mark.parametrize("code", DIRECTIONS)
def test_1_20_2_routes_are_listed_in_the_reference_direction(data: MapData, code: LineCode) -> None:
    direction, starts, ends = DIRECTIONS[code]
    line = data.lines[code]
    assert line.direction == direction
    for section in line.sections:
        first, last = section.stations[0], section.stations[-1]
        if section.against_reference:
            first, last = last, first
            # Rule 1.20.2: Heathrow 4 is the Piccadilly's western end when going W-E.
            assert section.stations[0] == "Heathrow Terminal 4"
        else:
            assert last in ends, section.name
        assert first in starts, section.name


def test_1_20_2_the_circle_is_listed_clockwise(data: MapData) -> None:
    (loop,) = data.lines[LineCode.CL].sections
    assert loop.kind is SectionKind.LOOP
    points = [data.stations[name].position for name in loop.stations]
    assert all(point is not None for point in points)
    corners = [p for p in points if p is not None]
    area = sum(
        x1 * y2 - x2 * y1
        for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True)
    )
    assert area < 0  # negative signed area: clockwise with north up


def test_1_19_1_currents_of_the_meridian_and_mornington_crescent(data: MapData) -> None:
    assert data.stations["Tottenham Court Road"].current == 0
    assert data.stations["Tottenham Court Road"].position == (0.0, 0.0)
    assert data.stations["Mornington Crescent"].current == 18


def test_1_19_1_positions_reproduce_every_current(data: MapData) -> None:
    for record in data.stations.values():
        if record.ghost:
            assert record.position is None
            continue
        assert record.position is not None
        assert abs(math.hypot(*record.position) - record.current) < 0.5, record.name


def test_1_17_2_circle_stations_are_in_quadrant_zero_only(data: MapData) -> None:
    for name in data.lines[LineCode.CL].stations:
        assert data.stations[name].quadrants == {0}, name


def test_1_17_2_quadrants_agree_with_halves(data: MapData) -> None:
    numbers = {1: {"N", "E"}, 2: {"S", "E"}, 3: {"S", "W"}, 4: {"N", "W"}}
    for record in data.stations.values():
        if record.ghost:
            assert record.quadrants == set() and record.halves == set()
            continue
        assert record.halves, record.name
        if record.quadrants == {0}:
            continue
        expected = {q for q, pair in numbers.items() if pair <= record.halves}
        assert record.quadrants == expected, record.name


def test_1_17_2_halves_follow_the_position(data: MapData) -> None:
    for record in data.stations.values():
        if record.position is None:
            continue
        x, y = record.position
        if abs(x) > 1:
            assert ({"E", "W"} & record.halves) == {"E" if x > 0 else "W"}, record.name
        if abs(y) > 1:
            assert ({"N", "S"} & record.halves) == {"N" if y > 0 else "S"}, record.name


@pytest.mark.parametrize(
    ("station", "quadrants"),
    [("Amersham", {4}), ("Epping", {1}), ("Morden", {3}), ("Beckton", {2})],
)
def test_1_17_2_outlying_stations_lie_in_their_compass_quadrant(
    data: MapData, station: str, quadrants: set[int]
) -> None:
    assert data.stations[station].quadrants == quadrants


def test_1_17_6_bayswater_is_co_located_and_turnham_green_is_not(data: MapData) -> None:
    assert data.stations["Bayswater"].kind is StationKind.CO_LOCATED
    assert data.stations["Turnham Green"].kind is StationKind.INTERCHANGE


@pytest.mark.parametrize("station", ["Camden Town", "Kennington", "Euston", "Bank", "Monument"])
def test_1_17_6_junctions_and_escalator_ends_are_interchanges(data: MapData, station: str) -> None:
    assert data.stations[station].kind is StationKind.INTERCHANGE


def test_1_17_6_a_one_line_station_is_never_co_located(data: MapData) -> None:
    for name, record in data.stations.items():
        if len(data.lines_at(name)) < 2:
            assert record.kind is not StationKind.CO_LOCATED, name


@pytest.mark.parametrize(
    ("station", "sites"),
    [
        ("Edgware Road", [{"BL"}, {"CL", "DS", "HC"}]),
        ("Hammersmith", [{"DS", "PD"}, {"HC"}]),
        ("Shepherd's Bush", [{"CN"}, {"HC"}]),
    ],
)
def test_1_7_10_same_named_stations_are_separate_sites(
    data: MapData, station: str, sites: list[set[str]]
) -> None:
    assert [set(site) for site in data.stations[station].sites] == sites
    assert data.stations["Bayswater"].sites == ()


@pytest.mark.parametrize(
    ("station", "zones"),
    [("Oxford Circus", {1}), ("Earl's Court", {1, 2}), ("Amersham", {7}), ("Moor Park", {6, 7}),
     ("Hatton Cross", {5, 6}), ("Watford", {7})],
)  # fmt: skip
def test_1_17_7_zones_with_boundaries_and_zone_seven(
    data: MapData, station: str, zones: set[int]
) -> None:
    assert data.stations[station].zones == zones


@pytest.mark.parametrize(
    "station", ["Cannon Street", "Blackfriars", "Waterloo", "Rickmansworth", "Kew Gardens"]
)
def test_1_17_6_british_rail_stations_include_the_csvs_gaps(data: MapData, station: str) -> None:
    assert data.stations[station].british_rail


def test_1_17_6_not_every_station_is_british_rail(data: MapData) -> None:
    assert not data.stations["Mornington Crescent"].british_rail
    assert not data.stations["Goodge Street"].british_rail


@pytest.mark.parametrize(
    ("station", "side"),
    [("Waterloo", "S"), ("Brixton", "S"), ("Embankment", "N"), ("Island Gardens", "N"),
     ("North Greenwich", "S"), ("Putney Bridge", "N"), ("East Putney", "S")],
)  # fmt: skip
def test_thames_sides(data: MapData, station: str, side: str) -> None:
    assert data.stations[station].thames == side


def test_venbacker_numbers_run_1_to_295_in_currents_table_order(
    data: MapData, currents: dict[str, int]
) -> None:
    numbers = [data.stations[name].venbacker for name in currents]
    assert numbers == list(range(1, 296))
    assert list(currents) == sorted(currents, key=str.casefold)


def test_1_13_5_turnham_green_keeps_its_piccadilly_stop(data: MapData) -> None:
    assert _neighbours(data, "Turnham Green", LineCode.PD) == {"Hammersmith", "Acton Town"}


def test_1_11_6_ongar_blake_hall_and_north_weald_are_off_the_central(data: MapData) -> None:
    central = data.lines[LineCode.CN].stations
    assert {"Ongar", "Blake Hall", "North Weald"}.isdisjoint(central)
    assert _neighbours(data, "Epping", LineCode.CN) == {"Theydon Bois"}


ROOT = FOLDER.parent.parent
SCRIPT = ROOT / "scripts" / "derive-map"


def test_stations_tsv_is_what_derive_map_makes() -> None:
    """stations.tsv is data, but it must be what the script makes from the public tables kept
    in maps/sources/london-geo, so a hand edit of the TSV is caught."""
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("station", "code"),
    [("Holborn", "CN"), ("Holborn", "PD"), ("Edgware Road", "BL"), ("Amersham", "MP"),
     ("Mornington Crescent", "NT"), ("Gunnersbury", "DS"), ("Finsbury Park", "PD"),
     ("Euston", "VC"), ("Moorgate", "NT"), ("Angel", "NT"), ("Turnham Green", "DS"),
     ("Turnham Green", "PD"), ("Baker Street", "BL")],
)  # fmt: skip
def test_1_2_0_stations_the_rules_examples_place_on_a_line(
    data: MapData, station: str, code: str
) -> None:
    assert LineCode(code) in data.lines_at(station)


@pytest.mark.parametrize(
    ("code", "first", "last"),
    [("HC", "Whitechapel", "Barking"), ("NT", "Angel", "Bank")],
)
def test_1_5_4_the_rules_line_segments_lie_along_one_section(
    data: MapData, code: str, first: str, last: str
) -> None:
    assert any(
        first in section.stations and last in section.stations
        for section in data.lines[LineCode(code)].sections
    )


def test_1_17_6_kinds_follow_the_documented_criterion(data: MapData) -> None:
    """maps/README.md: one line is plain; lines sharing both neighbours are co-located; lines
    that part, cross or end there meet at an interchange; plus the listed exceptions."""
    exceptions = {"Camden Town", "Kennington", "Bank", "Monument", "Tower Hill",
                  "Tower Gateway", "Bow Road", "Bow Church"}  # fmt: skip
    for name, record in data.stations.items():
        if record.ghost or name in exceptions:
            continue
        sites = record.sites or (data.lines_at(name),)
        kinds = set()
        for site in sites:
            shapes = {frozenset(_neighbours(data, name, code)) for code in site}
            if len(site) < 2:
                kinds.add(StationKind.PLAIN)
            elif len(shapes) == 1:
                kinds.add(StationKind.CO_LOCATED)
            else:
                kinds.add(StationKind.INTERCHANGE)
        expected = next(
            kind
            for kind in (StationKind.INTERCHANGE, StationKind.CO_LOCATED, StationKind.PLAIN)
            if kind in kinds
        )
        assert record.kind is expected, name
