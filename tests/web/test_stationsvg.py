"""The One Day in London network picture: the game's 62 stations on its lines, the discard
piles' top cards marked, and the winning journey once the game is over. A golden file pins
one picture whole (REFEREE_UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

from referee.games.one_day_in_london.network import load_game_network
from referee.web.stationsvg import draw_network, frame, stop_id
from tests.web.test_mapsvg import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"


def _ids(svg: str) -> dict[str, ET.Element]:
    return {el.get("id") or "": el for el in ET.fromstring(svg).iter() if el.get("id")}


def test_every_station_of_the_game_stands_apart_with_its_name() -> None:
    network = load_game_network()
    ids = _ids(draw_network((None, None, None), title="The network"))
    assert len(network.stations) == 62
    for name in network.stations:
        group = ids[stop_id(name)]
        assert group.get("data-station") == name
        assert (group.findtext(f"{SVG}title") or "").startswith(name)
    points = frame().points
    assert len(set(points.values())) == 62, "Edgware Road's two sites are drawn apart"
    for line in network.lines:
        assert f"line-{line.code.value.lower()}" in ids


def test_each_discard_piles_top_is_ringed_with_its_pile_and_nothing_else_is() -> None:
    tops = ("Bank", None, "Bank")
    ids = _ids(draw_network(tops, title="The network"))
    bank = ids[stop_id("Bank")]
    assert bank.get("data-piles") == "1,3" and "top" in (bank.get("class") or "")
    assert "discard pile 1 and 3" in (bank.findtext(f"{SVG}title") or "")
    ringed = [i for i, el in ids.items() if el.get("data-piles")]
    assert ringed == [stop_id("Bank")]


def test_game_end_the_winning_journey_is_drawn_through_its_stations_in_order() -> None:
    journey = ("Oxford Circus", "Bond Street", "Marble Arch")
    svg = draw_network((None,), journey=journey, title="The network")
    ids = _ids(svg)
    line = ids["journey"].find(f"{SVG}polyline")
    assert line is not None
    points = frame().points
    expected = " ".join(f"{points[s][0]:g},{points[s][1]:g}" for s in journey)
    assert line.get("points") == expected
    assert "step 2 of the winning journey" in (
        ids[stop_id("Bond Street")].findtext(f"{SVG}title") or ""
    )
    assert "journey" not in _ids(draw_network((None,), title="The network"))


def test_golden_network() -> None:
    svg = draw_network(("Waterloo", "Bank", None), title="The network")
    golden = GOLDEN / "london-network.svg"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        golden.write_text(svg, encoding="utf-8")
    assert svg == golden.read_text(encoding="utf-8")
