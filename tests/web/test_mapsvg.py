"""The map picture (issue 17): a pure function from (map, GSD, route) to SVG text.

Checked by element ids, as a browser or a screen reader finds them: each Piece's group names
the Station it stands at and is drawn at that Station's point; every Station has a title; the
Disruptions of rule 1.2.2, the Token Stacks of rule 1.14.1 and the one-Round Blocks and Fires
of rules 1.9.1 and 1.9.2 each have a mark. A golden file pins a small map whole; set
REFEREE_UPDATE_GOLDEN=1 to rewrite it after a deliberate change, then review the diff.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from referee.engine.context import TurnContext
from referee.engine.history import Position, derive
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.sections.blocks import blocks_in_force
from referee.engine.turn import adjudicate, turn_dice, whose_turn
from referee.network.lines import LineCode
from referee.network.mapfile import Line, MapData, Section, SectionKind, load_map
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.web.mapsvg import draw_map, piece_id, read_marks, slug, station_id
from tests.engine.builder import game, play_through

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "web"
LONDON = load_map("london-1999")
STACKS = VANILLA.tables().stacks


def _tree(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    found: dict[str, ET.Element] = {}
    for element in root.iter():
        ident = element.get("id")
        if ident is not None:
            assert ident not in found, f"two elements have the id {ident}"
            found[ident] = element
    return found


def _opening(*names: str) -> GSD:
    return VANILLA.new_game(list(names), time=GameTime.parse("Monday 0900"), game=7)


def _station_point(ids: dict[str, ET.Element], name: str) -> tuple[float, float]:
    circle = ids[station_id(name)].find(f"{SVG}circle")
    assert circle is not None
    return float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))


def test_slug_makes_stable_ids() -> None:
    assert slug("Heathrow Terminals 1,2,3") == "heathrow-terminals-1-2-3"
    assert station_id("Mornington Crescent") == "station-mornington-crescent"
    assert piece_id("Alice/B") == "piece-alice-b"


def test_each_piece_is_drawn_at_its_station() -> None:
    gsd = _opening("Alice", "Bob", "Carol")
    positions = {
        "Drone": Position("Mornington Crescent"),
        "Alice": Position("Euston", LineCode.VC),
        "Bob": Position("Bank", LineCode.NT),
        "Carol": Position("Euston", LineCode.NT),
    }
    ids = _tree(draw_map(LONDON, gsd, positions=positions, stacks=STACKS))
    for key, where in positions.items():
        piece = ids[piece_id(key)]
        assert piece.get("data-station") == where.station
        assert piece.get("data-station-id") == station_id(where.station)
        tether = piece.find(f"{SVG}line")
        assert tether is not None
        drawn_at = float(tether.get("x2", "nan")), float(tether.get("y2", "nan"))
        assert drawn_at == _station_point(ids, where.station), key
        title = piece.find(f"{SVG}title")
        assert title is not None and where.station in (title.text or "")
    alice, carol = ids["piece-alice"].find(f"{SVG}circle"), ids["piece-carol"].find(f"{SVG}circle")
    assert alice is not None and carol is not None
    assert alice.get("cx") != carol.get("cx"), "two Pieces at one Station are both seen"


def test_a_player_not_on_the_map_has_no_piece() -> None:
    gsd = _opening("Alice", "Bob")
    ids = _tree(
        draw_map(LONDON, gsd, positions={"Alice": Position("Brixton", LineCode.VC)}, stacks=STACKS)
    )
    assert "piece-alice" in ids and "piece-bob" not in ids


def test_every_station_has_a_title_and_mornington_crescent_is_marked() -> None:
    ids = _tree(draw_map(LONDON, _opening("Alice"), positions={}, stacks=STACKS))
    placed = [name for name, record in LONDON.stations.items() if record.position]
    assert len(placed) == 295
    for name in placed:
        title = ids[station_id(name)].find(f"{SVG}title")
        assert title is not None and (title.text or "").startswith(name)
    assert "mornington-crescent-mark" in ids
    for code in ("bl", "cn", "cl", "ds", "el", "hc", "jl", "mp", "nt", "pd", "vc", "wc", "dl"):
        assert f"line-{code}" in ids


DISRUPTED = """\
Mornington Crescent - Game 7 - Turn 4 - State 00000000

