"""Rules 1.5.3, 1.5.4, 1.5.7 and 1.2.0 pinned on small made-up maps, case by case."""

from __future__ import annotations

import pytest

from referee.network.lines import LineCode
from referee.network.naive import naive_routes
from referee.network.network import Network
from referee.network.routes import CoLocatedDirection, Route, RouteFinder
from tests.network.synthetic import synthetic_network

CN, NT, DS, CL, DL, PD = (LineCode(c) for c in ("CN", "NT", "DS", "CL", "DL", "PD"))

# A Y-shaped line: two through routes that share the trunk West - Junction.
Y_LINE = """
direction: E-W
[route East - West]
East
Junction
Middle
West
[route North - West]
North
Junction
Middle
West
"""


def texts(routes: tuple[Route, ...]) -> list[str]:
    return [route.render() for route in routes]


def test_1_5_4_a_portion_never_turns_back() -> None:
    """A piece may not change Line Direction during a Move Portion: from Middle it cannot
    go out to West and come back, even though the distances would fit."""
    network = synthetic_network({"CN": Y_LINE}, interchanges=("Junction", "Middle"))
    finder = network.routes
    assert texts(finder.find("Middle", "Junction", 1)) == ["Middle -CN-> Junction"]
    assert finder.find("Middle", "Junction", 3) == ()
    assert finder.find("West", "West", 2) == ()


def test_1_5_4_a_branch_change_needs_an_interchange() -> None:
    """Going East - Junction - North switches from one branch to the other, which makes
    Junction a Move Node; only an Interchange can be one mid-move."""
    plain = synthetic_network({"CN": Y_LINE})
    assert plain.routes.find("East", "North", 2) == ()
    co_located = synthetic_network({"CN": Y_LINE}, co_located=("Junction",))
    assert co_located.routes.find("East", "North", 2) == ()
    interchange = synthetic_network({"CN": Y_LINE}, interchanges=("Junction",))
    (route,) = interchange.routes.find("East", "North", 2)
    assert route.render() == "East -CN-> Junction -CN-> North"
    assert [(p.line, p.direction, p.start, p.end) for p in route.portions] == [
        (CN, "E-W", "East", "Junction"),
        (CN, "W-E", "Junction", "North"),
    ]
    assert route.lines == (CN,)


def test_1_5_4_the_trunk_is_one_portion_whichever_branch_lists_it() -> None:
    """Sections that share a stretch do not make two routes or extra portions."""
    network = synthetic_network({"CN": Y_LINE}, interchanges=("Junction", "Middle"))
    (route,) = network.routes.find("East", "West", 3)
    assert len(route.portions) == 1
    assert route.passed_through == ("Junction", "Middle")


CROSSING = {
    "CN": "direction: E-W\n[route East - West]\nEast\nCross\nWest\n",
    "DS": "direction: E-W\n[route Upper - Lower]\nUpper\nCross\nLower\n",
}


def test_1_5_4_no_change_of_line_at_a_plain_station() -> None:
    network = synthetic_network(CROSSING)
    assert network.routes.find("East", "Lower", 2) == ()
    assert network.routes.find("East", "Upper", 2) == ()


def test_1_5_4_direction_kept_across_a_co_located_change() -> None:
    """At a Co-Located station a piece may change line but not Line Direction: East -> Cross
    is CN forwards, so only DS forwards (Cross -> Lower) may follow."""
    network = synthetic_network(CROSSING, co_located=("Cross",))
    assert texts(network.routes.find("East", "Lower", 2)) == ["East -CN-> Cross -DS-> Lower"]
    assert network.routes.find("East", "Upper", 2) == ()
    assert network.routes.find("West", "Upper", 2) != ()


