"""What the mail service's turn desk costs on top of the engine, per Turn.

A seeded scripted game (``tests/engine/scripted.py``) is played again, in the same run:

- baseline: ``adjudicate`` alone on each Turn, the history handed on (the engine's warm path);
- the desk, warm: ``EngineDesk.submit`` with the stored GSD text and the play line as mailed,
  rendering the new GSD each Turn, as ``referee serve`` does (the GSD value kept between Turns);
- the desk, cold: a fresh desk per Turn, so the stored GSD is parsed every time (several
  runners taking turns); the notation's caches give back the plays already read, so the
  history is read on from the last state derived;
- the desk, restarted: as cold, with the notation's and the history's caches cleared too, so
  every play is read and derived afresh (a restarted service).

Prints median and p99 per Turn and each desk's ratio to the baseline.

Run: ``.venv/bin/python bench/desk.py [--turns 200] [--seed 7]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine.history import forget
from referee.engine.ruleset import VANILLA
from referee.engine.turn import adjudicate
from referee.notation import clear_caches
from referee.notation.gsd import GSD
from referee.service.desk import GameView, PlayerView
from referee.service.engine_desk import EngineDesk
from tests.engine.scripted import scripted_game


def _figures(name: str, times: list[float], baseline: float | None) -> float:
    median = statistics.median(times) * 1000
    p99 = sorted(times)[int(len(times) * 0.99) - 1] * 1000
    ratio = f"  x{median / baseline:.2f} of the baseline" if baseline else ""
    print(f"{name:<28} median {median:7.3f} ms  p99 {p99:7.3f} ms{ratio}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    VANILLA.prepare()
    start, final = scripted_game(args.turns, args.seed, win=False)
    start = start.model_copy(update={"game": 1, "turn": 1})
    plays = final.plays[len(start.plays) :]
    index = VANILLA.action_index()
    print(f"{len(plays)} Turns of a scripted game (seed {args.seed})")

    engine: list[float] = []
    gsd: GSD = start
    for play in plays:
        began = time.perf_counter()
        result = adjudicate(gsd, play, VANILLA)
        engine.append(time.perf_counter() - began)
        assert result.legal, result.messages()
        gsd = result.state
    baseline = _figures("engine alone (warm)", engine, None)

    desks = (("desk, GSD kept (warm)", False, False), ("desk, GSD parsed (cold)", True, False),
             ("desk, restarted (no caches)", True, True))  # fmt: skip
    for name, fresh, restarted in desks:
        desk = EngineDesk()
        state = start.render(index)
        times: list[float] = []
        for number, play in enumerate(plays):
            desk = EngineDesk(prepare=False) if fresh else desk
            view = GameView(1, number, number, state, start.player_names)
            who = PlayerView(play.player, "x@example.org", 0)
            if restarted:
                clear_caches()
                forget()
            began = time.perf_counter()
            outcome = desk.submit(view, who, play.render(index))
            times.append(time.perf_counter() - began)
            assert outcome.verdict == "legal" and outcome.new_state, outcome
            state = outcome.new_state
        _figures(name, times, baseline)


if __name__ == "__main__":
    main()
