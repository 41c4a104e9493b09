"""Route-search latency on the 1999 map, beside a naive networkx baseline in the same run.

Every ordered pair of stations (Ghosts excluded) is asked for every route of LV 1 to 10 with
at most three portions, as the engine and ``referee map route`` ask without ``via:``. The
baseline (``referee.network.naive``: networkx ``all_simple_paths`` x every line per step,
filtered to the same rules) is far too slow for all pairs, so it runs on a seeded sample of
the queries that distance alone cannot answer, within a time budget; both searches answer
that sample and must agree. Garbage collection is off while timing, as ``timeit`` does. The
machine is shared, so ``--repeat N`` times each query N times and keeps the fastest (also as
``timeit`` advises); the default is one timing per query.

``--revisit`` times the search that lets a route come back to a station (the setting
``route_revisits``); the baseline, which never revisits, is then not run.

Run: ``.venv/bin/python bench/routes.py [--repeat 1] [--sample 200] [--budget 90] [--seed 1999]
[--revisit]``
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from referee.network.naive import naive_routes
from referee.network.network import load_network

MAX_LV = 10
MAX_PORTIONS = 3


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def describe(label: str, micros: list[float]) -> str:
    return (
        f"{label:<34} n={len(micros):>7}  median {statistics.median(micros):8.1f} us  "
        f"p99 {percentile(micros, 0.99):8.1f} us  max {max(micros):9.1f} us"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200, help="baseline queries to try")
    parser.add_argument("--budget", type=float, default=90.0, help="baseline seconds at most")
    parser.add_argument("--seed", type=int, default=1999)
    parser.add_argument("--repeat", type=int, default=1, help="timings per query (keep fastest)")
    parser.add_argument("--revisit", action="store_true", help="routes may revisit stations")
    args = parser.parse_args()

    started = time.perf_counter()
    network = load_network()
    loaded = time.perf_counter()
    finder = network.routes
    finder.prepare()
    ready = time.perf_counter()
    print(f"map loaded in {loaded - started:.2f} s; route index built in {ready - loaded:.2f} s")

    names = sorted(name for name, facts in network.facts.items() if not facts.ghost)
    everything: list[float] = []
    reachable: list[float] = []
    open_queries: list[tuple[str, str, int]] = []
    answered = 0
    gc.disable()
    try:
        clock = time.perf_counter_ns
        for start in names:
            for end in names:
                if start == end:
                    continue
                shortest = finder.dist[finder.ids[start]][finder.ids[end]]
                for lv in range(1, MAX_LV + 1):
                    micros = float("inf")
                    for _ in range(args.repeat):
                        before = clock()
                        found = finder.find(
                            start, end, lv, max_portions=MAX_PORTIONS, revisit=args.revisit
                        )
                        micros = min(micros, (clock() - before) / 1000)
                    everything.append(micros)
                    if shortest <= lv:
                        reachable.append(micros)
                        open_queries.append((start, end, lv))
                    answered += bool(found)
    finally:
        gc.enable()
    searched = time.perf_counter()
    print(
        f"fast search: {len(everything)} queries (all pairs x LV 1-{MAX_LV}, "
        f"<= {MAX_PORTIONS} portions, fastest of {args.repeat}) in {searched - ready:.1f} s; "
        f"{answered} have routes"
    )
    print(describe("fast, every query", everything))
    print(describe("fast, queries with R <= LV", reachable))

    pick = random.Random(args.seed)
    wanted = 0 if args.revisit else args.sample  # the baseline never revisits a station
    sample = pick.sample(open_queries, min(wanted, len(open_queries)))
    fast_times: list[float] = []
    naive_times: list[float] = []
    mismatches = 0
    deadline = time.perf_counter() + args.budget
    gc.disable()
    try:
        for start, end, lv in sample:
            if time.perf_counter() > deadline:
                break
            micros = float("inf")
            for _ in range(args.repeat):
                before = time.perf_counter_ns()
                found = finder.find(start, end, lv, max_portions=MAX_PORTIONS)
                micros = min(micros, (time.perf_counter_ns() - before) / 1000)
            fast_times.append(micros)
            before = time.perf_counter_ns()
            slow = naive_routes(network, start, end, lv, max_portions=MAX_PORTIONS)
            naive_times.append((time.perf_counter_ns() - before) / 1000)
            if {(r.stations, r.hops): len(r.portions) for r in found} != slow:
                mismatches += 1
    finally:
        gc.enable()
    if naive_times:
        _baseline(naive_times, fast_times, len(sample), mismatches, args.budget)
    else:
        why = (
            "it never revisits a station, so it cannot check --revisit"
            if args.revisit
            else ("--sample 0")
        )
        print(f"baseline: not run ({why})")
    p99 = percentile(everything, 0.99) / 1000
    median = statistics.median(everything) / 1000
    print(
        f"targets: p99 {p99:.3f} ms (< 2 ms: {'met' if p99 < 2 else 'MISSED'}), "
        f"median {median:.4f} ms (< 0.2 ms: {'met' if median < 0.2 else 'MISSED'})"
    )


def _baseline(naive_times: list[float], fast_times: list[float], sampled: int, mismatches: int,
              budget: float) -> None:  # fmt: skip
    done = len(naive_times)
    note = "" if done == sampled else f" (time budget of {budget:.0f} s reached)"
    print(
        f"baseline: naive search on {done} of {sampled} sampled queries with R <= LV{note}; "
        f"{mismatches} disagree with the fast search"
    )
    print(describe("naive baseline, sample", naive_times))
    print(describe("fast, same sample", fast_times))
    by_median = statistics.median(naive_times) / statistics.median(fast_times)
    by_mean = statistics.fmean(naive_times) / statistics.fmean(fast_times)
    print(f"ratio naive/fast: median {by_median:.0f}x, mean {by_mean:.0f}x")


if __name__ == "__main__":
    main()
