"""Game Time (rule 1.13.1 - The Richard Whiteley Experience).

Game Time is a day of the week and a 24-hour clock time, written ``Wednesday 2340``. After a
Night Train (rule 1.13.1) the GSD marks the time with an asterisk; the referee writes it after
the time: ``Thursday 0020*``. Players write days in full or abbreviated, times as ``2340``,
``23:40`` or ``23.40``; all are read.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from referee.notation.errors import NotationError
from referee.quoting import excerpt


class Day(StrEnum):
    """A day of the Game Time week."""

    MONDAY = "Monday"
    TUESDAY = "Tuesday"
    WEDNESDAY = "Wednesday"
    THURSDAY = "Thursday"
    FRIDAY = "Friday"
    SATURDAY = "Saturday"
    SUNDAY = "Sunday"

    @classmethod
    def parse(cls, text: str) -> Day:
        """Read a day in full or by a common abbreviation (Mon, Tue, Tues, Thu, Thurs ...)."""
        key = text.strip().lower().rstrip(".")
        for day in cls:
            name = day.value.lower()
            if key == name or (len(key) >= 2 and name.startswith(key) and _unique_prefix(key)):
                return day
        raise NotationError(
            f"'{excerpt(text.strip())}' is not a day of the week; write e.g. Monday or Mon",
            column=1,
        )


def _unique_prefix(key: str) -> bool:
    return sum(day.value.lower().startswith(key) for day in Day) == 1


_TIME = re.compile(
    r"^\s*(?P<day>[A-Za-z]+)\.?,?\s+(?P<star1>\*)?\s*(?P<h>\d{1,2})\s*[:.h]?\s*(?P<m>\d{2})"
    r"\s*(?P<star2>\*)?\s*$"
)


class GameTime(BaseModel):
    """A moment of Game Time: day, hour, minute, and whether a Night Train is running."""

    model_config = ConfigDict(frozen=True)

    day: Day
    hour: int = Field(ge=0, le=23)
    minute: int = Field(ge=0, le=59)
    night_train: bool = False

    @classmethod
    def parse(cls, text: str) -> GameTime:
        """Read ``Wednesday 2340``, ``Wed 23:40``, ``Thursday 0020*`` and the like."""
        match = _TIME.match(text)
        if match is None:
            raise NotationError(
                f"'{excerpt(text.strip())}' is not a Game Time; write the day and the 24-hour "
                "time, e.g. 'Wednesday 2340'",
                column=1,
            )
        day = Day.parse(match.group("day"))
        hour, minute = int(match.group("h")), int(match.group("m"))
        if hour > 23 or minute > 59:
            raise NotationError(
                f"'{match.group('h')}{match.group('m')}' is not a time of day; "
                "write 24-hour time from 0000 to 2359",
                column=match.start("h") + 1,
            )
        star = bool(match.group("star1") or match.group("star2"))
        return cls(day=day, hour=hour, minute=minute, night_train=star)

    def render(self) -> str:
        """``Wednesday 2340``, with ``*`` appended after a Night Train."""
        return f"{self.day.value} {self.hour:02d}{self.minute:02d}" + (
            "*" if self.night_train else ""
        )

    def __str__(self) -> str:
        return self.render()
