"""Station name lookup (rule 1.17.8 lists the stations) and line codes (rule 1.17.4)."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.network.lines import LineCode, UnknownLineError, parse_line_code
from referee.network.names import (
    StationNames,
    UnknownStationError,
    game_station_names,
    normalise,
    read_currents,
)
from referee.resources import data_dir


@pytest.fixture(scope="module")
def names() -> StationNames:
    text = (data_dir("maps") / "london-1999" / "currents.tsv").read_text(encoding="utf-8")
    return StationNames.of(read_currents(text))


def test_1_17_8_the_currents_table_lists_295_stations(names: StationNames) -> None:
    assert len(names) == 295


def test_1_17_8_current_of_mornington_crescent_is_18() -> None:
    text = (data_dir("maps") / "london-1999" / "currents.tsv").read_text(encoding="utf-8")
    assert read_currents(text)["Mornington Crescent"] == 18


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("kings cross st pancras", "King's Cross St. Pancras"),
        ("KING'S CROSS ST. PANCRAS", "King's Cross St. Pancras"),
        ("Elephant & Castle", "Elephant and Castle"),
        ("st james's park", "St. James's Park"),
        ("  Bromley by Bow ", "Bromley-by-Bow"),
        ("Harrow on the Hill", "Harrow-on-the-Hill"),
    ],
)
def test_lookup_forgives_case_punctuation_st_and_ampersand(
    names: StationNames, typed: str, canonical: str
) -> None:
    assert names.resolve(typed) == canonical


def test_unknown_station_suggests_the_nearest(names: StationNames) -> None:
    with pytest.raises(UnknownStationError) as caught:
        names.resolve("Eustn")
    assert caught.value.suggestions[0] == "Euston"
    assert str(caught.value).startswith("'Eustn' is not a station; did you mean Euston")


def test_nonsense_gets_no_suggestion(names: StationNames) -> None:
    with pytest.raises(UnknownStationError) as caught:
        names.resolve("Zzyzx Qwfp")
    assert caught.value.suggestions == ()
    assert str(caught.value) == "'Zzyzx Qwfp' is not a station"


def test_folding_collisions_are_refused() -> None:
    with pytest.raises(ValueError, match="fold together"):
        StationNames.of(["St. Paul's", "St Pauls"])
    assert normalise("St. Paul's") == normalise("st pauls")


def test_1_17_4_line_codes() -> None:
    assert parse_line_code(" nt ") is LineCode.NT
    assert LineCode.WC.line_name == "Waterloo & City"
    assert len([c for c in LineCode if c is not LineCode.GH]) == 13
    with pytest.raises(UnknownLineError, match="'XX' is not a line code"):
        parse_line_code("XX")


def test_1_11_6_the_nine_ghosts_are_stations_too() -> None:
    names = game_station_names()
    assert len(names) == 295 + 9
    assert names.resolve("hobs end") == "Hob's End"
    assert "Ongar" in names


_LONDON = game_station_names()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*_LONDON.names[:40], "x", " ", "Road", "&"]), max_size=40).map(
        "".join
    )
)
def test_a_long_name_is_suggested_what_difflib_would_suggest(text: str) -> None:
    """suggest answers a name too long to be like any station at once; what it answers is
    what comparing it with every station gives (the reference here)."""
    keys = {normalise(name): name for name in _LONDON.names}
    expected = difflib.get_close_matches(normalise(text), keys, n=3, cutoff=0.6)
    assert _LONDON.suggest(text) == tuple(keys[k] for k in expected)
