"""Rules 1.5.3, 1.5.4 and 1.6.2 on random small maps: the fast search finds exactly the routes
the naive one does (every simple path, every line per step, checked portion by portion).

Random maps mix overlapping routes, loops, one-way sections, every kind of station, an
Escalator Link (sometimes between stations of one line) and split stations. Run with a larger
``max_examples`` after changing the search: 1,500 examples take about a minute and a half."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.network.lines import LineCode
from referee.network.naive import naive_routes
from referee.network.network import Network
from referee.network.routes import CoLocatedDirection, RouteFinder
from tests.network.synthetic import synthetic_network

POOL = ("Ash", "Beech", "Cedar", "Dell", "Elm", "Fir")
LINES = ("CN", "NT", "DS")


@st.composite
def small_maps(draw: st.DrawFn) -> Network:
    texts = {}
    for code in draw(st.lists(st.sampled_from(LINES), min_size=1, max_size=3, unique=True)):
        sections = []
        for number in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(("route", "loop", "one-way")))
            size = draw(st.integers(3 if kind == "loop" else 2, 5))
            stations = draw(st.permutations(POOL))[:size]
            sections.append(f"[{kind} s{number}]\n" + "\n".join(stations))
        texts[code] = "direction: E-W\n" + "\n".join(sections) + "\n"
    names = sorted({n for text in texts.values() for n in text.splitlines() if n in POOL})
    kinds = {name: draw(st.sampled_from(("interchange", "co-located", "plain"))) for name in names}
    escalators: tuple[tuple[str, str], ...] = ()
    if len(names) >= 2 and draw(st.booleans()):
        a, b = draw(st.permutations(names))[:2]
        escalators = ((a, b),)
    sites: dict[str, tuple[frozenset[LineCode], ...]] = {}
    split = draw(st.sampled_from(names))
    serving = sorted(LineCode(code) for code, text in texts.items() if split in text.split("\n"))
    if len(serving) >= 2 and draw(st.booleans()):
        sites[split] = (frozenset(serving[:1]), frozenset(serving[1:]))
    return synthetic_network(
        texts,
        interchanges=tuple(n for n, k in kinds.items() if k == "interchange"),
        co_located=tuple(n for n, k in kinds.items() if k == "co-located"),
        escalators=escalators,
        sites=sites,
    )


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(small_maps(), st.integers(1, 4), st.integers(1, 3), st.sampled_from(CoLocatedDirection))
def test_1_5_4_fast_and_naive_searches_agree(
    network: Network, lv: int, portions: int, co_located: CoLocatedDirection
) -> None:
    finder = RouteFinder(network, co_located)
    for start in network.facts:
        for end in network.facts:
            found = finder.find(start, end, lv, max_portions=portions)
            fast = {(r.stations, r.hops): len(r.portions) for r in found}
            slow = naive_routes(
                network, start, end, lv, max_portions=portions, co_located=co_located
            )
            assert fast == slow
            for route in found:
                via: tuple[LineCode, ...] = route.lines
                by_via = {(r.stations, r.hops) for r in finder.find(start, end, lv, via)}
                assert by_via == set(
                    naive_routes(network, start, end, lv, via, co_located=co_located)
                )
