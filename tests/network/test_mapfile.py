"""The map file loader: line files, stations.tsv, links.tsv, and errors that name file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.network.lines import LineCode
from referee.network.mapfile import (
    STATION_COLUMNS,
    MapDataError,
    SectionKind,
    StationKind,
    read_line_file,
    read_links,
    read_map_folder,
    read_stations,
)

CENTRAL = """\
# a comment line
direction: E-W   # rule 1.20.2

[route Epping - West Ruislip]
Epping
Woodford     # trailing comment
Leytonstone
North Acton
West Ruislip

[route Woodford - Leytonstone via Hainault]
Woodford
Hainault
Leytonstone
"""


def test_1_20_2_a_line_file_gives_direction_and_sections_in_order() -> None:
    line = read_line_file(CENTRAL, LineCode.CN, "CN.txt")
    assert line.code is LineCode.CN
    assert line.direction == "E-W"
    assert [s.name for s in line.sections] == [
        "Epping - West Ruislip",
        "Woodford - Leytonstone via Hainault",
    ]
    first = line.sections[0]
    assert first.kind is SectionKind.ROUTE
    assert first.stations == ("Epping", "Woodford", "Leytonstone", "North Acton", "West Ruislip")
    assert not first.against_reference
    assert line.stations == frozenset(
        {"Epping", "Woodford", "Leytonstone", "North Acton", "West Ruislip", "Hainault"}
    )


def test_a_loop_connects_its_last_station_back_to_its_first() -> None:
    line = read_line_file("direction: clockwise\n[loop Circle]\nA\nB\nC\n", LineCode.CL, "CL.txt")
    (loop,) = line.sections
    assert loop.kind is SectionKind.LOOP
    assert loop.adjacent_pairs() == (("A", "B"), ("B", "C"), ("C", "A"))


def test_1_5_7_a_one_way_section_may_run_against_the_reference_direction() -> None:
    text = """\
