"""Rebounding (rule 1.5.6 - On the Rebound).

[Rebounding], played before the Move, lets the Piece turn back during its Move at a Terminus
Station or at a Station next (on a shared Line) to a Blocked Station. The map's route search
never turns back, so this module offers the Move the routes that turn back once: an ordinary
route to the rebound Station, then an ordinary route back out along the stretch it came in
by, together exactly LV stations long, the play's Lines split between the two. The Blocked
Stations we know of are those Disruptions mark (Bulkheads and Heavy Damage); one Rebound a
Move (rules/choices.md).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position
from referee.engine.moves import readings
from referee.engine.registry import VANILLA
from referee.network.lines import LineCode
from referee.network.network import ESCALATOR
from referee.network.routes import Route
from referee.notation.actions import Action
from referee.notation.plays import Move

REBOUNDING = "rebounding"
BLOCKING_MARKERS = ("Bulkhead", "*Damage*")


@VANILLA.action("Rebounding")
def rebounding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.5.6 - On the Rebound: this Turn's Move may turn back once where the rule allows."""
    ctx.flags.add(REBOUNDING)


def rebound_stations(ctx: TurnContext, lines: frozenset[LineCode] | None) -> set[str]:
    """Rule 1.5.6: Termini, and Stations next on a shared Line to a Blocked Station."""
    facts = ctx.network.facts
    found = {name for name, f in facts.items()
             if f.terminus and (lines is None or f.terminates & lines)}  # fmt: skip
    blocked = {d.station for d in ctx.disruptions
               if d.station and d.segment_end is None and d.marker in BLOCKING_MARKERS}  # fmt: skip
    graph = ctx.network.graph
    for station in blocked:
        if station not in graph:
            continue
        for _, neighbour, key in graph.edges(station, keys=True):
            shared = facts[station].lines & facts[neighbour].lines
            if shared and (lines is None or shared & lines) and key != ESCALATOR:
                found.add(neighbour)
    return found


def _join(first: Route, second: Route) -> Route:
    return Route(
        stations=first.stations + second.stations[1:],
        hops=first.hops + second.hops,
        portions=first.portions + second.portions,
        interchanges=first.interchanges + second.interchanges,
    )


@VANILLA.route_source
def rebound_routes(ctx: TurnContext, start: Position, move: Move, lv: int) -> list[Route]:
    """Rule 1.5.6: the routes of exactly ``lv`` stations that turn back once."""
    if REBOUNDING not in ctx.flags or move.destination is None or lv < 2:
        return []
    finder = ctx.network.routes
    dest = move.destination.station
    found: list[Route] = []
    for reading in readings(move, start.line):
        splits: list[tuple[tuple[LineCode, ...] | None, tuple[LineCode, ...] | None]]
        if reading is None:
            splits = [(None, None)]
        else:
            splits = [(reading[: i + 1], reading[i:]) for i in range(len(reading))]
        for before, after in splits:
            lines = frozenset(before[-1:]) if before else None
            for station in sorted(rebound_stations(ctx, lines)):
                for first_lv in range(1, lv):
                    outs = finder.find(start.station, station, first_lv, before,
                                       max_portions=1 if before is None else 3,
                                       start_line=start.line)  # fmt: skip
                    for out in outs:
                        line = out.portions[-1].line
                        backs = finder.find(station, dest, lv - first_lv,
                                            after if after is not None else (line,),
                                            start_line=line)  # fmt: skip
                        found += [_join(out, back) for back in backs
                                  if back.stations[1] == out.stations[-2]
                                  and (after is not None or back.lines == (line,))]  # fmt: skip
    return found
