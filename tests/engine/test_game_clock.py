"""Game Time (rules 1.13.1 and 1.13.3)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from referee.engine.game_clock import advance, random_game_time
from referee.notation.gametime import GameTime
from tests.engine.builder import game, play, rules_broken


def at(text: str) -> GameTime:
    return GameTime.parse(text)


def test_1_13_1_wednesday_2340_plus_40_minutes_is_thursday_0520() -> None:
    """Rule 1.13.1's example: the 0000-0500 skip advances the day."""
    assert advance(at("Wednesday 2340"), 40) == at("Thursday 0520")


def test_1_13_1_sunday_rolls_over_to_monday() -> None:
    """Rule 1.13.1: the day after Sunday is Monday."""
    assert advance(at("Sunday 2350"), 20) == at("Monday 0510")


def test_1_13_1_night_train_cancels_the_first_skip_and_marks_the_time() -> None:
    """Rule 1.13.1: with a Night Train the skip is ignored (the day still turns at 0000), and
    the asterisk shows; our reading clears it once the clock reaches 0500."""
    running = advance(at("Wednesday 2340*"), 40)
    assert running == at("Thursday 0020*")
    assert advance(running, 280) == at("Thursday 0500")


def test_1_13_3_a_move_and_an_action_take_ten_minutes_each() -> None:
    """Rule 1.13.3: ten minutes per Action and per Move unless stated."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, time="Wednesday 1200")
    result = play(gsd, "Rushton : [LV+3] Euston (VC via: CN,NT)")
    assert result.state.time == at("Wednesday 1220")


def test_1_13_3_pass_takes_no_time() -> None:
    """Rule 1.13.3: a Move of Pass has no duration."""
    result = play(game({"Rushton": "Holborn (CN)"}), "Rushton : Pass Holborn (CN)")
    assert result.state.time == at("Wednesday 1200")


def test_1_13_1_a_turn_longer_than_an_hour_is_illegal() -> None:
    """Rule 1.13.1: a Turn that runs past its hour is Illegal ([Night Train] takes ten
    minutes, the index's standard duration; seven Actions and a Move is 80 minutes)."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": "5 Bk, 9 Go"})
    ok = play(gsd, "Rushton : [LV+1] [Opening MC] [LV-1] Pass Holborn (CN)")
    assert ok.legal, ok.messages()
    long = play(gsd, "Rushton : [LV+1] [Opening MC] [LV-1] Holborn (CN) "
                     "[Night Train] [Night Train] [Night Train] [Night Train]")  # fmt: skip
    assert "1.13.1" in rules_broken(long)


def test_1_13_1_no_targeting_between_0000_and_0500() -> None:
    """Rule 1.13.1: Actions that target other Players cannot be played between 0000 and 0500
    (the Action here is not yet adjudicated, but the timing rule is judged regardless)."""
    late = game({"Rushton": "Holborn (CN)"}, time="Thursday 0020*")
    result = play(late, "Rushton : [Applauding Cryer] Pass Holborn (CN)")
    assert "1.13.1" in rules_broken(result)
    day = game({"Rushton": "Holborn (CN)"}, time="Thursday 1020")
    assert "1.13.1" not in rules_broken(play(day, "Rushton : [Applauding Cryer] Pass Holborn (CN)"))


@given(st.integers(min_value=0, max_value=2**64))
def test_1_13_1_a_new_games_random_time_is_never_in_the_night_skip(seed: int) -> None:
    """Rules 1.1.2 and 1.13.1: the Speaker's random Game Time is one the clock can show; with
    no Night Train running it skips 0000 to 0459, so a new game never starts there."""
    time = random_game_time(random.Random(seed))
    assert (time.hour, time.minute) >= (5, 0)
    assert not time.night_train


def test_1_13_1_every_showable_minute_can_be_drawn() -> None:
    """Rule 1.1.2: random to the minute over the whole day the clock shows, 0500 to 2359."""
    rng = random.Random(3)
    seen = {(t.hour, t.minute) for t in (random_game_time(rng) for _ in range(20000))}
    assert min(seen) == (5, 0) and max(seen) == (23, 59)
