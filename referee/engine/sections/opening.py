"""Game Time and Station Opening (section 1.13) and the key to the Crescent (rule 1.7.28).

Rule 1.13.4 - Station Opening: a Move may not start, end or change Line at a Closed Station,
nor run along a Closed Line Segment. Rules 1.13.5 and 1.13.6 give the restricted hours
(:mod:`referee.engine.tables.opening`); a Holiday of rule 1.13.7 counts as a Sunday.
Rule 1.7.28 - Key to the Crescent: [Opening MC] opens Mornington Crescent for the rest of the
Turn; it is otherwise always Closed, so it is the only way to Win (rule 1.1.1).
Rule 1.13.1: [Night Train] cancels the next night skip (see :mod:`referee.engine.game_clock`).

We judge opening at the Game Time when the Move starts (rules/vanilla/readings.md#r1-13-4).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from referee.engine.context import MoveContext, TurnContext
from referee.engine.game_clock import minute_of_day, weekday
from referee.engine.registry import VANILLA
from referee.engine.tables.opening import SegmentHours, is_open
from referee.identity import Identity
from referee.network.categories import Category
from referee.network.lines import LineCode
from referee.network.network import Network
from referee.notation.actions import Action
from referee.notation.disruptions import NEXT_WEEK

COLLECTION_PLATE = "Collection Plate"
DEFAMED = "Defamed"
"""Rule 1.11.7: ``<Station> (Defamed)`` in Disruptions: not Holy until Sunday."""


@VANILLA.action("Opening MC")
def opening_mc(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.28 - Key to the Crescent: Mornington Crescent is Open for the rest of the Turn."""
    ctx.facts.opening_mc = True


@VANILLA.action("Night Train")
def night_train(ctx: TurnContext, action: Action) -> None:
    """Rule 1.13.1 - The Richard Whiteley Experience: the next night skip is not made; the GSD
    marks Game Time with an asterisk."""
    if ctx.time is not None:
        ctx.time = ctx.time.model_copy(update={"night_train": True})


def is_holiday(ctx: TurnContext) -> bool:
    """Rule 1.13.7 - Upcoming Holidays: today is the Holiday Disruptions name."""
    if ctx.time is None:
        return False
    return any(d.flag == "Upcoming Holiday" and d.day == ctx.time.day and d.state != NEXT_WEEK
               for d in ctx.disruptions)  # fmt: skip


def station_open(ctx: TurnContext, station: str, line: str | None = None) -> bool:
    """Whether ``station`` is Open now (rules 1.13.4, 1.13.5, 1.7.28)."""
    table = ctx.ruleset.tables().opening
    opening_mc_now = ctx.facts.opening_mc
    if ctx.time is None:
        # No Game Time recorded: only the always-closed Crescent can be judged.
        return station != "Mornington Crescent" or opening_mc_now
    facts = ctx.network.facts.get(station)
    holy = (facts is not None and Category.HOLY in facts.categories
            and not ctx.disrupted(station, DEFAMED))  # fmt: skip
    return table.station_open(
        station, weekday(ctx.time), minute_of_day(ctx.time), is_holiday(ctx),
        line=line, holy=holy, collection_plate=ctx.has_done(COLLECTION_PLATE),
        opening_mc=opening_mc_now,
    )  # fmt: skip


def _closed_message(station: str, role: str) -> str:
    if station == "Mornington Crescent":
        return (f"Mornington Crescent is Closed, so your Move cannot {role} there; "
                "play [Opening MC] before your Move (rule 1.7.28)")  # fmt: skip
    return f"{station} is Closed at this Game Time, so your Move cannot {role} there"


@VANILLA.move_check("1.13.4")
def closed_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.13.4 - Station Opening: not from, to, or changing Line at a Closed Station."""
    start = moving.start
    if (start is not None and not moving.special
            and not station_open(ctx, start.station, _line(start.line))):  # fmt: skip
        ctx.violate("1.13.4", _closed_message(start.station, "start"))
    if moving.end is not None:
        end_line = _line(moving.end.line)
        if not station_open(ctx, moving.end.station, end_line):
            ctx.violate("1.13.4", _closed_message(moving.end.station, "end"))
    if moving.route is not None:
        for portion in moving.route.portions[1:]:
            if not station_open(ctx, portion.start, portion.line.value):
                ctx.violate("1.13.4", _closed_message(portion.start, "change Line"))


_Step = tuple[str, str, str]
_Steps = dict[_Step, SegmentHours]


def _segment_steps(ctx: TurnContext) -> _Steps:
    """Each step between neighbouring stations of a restricted Line Segment (rule 1.13.6),
    both ways: a Segment is named by its ends, and every step along it is restricted. Read
    from the ruleset's Opening Hours table and the Turn's map, once for each pair."""
    return _resolved(Identity(ctx.ruleset.tables().opening.segment), Identity(ctx.network))


@lru_cache(maxsize=16)
def _resolved(segments: Identity[tuple[SegmentHours, ...]], network: Identity[Network]) -> _Steps:
    """The steps with their hours, by the very table they were read from, so a Turn under an
    unchanged table reads them without building them again; a table an amendment replaced
    (rule 1.13.6, ``referee.engine.amended``) is let go once a few newer ones are read."""
    ends = tuple((hours.from_, hours.to, hours.line) for hours in segments.value)
    known = _steps_of(ends, network)
    return {step: segments.value[number] for step, number in known.items()}


@lru_cache(maxsize=16)
def _steps_of(ends: tuple[_Step, ...], network: Identity[Network]) -> dict[_Step, int]:
    """The stretch of map each Segment's ends name, found once however many versions of the
    table name the same ends with other hours."""
    finder = network.value.routes
    steps: dict[_Step, int] = {}
    for number, (start, end, code) in enumerate(ends):
        line = LineCode(code)
        found = finder.shortest(start, end, [line], max_portions=1)
        if not found:
            raise ValueError(f"restricted segment {start} to {end} ({line}) "
                             "is not a stretch of that line on the map")  # fmt: skip
        stations = found[0].stations
        for a, b in itertools.pairwise(stations):
            steps[(a, b, code)] = number
            steps[(b, a, code)] = number
    return steps


@VANILLA.move_check("1.13.4")
def closed_segments(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 1.13.4 and 1.13.6: a Move may not run along a Closed Line Segment."""
    if moving.route is None or ctx.time is None:
        return
    table = ctx.ruleset.tables().opening
    steps = _segment_steps(ctx)
    day, minute, holiday = weekday(ctx.time), minute_of_day(ctx.time), is_holiday(ctx)
    stations, hops = moving.route.stations, moving.route.hops
    reported: set[str] = set()
    for a, b, hop in zip(stations, stations[1:], hops, strict=False):
        hours = steps.get((a, b, hop.value)) if hop is not None else None
        if hours is None or hours.from_ in reported:
            continue
        if not is_open(hours, day, minute, holiday, peak=table.peak):
            reported.add(hours.from_)
            ctx.violate("1.13.4", f"the {hours.line} from {hours.from_} to {hours.to} is "
                                  "Closed at this Game Time; choose another route")  # fmt: skip


def _line(code: object) -> str | None:
    return getattr(code, "value", None)
