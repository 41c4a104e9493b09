"""Deadlines of rules 1.3.5, 1.16.3, 1.16.4 and 1.1.10, at their boundaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from referee.engine.life.deadlines import (
    DeadlinePolicy,
    add_weekday_time,
    is_weekend,
    months_later,
)

POLICY = DeadlinePolicy()


def at(day: int, hour: int, minute: int = 0, month: int = 11, year: int = 2026) -> datetime:
    """A moment in November 2026 by default (the 20th is a Friday, the 23rd a Monday)."""
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_calendar_of_these_tests() -> None:
    assert at(20, 0).strftime("%A") == "Friday"
    assert at(23, 0).strftime("%A") == "Monday"


def test_1_3_5_friday_10am_gives_until_monday_10pm() -> None:
    assert POLICY.turn_due(at(20, 10)) == at(23, 22)


def test_1_3_5_a_weekday_turn_gets_36_plain_hours() -> None:
    assert POLICY.turn_due(at(17, 9)) == at(18, 21)  # Tuesday 09:00 -> Wednesday 21:00


@pytest.mark.parametrize(
    "submitted", [at(21, 0), at(21, 13, 30), at(22, 23, 59), at(22, 0)], ids=str
)
def test_1_3_5_weekend_turns_start_the_count_at_monday_midnight(submitted: datetime) -> None:
    assert POLICY.turn_due(submitted) == at(24, 12)  # Monday 00:00 + 36 h


def test_1_3_5_boundaries_of_the_weekend() -> None:
    assert not is_weekend(at(20, 23, 59))
    assert is_weekend(at(21, 0))
    assert is_weekend(at(22, 23, 59))
    assert not is_weekend(at(23, 0))


def test_1_3_5_thursday_noon_runs_to_friday_midnight_exactly() -> None:
    assert POLICY.turn_due(at(19, 12)) == at(23, 0)


def test_1_3_5_one_minute_later_spills_past_the_weekend() -> None:
    assert POLICY.turn_due(at(19, 12, 1)) == at(23, 0, 1)


def test_1_3_5_a_long_span_skips_every_weekend() -> None:
    assert add_weekday_time(at(20, 10), timedelta(days=5)) == at(27, 10)


def test_1_3_5_other_time_zones_are_read_as_utc() -> None:
    paris = timezone(timedelta(hours=1))
    friday_11_paris = datetime(2026, 11, 20, 11, tzinfo=paris)
    assert POLICY.turn_due(friday_11_paris) == at(23, 22)


def test_naive_times_are_refused() -> None:
    with pytest.raises(ValueError, match="no time zone"):
        POLICY.turn_due(datetime(2026, 11, 20, 10))


def test_1_16_3_buzz_steps_get_plain_36_hours_by_default() -> None:
    assert POLICY.buzz_step_due(at(20, 10)) == at(21, 22)


def test_1_16_3_weekend_exemption_for_buzzes_is_one_setting() -> None:
    assert DeadlinePolicy(weekend_exempt_buzzes=True).buzz_step_due(at(20, 10)) == at(23, 22)


def test_1_16_4_a_referee_has_three_days() -> None:
    assert POLICY.judgment_due(at(20, 10)) == at(23, 10)


def test_1_1_10_two_calendar_months_of_silence() -> None:
    assert POLICY.resigned_after_silence(at(20, 10)) == at(20, 10, month=1, year=2027)


def test_1_1_10_month_ends_are_clamped() -> None:
    last = datetime(2026, 12, 31, 8, tzinfo=UTC)
    assert months_later(last, 2) == datetime(2027, 2, 28, 8, tzinfo=UTC)
    assert months_later(datetime(2027, 12, 31, tzinfo=UTC), 2) == datetime(2028, 2, 29, tzinfo=UTC)
