"""Restricted opening of Stations and Line Segments (rules 1.13.5, 1.13.6) and Peak Hours.

Rule 1.13.4: a Closed Station may not start, end or change Line in a Move, and a Closed Line
Segment may not be traversed. Rule 1.13.5 lists the Stations with restricted hours (all Holy
Stations, closed on Sundays; a dozen others by name; Mornington Crescent always, until
[Opening MC]); rule 1.13.6 lists the Line Segments, four of them open only in Peak Hours,
which are Monday to Saturday 0800 to 2000 inclusive. A Sunday-like Holiday (rule 1.13.7)
counts as a Sunday. How the rules' "until" is read is documented in opening.toml and in
rules/vanilla/readings.md#r1-13-7.

Time is (weekday 0=Monday..6=Sunday, minutes since midnight, holiday flag); every function
here is pure.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field, field_validator, model_validator

from referee.engine.tables._load import Row, read_table, table_path

FILENAME = "opening.toml"
SUNDAY = 6
DAY_SETS: dict[str, frozenset[int]] = {
    "daily": frozenset(range(7)),
    "Mon-Sat": frozenset(range(6)),
    "Mon-Fri": frozenset(range(5)),
    "Sat": frozenset({5}),
    "Sun": frozenset({SUNDAY}),
}
_WINDOW = re.compile(r"(\d{2})(\d{2})-(\d{2})(\d{2})")


def _minutes(text: str) -> int:
    if not re.fullmatch(r"\d{4}", text) or int(text[:2]) > 24 or int(text[2:]) > 59:
        raise ValueError(f"{text!r} is not a time like 0800")
    return int(text[:2]) * 60 + int(text[2:])


class Peak(Row):
    """Peak Hours: on these days, from start to end, both inclusive (rule 1.13.6)."""

    days: str
    start: str
    end: str

    @field_validator("days")
    @classmethod
    def _days(cls, value: str) -> str:
        if value not in DAY_SETS:
            raise ValueError(f"days {value!r} must be one of {', '.join(DAY_SETS)}")
        return value

    @model_validator(mode="after")
    def _times(self) -> Peak:
        _minutes(self.start), _minutes(self.end)
        return self

    def contains(self, weekday: int, minute: int) -> bool:
        """Whether the moment is in Peak Hours (end minute included)."""
        return weekday in DAY_SETS[self.days] and (
            _minutes(self.start) <= minute <= _minutes(self.end)
        )


class Schedule(Row):
    """Opening windows by day; days not named are closed all day."""

    schedule: dict[str, tuple[str, ...]]

    @field_validator("schedule")
    @classmethod
    def _check(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for days, windows in value.items():
            if days not in DAY_SETS:
                raise ValueError(f"days {days!r} must be one of {', '.join(DAY_SETS)}")
            for window in windows:
                if window in ("all", "peak"):
                    continue
                match = _WINDOW.fullmatch(window)
                if match is None:
                    raise ValueError(f"window {window!r} must be all, peak or HHMM-HHMM")
                start, end = window.split("-")
                if _minutes(start) >= _minutes(end):
                    raise ValueError(f"window {window!r} ends before it starts")
        return value

    def windows_on(self, weekday: int) -> tuple[str, ...]:
        """The windows for a day: the last key naming the day wins."""
        found: tuple[str, ...] = ()
        for days, windows in self.schedule.items():
            if weekday in DAY_SETS[days]:
                found = windows
        return found

    def open_at(self, weekday: int, minute: int, peak: Peak, *, closing_inclusive: bool) -> bool:
        """Whether a window of the day holds the minute."""
        for window in self.windows_on(weekday):
            if window == "all":
                return True
            if window == "peak":
                if peak.contains(weekday, minute):
                    return True
                continue
            start, end = (_minutes(t) for t in window.split("-"))
            if start <= minute < end or (closing_inclusive and minute == end):
                return True
        return False


class StationHours(Schedule):
    """Restricted opening of one Station (or of every Station of a category)."""

    name: str = ""
    category: str = ""
    line: str = ""

    @model_validator(mode="after")
    def _one_key(self) -> StationHours:
        if bool(self.name) == bool(self.category):
            raise ValueError("give either a Station `name` or a `category`, not both")
        return self


class SegmentHours(Schedule):
    """Restricted opening of one Line Segment, in both directions (rule 1.13.6)."""

    from_: str = Field(alias="from")
    to: str
    line: str


class OpeningTable(Row):
    """All restricted opening of a ruleset."""

    peak: Peak
    station: tuple[StationHours, ...]
    segment: tuple[SegmentHours, ...]

    def is_peak(self, weekday: int, minute: int, holiday: bool = False) -> bool:
        """Peak Hours, Monday to Saturday 0800 to 2000 inclusive; a Holiday is a Sunday."""
        return self.peak.contains(_day(weekday, holiday, minute), minute)

    def station_open(
        self,
        name: str,
        weekday: int,
        minute: int,
        holiday: bool = False,
        *,
        line: str | None = None,
        holy: bool = False,
        collection_plate: bool = False,
        opening_mc: bool = False,
        closing_inclusive: bool = False,
    ) -> bool:
        """Whether a Station is Open (rule 1.13.5); every restriction that applies must allow it.

        ``holy`` says the Station is Holy now (a Defamed one is not, rule 1.11.7);
        ``collection_plate`` and ``opening_mc`` are those Actions played this Turn. ``line``
        names the platforms for a Station restricted on one Line only (Turnham Green (PD));
        without it such a restriction does not apply, the Station's other Lines being open.
        """
        day = _day(weekday, holiday, minute)
        for hours in self.station:
            if hours.category:
                if hours.category != "Holy" or not holy or collection_plate:
                    continue
            elif hours.name != name or (hours.line and hours.line != line):
                continue
            if hours.name == "Mornington Crescent" and opening_mc:
                continue
            if not hours.open_at(day, minute, self.peak, closing_inclusive=closing_inclusive):
                return False
        return True

    def segment_hours(self, a: str, b: str, line: str) -> SegmentHours | None:
        """The restricted Line Segment with these ends (either order) on ``line``, if any."""
        for hours in self.segment:
            if hours.line == line and {hours.from_, hours.to} == {a, b}:
                return hours
        return None

    def segment_open(
        self,
        a: str,
        b: str,
        line: str,
        weekday: int,
        minute: int,
        holiday: bool = False,
        *,
        closing_inclusive: bool = False,
    ) -> bool:
        """Whether the restricted Line Segment from ``a`` to ``b`` is Open (rule 1.13.6).

        A Segment the rule does not restrict is always Open.
        """
        hours = self.segment_hours(a, b, line)
        if hours is None:
            return True
        day = _day(weekday, holiday, minute)
        return hours.open_at(day, minute, self.peak, closing_inclusive=closing_inclusive)


def _day(weekday: int, holiday: bool, minute: int) -> int:
    if not 0 <= weekday <= SUNDAY:
        raise ValueError(f"weekday {weekday} must be 0 (Monday) to 6 (Sunday)")
    if not 0 <= minute < 24 * 60:
        raise ValueError(f"minute {minute} must be 0 to 1439 (minutes since midnight)")
    return SUNDAY if holiday else weekday


def is_open(
    schedule: Schedule, weekday: int, minute: int, holiday: bool = False, *, peak: Peak
) -> bool:
    """Whether ``schedule`` is open at the moment; a Sunday-like Holiday is a Sunday."""
    day = _day(weekday, holiday, minute)
    return schedule.open_at(day, minute, peak, closing_inclusive=False)


@cache
def load_opening(ruleset: str = "vanilla") -> OpeningTable:
    """The checked ``opening.toml`` of a ruleset, read once."""
    return read_table(OpeningTable, table_path(ruleset, FILENAME))
