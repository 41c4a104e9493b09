"""Features of the Cards: one card per intersection, lines and stations before and after."""

from __future__ import annotations

from referee.games.one_day_in_london.cards import (
    card_faces,
    concurrent_groups,
    deck_counts,
    full_deck,
)
from referee.games.one_day_in_london.network import load_game_network
from referee.network.lines import LineCode

NETWORK = load_game_network()
FACES = card_faces()


def test_sloane_square_one_card_8_before_11_after_on_the_district() -> None:
    face = FACES["Sloane Square"]
    assert face.copies == 1
    assert [(line.code, line.before, line.after) for line in face.lines] == [(LineCode.DS, 8, 11)]
    assert face.render() == "Sloane Square: 8 District 11"


def test_kings_cross_three_copies_first_on_victoria_last_on_piccadilly() -> None:
    face = FACES["King's Cross St. Pancras"]
    assert face.copies == 3
    by_line = {line.code: line for line in face.lines}
    assert set(by_line) == {LineCode.HC, LineCode.MP, LineCode.NT, LineCode.PD, LineCode.VC}
    assert by_line[LineCode.VC].before == 0
    assert by_line[LineCode.PD].after == 0


def test_embankment_two_copies() -> None:
    face = FACES["Embankment"]
    assert {line.code for line in face.lines} == {LineCode.BL, LineCode.DS, LineCode.NT}
    assert face.copies == 2


def test_one_card_per_station_at_least() -> None:
    counts = deck_counts()
    assert set(counts) == set(FACES)
    assert all(count >= 1 for count in counts.values())


def test_features_of_the_cards_72_cards_for_62_stations() -> None:
    counts = deck_counts()
    assert len(full_deck()) == 72 and len(counts) == 62
    multi = {name: n for name, n in counts.items() if n > 1}
    assert multi == {
        "Baker Street": 2,
        "Bank": 2,
        "Embankment": 2,
        "Green Park": 2,
        "King's Cross St. Pancras": 3,
        "Oxford Circus": 2,
        "Paddington": 2,
        "Waterloo": 3,
    }


def test_the_metropolitan_and_hammersmith_run_concurrently_wherever_both_stop() -> None:
    """Features of the Cards: the two lines run concurrently, so they are one intersection at
    every station of the Metropolitan, not only at King's Cross: Baker Street, on the
    Bakerloo, the Jubilee and these two, has 2 cards."""
    for name, face in FACES.items():
        codes = {line.code for line in face.lines}
        if LineCode.MP in codes:
            assert LineCode.HC in codes, name
            groups = concurrent_groups(NETWORK, name)
            assert frozenset({LineCode.MP, LineCode.HC}) in groups, name
    assert FACES["Baker Street"].copies == 2


def test_before_and_after_add_up_to_the_line() -> None:
    for face in FACES.values():
        for line in face.lines:
            assert line.before >= 0 and line.after >= 0
            assert line.before + line.after + 1 in {2, 7, 8, 9, 11, 12, 16, 20}