def test_1_5_4_direction_kept_for_the_whole_portion_after_a_co_located_change() -> None:
    """The next portion must keep the direction all the way, not just for its first step."""
    lines = {
        "CN": "direction: E-W\n[route East - West]\nEast\nCross\nWest\n",
        "DS": (
            "direction: E-W\n[route Upper - Lower]\nUpper\nCross\nLower\n"
            "[route Far - Cross]\nFar\nLower\nCross\n"
        ),
    }
    network = synthetic_network(lines, co_located=("Cross",))
    # Cross -> Lower is forwards on the first DS route, Lower -> Far backwards on the second.
    assert network.routes.find("East", "Far", 3) == ()
    assert texts(network.routes.find("West", "Far", 3)) == [
        "West -CN-> Cross -DS-> Lower -DS-> Far"
    ]
    interchange = synthetic_network(lines, interchanges=("Cross",))
    assert texts(interchange.routes.find("East", "Far", 3)) == [
        "East -CN-> Cross -DS-> Lower -DS-> Far"
    ]


def test_1_5_4_any_change_at_an_interchange() -> None:
    network = synthetic_network(CROSSING, interchanges=("Cross",))
    assert texts(network.routes.find("East", "Upper", 2)) == ["East -CN-> Cross -DS-> Upper"]
    (route,) = network.routes.find("East", "Upper", 2)
    assert route.interchanges == (("Cross",),)


def test_1_5_4_change_only_within_one_site_of_a_split_station() -> None:
    """Cross is really two stations (one per line), so no change is possible there."""
    network = synthetic_network(
        CROSSING, interchanges=("Cross",), sites={"Cross": (frozenset({CN}), frozenset({DS}))}
    )
    assert network.routes.find("East", "Upper", 2) == ()
    assert network.routes.find("East", "West", 2) != ()


ESCALATOR_MAP = {
    "CL": "direction: clockwise\n[route Aldgate - Tower Hill]\nAldgate\nTower Hill\nBeyond\n",
    "DL": "direction: E-W\n[route Shadwell - Tower Gateway]\nShadwell\nTower Gateway\n",
}


def escalator_network() -> Network:
    return synthetic_network(
        ESCALATOR_MAP,
        interchanges=("Tower Hill", "Tower Gateway"),
        escalators=(("Tower Hill", "Tower Gateway"),),
    )


def test_1_5_3_an_escalator_link_counts_both_stations_but_one_interchange() -> None:
    network = escalator_network()
    assert network.routes.find("Aldgate", "Shadwell", 2) == ()
    (route,) = network.routes.find("Aldgate", "Shadwell", 3, [CL, DL])
    assert route.stations == ("Aldgate", "Tower Hill", "Tower Gateway", "Shadwell")
    assert route.hops == (CL, None, DL)
    assert route.interchanges == (("Tower Hill", "Tower Gateway"),)
    assert [p.line for p in route.portions] == [CL, DL]


def test_1_5_3_an_escalator_link_is_used_only_mid_move() -> None:
    network = escalator_network()
    assert network.routes.find("Aldgate", "Tower Gateway", 2) == ()
    assert network.routes.find("Tower Hill", "Shadwell", 2) == ()


def test_1_5_7_the_heathrow_loop_runs_only_clockwise() -> None:
    """Two one-way runs as trains take them: in by Four, out by OneTwoThree (listed against
    the line's reference direction). Going round the other way has no section."""
    lines = {
        "PD": (
            "direction: E-W\n"
            "[one-way In]\nEast\nHatton\nFour\nOneTwoThree\n"
            "[one-way Out]\ndirection: W-E\nFour\nOneTwoThree\nHatton\nEast\n"
        )
    }
    network = synthetic_network(lines)
    assert texts(network.routes.find("Hatton", "OneTwoThree", 2)) == [
        "Hatton -PD-> Four -PD-> OneTwoThree"
    ]
    assert network.routes.find("Hatton", "OneTwoThree", 1) == ()
    assert network.routes.find("OneTwoThree", "Four", 1) == ()
    assert network.routes.find("Four", "Hatton", 1) == ()
    (out,) = network.routes.find("OneTwoThree", "East", 2)
    assert [(p.direction, p.stations) for p in out.portions] == [
        ("W-E", ("OneTwoThree", "Hatton", "East"))
    ]


