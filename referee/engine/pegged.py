"""Which Stations are Pegged (rules 1.11.4 and 1.11.5): a query of the Turn's state.

A Pegged Station is ``<Station> (Peg)`` in Disruptions; a Pegged Line Segment is
``<Station> to <Station> (<LC>) (Peg)`` and makes every Station along it Pegged. Many rules ask
(where paid Tokens may go, rule 1.4.19; Shunts, Packages, the PoID), so the answer lives in the
core and the Pegs section (``sections/pegs.py``) adds only the Actions and the Move check.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.network.lines import LineCode
from referee.network.mapfile import SectionKind
from referee.notation.disruptions import Disruption


def segment_stations(ctx: TurnContext, line: LineCode, a: str, b: str) -> tuple[str, ...] | None:
    """The Stations from ``a`` to ``b`` along one section of ``line`` with no change of
    direction (rule 1.11.5), both ends included; None if no such stretch exists."""
    data = ctx.network.data.lines.get(line)
    if data is None:
        return None
    best: tuple[str, ...] | None = None
    for section in data.sections:
        stops = section.stations
        if a not in stops or b not in stops:
            continue
        i, j = sorted((stops.index(a), stops.index(b)))
        runs = [stops[i : j + 1]]
        if section.kind is SectionKind.LOOP:
            runs.append(stops[j:] + stops[: i + 1])
        for run in runs:
            if best is None or len(run) < len(best):
                best = run
    return best


def pegged_segments(ctx: TurnContext) -> list[tuple[Disruption, tuple[str, ...]]]:
    """Every Pegged Line Segment of Disruptions with its Stations."""
    found = []
    for d in ctx.disruptions:
        if d.marker == "Peg" and d.segment_end is not None and d.line and d.station:
            stops = segment_stations(ctx, d.line, d.station, d.segment_end)
            found.append((d, stops or (d.station, d.segment_end)))
    return found


def is_pegged(ctx: TurnContext, station: str) -> bool:
    """Rules 1.11.4 and 1.11.5: Pegged in its own right or by a Pegged Line Segment."""
    return ctx.disrupted(station, "Peg") or any(
        station in stops for _, stops in pegged_segments(ctx)
    )


def refuse_if_pegged(ctx: TurnContext, station: str, what: str) -> bool:
    """Rule 1.11.4: no game object (Token or Possession) is placed at or removed from a Pegged
    Station; ``what`` says what the play tried. Returns whether it was refused."""
    if not is_pegged(ctx, station):
        return False
    ctx.violate("1.11.4", f"{station} is Pegged: nothing may be placed at or removed from it, "
                          f"so {what} is refused; Unpeg it first")  # fmt: skip
    return True
