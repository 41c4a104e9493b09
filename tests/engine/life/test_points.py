"""Rule 1.1.9 - What Do Points Mean?"""

from __future__ import annotations

import pytest

from referee.engine.life.points import grandmaster, score_win


def test_1_1_9_winner_gains_two_and_one_per_richer_rival() -> None:
    before = {"Rushton": 3, "Ellis": 5, "Noon": 4, "Kitson": 1}
    after = score_win(before, "Rushton", ["Rushton", "Ellis", "Noon", "Kitson", "Drone"])
    assert after["Rushton"] == 3 + 2 + 2  # Ellis and Noon had more
    assert after["Ellis"] == 4
    assert after["Noon"] == 3
    assert after["Kitson"] == 0


def test_1_1_9_points_never_fall_below_zero() -> None:
    after = score_win({"A": 0, "B": 0}, "A", ["A", "B"])
    assert after == {"A": 2, "B": 0}


def test_1_1_9_richer_means_richer_before_this_game() -> None:
    # B had 3 against A's 2: A gains 1 for B, though after A's bonus A is ahead.
    assert score_win({"A": 2, "B": 3}, "A", ["A", "B"])["A"] == 5


def test_1_1_9_team_mates_neither_count_nor_lose() -> None:
    after = score_win({"A": 0, "B": 9, "C": 9}, "A", ["A", "B", "C"], team_mates=["B"])
    assert after == {"A": 3, "B": 9, "C": 8}


def test_1_1_3_players_who_resigned_are_not_scored() -> None:
    after = score_win({"A": 0, "B": 4, "Gone": 7}, "A", ["A", "B"])
    assert after == {"A": 3, "B": 3, "Gone": 7}


def test_1_1_9_newcomers_start_with_none() -> None:
    assert score_win({}, "A", ["A", "B"]) == {"A": 2, "B": 0}


def test_1_15_1_the_drone_cannot_win() -> None:
    with pytest.raises(ValueError, match="Drone may not win"):
        score_win({}, "Drone", ["A", "Drone"])


def test_the_winner_must_have_finished() -> None:
    with pytest.raises(ValueError, match="did not finish"):
        score_win({}, "Z", ["A", "B"])


def test_1_1_9_grandmaster_has_more_points_than_any_other() -> None:
    assert grandmaster({"A": 5, "B": 3}) == "A"
    assert grandmaster({"A": 5, "B": 5, "C": 1}) is None
    assert grandmaster({}) is None
    assert grandmaster({"A": 0}) == "A"
