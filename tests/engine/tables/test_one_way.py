"""One Way directions of rule 1.20.2."""

from __future__ import annotations

import pytest

from referee.engine.tables import TableError
from referee.engine.tables.one_way import load_one_way
from referee.network.lines import LineCode
from referee.network.names import game_station_names


def test_1_20_2_every_line_but_the_ghosts_has_directions() -> None:
    table = load_one_way()
    assert {entry.line for entry in table.line} == set(LineCode) - {LineCode.GH}


@pytest.mark.parametrize(
    ("line", "direction", "opposite"),
    [("BL", "N-S", "S-N"), ("CN", "W-E", "E-W"), ("CL", "Clockwise", "Anti-Clockwise")],
)
def test_1_20_2_opposites(line: str, direction: str, opposite: str) -> None:
    assert load_one_way().opposite(line, direction) == opposite
    assert load_one_way().opposite(line, opposite) == direction


def test_1_20_2_directions_as_players_write_them() -> None:
    table = load_one_way()
    assert table.normalise("CL", "anticlockwise") == "Anti-Clockwise"
    assert table.normalise("NT", "n-s") == "N-S"
    with pytest.raises(TableError, match="write N-S or S-N"):
        table.normalise("VC", "E-W")


def test_1_20_2_named_ends() -> None:
    northern = load_one_way().of("NT")
    assert northern.ends("N-S") == (("High Barnet", "Mill Hill East", "Edgware"), ("Morden",))
    assert northern.ends("S-N") == (("Morden",), ("High Barnet", "Mill Hill East", "Edgware"))


def test_1_20_2_piccadilly_west_to_east_starts_at_heathrow_terminal_4() -> None:
    piccadilly = load_one_way().of("PD")
    assert "Heathrow Terminal 123" in piccadilly.ends("E-W")[1]
    assert piccadilly.ends("W-E")[0] == ("Uxbridge", "Heathrow Terminal 4")


def test_1_20_2_every_end_is_on_the_map() -> None:
    names = game_station_names()
    for entry in load_one_way().line:
        for station in (*entry.from_, *entry.to, *entry.opposite_from):
            assert station in names, station
