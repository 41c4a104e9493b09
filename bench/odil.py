"""Journey checks per second for One Day in London, beside a trivial baseline of the same run.

Checks a fixed mix of racks (random walks that are journeys, and random racks that mostly
break early) with ``check_journey``, and times, over the same racks, a list comparison of the
same ten names against a stored rack (the floor: what reading ten names costs at all). Prints
checks per second for each mix and the check's cost as a multiple of the baseline's.

Then turns per second: whole turns (``take deck, place N, discard pile N``, each checked for a
win as the rules do) applied to a dealt 3-player game, by the pure rules and through the kind
seam as the service calls it (parse the stored state, read the mail, judge, render the new
state), again as multiples of the same baseline.
Usage: ``.venv/bin/python bench/odil.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from referee.games.kind import GameView, PlayerView
from referee.games.one_day_in_london.journey import JourneyRules, check_journey
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.games.one_day_in_london.moves import Move, parse_move
from referee.games.one_day_in_london.network import load_game_network
from referee.games.one_day_in_london.rules import apply, new_game
from referee.games.one_day_in_london.state import GameState, Phase

NETWORK = load_game_network()
LOOSE = JourneyRules(turn_back_alongside=True)


def walk(rng: random.Random) -> tuple[str, ...]:
    """Ten stations walked on the lines by the rules (a journey)."""
    while True:
        stations = [rng.choice(NETWORK.stations)]
        last = None
        while len(stations) < 10:
            here = stations[-1]
            code = rng.choice(NETWORK.lines_at(here))
            line = NETWORK.line(code)
            at = line.position(here)
            options = [s for i, s in enumerate(line.stations) if i != at]
            if code == last:
                came = line.position(stations[-2])
                options = [s for i, s in enumerate(line.stations) if (i - at) * (at - came) > 0]
            if not options:
                break
            stations.append(rng.choice(options))
            last = code
        if len(stations) == 10 and check_journey(stations).journey:
            return tuple(stations)


def rate(
    label: str,
    work: Callable[[Sequence[str]], object],
    racks: list[tuple[str, ...]],
    seconds: float,
) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for rack in racks:
            work(rack)
        count += len(racks)
    per_second = count / (time.perf_counter() - start)
    print(f"  {label:<44} {per_second:>12,.0f} /s")
    return per_second


def turns(rng: random.Random, count: int) -> list[tuple[GameState, str, Move]]:
    """``count`` turns of dealt 3-player games: (the state before, the mover, the move)."""
    found: list[tuple[GameState, str, Move]] = []
    while len(found) < count:
        state = new_game(("Ann", "Ben", "Cat"), f"{rng.getrandbits(256):064x}")
        for slot in range(1, 11):
            for seat in state.seats:
                state = apply(state, seat.name, parse_move(f"place {slot}"))
        for _ in range(60):
            if state.phase is not Phase.TAKE or len(found) >= count:
                break
            empty = [n for n, pile in enumerate(state.piles, 1) if not pile] or [rng.randint(1, 3)]
            move = parse_move(f"take deck, place {rng.randint(1, 10)}, discard pile {empty[0]}")
            found.append((state, state.mover.name, move))
            state = apply(state, state.mover.name, move)
    return found


def turn_rate(label: str, work: Callable[[int], object], count: int, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for at in range(count):
            work(at)
        done += count
    per_second = done / (time.perf_counter() - start)
    print(f"  {label:<44} {per_second:>12,.0f} /s")
    return per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    seconds = parser.parse_args().seconds
    rng = random.Random(1999)
    journeys = [walk(rng) for _ in range(500)]
    randoms = [tuple(rng.choice(NETWORK.stations) for _ in range(10)) for _ in range(500)]
    stored = list(journeys[0])

    print("One Day in London journey check (2-core machine shared with other developers)")
    floor = rate(
        "baseline: list == stored rack (same racks)", lambda r: list(r) == stored, journeys, seconds
    )
    walked = rate("check_journey, racks that are journeys", check_journey, journeys, seconds)
    rate("check_journey, R1 setting on", lambda r: check_journey(r, rules=LOOSE), journeys, seconds)
    mixed = rate("check_journey, random racks (most break early)", check_journey, randoms, seconds)
    print(f"  a full check costs {floor / walked:,.0f}x the baseline")
    print(f"  a random rack costs {floor / mixed:,.0f}x the baseline")

    played = turns(rng, 300)
    texts = [state.render() for state, _, _ in played]
    mails = [move.render() for _, _, move in played]
    kind = OneDayInLondon()

    def judged(at: int) -> object:
        state, mover, _ = played[at]
        view = GameView(1, at, at, texts[at], tuple(seat.name for seat in state.seats))
        player = PlayerView(mover, f"{mover}@example.org", state.index(mover) + 1)
        return kind.judge(view, player, kind.read(view, mails[at]), rng)

    print("One Day in London turns (take, exchange, discard; the win checked each turn)")
    count = len(played)
    pure = turn_rate("rules.apply, a whole turn", lambda at: apply(*played[at]), count, seconds)
    seam = turn_rate("kind.read + kind.judge from stored text", judged, count, seconds)
    print(f"  a turn by the rules costs {floor / pure:,.0f}x the baseline")
    print(f"  a turn through the seam costs {floor / seam:,.0f}x the baseline")


if __name__ == "__main__":
    main()
