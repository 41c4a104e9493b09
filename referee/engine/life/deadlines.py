"""Real-time deadlines of the game: turns, buzzes, judgments and long silence.

Rule 1.3.5 - Timing is Everything: a player has 36 hours for a turn, counted from when the
previous turn was submitted, and Saturdays and Sundays do not count. A turn submitted at the
weekend starts the count at 00:00 GMT on the following Monday. Rules 1.16.3 (36 hours to
concede or contest a buzz, and again for the defence), 1.16.4 (three days for a referee's
judgment) and 1.1.10 (two calendar months without a move is a resignation) set the others.

All times are timezone-aware UTC; the rule's "GMT" is taken as UTC all year round (the game
ignores British Summer Time). Whether the weekend exemption also stretches the buzz deadlines
is a choice players could make either way: rule 1.3.5 speaks only of turns, so by default it
does not, and :class:`DeadlinePolicy` makes it one setting (see rules/vanilla/readings.md#r1-3-5).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

TURN_ALLOWANCE = timedelta(hours=36)
"""Rule 1.3.5: the time a player has to take a turn (weekdays only)."""

BUZZ_ALLOWANCE = timedelta(hours=36)
"""Rule 1.16.3: the time to concede or contest a buzz, and then the defence."""

JUDGMENT_ALLOWANCE = timedelta(days=3)
"""Rule 1.16.4: a selected referee who passes no judgment in this time is replaced."""

INACTIVITY_MONTHS = 2
"""Rule 1.1.10: calendar months without a move after which a player has resigned."""

_SATURDAY = 5


def _require_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError(f"{moment.isoformat()} has no time zone; deadlines need aware times")
    return moment.astimezone(UTC)


def is_weekend(moment: datetime) -> bool:
    """True on Saturday or Sunday (UTC), the days rule 1.3.5 leaves out of the count."""
    return _require_utc(moment).weekday() >= _SATURDAY


def _next_monday(moment: datetime) -> datetime:
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight + timedelta(days=7 - midnight.weekday())


def add_weekday_time(start: datetime, span: timedelta) -> datetime:
    """Return the moment ``span`` of weekday time after ``start`` (rule 1.3.5).

    Weekend time is skipped; a start that falls at the weekend counts from the following
    Monday at 00:00. So 36 hours from Friday 10:00 ends on Monday at 22:00.
    """
    moment = _require_utc(start)
    if span < timedelta(0):
        raise ValueError("a deadline cannot lie before its start")
    remaining = span
    while True:
        if is_weekend(moment):
            moment = _next_monday(moment)
        weekend_starts = moment.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(
            days=_SATURDAY - moment.weekday()
        )
        available = weekend_starts - moment
        if remaining < available:
            return moment + remaining
        remaining -= available
        moment = weekend_starts


def months_later(start: datetime, months: int) -> datetime:
    """The same time ``months`` calendar months on, clamped to the month's last day.

    Rule 1.1.10 counts calendar months, so 31 December plus two months is 28 or 29 February.
    """
    moment = _require_utc(start)
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


@dataclass(frozen=True)
class DeadlinePolicy:
    """How a game counts its deadlines; the defaults are the vanilla rules' own reading."""

    weekend_exempt_buzzes: bool = False
    """Whether rule 1.3.5's weekend exemption also applies to the 36 hours of rule 1.16.3."""

    def turn_due(self, previous_turn_at: datetime) -> datetime:
        """When the next turn falls due, counted from the previous turn (rule 1.3.5)."""
        return add_weekday_time(previous_turn_at, TURN_ALLOWANCE)

    def buzz_step_due(self, step_taken_at: datetime) -> datetime:
        """When a buzz or a defence goes unanswered (rule 1.16.3): silence concedes."""
        if self.weekend_exempt_buzzes:
            return add_weekday_time(step_taken_at, BUZZ_ALLOWANCE)
        return _require_utc(step_taken_at) + BUZZ_ALLOWANCE

    def judgment_due(self, referee_selected_at: datetime) -> datetime:
        """When a silent referee is replaced by another drawn at random (rule 1.16.4)."""
        return _require_utc(referee_selected_at) + JUDGMENT_ALLOWANCE

    def resigned_after_silence(self, last_move_at: datetime) -> datetime:
        """When a player with no move since ``last_move_at`` has resigned (rule 1.1.10)."""
        return months_later(last_move_at, INACTIVITY_MONTHS)


VANILLA_DEADLINES = DeadlinePolicy()
"""The vanilla rules' deadlines, the default wherever a game sets no policy of its own."""