+---------------+-------------------+----+-----+----------------------+
| Player        | Home              | LV | Ch  | Tokens               |
|               |                   |    |     | Bk Bu Br Go Gr Re Si |
+---------------+-------------------+----+-----+----------------------+
|*Drone         |                   |  0 |   0 |  0  0  0  0  0  0  0 |
| Alice         |                   |  3 |   0 |  2  0  2  0  0  1  0 |
| Bob           |                   |  3 |   0 |  2  0  2  0  0  1  0 |
+---------------+-------------------+----+-----+----------------------+

+- Disruptions --------------------------------------------------------+
| Euston (Peg), Wembley Park (Bulkhead), Bank (*Damage*), Temple        |
| (Defamed), Angel to Bank (NT) (Peg), VC: Soaped, Bridges Up           |
+----------------------------------------------------------------------+

Game Time: Monday 1000
Wild Stations: Oval, Temple
Courier Pick-up: Victoria
Courier Destination: Holborn

Token Stacks:
+--------------------+--------------+ +--------------------+--------------+
| Green Park (1)     | Re Bu Go     | | Angel (0)          | Susp Package |
| Mile End (2)       | Bk Bk Bk Bk  | |                    |              |
+--------------------+--------------+ +--------------------+--------------+

Alice : Brixton (VC)
Bob : [Blocking Stockwell] Oval (NT)
Alice : [Fire at Pimlico] Pass
"""


def test_disruptions_stacks_blocks_and_fires_are_marked() -> None:
    gsd = GSD.parse(DISRUPTED, kept=True)
    marks = read_marks(gsd, STACKS)
    assert marks.blocks == ("Stockwell",) and marks.fires == ("Pimlico",)
    assert marks.sinkholes == ("Mile End",)
    assert marks.flags == ("Bridges Up",)
    positions = {"Alice": Position("Brixton", LineCode.VC), "Bob": Position("Oval", LineCode.NT)}
    ids = _tree(draw_map(LONDON, gsd, positions=positions, stacks=STACKS))
    for ident in (
        "mark-peg-euston",
        "mark-bulkhead-wembley-park",
        "mark-damage-bank",
        "mark-defamed-temple",
        "pegged-angel-bank-nt",
        "line-state-vc-soaped",
        "mark-block-stockwell",
        "mark-fire-pimlico",
        "mark-sinkhole-mile-end",
        "mark-wild-oval",
        "mark-wild-temple",
        "mark-courier-pick-up-victoria",
        "mark-courier-destination-holborn",
        "stack-green-park",
        "stack-angel",
        "stack-mile-end",
    ):
        assert ident in ids, ident
    assert ids["stack-green-park"].get("data-top") == "Go"
    title = ids["stack-angel"].find(f"{SVG}title")
    assert title is not None and "Suspect Package" in (title.text or "")
    segment = ids["pegged-angel-bank-nt"].get("points", "").split()
    assert len(segment) == 4, "Angel, Old Street, Moorgate, Bank: the Line's own stations"


def test_a_route_is_highlighted_through_its_stations() -> None:
    route = ("Holborn", "Tottenham Court Road", "Goodge Street", "Warren Street", "Euston")
    ids = _tree(draw_map(LONDON, _opening("Alice"), route, positions={}, stacks=STACKS))
    line = ids["route"].find(f"{SVG}polyline")
    assert line is not None
    points = [tuple(float(v) for v in p.split(",")) for p in line.get("points", "").split()]
    assert points == [_station_point(ids, name) for name in route]


def _small_map() -> MapData:
    names = (
        "Camden Town",
        "Mornington Crescent",
        "Euston",
        "Warren Street",
        "King's Cross St. Pancras",
    )
    nt = Line(LineCode.NT, "N-S", (Section(LineCode.NT, SectionKind.ROUTE, "test", names[:4]),))
    vc = Line(
        LineCode.VC,
        "N-S",
        (Section(LineCode.VC, SectionKind.ROUTE, "test", (names[4], "Euston", "Warren Street")),),
    )
    return MapData(
        "small",
        {LineCode.NT: nt, LineCode.VC: vc},
        {name: LONDON.stations[name] for name in names},
        (),
    )


def test_golden_small_map() -> None:
    gsd = _opening("Alice", "Bob")
    positions = {
        "Drone": Position("Mornington Crescent"),
        "Alice": Position("Euston", LineCode.VC),
        "Bob": Position("Camden Town", LineCode.NT),
    }
    svg = draw_map(
        _small_map(),
        gsd,
        ("Camden Town", "Mornington Crescent", "Euston"),
        positions=positions,
        stacks=STACKS,
        title="A small map",
    )
    golden = GOLDEN / "small-map.svg"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(svg, encoding="utf-8")
    assert svg == golden.read_text(encoding="utf-8")


def test_pieces_whose_names_share_an_initial_carry_two_letters() -> None:
    gsd = _opening("Dan", "Alice")
    positions = {"Drone": Position("Mornington Crescent"), "Dan": Position("Bank", LineCode.NT)}
    ids = _tree(draw_map(LONDON, gsd, positions=positions, stacks=STACKS))
    letters = {key: ids[piece_id(key)].find(f"{SVG}text") for key in positions}
    assert {key: (t.text if t is not None else None) for key, t in letters.items()} == {
        "Drone": "Dr",
        "Dan": "Da",
    }


BLOCKS_AND_FIRES = (
    "Rushton : Holborn (CN) [Blocking Chancery Lane]",
    "Cryer : Pimlico (VC) [Fire at Vauxhall]",
    "Garden : Bank (CN) [Blocking Liverpool Street]",
    "Rushton : Pass Holborn (CN)",
    "Cryer : Pass Pimlico (VC)",
    "Garden : Pass Bank (CN)",
)
"""Two Rounds: each player Blocks or Fires in the first and Passes in the second, so the
Blocks lapse one by one as their players play again (rules 1.9.1, 1.9.2)."""


def _engine_blocks(gsd: GSD) -> set[str]:
    """What the engine's Move checks hold Blocked for the next Turn."""
    mover = whose_turn(gsd)
    assert mover is not None
    nxt = Play.parse(f"{mover} : Pass", players=gsd.player_names)
    ctx = TurnContext.start(gsd, nxt, Ruleset(), turn_dice(gsd), derive(gsd))
    return blocks_in_force(ctx)


