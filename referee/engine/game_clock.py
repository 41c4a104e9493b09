"""Game Time arithmetic (section 1.13).

Rule 1.13.1 - The Richard Whiteley Experience: every Action and Move moves Game Time on by its
duration; a Turn may last at most one hour, and a Turn that runs past that is Illegal. The
clock never shows 0000 to 0459: reaching midnight moves the day on and jumps to 0500, unless a
Night Train is running, in which case the first such jump is not made (the day still turns at
midnight) and the GSD marks the time with an asterisk.

Rule 1.13.3 - Carol Vorderman's Revenge: an Action or a Move takes ten minutes unless a rule
says otherwise; paying or collecting Tokens, Pass and Timeout take none.

Our reading of the asterisk (rules/vanilla/readings.md#r1-13-1): it is set when [Night Train] is
played, stays while the skip it cancels is pending or under way, and clears when the clock
next reaches 0500 after midnight.
"""

from __future__ import annotations

import random

from referee.notation.gametime import Day, GameTime

DAY_MINUTES = 24 * 60
SKIP_END = 5 * 60
"""0500: where the night skip of rule 1.13.1 lands."""
TURN_LIMIT = 60
"""Rule 1.13.1: a Turn's default maximum duration, in minutes."""
MOVE_DURATION = 10
"""Rule 1.13.3: a Piece's movement takes ten minutes."""
TIMEOUT_DURATION = 60
"""Rule 1.3.5: a Timeout advances Game Time by one hour."""

_DAYS = tuple(Day)


def random_game_time(rng: random.Random) -> GameTime:
    """Rule 1.1.2 - A New Game: the Speaker picks the Game Time at random, to the minute,
    among the times the clock can show: no Night Train runs in a new game, so never 0000 to
    0459 (rule 1.13.1)."""
    day = rng.choice(_DAYS)
    hour = rng.randrange(SKIP_END // 60, DAY_MINUTES // 60)
    return GameTime(day=day, hour=hour, minute=rng.randrange(60))


def minute_of_day(time: GameTime) -> int:
    return time.hour * 60 + time.minute


def weekday(time: GameTime) -> int:
    """0 for Monday to 6 for Sunday, as the opening tables count."""
    return _DAYS.index(time.day)


def advance(time: GameTime, minutes: int) -> GameTime:
    """Game Time ``minutes`` later, with the night skip and the Night Train of rule 1.13.1.

    Rule 1.13.1's example: Wednesday 2340 plus 40 minutes is Thursday 0520.
    """
    if minutes < 0:
        raise ValueError("Game Time never runs backwards")
    clock = minute_of_day(time)
    day = _DAYS.index(time.day)
    night_train = time.night_train
    crossed = night_train and clock < SKIP_END  # a Night Train already past midnight
    for _ in range(minutes):
        clock += 1
        if clock == DAY_MINUTES:
            clock, day, crossed = 0, (day + 1) % 7, True
            if not night_train:
                clock = SKIP_END
        if night_train and crossed and clock >= SKIP_END:
            night_train = False
    if night_train and crossed and clock >= SKIP_END:
        night_train = False
    return GameTime(day=_DAYS[day], hour=clock // 60, minute=clock % 60, night_train=night_train)


def in_small_hours(time: GameTime) -> bool:
    """Between 0000 and 0500, which only a Night Train reaches (rule 1.13.1: no targeting)."""
    return minute_of_day(time) < SKIP_END