def test_1_2_0_via_names_the_lines_in_order() -> None:
    network = synthetic_network(CROSSING, interchanges=("Cross",))
    assert network.routes.find("East", "Upper", 2, [CN, DS]) != ()
    assert network.routes.find("East", "Upper", 2, [DS, CN]) == ()
    assert network.routes.find("East", "Upper", 2, [CN]) == ()
    assert network.routes.find("East", "West", 2, [CN, CN]) != ()


def test_1_5_4_max_portions_limits_a_search_without_via() -> None:
    network = synthetic_network(CROSSING, interchanges=("Cross",))
    assert network.routes.find("East", "Upper", 2, max_portions=1) == ()
    assert network.routes.find("East", "Upper", 2, max_portions=2) != ()


@pytest.mark.parametrize(
    ("start", "end"),
    [("East", "North"), ("North", "West"), ("Upper", "East"), ("Lower", "North")],
)
@pytest.mark.parametrize("lv", [1, 2, 3, 4])
def test_1_5_4_fast_search_agrees_with_the_naive_one(start: str, end: str, lv: int) -> None:
    network = synthetic_network(
        {"CN": Y_LINE, "DS": "direction: E-W\n[route Upper - Lower]\nUpper\nMiddle\nLower\n"},
        interchanges=("Junction",),
        co_located=("Middle",),
    )
    fast = {(r.stations, r.hops): len(r.portions) for r in network.routes.find(start, end, lv)}
    assert fast == naive_routes(network, start, end, lv)


def test_1_5_1_a_route_avoids_the_stations_it_is_told_to() -> None:
    """A station the engine bars (Blocked, say) is neither passed through nor ended at."""
    network = synthetic_network({"CN": Y_LINE}, interchanges=("Junction",))
    assert network.routes.find("East", "West", 3, avoid=["Middle"]) == ()
    assert network.routes.find("East", "Middle", 2, avoid=["Middle"]) == ()
    assert network.routes.find("East", "Middle", 2, avoid=["North"]) != ()


# Two lines sharing a track through a Co-Located station, listed in opposite orders (as the
# Circle, listed clockwise, and the District, listed east to west, share Bayswater).
SHARED = {
    "CL": "direction: clockwise\n[loop Circle]\nNorth Gate\nShared\nPaddock\nCorner\n",
    "DS": "direction: E-W\n[route Paddock - Far]\nPaddock\nShared\nNorth Gate\nFar\n",
}


def test_1_5_4_a_co_located_change_may_carry_straight_on() -> None:
    """Rule 1.5.4 asks that the Line Direction not change: carrying on along the shared track
    from the Circle onto the District keeps the piece's direction of travel, although one line
    lists the stretch forwards and the other backwards."""
    network = synthetic_network(SHARED, co_located=("Shared",))
    routes = network.routes.find("Paddock", "Far", 3, [CL, DS])
    assert texts(routes) == ["Paddock -CL-> Shared -DS-> North Gate -DS-> Far"]
    (route,) = routes
    assert [p.direction for p in route.portions] == ["anti-clockwise", "E-W"]


def test_1_5_4_the_reference_reading_compares_rule_1_20_2_directions() -> None:
    """The other reading (a setting): forwards on the Circle is not forwards on the District."""
    network = synthetic_network(SHARED, co_located=("Shared",))
    finder = RouteFinder(network, CoLocatedDirection.REFERENCE)
    assert finder.find("Paddock", "Far", 3, [CL, DS]) == ()
    assert finder.find("Paddock", "North Gate", 2, [CL, DS]) == ()


def test_1_5_4_a_co_located_change_may_not_switch_branch() -> None:
    """Carrying straight on means along one section of the new line: arriving from Upper on
    the Circle and leaving on the District's other branch is a change of branch, which only
    an Interchange allows."""
    lines = {
        "CL": "direction: clockwise\n[route Upper - Down]\nUpper\nHub\nDown\n",
        "DS": (
            "direction: E-W\n[route Upper - Down]\nUpper\nHub\nDown\n"
            "[route Side - Hub]\nSide\nHub\n"
        ),
    }
    network = synthetic_network(lines, co_located=("Hub",))
    assert network.routes.find("Upper", "Down", 2, [CL, DS]) != ()
    assert network.routes.find("Upper", "Side", 2, [CL, DS]) == ()
