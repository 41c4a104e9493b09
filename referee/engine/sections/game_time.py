"""Actions about Game Time (rules 1.7.51, 1.7.52, 1.13.7).

Rule 1.7.51 - Long Lunch: [Duration: +0x00] lengthens this Turn's maximum (rule 1.13.1's hour)
by x hours, for x Blue Tokens.
Rule 1.7.52 - Time Again: [Waiting] lets Game Time pass, from five minutes to a week, as often
as the player likes in a Turn. The play says how long in its comment, one ``wait:`` per
[Waiting] in written order: ``{wait: 45m}``, ``{wait: 2h30m; wait: 1d}`` (w, d, h, m). The
time waited counts against the Turn's maximum like any other (rules/vanilla/readings.md#r1-7-52).
Rule 1.13.7 - Upcoming Holidays: [Upcoming Holiday] writes ``Upcoming Holiday`` in Disruptions;
as the next Turn starts, the referee rolls the six-sided die that player would read and amends
it to ``Upcoming Holiday: <day>`` (``next <day>`` when the die names today: the firstcoming
such day is a week on). The Holiday ends when Game Time leaves that day.
"""

from __future__ import annotations

import re

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.disruptions import NEXT_WEEK, Disruption
from referee.notation.gametime import Day
from referee.notation.tokens import Colour
from referee.quoting import excerpt

WAIT_MIN = 5
WAIT_MAX = 7 * 24 * 60
_WAIT = re.compile(r"\bwait\s*:\s*(?P<span>[^;{}]+?)\s*(?:;|$)", re.I)
_SPAN = re.compile(r"(\d+)\s*([wdhm])", re.I)
_UNITS = {"w": 7 * 24 * 60, "d": 24 * 60, "h": 60, "m": 1}
HOLIDAY = "Upcoming Holiday"
HOLIDAY_DAYS = (Day.MONDAY, Day.TUESDAY, Day.WEDNESDAY, Day.THURSDAY, Day.FRIDAY, Day.SATURDAY)
"""Rule 1.13.7's table: a roll of 1 is Monday ... 6 is Saturday."""


@VANILLA.action("Duration")
def duration(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.51 - Long Lunch: x more hours for this Turn, at one Blue an hour."""
    (hours,) = action.args
    assert isinstance(hours, int)
    if hours <= 0:
        ctx.violate("1.7.51", "a Long Lunch adds at least one hour; write e.g. [Duration: +0100]")
        return
    if ctx.pay({Colour.BU: hours}, f"[Duration: +{hours:02d}00]", "1.7.51", ctx.spec("Duration")):
        ctx.facts.extra_minutes += hours * 60
        ctx.event("duration", f"this Turn may last {hours} more hours", hours=hours)


def _span(text: str) -> int | None:
    """Minutes in ``2h30m``, ``1d``, ``45m``, ``1w`` (None if it is not such a span)."""
    compact = re.sub(r"\s+", "", text)
    parts = _SPAN.findall(compact)
    if not parts or "".join(n + u for n, u in parts).lower() != compact.lower():
        return None
    return sum(int(n) * _UNITS[u.lower()] for n, u in parts)


@VANILLA.action("Waiting")
def waiting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.52 - Time Again: the n-th [Waiting] takes the n-th ``wait:`` of the comment."""
    number = ctx.done.count("Waiting")
    spans = [m.group("span") for m in _WAIT.finditer(ctx.play.comment or "")]
    if number >= len(spans):
        ctx.violate("1.7.52", "say how long you wait in the play's comment, one 'wait:' per "
                              "[Waiting], e.g. {wait: 45m} or {wait: 2h; wait: 1d}")  # fmt: skip
        return
    minutes = _span(spans[number])
    if minutes is None:
        ctx.violate("1.7.52", f"'{excerpt(spans[number])}' is not a time to wait; write it "
                              "like 45m, 2h30m, 1d or 1w")  # fmt: skip
        return
    if not WAIT_MIN <= minutes <= WAIT_MAX:
        ctx.violate("1.7.52", f"a wait lasts from five minutes to one week, not {minutes} "
                              "minutes")  # fmt: skip
        return
    ctx.spend_time(minutes, "[Waiting]")


@VANILLA.action("Upcoming Holiday")
def upcoming_holiday(ctx: TurnContext, action: Action) -> None:
    """Rule 1.13.7 - Upcoming Holidays: announce a Holiday whose day the next Turn rolls."""
    ctx.disruptions.append(Disruption(flag=HOLIDAY))
    ctx.event("holiday", "a Holiday is coming; its day is rolled as the next Turn starts")


@VANILLA.at_start("1.13.7")
def holiday_day(ctx: TurnContext) -> None:
    """Rule 1.13.7 - Upcoming Holidays: the next player reads the die (1 Monday ... 6 Saturday) and
    the entry becomes ``Upcoming Holiday: <day>``. The Holiday is the *firstcoming* such day:
    when the die names today, it is next week's (the rule's own example: played on a Tuesday,
    a 2 makes "the following Tuesday" the Holiday), written ``Upcoming Holiday: next <day>``
    until Game Time has left today."""
    for number, entry in enumerate(ctx.disruptions):
        if entry.flag == HOLIDAY and entry.day is None:
            day = HOLIDAY_DAYS[ctx.roll(6, "rule 1.13.7") - 1]
            later = ctx.time is not None and ctx.time.day == day
            ctx.disruptions[number] = Disruption(flag=HOLIDAY, day=day,
                                                 state=NEXT_WEEK if later else None)  # fmt: skip
            when = f"next {day.value}, a week from today" if later else day.value
            ctx.event("holiday", f"the Upcoming Holiday falls on {when}", day=day.value)


def days_left(ctx: TurnContext) -> set[Day]:
    """The days Game Time left during this Turn: the day it started on and every day it ran
    through, up to (not including) the day it ends on."""
    start, end = ctx.before.time, ctx.time
    if start is None or end is None or start.day == end.day:
        return set()
    week = list(Day)
    first = week.index(start.day)
    span = (week.index(end.day) - first) % len(week)
    return {week[(first + step) % len(week)] for step in range(span)}


@VANILLA.at_end("1.13.7")
def holiday_over(ctx: TurnContext) -> None:
    """Rule 1.13.7 - Upcoming Holidays: a Holiday is one day; once Game Time has left it (or
    run past it within the Turn), it is gone. A ``next <day>`` entry whose day Game Time leaves
    becomes the plain ``<day>``: the firstcoming one is now the next to come."""
    left = days_left(ctx)
    if not left:
        return
    kept: list[Disruption] = []
    for entry in ctx.disruptions:
        if entry.flag != HOLIDAY or entry.day not in left:
            kept.append(entry)
        elif entry.state == NEXT_WEEK:
            kept.append(Disruption(flag=HOLIDAY, day=entry.day))
        else:
            ctx.event("holiday", f"the Holiday of {entry.day.value} is over")
    ctx.disruptions[:] = kept
