"""Fosdyke Requirements (rule 1.17.9) and the Magnifier's loosening (rule 1.4.48)."""

from __future__ import annotations

import pytest

from referee.engine.tables.fosdyke import FosdykeError, FosdykeRequirement
from referee.notation.action_index import load_action_index


def test_1_17_9_same_station_and_line() -> None:
    """(S0,L0): both Station and Line elements must be exactly zero."""
    fr = FosdykeRequirement.parse("(S0,L0)")
    assert fr.met_by({"S": 0, "L": 0})
    assert not fr.met_by({"S": 0, "L": 1})
    assert not fr.met_by({"S": 1, "L": 0})


def test_1_17_9_bounds() -> None:
    """(R<6): within six Stations by any route; (Q>1): two Quadrant boundaries apart."""
    assert FosdykeRequirement.parse("(R<6)").met_by({"R": 5})
    assert not FosdykeRequirement.parse("(R<6)").met_by({"R": 6})
    assert FosdykeRequirement.parse("(Q>1)").met_by({"Q": 2})
    assert not FosdykeRequirement.parse("(Q>1)").met_by({"Q": 1})


def test_1_17_9_a_star_always_fails() -> None:
    assert not FosdykeRequirement.parse("(R<6)").met_by({"R": None})
    assert not FosdykeRequirement.parse("(R<6)").met_by({})


def test_1_17_9_no_requirement() -> None:
    assert FosdykeRequirement.parse("").met_by({})


def test_1_4_48_magnify_loosens_one_component() -> None:
    """(S0) => (S1): adjacent will do, rather than co-located; (S0,L0) => (S1,L0)."""
    fr = FosdykeRequirement.parse("(S0,L0)").loosened("S")
    assert fr.met_by({"S": 1, "L": 0})
    assert fr.met_by({"S": 0, "L": 0})
    assert not fr.met_by({"S": 1, "L": 1})
    assert FosdykeRequirement.parse("(S0,L0)").loosened("L").met_by({"S": 0, "L": 1})


@pytest.mark.parametrize("text", ["S0", "(X1)", "(S0,S1)", "(S)"])
def test_1_17_9_bad_requirements(text: str) -> None:
    with pytest.raises(FosdykeError):
        FosdykeRequirement.parse(text)


def test_1_7_2_every_requirement_in_the_index_parses() -> None:
    for spec in load_action_index():
        assert str(FosdykeRequirement.parse(spec.fr)) == spec.fr, spec.name
