"""The seed's worked route facts on the real 1999 map (rules 1.2.0, 1.5.3, 1.5.7, 1.6.2)."""

from __future__ import annotations

import random

import pytest

from referee.network.explain import why_no_route
from referee.network.lines import LineCode
from referee.network.naive import naive_routes
from referee.network.network import Network, load_network

CN, NT, VC, CL, DL, DS = (LineCode(c) for c in ("CN", "NT", "VC", "CL", "DL", "DS"))


@pytest.fixture(scope="module")
def london() -> Network:
    return load_network()


def test_1_2_0_holborn_to_euston_is_lv_4_by_cn_nt_vc(london: Network) -> None:
    """Rule 1.2.0's example play `Rushton : Euston (VC via: CN,NT)` from Holborn."""
    (route,) = london.routes.find("Holborn", "Euston", 4, [CN, NT, VC])
    assert route.render() == (
        "Holborn -CN-> Tottenham Court Road -NT-> Goodge Street -NT-> Warren Street -VC-> Euston"
    )
    assert [(p.line, p.start, p.end) for p in route.portions] == [
        (CN, "Holborn", "Tottenham Court Road"),
        (NT, "Tottenham Court Road", "Warren Street"),
        (VC, "Warren Street", "Euston"),
    ]
    assert route.passed_through == ("Tottenham Court Road", "Goodge Street", "Warren Street")
    assert route.interchanges == (("Tottenham Court Road",), ("Warren Street",))


@pytest.mark.parametrize("lv", [3, 5])
def test_1_6_2_holborn_to_euston_by_cn_nt_vc_is_not_lv(london: Network, lv: int) -> None:
    assert london.routes.find("Holborn", "Euston", lv, [CN, NT, VC]) == ()


def test_1_6_2_the_rejection_says_how_far_it_really_is(london: Network) -> None:
    reason = why_no_route(london, "Holborn", "Euston", 3, [CN, NT, VC])
    assert reason == "Euston is 4 stations from Holborn by CN then NT then VC; your LV is 3"


def test_1_5_3_aldgate_to_shadwell_is_lv_3_through_one_interchange(london: Network) -> None:
    """Aldgate - Tower Hill - Tower Gateway - Shadwell, the rule's own example."""
    assert london.routes.find("Aldgate", "Shadwell", 2) == ()
    (route,) = london.routes.find("Aldgate", "Shadwell", 3, [CL, DL])
    assert route.stations == ("Aldgate", "Tower Hill", "Tower Gateway", "Shadwell")
    assert len(route.interchanges) == 1
    assert route.interchanges[0] == ("Tower Hill", "Tower Gateway")


def test_1_5_3_the_escalator_pair_is_also_reachable_by_district(london: Network) -> None:
    """Tower Hill is on the District too, so a move from Aldgate East along it works."""
    routes = london.routes.find("Aldgate East", "Shadwell", 3, [DS, DL])
    assert [r.stations for r in routes] == [
        ("Aldgate East", "Tower Hill", "Tower Gateway", "Shadwell")
    ]


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ("Hatton Cross", "Heathrow Terminal 123"),
        ("Heathrow Terminal 123", "Heathrow Terminal 4"),
        ("Heathrow Terminal 4", "Hatton Cross"),
    ],
)
def test_1_5_7_the_heathrow_loop_cannot_be_travelled_anti_clockwise(
    london: Network, start: str, end: str
) -> None:
    assert london.routes.find(start, end, 1) == ()


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ("Hatton Cross", "Heathrow Terminal 4"),
        ("Heathrow Terminal 4", "Heathrow Terminal 123"),
        ("Heathrow Terminal 123", "Hatton Cross"),
    ],
)
def test_1_5_7_the_heathrow_loop_runs_clockwise(london: Network, start: str, end: str) -> None:
    assert [r.stations for r in london.routes.find(start, end, 1)] == [(start, end)]


def test_1_11_6_ghosts_have_no_routes(london: Network) -> None:
    assert london.routes.find("Aldwych", "Holborn", 1) == ()
    assert "Ghost" in why_no_route(london, "Holborn", "Aldwych", 1)


def test_1_5_4_a_piece_on_a_split_station_starts_from_its_own_site(london: Network) -> None:
    """Hammersmith is two stations: the Hammersmith & City one is not where the District and
    Piccadilly stop, so a piece there on HC cannot set off along the District."""
    on_hc = london.routes.find("Hammersmith", "Ravenscourt Park", 1, start_line=LineCode.HC)
    on_ds = london.routes.find("Hammersmith", "Ravenscourt Park", 1, start_line=DS)
    assert on_hc == ()
    assert [r.hops for r in on_ds] == [(DS,)]


