"""What judging under an amended rulebook costs per Turn, beside the unamended ruleset.

A seeded five-player game of ``--turns`` Turns is scripted (``tests/engine/scripted.py``),
then each Turn is adjudicated warm (history handed over, as the service does) three ways in
the same run, alternating rounds so load falls on all alike:

- baseline: Volume 1 as published (``VANILLA``);
- amended (tables): version 12 of a game's rules, ten enactments changing prices of rule
  1.4.18 and adding Gambits to rule 1.18.2, and one widening the tables of rules 1.4.20,
  1.7.20, 1.13.5, 1.13.6 and 1.14.3 (no scripted Turn becomes illegal), so the tables the
  engine reads are rebuilt ones;
- amended (text): the same plus a free-text change of a rule the scripted Turns never reach
  (rule 1.7.39), so the registry is the copy whose handlers and hooks of that rule refuse.

Also printed: the one-off cost of building a version from its enactments and the amended
ruleset (``versions`` + ``amended``), which ``EngineDesk`` pays once per game and set of
enactments and keeps.

Run: ``.venv/bin/python bench/rulebook.py [--turns 300] [--seed 7] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine.amended import amended, versions
from referee.engine.history import derive
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.scripted import scripted_game

PRICES = ["Book", "Drum", "Casiotone", "British Rail Coffee", "All Day Rover"]
GAMBIT = "Add the Shuffle {n} Gambit to rule 1.18.2: Euston, Camden Town, Belsize Park for {n}Re."

WIDER = (
    "Amend rule 1.4.20: the bonus for a Move without a change of Line is 2Bk.\n"
    "Amend rule 1.7.20: Drum earns 3Bk,1Re,1Br.\n"
    "Amend rule 1.13.5: Barbican opens daily all day.\n"
    "Amend rule 1.13.6: the Line Segment Woodford to Hainault (CN) opens daily 0500-2400.\n"
    "Amend rule 1.14.3: a Stack holds at most 8 Tokens.\n"
)


def _changes(free_text: bool) -> list[Change]:
    at = datetime(2026, 11, 25, tzinfo=UTC)
    texts = [
        f"Amend rule 1.4.18: the price of {PRICES[n % len(PRICES)]} is {n + 4}.\n"
        + GAMBIT.format(n=n + 1)
        for n in range(10)
    ]
    texts.append(WIDER)
    if free_text:
        texts.append("Amend rule 1.7.39 to read: Recycling is compulsory.")
    return [
        Change(number, f"P{number} [X]", at + timedelta(hours=number), text)
        for number, text in enumerate(texts, start=2)
    ]


def _turns(states: list[GSD], plays: tuple[Play, ...], ruleset: Ruleset) -> list[float]:
    times: list[float] = []
    registry = ruleset.registry()
    for before, play in zip(states, plays, strict=True):
        derive(before, registry)
        t0 = time.perf_counter()
        result = adjudicate(before, play, ruleset)
        times.append(time.perf_counter() - t0)
        assert result.legal, (play.render(), result.messages())
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    start, final = scripted_game(args.turns, args.seed, win=False)
    VANILLA.prepare()
    states: list[GSD] = []
    state = start
    for play in final.plays:
        states.append(state)
        state = adjudicate(state, play).state

    t0 = time.perf_counter()
    tables = amended(VANILLA, versions(VANILLA, _changes(False))[-1])
    build_tables = time.perf_counter() - t0
    t0 = time.perf_counter()
    text = amended(VANILLA, versions(VANILLA, _changes(True))[-1])
    build_text = time.perf_counter() - t0

    rulesets = {"baseline (Volume 1)": VANILLA, "amended (tables)": tables, "amended (text)": text}
    times: dict[str, list[float]] = {name: [] for name in rulesets}
    gc.disable()
    for _ in range(args.rounds):
        for name, ruleset in rulesets.items():
            times[name] += _turns(states, final.plays, ruleset)
    gc.enable()

    ms = 1000.0
    load = os.getloadavg()[0]
    print(f"{len(final.plays)} turns x {args.rounds} rounds, warm; load average {load:.2f}")
    base = statistics.median(times["baseline (Volume 1)"])
    for name, found in times.items():
        median = statistics.median(found)
        p99 = sorted(found)[int(0.99 * (len(found) - 1))]
        print(f"{name}: median {median * ms:.3f} ms, p99 {p99 * ms:.3f} ms, "
              f"{median / base:.2f}x the baseline")  # fmt: skip
    print(f"building version 12 and its ruleset once: tables {build_tables * ms:.1f} ms, "
          f"with a free-text change {build_text * ms:.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