direction: E-W
[one-way Westbound into the loop]
Hounslow West
Hatton Cross
Heathrow Terminal 4
Heathrow Terminal 123
[one-way Eastbound out of the loop]
direction: W-E
Heathrow Terminal 4
Heathrow Terminal 123
Hatton Cross
"""
    west, east = read_line_file(text, LineCode.PD, "PD.txt").sections
    assert west.kind is east.kind is SectionKind.ONE_WAY
    assert not west.against_reference
    assert east.against_reference
    assert east.adjacent_pairs() == (
        ("Heathrow Terminal 4", "Heathrow Terminal 123"),
        ("Heathrow Terminal 123", "Hatton Cross"),
    )


def test_1_5_7_a_one_way_section_may_close_on_its_first_station() -> None:
    text = "direction: E-W\n[one-way Loop]\nHatton\nFour\nOneTwoThree\nHatton\n"
    (loop,) = read_line_file(text, LineCode.PD, "PD.txt").sections
    assert loop.adjacent_pairs() == (
        ("Hatton", "Four"),
        ("Four", "OneTwoThree"),
        ("OneTwoThree", "Hatton"),
    )


@pytest.mark.parametrize(
    ("text", "line_number", "words"),
    [
        ("[route A - B]\nA\nB\n", 1, "'direction:' must come before"),
        ("direction: up-down\n[route A - B]\nA\nB\n", 1, "not one of rule 1.20.2's"),
        ("direction: N-S\n\n[branch A - B]\nA\nB\n", 3, "'branch' is not a section kind"),
        ("direction: N-S\n[route A - B]\nA\n", 2, "needs two stations"),
        ("direction: N-S\n[route A - B]\nA\nB\nA\n", 2, "lists A twice"),
        ("direction: N-S\n[loop A]\nA\nB\nC\nA\n", 2, "lists A twice"),
        ("direction: N-S\n[one-way A]\nA\nB\nA\nC\n", 2, "lists A twice"),
        ("direction: N-S\n[one-way A]\nA\nB\nC\nB\nA\n", 2, "lists B twice"),
        ("direction: N-S\nA\n", 2, "comes before any section"),
        ("direction: N-S\n[route A - B\nA\nB\n", 2, "lacks its ']'"),
        ("direction: N-S\n[route A - B]\ndirection: S-N\nA\nB\n", 3, "only a one-way"),
        ("direction: N-S\n[one-way A - B]\ndirection: E-W\nA\nB\n", 3, "N-S or S-N"),
        ("direction: N-S\ndirection: S-N\n", 2, "a second 'direction:'"),
    ],
)
def test_line_file_errors_name_the_file_and_line(text: str, line_number: int, words: str) -> None:
    with pytest.raises(MapDataError) as caught:
        read_line_file(text, LineCode.NT, "maps/x/lines/NT.txt")
    message = str(caught.value)
    assert message.startswith(f"maps/x/lines/NT.txt, line {line_number}: ")
    assert words in message


def test_a_line_file_without_direction_or_sections_is_refused() -> None:
    with pytest.raises(MapDataError, match=r"^NT.txt: no 'direction:' header"):
        read_line_file("# nothing\n", LineCode.NT, "NT.txt")
    with pytest.raises(MapDataError, match=r"^NT.txt: no sections"):
        read_line_file("direction: N-S\n", LineCode.NT, "NT.txt")


HEADER = "\t".join(STATION_COLUMNS)


def _row(*cells: str) -> str:
    return "\t".join(cells)


def test_stations_tsv_reads_every_column() -> None:
    text = "\n".join(
        [
            HEADER,
            _row("Victoria", "1", "y", "interchange", "N", "2", "-3.5", "-19.7", "0", "S/W", ""),
            _row(
                "Edgware Road",
                "1",
                "n",
                "interchange",
                "N",
                "1",
                "-20",
                "16",
                "0/4",
                "N/W",
                "BL|CL,DS,HC",
            ),
            _row("Aldwych", "", "n", "plain", "", "", "", "", "", "", ""),
        ]
    )
    stations = read_stations(text, {"Victoria": 20, "Edgware Road": 26}, ["Aldwych"], "s.tsv")
    victoria = stations["Victoria"]
    assert victoria.current == 20
    assert victoria.zones == frozenset({1})
    assert victoria.british_rail
    assert victoria.kind is StationKind.INTERCHANGE
    assert victoria.thames == "N"
    assert victoria.venbacker == 2
    assert victoria.position == (-3.5, -19.7)
    assert victoria.quadrants == frozenset({0})
    assert victoria.halves == frozenset({"S", "W"})
    assert victoria.sites == ()
    assert not victoria.ghost
    edgware = stations["Edgware Road"]
    assert edgware.sites == (
        frozenset({LineCode.BL}),
        frozenset({LineCode.CL, LineCode.DS, LineCode.HC}),
    )
    assert edgware.quadrants == frozenset({0, 4})
    ghost = stations["Aldwych"]
    assert ghost.ghost
    assert ghost.current == 50
    assert ghost.zones == frozenset()
    assert ghost.position is None
    assert ghost.thames is None
    assert ghost.venbacker is None


@pytest.mark.parametrize(
    ("row", "words"),
    [
        (_row("Nowhere", "1", "n", "plain", "N", "1", "0", "0", "1", "N", ""), "'Nowhere'"),
        (_row("Victoria", "1", "maybe", "plain", "N", "1", "0", "0", "1", "N", ""), "y or n"),
        (_row("Victoria", "1", "n", "hub", "N", "1", "0", "0", "1", "N", ""), "kind must be"),
        (_row("Victoria", "1", "n", "plain", "E", "1", "0", "0", "1", "N", ""), "N or S"),
        (_row("Victoria", "one", "n", "plain", "N", "1", "0", "0", "1", "N", ""), "Victoria"),
        (_row("Victoria", "9", "n", "plain", "N", "1", "0", "0", "1", "N", ""), "zones run"),
        (_row("Victoria", "1", "n", "plain", "N", "1", "0", "0", "1", "Q", ""), "halves"),
        (_row("Victoria", "1", "n", "plain", "N", "1", "0", "0", "1", "N", "XX"), "unknown code"),
        (_row("Victoria", "1", "n", "plain", "N"), "5 columns"),
    ],
)
def test_station_row_errors_name_the_file_and_line(row: str, words: str) -> None:
    with pytest.raises(MapDataError) as caught:
        read_stations(f"{HEADER}\n{row}\n", {"Victoria": 20}, [], "stations.tsv")
    assert str(caught.value).startswith("stations.tsv, line 2: ")
    assert words in str(caught.value)


def test_stations_tsv_needs_its_header_and_a_row_per_station() -> None:
    with pytest.raises(MapDataError, match=r"^s.tsv, line 1: the header"):
        read_stations("name\tzones\n", {}, [], "s.tsv")
    with pytest.raises(MapDataError, match=r"^s.tsv: no row for Aldwych, Victoria"):
        read_stations(f"{HEADER}\n", {"Victoria": 20}, ["Aldwych"], "s.tsv")
    row = _row("Victoria", "1", "n", "plain", "N", "1", "0", "0", "1", "N", "")
    with pytest.raises(MapDataError, match=r"^s.tsv, line 3: Victoria has a second row"):
        read_stations(f"{HEADER}\n{row}\n{row}\n", {"Victoria": 20}, [], "s.tsv")


def test_links_tsv_reads_kinds_and_refuses_others() -> None:
    links = read_links("kind\ta\tb\tnote\nescalator\tBank\tMonument\t1.5.3\nwalk\tA\tB\n")
    assert [(link.kind, link.a, link.b) for link in links] == [
        ("escalator", "Bank", "Monument"),
        ("walk", "A", "B"),
    ]
    with pytest.raises(MapDataError, match=r"^links.tsv, line 2: write 'escalator' or 'walk'"):
        read_links("kind\ta\tb\tnote\ntunnel\tA\tB\n", "links.tsv")


def _folder(tmp_path: Path, line_text: str, links: str = "") -> Path:
    (tmp_path / "lines").mkdir()
    (tmp_path / "currents.tsv").write_text("Alpha\t10\nBeta\t20\nGamma\t30\n", encoding="utf-8")
    (tmp_path / "ghosts.txt").write_text("Spook\n", encoding="utf-8")
    rows = [
        HEADER,
        _row("Alpha", "1", "n", "plain", "N", "1", "0", "10", "1", "N/E/W", ""),
        _row("Beta", "1", "n", "plain", "N", "2", "0", "20", "1", "N/E/W", ""),
        _row("Gamma", "2", "n", "plain", "S", "3", "0", "-30", "2", "S/E/W", ""),
        _row("Spook", "", "n", "plain", "", "", "", "", "", "", ""),
    ]
    (tmp_path / "stations.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (tmp_path / "links.tsv").write_text("kind\ta\tb\tnote\n" + links, encoding="utf-8")
    (tmp_path / "lines" / "VC.txt").write_text(line_text, encoding="utf-8")
    return tmp_path


def test_a_small_map_folder_loads(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Gamma]\nAlpha\nBeta\nGamma\n")
    data = read_map_folder(folder, "tiny")
    assert set(data.lines) == {LineCode.VC}
    assert data.lines_at("Beta") == frozenset({LineCode.VC})
    assert data.lines_at("Spook") == frozenset()
    assert data.stations["Spook"].ghost


def test_a_station_on_no_line_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Beta]\nAlpha\nBeta\n")
    with pytest.raises(MapDataError, match=r"stations.tsv: Gamma is on no line"):
        read_map_folder(folder, "tiny")


def test_a_ghost_on_a_line_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Spook]\nAlpha\nBeta\nGamma\nSpook\n")
    with pytest.raises(MapDataError, match=r"VC.txt: Spook is a Ghost and on no line"):
        read_map_folder(folder, "tiny")


def test_an_unknown_name_in_a_line_file_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Delta]\nAlpha\nBeta\nGamma\nDelta\n")
    with pytest.raises(MapDataError, match=r"VC.txt: \[Alpha - Delta\] 'Delta' is not a station"):
        read_map_folder(folder, "tiny")


def test_a_link_to_an_unknown_station_is_refused(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        "direction: N-S\n[route Alpha - Gamma]\nAlpha\nBeta\nGamma\n",
        "walk\tAlpha\tOmega\n",
    )
    with pytest.raises(MapDataError, match=r"links.tsv: 'Omega' is not a station"):
        read_map_folder(folder, "tiny")


def test_a_file_not_named_for_a_line_code_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Gamma]\nAlpha\nBeta\nGamma\n")
    (folder / "lines" / "XX.txt").write_text("direction: N-S\n", encoding="utf-8")
    with pytest.raises(MapDataError, match=r"XX.txt: 'XX' is not a line code of rule 1.17.4"):
        read_map_folder(folder, "tiny")


def test_sites_must_split_the_lines_of_their_station(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "direction: N-S\n[route Alpha - Gamma]\nAlpha\nBeta\nGamma\n")
    text = (folder / "stations.tsv").read_text(encoding="utf-8")
    text = text.replace("N/E/W\t\n", "N/E/W\tVC|BL\n", 1)
    (folder / "stations.tsv").write_text(text, encoding="utf-8")
    with pytest.raises(MapDataError, match=r"the sites of Alpha do not split its lines VC"):
        read_map_folder(folder, "tiny")
