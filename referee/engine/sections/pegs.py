"""Pegs (rules 1.11.4 and 1.11.5): Pegged Stations and Pegged Line Segments.

A Pegged Station is ``<Station> (Peg)`` in Disruptions; a Pegged Line Segment is
``<Station> to <Station> (<LC>) (Peg)`` and makes every Station along it Pegged. The core's
check (``sections/obstacles.py``) refuses a Move ending at a Station Pegged in its own right;
this module adds the same for Stations inside a Pegged Segment.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.pegged import is_pegged, pegged_segments, segment_stations
from referee.engine.registry import VANILLA
from referee.engine.sections.blocks import neighbours, occupied
from referee.network.lines import LineCode
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.tokens import Colour


def reachable_for_pegs(ctx: TurnContext) -> tuple[set[str], set[str]]:
    """(Stations the Piece started at or passed through this Turn, Stations next to where it
    ended): the places rule 1.11.4 lets a player Peg (both) and Unpeg (passed and next to)."""
    started = {m.start.station for m in ctx.moves if m.start is not None and not m.special}
    passed = {s for m in ctx.moves for s in m.passed_through}
    where = ctx.position()
    near = neighbours(ctx, where.station) if where is not None else set()
    return started | passed, near


@VANILLA.move_check("1.11.5")
def pegged_segment_end(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.5 - Pegs Tie: the Stations of a Pegged Line Segment are Pegged, so no Piece
    may end there (rule 1.11.4); ends Pegged in their own right are the core's check."""
    if moving.end is None or ctx.disrupted(moving.end.station, "Peg"):
        return
    for d, stops in pegged_segments(ctx):
        if moving.end.station in stops:
            ctx.violate("1.11.5", f"{moving.end.station} lies on the Pegged Line Segment "
                                  f"{d.render()}; no Piece may end there")  # fmt: skip
            return


@VANILLA.action("Pegging")
def pegging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.4 - Peg Leg: after the Move, a player may Peg a Station without a Piece that
    eir Piece started at, passed through, or ended next to."""
    station = str(action.args[0])
    travelled, near = reachable_for_pegs(ctx)
    if station not in travelled | near:
        ctx.violate("1.11.4", f"your Piece neither started at, passed through nor ended next "
                              f"to {station}; Peg one of those Stations")  # fmt: skip
        return
    if occupied(ctx, station):
        ctx.violate("1.11.4", f"{station} holds a Piece; only a Station without one may be "
                              "Pegged")  # fmt: skip
        return
    if ctx.disrupted(station, "Peg"):
        ctx.violate("1.11.4", f"{station} is already Pegged")
        return
    ctx.disruptions.append(Disruption(station=station, marker="Peg"))
    ctx.event("peg", f"{station} is Pegged", station=station)


@VANILLA.action("Unpegging")
def unpegging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.4 - Peg Leg: after the Move, a player may Unpeg a Pegged Station eir Piece
    passed through or ended next to; rule 1.11.5: a Line Segment ending there is Unpegged
    too. A Station Pegged only as part of a Segment is unpegged by Unpegging an end
    (rules/vanilla/readings.md#r1-11-4)."""
    station = str(action.args[0])
    _, near = reachable_for_pegs(ctx)
    passed = {s for m in ctx.moves for s in m.passed_through}
    if station not in passed | near:
        ctx.violate("1.11.4", f"your Piece neither passed through nor ended next to {station}; "
                              "Unpeg only such a Station")  # fmt: skip
        return
    if not ctx.disrupted(station, "Peg"):
        ctx.violate("1.11.4", f"{station} is not Pegged in its own right; Unpeg an end "
                              "Station of its Pegged Line Segment instead")  # fmt: skip
        return
    gone = [d for d in ctx.disruptions if d.marker == "Peg"
            and station in (d.station, d.segment_end)]  # fmt: skip
    ctx.disruptions[:] = [d for d in ctx.disruptions if d not in gone]
    ctx.event(
        "unpeg",
        f"{station} is Unpegged"
        + (f" with {len(gone) - 1} Line Segment(s)" if len(gone) > 1 else ""),
        station=station,
    )


@VANILLA.action("Pegging Line Segment")
def pegging_segment(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.5 - Pegs Tie: right after the Action that Pegged one end, a player may Peg
    the stretch of one Line between two Pegged Stations that runs without a change of
    direction, if no Piece rests on it and it overlaps no Pegged Segment. It costs one Blue
    per Station of the stretch not already Pegged."""
    line, a, b = action.args
    assert isinstance(line, LineCode)
    a, b = str(a), str(b)
    actions = list(ctx.play.actions)
    mine = next(i for i, part in enumerate(actions) if part is action)
    before = actions[mine - 1] if mine else None
    if before is None or before.name != "Pegging" or before.args[0] not in (a, b):
        ctx.violate("1.11.5", "a Line Segment may be Pegged only by the Action right after "
                              f"[Pegging {a}] or [Pegging {b}]")  # fmt: skip
        return
    for end in (a, b):
        if not ctx.disrupted(end, "Peg"):
            ctx.violate("1.11.5", f"{end} is not Pegged; both ends of the Segment must be")
            return
    stops = segment_stations(ctx, line, a, b)
    if stops is None:
        ctx.violate("1.11.5", f"no stretch of the {line.value} line runs from {a} to {b} "
                              "without a change of direction")  # fmt: skip
        return
    if any(occupied(ctx, s) for s in stops):
        ctx.violate("1.11.5", f"a Piece rests on the Segment from {a} to {b}; it cannot be "
                              "Pegged")  # fmt: skip
        return
    for d, other in pegged_segments(ctx):
        if d.line == line and len(set(other) & set(stops)) > 1:
            ctx.violate("1.11.5", f"the Segment overlaps the Pegged {d.render()}")
            return
    unpegged = [s for s in stops if not is_pegged(ctx, s)]
    if not ctx.pay({Colour.BU: len(unpegged)}, f"[Pegging {line.value} from {a} to {b}]",
                   "1.11.5", ctx.spec(action.name)):  # fmt: skip
        return
    ctx.disruptions.append(Disruption(station=a, segment_end=b, line=line, marker="Peg"))
    ctx.event("peg", f"{a} to {b} ({line.value}) is Pegged", stations=list(stops))
