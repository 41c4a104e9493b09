"""Rule 1.1.12 - Order of Play: minimise repeated follows, random within that."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from referee.engine.life.order_of_play import follows, seat_players, tally


def test_follows_wrap_round_as_turns_do() -> None:
    assert list(follows(["A", "B", "C"])) == [("C", "A"), ("A", "B"), ("B", "C")]
    assert list(follows(["A"])) == []


def test_1_1_12_a_new_game_seats_everyone_once() -> None:
    order = seat_players([], ["A", "B", "C", "D"], {}, random.Random(1))
    assert sorted(order) == ["A", "B", "C", "D"]


def test_1_1_12_avoids_a_follow_that_has_happened_before() -> None:
    history = tally([["A", "B", "C"], ["A", "B", "C"]])
    for seed in range(20):
        order = seat_players([], ["A", "B", "C"], history, random.Random(seed))
        assert ("A", "B") not in set(follows(order)), order


def test_1_1_12_the_choice_is_optimal_against_brute_force() -> None:
    players = ["A", "B", "C", "D", "E"]
    history = tally([["A", "B", "C", "D", "E"], ["E", "D", "C", "B", "A"], ["A", "C", "E"]])

    def worst(order: tuple[str, ...]) -> tuple[int, int]:
        after = [history.get(pair, 0) + 1 for pair in follows(order)]
        return max(after), sum(after)

    best = min(worst(p) for p in permutations(players))
    for seed in range(10):
        assert worst(seat_players([], players, history, random.Random(seed))) == best


def test_1_1_12_random_within_the_constraint() -> None:
    seen = Counter(seat_players([], ["A", "B", "C", "D"], {}, random.Random(s)) for s in range(200))
    assert len(seen) > 6
    firsts = Counter(order[0] for order in seen.elements())
    assert set(firsts) == {"A", "B", "C", "D"}


def test_1_1_12_the_same_seed_gives_the_same_seating() -> None:
    history = tally([["A", "B", "C", "D"]])
    first = seat_players([], ["A", "B", "C", "D"], history, random.Random(7))
    assert seat_players([], ["A", "B", "C", "D"], history, random.Random(7)) == first


def test_1_1_12_joiners_keep_the_seated_order() -> None:
    seated = ["A", "B", "C"]
    history = tally([["B", "D"]])
    for seed in range(10):
        order = seat_players(seated, ["D"], history, random.Random(seed))
        assert [p for p in order if p != "D"] == seated
        assert ("B", "D") not in set(follows(order))


def test_1_1_12_large_games_fall_back_to_one_joiner_at_a_time() -> None:
    players = [f"P{i}" for i in range(12)]
    order = seat_players([], players, tally([players]), random.Random(3))
    assert sorted(order) == sorted(players)
    assert max(tally([players, order]).values()) == 1


def test_a_player_cannot_be_seated_twice() -> None:
    with pytest.raises(ValueError, match="seated twice"):
        seat_players(["A"], ["A"], {}, random.Random(0))
