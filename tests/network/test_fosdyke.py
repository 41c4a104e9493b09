"""Fosdyke codes (rule 1.17.9 - Fosdyke Notation) between stations of the 1999 map."""

from __future__ import annotations

import pytest

from referee.network.fosdyke import FosdykeCode, quadrant_boundaries
from referee.network.lines import LineCode
from referee.network.network import Network, load_network


@pytest.fixture(scope="module")
def london() -> Network:
    return load_network()


def test_1_17_9_amersham_to_island_gardens_is_q2_z5(london: Network) -> None:
    """The rule's own example: knowing Q2Z5 is enough for these two."""
    code = london.distances.code("Amersham", "Island Gardens")
    assert (code.q, code.z) == (2, 5)


def test_1_17_9_same_station_is_all_zero(london: Network) -> None:
    assert london.distances.code("Holborn", "Holborn").render() == "(S0,R0,L0,Q0,Z0)"


def test_1_17_9_neighbours_on_one_line(london: Network) -> None:
    assert london.distances.code("Holborn", "Chancery Lane").render() == "(S1,R1,L0,Q0,Z0)"


def test_1_17_9_s_is_star_without_a_common_line(london: Network) -> None:
    """Holborn (CN, PD) and Euston (NT, VC) share no line; the shortest route is by
    Russell Square and King's Cross, and one change is the least."""
    code = london.distances.code("Holborn", "Euston")
    assert (code.s, code.r, code.l) == (None, 3, 1)


def test_1_17_9_l_is_fewest_changes_not_changes_on_the_shortest(london: Network) -> None:
    """Brixton to Walthamstow Central is one line end to end."""
    assert london.distances.code("Brixton", "Walthamstow Central").l == 0


def test_1_17_9_an_escalator_link_is_one_change(london: Network) -> None:
    """Aldgate to Shadwell: Circle to Tower Hill, escalator to Tower Gateway, DLR on."""
    code = london.distances.code("Aldgate", "Shadwell")
    assert (code.r, code.l) == (3, 1)


def test_1_17_9_ghosts_are_incomparable(london: Network) -> None:
    assert london.distances.code("Aldwych", "Holborn") == FosdykeCode(None, None, None, None, None)
    assert london.distances.code("Aldwych", "Holborn").render() == "(S*,R*,L*,Q*,Z*)"


@pytest.mark.parametrize(
    ("a", "b", "boundaries"),
    [(0, 0, 0), (0, 3, 1), (1, 2, 1), (1, 4, 1), (1, 3, 2), (2, 4, 2)],
)
def test_1_17_2_quadrant_boundaries(a: int, b: int, boundaries: int) -> None:
    """Quadrants numbered clockwise from North East; the Circle borders all four."""
    assert quadrant_boundaries(a, b) == boundaries == quadrant_boundaries(b, a)


def test_1_17_9_s0_l0_needs_the_same_line(london: Network) -> None:
    """(S0,L0): the same station and the same line. Pieces at Holborn on the Central and the
    Piccadilly are at the same station but one change apart, with no one-line distance."""
    distances = london.distances
    same = distances.code("Holborn", "Holborn", LineCode.CN, LineCode.CN)
    apart = distances.code("Holborn", "Holborn", LineCode.CN, LineCode.PD)
    assert (same.s, same.l) == (0, 0)
    assert (apart.s, apart.l) == (None, 1)


def test_1_17_9_line_changes_from_a_pieces_own_line(london: Network) -> None:
    """From Holborn on the Central, one change (to the Northern at Tottenham Court Road, or
    the Victoria at Oxford Circus) reaches Euston; Chancery Lane is on the Central only, so a
    piece on the Piccadilly changes once."""
    distances = london.distances
    assert distances.line_changes("Holborn", "Euston", LineCode.CN) == 1
    assert distances.line_changes("Holborn", "Euston", LineCode.CN, LineCode.VC) == 1
    assert distances.line_changes("Holborn", "Chancery Lane", LineCode.PD, LineCode.CN) == 1


def test_1_17_9_changes_from_a_station_to_a_line(london: Network) -> None:
    """L between a Station and a Line (a Line State's object, rule 1.20.0): 0 on the Line,
    else the fewest changes to reach it anywhere; '*' for a Ghost."""
    distances = london.distances
    assert distances.changes_to_line("Euston", LineCode.NT) == 0
    assert distances.changes_to_line("Euston", LineCode.CN) == 1
    assert distances.changes_to_line("Chancery Lane", LineCode.VC) == 1
    assert distances.changes_to_line("Aldwych", LineCode.CN) is None
