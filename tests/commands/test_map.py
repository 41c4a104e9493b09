"""``referee map``: the interface other checks rely on (exit codes, JSON shape)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["map", *args])
    return result.exit_code, result.stdout, result.stderr


def test_route_json_for_the_rule_1_2_0_example() -> None:
    code, out, _ = run("route", "Holborn", "Euston", "--lv", "4", "--via", "CN,NT,VC", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["from"] == "Holborn" and answer["to"] == "Euston" and answer["lv"] == 4
    assert answer["via"] == ["CN", "NT", "VC"]
    assert answer["reason"] is None
    (route,) = answer["routes"]
    assert route["stations"] == [
        "Holborn",
        "Tottenham Court Road",
        "Goodge Street",
        "Warren Street",
        "Euston",
    ]
    assert [(p["line"], p["from"], p["to"]) for p in route["portions"]] == [
        ("CN", "Holborn", "Tottenham Court Road"),
        ("NT", "Tottenham Court Road", "Warren Street"),
        ("VC", "Warren Street", "Euston"),
    ]
    assert route["interchanges"] == [["Tottenham Court Road"], ["Warren Street"]]
    assert route["interchange_count"] == 2
    assert route["passed_through"] == ["Tottenham Court Road", "Goodge Street", "Warren Street"]


def test_route_text_form() -> None:
    code, out, _ = run("route", "holborn", "EUSTON", "--lv", "4", "--via", "cn,nt,vc")
    assert code == 0
    assert out.splitlines()[0] == (
        "Holborn -CN-> Tottenham Court Road -NT-> Goodge Street -NT-> Warren Street -VC-> Euston"
    )


def test_no_route_exits_1_with_the_reason() -> None:
    code, out, err = run("route", "Holborn", "Euston", "--lv", "3", "--via", "CN,NT,VC", "--json")
    assert code == 1
    answer = json.loads(out)
    assert answer["routes"] == []
    assert (
        answer["reason"] == "Euston is 4 stations from Holborn by CN then NT then VC; your LV is 3"
    )
    assert "Euston is 4 stations from Holborn" in err


def test_unknown_station_exits_2_with_a_suggestion() -> None:
    code, out, err = run("route", "Holborn", "Eustn", "--lv", "3", "--json")
    assert code == 2
    assert json.loads(out)["suggestions"] == ["Euston"]
    assert "did you mean Euston?" in err


def test_unknown_line_code_exits_2_with_the_codes() -> None:
    code, _, err = run("route", "Holborn", "Euston", "--lv", "4", "--via", "CN,XX")
    assert code == 2
    assert "'XX' is not a line code" in err and "BL, CN" in err


def test_station_json() -> None:
    code, out, _ = run("station", "camden town", "--json")
    assert code == 0
    facts = json.loads(out)
    assert facts["name"] == "Camden Town"
    assert facts["call"] == 4
    assert facts["lines"] == ["NT"]
    assert "Populated" in facts["categories"]
    assert facts["walking_distance"] == [
        "Chalk Farm",
        "Euston",
        "Kentish Town",
        "Mornington Crescent",
    ]
    for key in ("zones", "quadrants", "halves", "thames", "current", "venbacker", "terminus"):
        assert key in facts


def test_station_unknown_exits_2() -> None:
    code, _, err = run("station", "Mornington Cresent")
    assert code == 2
    assert "did you mean Mornington Crescent" in err


def test_fosdyke() -> None:
    code, out, _ = run("fosdyke", "Holborn", "Chancery Lane")
    assert code == 0
    assert out.strip() == "(S1,R1,L0,Q0,Z0)"


def test_line_names_are_forgiven_and_near_misses_suggested() -> None:
    code, out, _ = run("route", "Holborn", "Euston", "--lv", "4", "--via", "Central,northern")
    assert code == 0
    assert "-NT-> Euston" in out
    code, _, err = run("route", "Holborn", "Euston", "--lv", "4", "--via", "CN,victorai")
    assert code == 2
    assert "did you mean VC (Victoria)" in err


def test_start_line_picks_the_site_of_a_split_station() -> None:
    base = ("route", "Hammersmith", "Ravenscourt Park", "--lv", "1")
    assert run(*base, "--start-line", "DS")[0] == 0
    code, _, err = run(*base, "--start-line", "HC")
    assert code == 1
    assert "no route of at most 3 portions joins Hammersmith and Ravenscourt Park" in err
    assert run(*base, "--start-line", "DS,PD")[0] == 2