def test_rules_1_9_1_and_1_9_2_the_map_marks_what_the_engine_holds_blocked() -> None:
    """Rules 1.9.1 and 1.9.2: a Station the map shows Blocked or on Fire is one the engine
    refuses a Move through, and none other, at every point of a scripted game."""
    start = game(
        {"Rushton": "Tottenham Court Road (CN)", "Cryer": "Victoria (VC)",
         "Garden": "St. Paul's (CN)"},
        lv={"Rushton": 1, "Cryer": 1, "Garden": 1},
        tokens={"Rushton": "3Re", "Cryer": "3Re", "Garden": "3Re"},
    )  # fmt: skip
    states = play_through(start, BLOCKS_AND_FIRES)
    shown = [(read_marks(s, STACKS).blocks, read_marks(s, STACKS).fires) for s in states]
    assert shown == [
        ((), ()),
        (("Chancery Lane",), ()),
        (("Chancery Lane",), ("Vauxhall",)),
        (("Liverpool Street", "Chancery Lane"), ("Vauxhall",)),
        (("Liverpool Street",), ("Vauxhall",)),
        (("Liverpool Street",), ()),
        ((), ()),
    ]
    for state, (blocks, fires) in zip(states, shown, strict=True):
        assert _engine_blocks(state) == {*blocks, *fires}
    refused = adjudicate(states[3], Play.parse("Rushton : Chancery Lane (CN)",
                                               players=states[3].player_names))  # fmt: skip
    assert [v.rule.number for v in refused.violations] == ["1.9.1"]