def test_1_6_2_fast_search_agrees_with_the_naive_one_on_sampled_queries(
    london: Network,
) -> None:
    """Every route the naive search (all simple paths, every line per step) keeps, and only
    those, with the same fewest portions."""
    finder = london.routes
    names = sorted(name for name, facts in london.facts.items() if not facts.ghost)
    pick = random.Random(1999)
    for _ in range(60):
        start = pick.choice(names)
        lv = pick.randint(1, 6)
        ends = [n for n in names if 0 < finder.dist[finder.ids[start]][finder.ids[n]] <= lv]
        end = pick.choice(ends)
        found = finder.find(start, end, lv)
        fast = {(r.stations, r.hops): len(r.portions) for r in found}
        assert fast == naive_routes(london, start, end, lv), (start, end, lv)
        if found:
            via = found[-1].lines
            by_via = {(r.stations, r.hops) for r in finder.find(start, end, lv, via)}
            assert by_via == set(naive_routes(london, start, end, lv, via)), (start, end, via)


def test_1_6_2_shortest_routes_for_the_engine(london: Network) -> None:
    """Without via the nearest Euston gets from Holborn is 3 stations, by Piccadilly to
    King's Cross and one stop on either the Northern or the Victoria."""
    routes = london.routes.shortest("Holborn", "Euston")
    assert {r.lv for r in routes} == {3}
    assert {r.lines for r in routes} == {(LineCode.PD, NT), (LineCode.PD, VC)}
    (by_cn_nt,) = london.routes.shortest("Holborn", "Euston", [CN, NT])
    assert by_cn_nt.lv == 4


def test_1_6_2_a_piece_on_a_line_the_station_lacks_is_told_so(london: Network) -> None:
    reason = why_no_route(london, "Holborn", "Euston", 4, start_line=VC)
    assert reason == "Holborn is not on VC, the line the piece is on"


def test_1_5_7_only_the_heathrow_loop_runs_one_way(london: Network) -> None:
    """Every line segment of the map is a one-station move both ways, except the three
    segments of the Heathrow loop, which run clockwise only."""
    one_way = set()
    for a, b, key in london.graph.edges(keys=True):
        if key == "escalator":
            continue
        line = LineCode(key)
        forth = bool(london.routes.find(a, b, 1, [line]))
        back = bool(london.routes.find(b, a, 1, [line]))
        assert forth or back, (a, b, line)
        if not (forth and back):
            one_way.add((a, b) if forth else (b, a))
    assert one_way == {
        ("Hatton Cross", "Heathrow Terminal 4"),
        ("Heathrow Terminal 4", "Heathrow Terminal 123"),
        ("Heathrow Terminal 123", "Hatton Cross"),
    }


def test_1_5_4_circle_to_district_at_bayswater_keeps_going(london: Network) -> None:
    """Bayswater is the rule's own Co-Located example: a piece on the Circle from Notting Hill
    Gate may change to the District there and carry on to Paddington."""
    routes = london.routes.find("Notting Hill Gate", "Paddington", 2, [CL, DS])
    assert [r.render() for r in routes] == ["Notting Hill Gate -CL-> Bayswater -DS-> Paddington"]


def test_1_5_4_a_route_may_come_back_by_another_line_when_revisits_are_allowed(
    london: Network,
) -> None:
    """Rules 1.5.4 and 1.4.20: changing Line at an Interchange may turn the Piece, so a route
    can pass a Station twice: Westminster -CL-> Embankment, then District back through
    Westminster. Only with ``revisit``; the default search never visits a Station twice."""
    finder = london.routes
    found = finder.find("Westminster", "Earl's Court", 8, max_portions=3, revisit=True)
    back = [r for r in found if r.stations[:3] == ("Westminster", "Embankment", "Westminster")]
    assert back and back[0].lines == (LineCode.CL, LineCode.DS)
    plain = finder.find("Westminster", "Earl's Court", 8, max_portions=3)
    assert all(len(set(r.stations)) == len(r.stations) for r in plain)
    assert len(found) > len(plain)


def test_1_5_6_revisiting_never_turns_straight_back_along_one_line(london: Network) -> None:
    """Rule 1.5.6: turning back along the Line one came by is Rebounding, not a change of Line,
    so even with ``revisit`` Holborn -CN-> Tottenham Court Road -CN-> Holborn is no route."""
    found = london.routes.find("Tottenham Court Road", "Chancery Lane", 4, (LineCode.CN,),
                               revisit=True)  # fmt: skip
    assert found == ()
    onward = london.routes.find("Holborn", "Chancery Lane", 3, (LineCode.CN,), revisit=True)
    assert onward == ()


def test_1_4_20_a_triangle_brings_a_piece_back_through_its_start(london: Network) -> None:
    """Rule 1.4.20's "passes through the same Interchange more than once" arises: Baker Street
    -JL-> Bond Street -CN-> Oxford Circus -BL-> back through Baker Street to Marylebone."""
    via = (LineCode.JL, CN, LineCode.BL)
    found = london.routes.find("Baker Street", "Marylebone", 5, via, revisit=True)
    assert [r.passed_through for r in found] == [
        ("Bond Street", "Oxford Circus", "Regent's Park", "Baker Street")
    ]
    assert london.routes.find("Baker Street", "Marylebone", 5, via) == ()
