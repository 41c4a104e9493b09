"""Player States in the GSD (rule 4.1.1): Disruptions entries naming the player, read in any
case and spacing, written back one way, and round-tripped with the variant's own Actions in
the record. Golden files: tests/golden/knightsbridge-1965 (REFEREE_UPDATE_GOLDEN=1 rewrites)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.notation.disruptions import PLAYER_STATES, Disruption
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD, read_posting
from referee.notation.luggage import RackEntry
from referee.notation.plays import Play
from referee.notation.podumes import HYDE, PODUMES, hyde_counters_text
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from tests.notation.strategies import gsds, player_names, stations
from tests.variants.knightsbridge.kb import KB

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "knightsbridge-1965"
INPUTS = sorted(GOLDEN.glob("*.gsd"))


@pytest.mark.parametrize("source", INPUTS, ids=[p.stem for p in INPUTS])
def test_golden_player_states_render(source: Path) -> None:
    posting = read_posting(source.read_text(encoding="utf-8"), index=KB.action_index())
    assert posting.gsd is not None
    actual = posting.gsd.render(KB.action_index())
    expected = source.with_suffix(".canonical")
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        expected.write_text(actual, encoding="utf-8")
    assert actual == expected.read_text(encoding="utf-8")
    again = GSD.parse(actual, index=KB.action_index())
    assert again == posting.gsd and again.render(KB.action_index()) == actual
    assert actual.split(" - State ")[1][:8] == again.state_hash()


def test_a_vanilla_reading_names_the_variants_actions_it_does_not_know() -> None:
    """Volume 1's index does not know [De-Greening]: a vanilla reading says so."""
    with pytest.raises(NotationError, match="De-Greening"):
        GSD.parse(INPUTS[0].read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Green: Garden", "Green: Garden"),
        ("narged :Mrs. Trellis", "Narged: Mrs. Trellis"),
        ("In  Spoon: Garden", "In Spoon: Garden"),
        ("potato: Garden (FUSE 10)", "Potato: Garden (Fuse 10)"),
    ],
)
def test_4_1_1_player_state_entries_read_and_written(text: str, expected: str) -> None:
    assert Disruption.parse(text).render() == expected


@pytest.mark.parametrize("text", ["Potato: Garden", "Green: Garden (Fuse 2)"])
def test_4_1_1_4_only_the_potato_carries_fuse_counters(text: str) -> None:
    with pytest.raises(NotationError, match="Fuse Counters"):
        Disruption.parse(text)


@given(st.sampled_from(PLAYER_STATES), player_names, st.integers(0, 10))
def test_4_1_1_player_states_round_trip(state: str, player: str, fuses: int) -> None:
    entry = Disruption(flag=state, player=player, count=fuses if state == "Potato" else None)
    assert Disruption.parse(entry.render()) == entry


podumes = st.builds(
    lambda name, count: Possession(
        name=name, state=hyde_counters_text(count) if name == HYDE and count else None
    ),
    st.sampled_from(PODUMES),
    st.integers(0, 9),
)


@st.composite
def podume_stacks(draw: st.DrawFn) -> TokenStack:
    quadrant = draw(st.none() | st.integers(0, 4))
    return TokenStack(
        station=draw(stations), quadrant=quadrant, marker="Podume", podume=draw(podumes)
    )


@given(podume_stacks())
def test_4_2_1_a_podume_lying_at_a_station_round_trips(entry: TokenStack) -> None:
    """Rule 4.2.1: a Podume at a Station is a Token Stacks entry (as rule 1.4.24 writes the
    PoID); its cells read back to the same entry."""
    assert TokenStack.parse_cells(entry.station_text(), entry.content_text()) == entry


@given(gsds(max_plays=0), st.lists(podume_stacks(), max_size=3), st.lists(podumes, max_size=3))
def test_4_2_1_gsds_with_podumes_round_trip(
    gsd: GSD, lying: list[TokenStack], held: list[Possession]
) -> None:
    """Podumes at Stations and in a Luggage Rack survive render and parse of the whole GSD."""
    name = gsd.players[0].name
    rack = (
        (*gsd.rack, RackEntry(player=name, possessions=tuple(held)))
        if held and not any(e.player == name for e in gsd.rack)
        else gsd.rack
    )
    gsd = gsd.model_copy(update={"stacks": (*gsd.stacks, *lying), "rack": rack})
    assert GSD.parse(gsd.render(KB.action_index()), index=KB.action_index()) == gsd


def test_4_2_1_a_shunted_podume_whose_name_holds_to_reads_whole() -> None:
    """Rule 4.2.1: a Podume lying at a Station is Shunted by name; "A to Z Podume" holds the
    pattern's own "to", and still reads as the one target."""
    play = Play.parse(
        "Rushton : Pass [Shunting A to Z Podume to Bank (CN)]",
        players=["Rushton"],
        index=KB.action_index(),
    )
    assert play.actions[0].args[0] == "A to Z Podume"
    assert (
        Play.parse(play.render(KB.action_index()), players=["Rushton"], index=KB.action_index())
        == play
    )
