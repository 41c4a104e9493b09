"""Why a move has no route, in a sentence a player can act on.

Rule 1.6.2 - Getting There makes a move invalid when its destination is nearer or further than
the mover's LV. A bare "no route" does not help a player fix a play, so the referee says how
far the destination really is by the lines the player named ("Euston is 3 stations from
Holborn by CN then NT; your LV is 4"), or which part of the play cannot work.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.network.lines import LineCode
from referee.network.network import Network
from referee.network.routes import LV_SEARCH_LIMIT

EXPLAIN_MARGIN = 10
"""How many stations beyond the LV (or the shortest distance) an explanation looks."""


def stations_word(count: int) -> str:
    return f"{count} station" if count == 1 else f"{count} stations"


def by_lines(lines: Sequence[LineCode]) -> str:
    """Name a route's lines the way players say them: 'by CN then NT then VC'."""
    return "by " + " then ".join(line.value for line in lines)


def why_no_route(
    network: Network,
    start: str,
    end: str,
    lv: int,
    via: Sequence[LineCode] | None = None,
    *,
    max_portions: int = 3,
    start_line: LineCode | None = None,
) -> str:
    """The reason no route of exactly ``lv`` stations joins ``start`` and ``end`` (canonical
    names) by ``via`` (or any lines within ``max_portions`` portions)."""
    for name in (start, end):
        if network.facts[name].ghost:
            return (
                f"{name} is a Ghost station (rule 1.11.6): it is on no line, so only "
                "[Ghosting] reaches it and only a Special Move leaves it"
            )
    if start == end:
        return f"{start} to {start} is no move: a route never passes the same station twice"
    if lv < 1:
        return f"an LV of {lv} reaches no other station (rule 1.6.2)"
    if start_line is not None and start_line not in network.lines_at[start]:
        return f"{start} is not on {start_line.value}, the line the piece is on"
    if via:
        if via[0] not in network.lines_at[start]:
            return f"{start} is not on {via[0].value}, the first line of the route"
        if via[-1] not in network.lines_at[end]:
            return f"{end} is not on {via[-1].value}, the last line of the route"
    finder = network.routes
    shortest = network.distances.route_distance(start, end)
    limit = min(LV_SEARCH_LIMIT, max(lv, shortest or 0) + EXPLAIN_MARGIN)
    candidates = sorted(range(1, limit + 1), key=lambda k: (abs(k - lv), k))
    for k in candidates:
        if k == lv:
            continue
        found = finder.find(start, end, k, via, max_portions=max_portions, start_line=start_line)
        if found:
            lines = via if via else found[0].lines
            return f"{end} is {stations_word(k)} from {start} {by_lines(lines)}; your LV is {lv}"
    if via:
        return (
            f"no route joins {start} and {end} {by_lines(via)} within {stations_word(limit)}: "
            "a line or branch may change only at an Interchange, or a line at a Co-Located "
            "station without changing direction (rule 1.5.4)"
        )
    return (
        f"no route of at most {max_portions} portions joins {start} and {end} within "
        f"{stations_word(limit)}"
    )
