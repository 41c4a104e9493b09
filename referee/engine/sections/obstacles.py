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

- Rule 1.4.7 - Suspect Packages and rule 1.9.6 - Kafka Sinkholes (four or more Tokens, all
  Black): no passing through; a Sinkhole also blackens Plastic Tokens at the start of a Turn.
- Rule 1.12.3 - Home Station Tolls: other players' Homes are Blocked unless Tolled (then
  Closed) or Rented (then Open); the Toll and Rent handlers fill ``ctx.homes_closed`` /
  ``ctx.homes_open``.
- Rule 1.4.24 - a Move may not reach or pass a player carrying the Podume.

One-Round Blocks of rule 1.9.1 live in the record, not in Disruptions; the Blocks family adds
its own check for them.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.kafka_sinkholes import described, sinkholes
from referee.engine.registry import VANILLA
from referee.notation.tokens import Colour


def owns_stub(ctx: TurnContext, station: str) -> bool:
    """Whether the mover holds the Ticket Stub of ``station`` (rule 1.9.1's exemption)."""
    for entry in ctx.before.rack:
        if entry.player == ctx.player:
            return any("stub" in p.name.lower() and p.station == station
                       for p in entry.possessions)  # fmt: skip
    return False


@VANILLA.move_check("1.8.3")
def bridges_up(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.3 - Bridges: Up, a Move may not cross the Thames from start to end."""
    if (
        moving.start is None
        or moving.end is None
        or not any(d.flag == "Bridges Up" for d in ctx.disruptions)
    ):
        return
    facts = ctx.network.facts
    a, b = facts[moving.start.station].thames, facts[moving.end.station].thames
    if a is not None and b is not None and a != b:
        ctx.violate("1.8.3", f"Bridges are Up, so you cannot move from {moving.start.station} "
                             f"to {moving.end.station} across the Thames")  # fmt: skip


@VANILLA.move_check("1.9.1")
def blocked_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 1.9.1, 1.9.3, 1.11.3: no Move starts at, passes through or ends at a Station that
    is Bulkheaded or Heavily Damaged, unless the mover owns its Ticket Stub."""
    for station, role in moving.touched():
        for marker, rule, why in (("Bulkhead", "1.9.3", "Bulkheaded"),
                                  ("*Damage*", "1.11.3", "Heavily Damaged")):  # fmt: skip
            if ctx.disrupted(station, marker) and not owns_stub(ctx, station):
                ctx.violate(rule, f"{station} is {why} and so Blocked; your Move cannot "
                                  f"{role} it")  # fmt: skip


@VANILLA.move_check("1.11.3")
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


@VANILLA.move_check("1.9.5")
def maelberged(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.9.5 - Maelberg Variance: no passing through a Maelberged Station."""
    for station in moving.passed_through:
        if ctx.disrupted(station, "Maelberg"):
            ctx.violate("1.9.5", f"{station} is Maelberged; your Move may start or end there "
                                 "but not pass through it")  # fmt: skip


@VANILLA.move_check("1.11.4")
def pegged(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.4 - Peg Leg: a Piece may not end the Turn at a Pegged Station."""
    if moving.end is not None and ctx.disrupted(moving.end.station, "Peg"):
        ctx.violate("1.11.4", f"{moving.end.station} is Pegged; no Piece may end there")


def _stack_marker(ctx: TurnContext, station: str, marker: str) -> bool:
    return any(s.station == station and s.marker == marker for s in ctx.stacks)


def sinkhole(ctx: TurnContext, station: str) -> bool:
    """Rule 1.9.6 - Kafka Sinkholes: a Token Stack of four or more Tokens, all Black."""
    return station in sinkholes(ctx.stacks, ctx.ruleset.tables().stacks)


@VANILLA.move_check("1.4.7")
def suspect_packages(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.7 - Suspect Packages: no passing through a Station holding one."""
    for station in moving.passed_through:
        if _stack_marker(ctx, station, "Susp Package"):
            ctx.violate("1.4.7", f"a Suspect Package lies at {station}; your Move cannot pass "
                                 "through it")  # fmt: skip


@VANILLA.move_check("1.9.6")
def kafka_sinkholes(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.9.6 - Kafka Sinkholes: no passing through a Station with a Sinkhole."""
    for station in moving.passed_through:
        if sinkhole(ctx, station):
            made = described(ctx.ruleset.tables().stacks)
            ctx.violate("1.9.6", f"{station} has a Kafka Sinkhole ({made}); your Move cannot "
                                 "pass through it")  # fmt: skip


@VANILLA.at_start("1.9.6")
def sinkhole_blackens(ctx: TurnContext) -> None:
    """Rule 1.9.6: starting a Turn at a Sinkhole turns one's non-Black Plastic Tokens Black."""
    where = ctx.position()
    if where is None or not sinkhole(ctx, where.station):
        return
    me = ctx.me
    turned = {c: me.tokens[c] for c in (Colour.BU, Colour.GR, Colour.RE) if me.tokens[c]}
    moved = sum(turned.values())
    if moved:
        for colour in turned:
            me.tokens[colour] = 0
        me.tokens[Colour.BK] += moved
        ctx.event("sinkhole", f"the Kafka Sinkhole at {where.station} turned {moved} Tokens "
                              "Black", count=moved, lost={c.value: n for c, n in turned.items()},
                  gained={Colour.BK.value: moved})  # fmt: skip


@VANILLA.move_check("1.12.3")
def home_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.12.3 - Home Station Tolls: during one's Turn the other players' Home Stations
    are Blocked; [Toll to <player>] makes that Home Closed instead, [Rent to <player>] Open,
    for the rest of the Turn. A Ticket Stub exempts, as for any Block (rule 1.9.1)."""
    for other in ctx.players.values():
        home = other.home
        if other.name == ctx.player or not home or owns_stub(ctx, home):
            continue
        if other.name in ctx.homes_open:
            continue
        if other.name in ctx.homes_closed:
            closed_at = [moving.end.station] if moving.end is not None else []
            if moving.start is not None and not moving.special:
                closed_at.append(moving.start.station)
            if moving.route is not None:
                closed_at += [p.start for p in moving.route.portions[1:]]
            if home in closed_at:
                message = (f"{home} is {other.name}'s Home Station, Closed after your Toll: "
                           "pass through it, or pay [Rent to] instead")  # fmt: skip
                ctx.violate("1.12.3", message)
            continue
        for station, role in moving.touched():
            if station == home:
                message = (f"{home} is {other.name}'s Home Station and Blocked this Turn; your "
                           f"Move cannot {role} it unless you pay [Toll to {other.name}] or "
                           f"[Rent to {other.name}]")  # fmt: skip
                ctx.violate("1.12.3", message)
                break


PODUME = ("poid", "podume of infinite darkness")


@VANILLA.move_check("1.4.24")
def poid_carriers(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.24 - The Podume of Infinite Darkness: a Move may not pass through or end at a
    Station where a player carrying the Podume stands."""
    carriers = {
        entry.player for entry in ctx.before.rack
        if entry.player != ctx.player
        and any(p.name.casefold() in PODUME for p in entry.possessions)
    }  # fmt: skip
    stations = [*moving.passed_through, *([moving.end.station] if moving.end else [])]
    for carrier in carriers:
        where = ctx.position(carrier)
        if where is not None and where.station in stations:
            message = (f"{carrier} carries the Podume of Infinite Darkness at "
                       f"{where.station}; your Move cannot reach or pass it")  # fmt: skip
            ctx.violate("1.4.24", message)
