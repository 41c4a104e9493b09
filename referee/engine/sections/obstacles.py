"""What a Move can run into that the GSD's Disruptions already record.

Each check reads the route (start, stations passed through, end) and cites its rule:

- Rule 1.8.3 - Bridges: with Bridges Up, no Move may start on one side of the Thames and end
  on the other.
- Rule 1.9.1 - Basic Blocks defines Blocked (no Move may start at, pass through or end at it,
  unless the mover owns its Ticket Stub); rule 1.9.3 - Bulkheading and rule 1.11.3's Heavy
  Damage (``(*Damage*)``) make a Station Blocked until removed.
- Rule 1.11.3 - Station Damage: a Lightly Damaged Station (``(Damage)``) is Closed (rule 1.13.4:
  no starting, ending or changing Line there).
- Rule 1.9.5 - Maelberg Variance: no Move may pass through a Maelberged Station.
- Rule 1.11.4 - Peg Leg: a Turn that ends a Piece at a Pegged Station is Illegal.

One-Round Blocks of rule 1.9.1 live in the record, not in Disruptions; the Blocks family adds
its own check for them.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.registry import VANILLA


def owns_stub(ctx: TurnContext, station: str) -> bool:
    """Whether the mover holds the Ticket Stub of ``station`` (rule 1.9.1's exemption)."""
    for entry in ctx.before.rack:
        if entry.player == ctx.player:
            return any("stub" in p.name.lower() and p.station == station
                       for p in entry.possessions)  # fmt: skip
    return False


def _touched(moving: MoveContext) -> list[tuple[str, str]]:
    """(station, role) for every station the Move starts at, passes through or ends at."""
    found: list[tuple[str, str]] = []
    if moving.start is not None and not moving.special:
        found.append((moving.start.station, "start at"))
    found += [(s, "pass through") for s in moving.passed_through]
    if moving.end is not None:
        found.append((moving.end.station, "end at"))
    return found


@VANILLA.move_check
def bridges_up(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.3 - Bridges: Up, a Move may not cross the Thames from start to end."""
    if moving.start is None or moving.end is None or not any(
        d.flag == "Bridges Up" for d in ctx.disruptions
    ):
        return
    facts = ctx.network.facts
    a, b = facts[moving.start.station].thames, facts[moving.end.station].thames
    if a is not None and b is not None and a != b:
        ctx.violate("1.8.3", f"Bridges are Up, so you cannot move from {moving.start.station} "
                             f"to {moving.end.station} across the Thames")  # fmt: skip


@VANILLA.move_check
def blocked_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 1.9.1, 1.9.3, 1.11.3: no Move starts at, passes through or ends at a Station that
    is Bulkheaded or Heavily Damaged, unless the mover owns its Ticket Stub."""
    for station, role in _touched(moving):
        for marker, rule, why in (("Bulkhead", "1.9.3", "Bulkheaded"),
                                  ("*Damage*", "1.11.3", "Heavily Damaged")):  # fmt: skip
            if ctx.disrupted(station, marker) and not owns_stub(ctx, station):
                ctx.violate(rule, f"{station} is {why} and so Blocked; your Move cannot "
                                  f"{role} it")  # fmt: skip


@VANILLA.move_check
def lightly_damaged(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.3 - Station Damage: a Lightly Damaged Station is Closed (rule 1.13.4)."""
    places = [(moving.end.station, "end at")] if moving.end is not None else []
    if moving.start is not None and not moving.special:
        places.append((moving.start.station, "start at"))
    if moving.route is not None:
        places += [(p.start, "change Line at") for p in moving.route.portions[1:]]
    for station, role in places:
        if ctx.disrupted(station, "Damage"):
            ctx.violate("1.11.3", f"{station} is Lightly Damaged and so Closed; your Move "
                                  f"cannot {role} it")  # fmt: skip


@VANILLA.move_check
def maelberged(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.9.5 - Maelberg Variance: no passing through a Maelberged Station."""
    for station in moving.passed_through:
        if ctx.disrupted(station, "Maelberg"):
            ctx.violate("1.9.5", f"{station} is Maelberged; your Move may start or end there "
                                 "but not pass through it")  # fmt: skip


@VANILLA.move_check
def pegged(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.4 - Peg Leg: a Piece may not end the Turn at a Pegged Station."""
    if moving.end is not None and ctx.disrupted(moving.end.station, "Peg"):
        ctx.violate("1.11.4", f"{moving.end.station} is Pegged; no Piece may end there")
