"""What judging one ifMUD Nomic posting costs, beside reading and writing the state alone.

In the same run, per posting, on the state of the scripted four-player game after 60 turns
(tests/games/ifmud/test_scripted_game.py's map and tokens):

- baseline: ``GameState.parse`` then ``render`` of that state (what any judgement must pay,
  since the store keeps the state document);
- ``judge`` of ``end turn`` (visits, the servant sent home, the next player);
- ``judge`` of ``move to ROOM`` (points, tolls, quests, the pie bomb, rule 42's check);
- ``IfmudNomic.judge`` through the seam: read the posting, parse the state, judge with the
  game's seeded dice, render the new state.

Prints the median and p99 of each and its ratio to the baseline.

Run: ``.venv/bin/python bench/ifmud.py [--repeat 500]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine.dice import RecordingDice
from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.board import neighbours
from referee.games.ifmud.judge import judge
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.games.kind import GameView, PlayerView
from tests.games.ifmud.test_scripted_game import OPENING, SECOND, play, rounds


def _time(call: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def _figures(name: str, times: list[float], baseline: float | None) -> float:
    median = statistics.median(times) * 1e6
    p99 = sorted(times)[int(len(times) * 0.99) - 1] * 1e6
    ratio = f"  x{median / baseline:.1f} of the baseline" if baseline else ""
    print(f"{name:<36} median {median:9.1f} us  p99 {p99:9.1f} us{ratio}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=500)
    args = parser.parse_args()
    state, _ = play(OPENING + SECOND + rounds(10))
    text = state.render()
    active = state.active or SEED_PLAYERS[0]
    here = state.player(active).location
    to = sorted(neighbours(state, here))[0]
    now = (state.turn_began or state.time).replace(microsecond=0)
    print(
        f"turn {state.turn}, {len(state.tokens)} tokens, {len(state.rooms)} rooms, "
        f"{len(state.connections)} connections, {len(text)} characters; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    base = _figures(
        "baseline: parse + render the state",
        _time(lambda: GameState.parse(text).render(), args.repeat),
        None,
    )
    rng = random.Random(1)
    end = parse_actions("end turn")
    move = parse_actions(f"move to {to}")
    _figures(
        "judge: end turn",
        _time(lambda: judge(state, active, end, RecordingDice(rng), now), args.repeat),
        base,
    )
    _figures(
        f"judge: move to {to}",
        _time(lambda: judge(state, active, move, RecordingDice(rng), now), args.repeat),
        base,
    )
    kind = IfmudNomic(lambda: now)
    view = GameView(4, 1, 1, text, SEED_PLAYERS, seed=bytes(32), draw="message 1")
    seat = PlayerView(active, "p@example.org", 1)
    _figures(
        "IfmudNomic.judge (read, parse, render)",
        _time(lambda: kind.judge(view, seat, kind.read(view, "end turn"), rng), args.repeat),
        base,
    )


if __name__ == "__main__":
    main()
