"""The ifMUD Nomic map picture: a pure function from a state to SVG text.

Checked by element ids, as a browser or a screen reader finds them: every room is drawn, every
connection once (two-way, rule 39), each player at the room the state puts them in; a toll
(43), a tax haven (68), a high-security area (74), Brigadoon closed but on Tuesdays (107) and
the Savage Wilderness (122) each have a mark; the layout depends on the connections alone, so
the same map in another order is the same picture. A golden file pins one map whole; set
REFEREE_UPDATE_GOLDEN=1 to rewrite it after a deliberate change, then review the diff.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import UTC, datetime

from referee.games.ifmud.board import with_player, with_room
from referee.games.ifmud.effects import savage_wilderness
from referee.games.ifmud.opening import SEED_PLAYERS, new_game
from referee.games.ifmud.state import GameState, Toll
from referee.web.roomsvg import being_id, draw_rooms, layout, room_id
from tests.games.ifmud.test_scripted_game import agreed_map
from tests.web.test_mapsvg import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"
MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
TUESDAY = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def _state(when: datetime = MONDAY) -> GameState:
    return agreed_map(new_game(SEED_PLAYERS, when))


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _by_id(tree: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id") or "": el for el in tree.iter() if el.get("id")}


def test_rule_39_every_room_and_each_connection_once_both_ways() -> None:
    state = _state()
    tree = _tree(draw_rooms(state, title="The map"))
    ids = _by_id(tree)
    for room in state.rooms:
        assert room_id(room.name) in ids, room.name
        assert ids[room_id(room.name)].find(f"{SVG}title") is not None
    lines = [el for el in tree.iter(f"{SVG}line") if "connection" in (el.get("class") or "")]
    assert len(lines) == len({frozenset(pair) for pair in state.connections})
    doubled = replace(
        state, connections=state.connections + tuple((b, a) for a, b in state.connections)
    )
    assert draw_rooms(doubled, title="The map") == draw_rooms(state, title="The map")


def test_the_layout_comes_from_the_connections_not_their_order() -> None:
    state = _state()
    shuffled = replace(state, connections=tuple(reversed(state.connections)))
    assert layout(shuffled) == layout(state)
    points = layout(state).points
    assert len(set(points.values())) == len(state.rooms), "no two rooms share a place"
    lounge = points["Lounge"]
    assert all(lounge[1] <= y for _, y in points.values()), "the Lounge heads the map"


def test_rules_43_68_74_122_a_toll_a_haven_high_security_and_the_wilderness_are_marked() -> None:
    state = _state()
    attic = replace(state.room("Attic"), tolls=(Toll("Stair Fee", 2),), haven=True, secure=True)
    state = with_room(state, attic)
    ids = _by_id(_tree(draw_rooms(state, title="The map")))
    group = ids[room_id("Attic")]
    assert {"haven", "secure"} <= set((group.get("class") or "").split())
    title = group.findtext(f"{SVG}title") or ""
    assert "toll Stair Fee = 2 (rule 43)" in title
    assert "tax haven (rule 68)" in title and "high-security area (rule 74)" in title
    wild = savage_wilderness(state)
    assert wild is not None
    assert "wilderness" in (ids[room_id(wild)].get("class") or "").split()


def test_rule_107_brigadoon_connects_only_on_tuesdays() -> None:
    def brigadoon_links(when: datetime) -> list[str]:
        tree = _tree(draw_rooms(_state(when), title="The map"))
        return [
            el.get("class") or ""
            for el in tree.iter(f"{SVG}line")
            if "brigadoon" in (el.get("id") or "")
        ]

    assert brigadoon_links(MONDAY) and all("closed" in c for c in brigadoon_links(MONDAY))
    assert brigadoon_links(TUESDAY) and not any("closed" in c for c in brigadoon_links(TUESDAY))


def test_each_player_is_drawn_inside_the_room_the_state_puts_them_in() -> None:
    state = _state()
    moved = with_player(state, replace(state.player(SEED_PLAYERS[1]), location="Saturn"))
    ids = _by_id(_tree(draw_rooms(moved, title="The map")))
    for player in moved.players:
        mark = ids[being_id("player", player.name)]
        assert mark.get("data-room") == player.location
        circle = mark.find(f"{SVG}circle")
        box = ids[room_id(player.location)].find(f"{SVG}rect")
        assert circle is not None and box is not None
        x, y = float(circle.get("cx") or 0), float(circle.get("cy") or 0)
        left, top = float(box.get("x") or 0), float(box.get("y") or 0)
        assert left < x < left + float(box.get("width") or 0)
        assert top < y < top + float(box.get("height") or 0)


def test_the_picture_is_labelled_for_a_screen_reader() -> None:
    tree = _tree(draw_rooms(_state(), title="The map of MC 3"))
    assert tree.get("role") == "img"
    label = tree.get("aria-labelledby") or ""
    assert _by_id(tree)[label].text == "The map of MC 3"


def test_golden_ifmud_map() -> None:
    svg = draw_rooms(_state(), title="The first map")
    golden = GOLDEN / "ifmud-first-map.svg"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        golden.write_text(svg, encoding="utf-8")
    assert svg == golden.read_text(encoding="utf-8")
