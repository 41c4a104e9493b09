"""Walking Distance (rule 1.7.10 - Walk the Walk) on the 1999 map."""

from __future__ import annotations

import pytest

from referee.network.lines import LineCode
from referee.network.network import Network, load_network
from referee.network.walking import walking_neighbours, within_walking_distance


@pytest.fixture(scope="module")
def london() -> Network:
    return load_network()


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Wimbledon", "South Wimbledon"),
        ("Ruislip", "West Ruislip"),
        ("Sudbury Town", "Wembley Central"),
        ("Northwick Park", "Kenton"),
        ("Euston", "Euston Square"),
    ],
)
def test_1_7_10_the_named_pairs(london: Network, a: str, b: str) -> None:
    assert within_walking_distance(london, a, b)
    assert within_walking_distance(london, b, a)


def test_1_7_10_neighbours_on_the_map(london: Network) -> None:
    assert walking_neighbours(london, "Holborn") >= {"Chancery Lane", "Russell Square"}
    assert not within_walking_distance(london, "Holborn", "Euston")


def test_1_7_10_same_name_not_co_located(london: Network) -> None:
    assert within_walking_distance(london, "Hammersmith", "Hammersmith", LineCode.HC, LineCode.DS)
    assert not within_walking_distance(
        london, "Hammersmith", "Hammersmith", LineCode.DS, LineCode.PD
    )


def test_1_7_10_an_escalator_link_is_not_a_walk(london: Network) -> None:
    assert not within_walking_distance(london, "Bank", "Monument")
