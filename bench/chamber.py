"""What tallying a proposal costs among 100 players (ifMUD rule 10), and what a chamber
command pays around it.

In the same run, per call:

- baseline: counting the ayes of 100 players in a plain dict (the irreducible loop);
- ``tally``: the pure tally of one proposal among 100 players (ayes, nays, implied, silent);
- ``Chamber.tally``: the same with the electorate worked out from the roll (rule 21's section);
- ``Chamber.advance``: bringing the chamber up to a moment when nothing is due (what every
  message to a game with a chamber does first: its schedule covers 100 players' weeks);
- ``load`` from SQLite: the chamber read back from the store, as each command reads it.

Prints the median and p99 of each and its ratio to the baseline.

Run: ``.venv/bin/python bench/chamber.py [--players 100] [--repeat 2000]``
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path

from timing import figures, timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.chamber import Chamber, Vote, tally
from referee.service import chamber as floor
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade

T0 = datetime(2026, 11, 2, 9, 30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    names = [f"Player{i:03d}" for i in range(args.players)]
    chamber = Chamber.opened(names, T0)
    chamber = chamber.propose(names[0], "Cheap fares [P0]", "Fares are halved.", T0).chamber
    for i, name in enumerate(names[1:], 1):  # two thirds vote, one in ten of them nay
        if i % 3:
            vote = Vote.NAY if i % 10 == 0 else Vote.AYE
            chamber = chamber.vote(name, "Cheap fares [P0]", vote, T0).chamber
    proposal = chamber.proposal("Cheap fares [P0]")
    electorate = chamber.electorate(proposal)
    now = T0 + timedelta(hours=80)
    plain = {name: vote.value for name, vote in proposal.votes}

    print(
        f"{args.players} players, one proposal, {len(proposal.votes)} votes cast; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    base = figures(
        "baseline: count ayes in a dict",
        timed(lambda: sum(1 for n in names if plain.get(n) == "aye"), args.repeat),
        None,
    )
    figures("tally()", timed(lambda: tally(proposal, electorate, now), args.repeat), base)
    figures("Chamber.tally()", timed(lambda: chamber.tally(proposal, now), args.repeat), base)
    quiet = T0 + timedelta(days=1)
    figures(
        "Chamber.advance(), nothing due", timed(lambda: chamber.advance(quiet), args.repeat), base
    )

    engine = make_engine("sqlite://")
    upgrade(engine)
    factory = sessions(engine)
    with factory.begin() as session:
        game = games.create_game(session, 1, "mc1@lounge.example.org", T0)
        for i, name in enumerate(names):
            games.join(session, game, games.add_player(session, name, f"p{i}@example.org"), i)
        floor.open_chamber(session, game, T0, timedelta(hours=12))
        floor.save(session, game, chamber)
    with factory() as session:
        stored = games.game_by_number(session, 1)
        assert stored is not None
        loaded = floor.load(session, stored)
        assert loaded is not None and loaded.proposals == chamber.proposals
        figures(
            "load from SQLite", timed(lambda: floor.load(session, stored), args.repeat // 10), base
        )


if __name__ == "__main__":
    main()
