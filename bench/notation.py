"""Parse and render throughput for a 6-player, 200-play GSD, beside str.splitlines as the floor.

Prints GSDs per second for reading (untidy mail form, canonical form, and canonical with the
play, action and destination caches cleared before each read, the cost of a GSD never seen
before) and for rendering (the same value again, its play lines already drawn, as each Turn's
GSD shares its earlier plays; and with the caches cleared), and each as a multiple of the
time ``str.splitlines`` takes over the same text, measured in the same run.
Usage: ``.venv/bin/python bench/notation.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from referee.network.names import game_station_names
from referee.notation import clear_caches
from referee.notation.gsd import GSD, read_posting

PLAYERS = ["Rushton", "Cryer", "Garden", "Brooke-Taylor", "Mrs Trellis", "Toksvig"]
MOVES = [
    "Euston (VC via: CN,NT)", "Holborn (CN via: PD,NT)", "Edgware Road (BL)", "Amersham (MP)",
    "Moorgate (NT)", "Pass Holborn (CN)", "Monument (for Bank)", "Angel (NT via: CN,CL)",
    "Kensington (Olympia) (DS)", "Bank (WC)",
]  # fmt: skip
ACTIONS = [
    "[LV+1]", "[LV-2]", "[Blocking Warren Street]", "[Re Token on Euston]",
    "[Shunting {p} to Moorgate (NT)]", "[Claiming a Go Token from Euston]", "[Into Knip]",
    "[NT: One Way: N-S]", "[Purchasing Overcoat]", "[Wearing Overcoat]", "[Line Change]",
]  # fmt: skip


def build_gsd_text(plays: int = 200, seed: int = 1999) -> str:
    """A realistic GSD: every section filled, ``plays`` plays with up to three actions each."""
    rng = random.Random(seed)
    stations = game_station_names().names
    codes = ["BL", "CN", "CL", "DS", "HC", "JL", "MP", "NT", "PD", "VC"]
    rows = "\n".join(
        f"| {name:<13} | {'Balham':<17} | {rng.randint(0, 9):>2} | {rng.randint(-50, 99):>2} | "
        + " ".join(f"{rng.randint(0, 12):>2}" for _ in range(7))
        + " |"
        for name in PLAYERS
    )
    lines = []
    for number in range(plays):
        player = PLAYERS[number % len(PLAYERS)]
        target = PLAYERS[(number + 1) % len(PLAYERS)]
        actions = [rng.choice(ACTIONS).format(p=target) for _ in range(rng.randint(0, 3))]
        split = rng.randint(0, len(actions))
        if rng.random() < 0.5:
            move = rng.choice(MOVES)
        else:  # any station of the map, so caches see a realistic spread
            via = ",".join(rng.sample(codes, rng.randint(0, 2)))
            move = f"{rng.choice(stations)} ({rng.choice(codes)}"
            move += f" via: {via})" if via else ")"
        parts = [*actions[:split], move, *actions[split:]]
        lines.append(f"{player} : " + " ".join(parts))
    head = f"""Mornington Crescent - Game 7 - Turn {plays} - State 00000000

+---------------+-------------------+----+----+----------------------+
| Player        | Home              | LV | Ch | Tokens               |
|               |                   |    |    | Bk Bu Br Go Gr Re Si |
+---------------+-------------------+----+----+----------------------+
{rows}
+---------------+-------------------+----+----+----------------------+

+- Disruptions ---------------------------------------------------------+
| Euston (Peg), Wembley Park (Bulkhead), Euston (Peg), In Knip          |
+-----------------------------------------------------------------------+

Game Time: Thursday 0020*
Wild Stations: Epping, Morden
Courier Pick-up: Amersham
Courier Destination: Morden

+--------------------+--------------+ +--------------------+--------------+
| Dollis Hill (1)    | BrSiGo       | | Euston (0)         | ReSi         |
| Morden (3)         | BkBkBk       | | Balham (3)         | Susp Package |
+--------------------+--------------+ +--------------------+--------------+

Luggage Rack:
+---------------+--------------------------------------------------------+
| Cryer         | *Hats (COT)*, Overpriced Baguette, (Zone 1 Pass)       |
| Rushton       | Vacuum Cleaner (Off)**, Remote Control 3 (On)          |
+---------------+--------------------------------------------------------+

"""
    return head + "\n".join(lines) + "\n"


def rate(work: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``work`` over about ``seconds`` (after one warm-up call)."""
    work()
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        count += 1
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    text = build_gsd_text()
    gsd = GSD.parse(text)
    canonical = gsd.render()
    untidy = "\r\n".join("> " + line.replace("  ", "\t") for line in text.splitlines())
    assert len(gsd.plays) == 200 and len(gsd.players) == 6

    floor = rate(lambda: text.splitlines(), args.seconds)

    def cold(text: str) -> None:
        clear_caches()
        read_posting(text)

    def cold_render() -> None:
        clear_caches()
        gsd.render()

    figures = {
        "parse (as posted, quoted/CRLF/tabs)": rate(lambda: read_posting(untidy), args.seconds),
        "parse (canonical)": rate(lambda: read_posting(canonical), args.seconds),
        "parse (canonical, caches cleared)": rate(lambda: cold(canonical), args.seconds),
        "render (plays drawn before)": rate(gsd.render, args.seconds),
        "render (caches cleared)": rate(cold_render, args.seconds),
    }
    size = f"{len(canonical)} characters, {canonical.count(chr(10))} lines"
    print(f"GSD: 6 players, 200 plays, {size}")
    print(f"{'str.splitlines (floor)':<38} {floor:>12,.0f} GSDs/s")
    for name, value in figures.items():
        print(f"{name:<38} {value:>12,.1f} GSDs/s   {floor / value:>8,.0f}x the floor's time")


if __name__ == "__main__":
    main()
