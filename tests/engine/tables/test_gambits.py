"""The Gambits and Manoeuvres of rule 1.18.2."""

from __future__ import annotations

import pytest

from referee.engine.tables.colours import Colour
from referee.engine.tables.gambits import StationFacts, load_gambits
from referee.network.names import game_station_names


def at(
    name: str, quadrants: set[int] | None = None, categories: set[str] | None = None
) -> StationFacts:
    return StationFacts(name, frozenset(quadrants or ()), frozenset(categories or ()))


def test_1_18_2_thirteen_gambits() -> None:
    assert len(load_gambits().gambit) == 13


@pytest.mark.parametrize(
    ("name", "reward"),
    [
        ("Trampoline", {Colour.SI: 1, Colour.RE: 3, Colour.BK: 2, Colour.BU: 1}),
        ("Morden Paradox", {Colour.BK: 13}),
        ("Heathrow Pickup", {Colour.GO: 1, Colour.SI: 2, Colour.BR: 4}),
        ("Easter", {Colour.BU: 1, Colour.BR: 1, Colour.SI: 1}),
        ("the Davis 'Gap' Memorial", {Colour.GO: 1}),
    ],
)
def test_1_18_2_costs(name: str, reward: dict[Colour, int]) -> None:
    assert load_gambits().named(name).reward.fixed() == reward


def test_1_18_2_heathrow_terminals_123_is_the_games_heathrow_terminal_123() -> None:
    step = load_gambits().named("Heathrow Pickup").steps[1]
    assert (step.station, step.seed_name) == ("Heathrow Terminal 123", "Heathrow Terminals 1,2,3")


def test_1_18_2_every_station_named_is_on_the_map() -> None:
    names = game_station_names()
    for gambit in load_gambits().gambit:
        for step in gambit.steps:
            assert not step.station or step.station in names, step.station


def test_1_18_3_stations_in_sequence_complete_a_gambit() -> None:
    trampoline = load_gambits().named("Trampoline")
    recent = [at("Euston"), at("Finsbury Park"), at("Wembley Park"), at("Amersham")]
    assert trampoline.matches(recent)
    assert not trampoline.matches(recent[:-1])
    assert not trampoline.matches([at("Wembley Park"), at("Finsbury Park"), at("Amersham")])


def test_1_18_2_quadrants() -> None:
    trellis = load_gambits().named("Trellis Roundhouse")
    assert trellis.matches([at("a", {1}), at("b", {2}), at("c", {2, 3}), at("d", {4})])
    assert not trellis.matches([at("a", {1}), at("b", {3}), at("c", {3}), at("d", {4})])


def test_1_18_2_easter_needs_another_holy_station() -> None:
    easter = load_gambits().named("Easter")
    holy, a_to_z = {"Holy"}, {"A to Z"}
    assert easter.matches(
        [at("Temple", None, holy), at("Baker Street", None, a_to_z), at("Angel", None, holy)]
    )
    assert not easter.matches(
        [at("Temple", None, holy), at("Baker Street", None, a_to_z), at("Temple", None, holy)]
    )


def test_1_18_2_unknown_gambit_is_named() -> None:
    with pytest.raises(ValueError, match="Ould Diagonal Shunt"):
        load_gambits().named("Ould Diagonal Shunt")
