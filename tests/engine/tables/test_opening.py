"""Restricted opening (rules 1.13.5, 1.13.6), Peak Hours, and Holidays (rule 1.13.7)."""

from __future__ import annotations

import pytest

from referee.engine.tables.opening import load_opening
from referee.network.names import game_station_names

MON, TUE, FRI, SAT, SUN = 0, 1, 4, 5, 6


def hm(text: str) -> int:
    """Minutes since midnight of a time written 0930."""
    return int(text[:2]) * 60 + int(text[2:])


def test_1_13_6_peak_hours_mon_to_sat_0800_to_2000_inclusive() -> None:
    table = load_opening()
    assert table.is_peak(MON, hm("0800"))
    assert table.is_peak(SAT, hm("2000"))
    assert not table.is_peak(SAT, hm("2001"))
    assert not table.is_peak(TUE, hm("0759"))
    assert not table.is_peak(SUN, hm("1200"))


def test_1_13_7_a_holiday_is_like_a_sunday() -> None:
    table = load_opening()
    assert not table.is_peak(TUE, hm("1200"), holiday=True)
    assert not table.station_open("Temple", TUE, hm("1200"), holiday=True, holy=True)


def test_1_13_5_holy_stations_closed_on_sunday_unless_collection_plate() -> None:
    table = load_opening()
    assert table.station_open("Temple", SAT, hm("2330"), holy=True)
    assert not table.station_open("Temple", SUN, hm("1200"), holy=True)
    assert table.station_open("Temple", SUN, hm("1200"), holy=True, collection_plate=True)
    # A Defamed Holy Station is not Holy until Sunday (rule 1.11.7).
    assert table.station_open("Temple", SUN, hm("1200"), holy=False)


def test_1_13_5_mornington_crescent_is_closed_unless_opened() -> None:
    table = load_opening()
    assert not table.station_open("Mornington Crescent", TUE, hm("1200"))
    assert table.station_open("Mornington Crescent", TUE, hm("1200"), opening_mc=True)


@pytest.mark.parametrize(
    ("station", "day", "time", "expected"),
    [
        ("Barbican", SUN, "0759", False),
        ("Barbican", SUN, "0800", True),
        ("Barbican", SUN, "2300", False),  # a closing time is the first closed minute
        ("Barbican", MON, "0300", True),  # all day, even in a Night Train's small hours
        ("Cannon Street", FRI, "2059", True),
        ("Cannon Street", FRI, "2100", False),
        ("Cannon Street", SAT, "1200", False),
        ("Chancery Lane", SUN, "1200", False),
        ("Chigwell", SUN, "1959", True),  # "daily until 2000"
        ("Chigwell", SUN, "2000", False),
        ("Chigwell", MON, "0300", False),  # before the service day starts at 0500
        ("Heathrow Terminal 4", SAT, "2359", True),  # "until 0000"
        ("Heathrow Terminal 4", SUN, "2330", False),
        ("Kensington (Olympia)", SUN, "0730", False),
        ("Kensington (Olympia)", MON, "0730", True),
        ("Shoreditch", SUN, "1300", False),
        ("Shoreditch", SUN, "1259", True),
        ("Euston", SUN, "0300", True),  # not restricted
    ],
)
def test_1_13_5_stations_with_restricted_opening(
    station: str, day: int, time: str, expected: bool
) -> None:
    assert load_opening().station_open(station, day, hm(time)) is expected


def test_1_13_5_turnham_green_piccadilly_only() -> None:
    table = load_opening()
    assert not table.station_open("Turnham Green", TUE, hm("1200"), line="PD")
    assert table.station_open("Turnham Green", TUE, hm("0830"), line="PD")
    assert table.station_open("Turnham Green", TUE, hm("2130"), line="PD")
    assert not table.station_open("Turnham Green", SUN, hm("2130"), line="PD")
    assert table.station_open("Turnham Green", TUE, hm("1200"), line="DS")


def test_1_13_5_a_closing_time_may_be_read_inclusively() -> None:
    table = load_opening()
    assert table.station_open("Chigwell", SUN, hm("2000"), closing_inclusive=True)


@pytest.mark.parametrize(
    ("a", "b", "line", "day", "time", "expected"),
    [
        ("Chesham", "Chalfont and Latimer", "MP", MON, "2000", True),  # Peak, inclusive
        ("Chalfont and Latimer", "Chesham", "MP", MON, "2001", False),
        ("Chalfont and Latimer", "Chesham", "MP", SUN, "1200", False),
        ("Waterloo", "Bank", "WC", SAT, "0800", True),
        ("Bank", "Waterloo", "WC", SAT, "0759", False),
        ("Earl's Court", "Kensington (Olympia)", "DS", SUN, "0730", False),
        ("Whitechapel", "Shoreditch", "EL", SUN, "1200", True),
        ("Woodford", "Hainault", "CN", SUN, "2000", False),
        ("Whitechapel", "Barking", "DS", SUN, "1200", True),  # same ends, another line
    ],
)
def test_1_13_6_line_segments_with_restricted_opening(
    a: str, b: str, line: str, day: int, time: str, expected: bool
) -> None:
    assert load_opening().segment_open(a, b, line, day, hm(time)) is expected


def test_1_13_5_times_are_checked() -> None:
    with pytest.raises(ValueError, match="minute 1959"):
        load_opening().station_open("Chigwell", MON, 1959)
    with pytest.raises(ValueError, match="weekday 7"):
        load_opening().is_peak(7, 0)


def test_1_13_5_every_station_named_is_on_the_map() -> None:
    names = game_station_names()
    table = load_opening()
    for hours in table.station:
        assert not hours.name or hours.name in names, hours.name
    for segment in table.segment:
        assert segment.from_ in names and segment.to in names


def test_1_13_5_is_open_on_one_schedule() -> None:
    from referee.engine.tables.opening import is_open

    table = load_opening()
    (shoreditch,) = [h for h in table.station if h.name == "Shoreditch"]
    assert is_open(shoreditch, SAT, hm("1959"), peak=table.peak)
    assert not is_open(shoreditch, SAT, hm("1959"), holiday=True, peak=table.peak)
