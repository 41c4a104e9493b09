"""Order of play when players join a game (rule 1.1.12 - Order of Play).

The Speaker seats players so that no player keeps following the same player from game to game,
and seats them at random within that constraint. This module reads "minimised" as follows:

- Turns go round (rule 1.3.2 returns to the first player after the last), so in the order
  A, B, C the follows are B after A, C after B and A after C.
- A candidate seating is scored by the follow counts it would leave behind, taken over the
  pairs it creates: first the largest such count, then their sum. The lowest score wins, and
  ties are broken by the injected random source, so a recorded seed reproduces the seating.
- Players already seated keep their relative order (joining must not reshuffle a running
  game); joiners are inserted between them. A new game is the case with nobody seated yet,
  and its first player is then chosen at random.

Every seating is tried while there are at most :data:`EXHAUSTIVE_LIMIT` of them; beyond that,
joiners are placed one at a time, each in the best gap.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from math import prod

FollowCounts = Mapping[tuple[str, str], int]
"""How often, across all games, the second player has taken eir turn right after the first."""

EXHAUSTIVE_LIMIT = 50_000


def follows(order: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The (leader, follower) pairs of a cyclic order of play."""
    if len(order) < 2:
        return
    for index, follower in enumerate(order):
        yield order[index - 1], follower


def tally(orders: Sequence[Sequence[str]]) -> Counter[tuple[str, str]]:
    """Follow counts across the given orders of play (one per game)."""
    counts: Counter[tuple[str, str]] = Counter()
    for order in orders:
        counts.update(follows(order))
    return counts


def _score(order: Sequence[str], history: FollowCounts) -> tuple[int, int]:
    after = [history.get(pair, 0) + 1 for pair in follows(order)]
    return (max(after, default=0), sum(after))


def _insertions(order: tuple[str, ...], joiners: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    if not joiners:
        yield order
        return
    head, rest = joiners[0], joiners[1:]
    for gap in range(1, len(order) + 1) if order else (0,):
        yield from _insertions((*order[:gap], head, *order[gap:]), rest)


def _best(
    candidates: Sequence[tuple[str, ...]], history: FollowCounts, rng: random.Random
) -> tuple[str, ...]:
    scores = [_score(candidate, history) for candidate in candidates]
    lowest = min(scores)
    return rng.choice([c for c, s in zip(candidates, scores, strict=True) if s == lowest])


def seat_players(
    seated: Sequence[str],
    joiners: Sequence[str],
    history: FollowCounts,
    rng: random.Random,
) -> tuple[str, ...]:
    """Return the new order of play with ``joiners`` added to ``seated`` (rule 1.1.12)."""
    clash = set(seated) & set(joiners)
    if clash or len(set(joiners)) != len(joiners):
        raise ValueError(f"a player cannot be seated twice: {sorted(clash or set(joiners))}")
    pending = list(joiners)
    rng.shuffle(pending)
    order = tuple(seated)
    if not order and pending:
        order, pending = (pending[0],), pending[1:]
    count = prod(range(len(order), len(order) + len(pending)))
    if count <= EXHAUSTIVE_LIMIT:
        order = _best(list(_insertions(order, tuple(pending))), history, rng)
    else:
        for joiner in pending:
            order = _best(list(_insertions(order, (joiner,))), history, rng)
    if not seated and order:
        start = rng.randrange(len(order))
        order = order[start:] + order[:start]
    return order
