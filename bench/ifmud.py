"""What judging one ifMUD Nomic posting costs, beside reading and writing the state alone.

In the same run, per posting, on the state of the scripted four-player game after 60 turns
(tests/games/ifmud/test_scripted_game.py's map and tokens):

- baseline: ``GameState.parse`` then ``render`` of that state (what any judgement must pay,
  since the store keeps the state document);
- ``judge`` of ``end turn`` (visits, the servant sent home, the next player);
- ``judge`` of ``move to ROOM`` (points, tolls, quests, the pie bomb, rule 42's check);
- ``IfmudNomic.judge`` through the seam: read the posting, parse the state, judge with the
  game's seeded dice, render the new state;
- ``ifmud_roll.mirror``: what every store of the game's chamber now adds, copying the
  chamber's Passive Voters into the state (rule 31), when the copy already agrees.

Prints the median and p99 of each and its ratio to the baseline.

Run: ``.venv/bin/python bench/ifmud.py [--repeat 500]``
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from timing import figures, timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.chamber import Chamber
from referee.engine.dice import RecordingDice
from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.board import neighbours
from referee.games.ifmud.judge import judge
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.games.kind import GameView, PlayerView
from referee.service import ifmud_roll
from referee.store.models import Game
from tests.games.ifmud.test_scripted_game import OPENING, SECOND, play, rounds


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
    base = figures(
        "baseline: parse + render the state",
        timed(lambda: GameState.parse(text).render(), args.repeat),
        None,
    )
    rng = random.Random(1)
    end = parse_actions("end turn")
    move = parse_actions(f"move to {to}")
    figures(
        "judge: end turn",
        timed(lambda: judge(state, active, end, RecordingDice(rng), now), args.repeat),
        base,
    )
    figures(
        f"judge: move to {to}",
        timed(lambda: judge(state, active, move, RecordingDice(rng), now), args.repeat),
        base,
    )
    kind = IfmudNomic(lambda: now)
    view = GameView(4, 1, 1, text, SEED_PLAYERS, seed=bytes(32), draw="message 1")
    seat = PlayerView(active, "p@example.org", 1)
    figures(
        "IfmudNomic.judge (read, parse, render)",
        timed(lambda: kind.judge(view, seat, kind.read(view, "end turn"), rng), args.repeat),
        base,
    )
    game = Game(kind=kind.name, state=text, version=1)
    roll = Chamber.opened([p.name for p in state.players], now)
    figures(
        "ifmud_roll.mirror (chamber stored)",
        timed(lambda: ifmud_roll.mirror(game, roll), args.repeat),
        base,
    )


if __name__ == "__main__":
    main()
