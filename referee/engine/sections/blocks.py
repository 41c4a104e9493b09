"""Blocks, Impediments and Gaps (section 1.9) and Station Damage's repairs (rule 1.11.3).

One-Round Blocks (rule 1.9.1's [Blocking], rule 1.9.2's [Fire at]) are not written in
Disruptions (rule 1.2.2 keeps lasting states there): they live in the record, and
``engine/one_round_blocks.py`` reads those in force (each player's latest play within the
last Round, rules 1.3.0, 1.3.2) for these checks and for the map alike. So a Block played by
the mover emself in eir previous Turn still stands for eir Move, since it ends only when eir
next Post-Move phase comes round, and a newcomer's first Move meets only the Blocks of the
current Round. Lasting states
(Bulkhead, Maelberg, Damage) go to Disruptions, where the core's obstacle checks
(``sections/obstacles.py``) read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.context import MoveContext, TurnContext
from referee.engine.one_round_blocks import standing_blocks
from referee.engine.registry import VANILLA
from referee.engine.sections.obstacles import owns_stub
from referee.network.network import ESCALATOR
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.gametime import Day
from referee.notation.tokens import Colour


def neighbours(ctx: TurnContext, station: str) -> set[str]:
    """Stations next to ``station`` along some Line (an Escalator Link is not a Line)."""
    graph = ctx.network.graph
    return {other for _, other, key in graph.edges(station, keys=True) if key != ESCALATOR}


def occupied(ctx: TurnContext, station: str) -> bool:
    """Whether any Piece (the Drone's included) stands at ``station`` now."""
    return any(where.station == station for where in ctx.positions.values())


def passed_this_turn(ctx: TurnContext) -> set[str]:
    """Every Station the player's Moves of this Turn passed through (rule 1.5.1)."""
    return {station for moving in ctx.moves for station in moving.passed_through}


@dataclass
class _InForce:
    stations: set[str] | None = None


def blocks_in_force(ctx: TurnContext) -> set[str]:
    """Stations Blocked for one Round by [Blocking] or [Fire at] in the last Round (read from
    the record once a Turn: every candidate route of every Move asks), as
    :func:`referee.engine.one_round_blocks.standing_blocks` reads them."""
    cached = ctx.state(_InForce).stations
    if cached is None:
        active = sum(not p.inactive for p in ctx.players.values())  # one Round of plays
        cached = set(standing_blocks(ctx.before.record, active).stations)
        ctx.state(_InForce).stations = cached
    return cached


def _nth_block(ctx: TurnContext) -> tuple[int, Action | None]:
    """Which Block of this Turn is being paid for (1 for the first) and its Action."""
    number = ctx.done.count("Blocking") + 1
    blocks = [a for a in ctx.play.actions if a.name == "Blocking"]
    return number, blocks[number - 1] if number <= len(blocks) else None


@VANILLA.cost_rule("1.9.1")
def rising_block_cost(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.9.1 - Basic Blocks: the n-th Block of a Turn costs n Red; a Block of a Station
    whose Ticket Stub the player owns costs nothing."""
    if spec is None or spec.name != "Blocking":
        return counts
    number, action = _nth_block(ctx)
    if action is not None and owns_stub(ctx, str(action.args[0])):
        return {}
    return {**counts, Colour.RE: number}


@VANILLA.action("Blocking")
def blocking(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.1 - Basic Blocks: after the Move, a player may Block an unoccupied Station next
    to eir Piece for one Round; no Move may start at, pass through or end at it meanwhile,
    except its Ticket Stub's owner's. Each further Block in a Turn costs one Red more."""
    station = str(action.args[0])
    if occupied(ctx, station):
        ctx.violate("1.9.1", f"{station} holds a Piece; only an unoccupied Station may be "
                             "Blocked")  # fmt: skip
        return
    ctx.event("block", f"{station} is Blocked for one Round", station=station)


@VANILLA.move_check("1.9.1")
def one_round_blocks(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 1.9.1 and 1.9.2: a Station Blocked or on Fire in the last Round may not be
    started at, passed through or ended at, unless the mover owns its Ticket Stub."""
    blocked = blocks_in_force(ctx)
    if not blocked:
        return
    for station, role in moving.touched():
        if station in blocked and not owns_stub(ctx, station):
            ctx.violate("1.9.1", f"{station} is Blocked this Round; your Move cannot "
                                 f"{role} it")  # fmt: skip


FIRE_PLAIN = 2
FIRE_INTERCHANGE = 4
FIRE_MINUTES_PER_LINE = 10


@VANILLA.action("Fire at")
def fire_at(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.2 - Escalator Fires: after the Move, a player may spot a Fire at an unoccupied
    Station e passed through or that is next to em. It is Blocked for one Round and becomes
    Lightly Damaged (rule 1.11.3); a Fire also removes a Bulkhead there (rule 1.9.3). The
    index prices it: 4 Red and ten minutes per Line at an Interchange, else 2 Red."""
    station = str(action.args[0])
    where = ctx.position()
    near = passed_this_turn(ctx) | (neighbours(ctx, where.station) if where else set())
    if station not in near:
        ctx.violate("1.9.2", f"{station} is neither a Station you passed through this Turn nor "
                             "next to your Piece; spot a Fire only there")  # fmt: skip
        return
    if occupied(ctx, station):
        ctx.violate("1.9.2", f"{station} holds a Piece; a Fire may be spotted only at an "
                             "unoccupied Station")  # fmt: skip
        return
    facts = ctx.network.facts[station]
    spec = ctx.spec(action.name)
    if facts.interchange:
        if not ctx.pay({Colour.RE: FIRE_INTERCHANGE}, f"[Fire at {station}]", "1.9.2", spec):
            return
        extra = FIRE_MINUTES_PER_LINE * len(facts.lines) - spec.duration
        ctx.spend_time(extra, f"the Fire at the Interchange {station}")
    elif not ctx.pay({Colour.RE: FIRE_PLAIN}, f"[Fire at {station}]", "1.9.2", spec):
        return
    had_bulkhead = ctx.disrupted(station, "Bulkhead")
    ctx.undisrupt(station, "Bulkhead")
    if not ctx.disrupted(station, "Damage") and not ctx.disrupted(station, "*Damage*"):
        ctx.disruptions.append(Disruption(station=station, marker="Damage"))
    text = f"Fire at {station}: Blocked for one Round and Lightly Damaged"
    ctx.event("fire", text + (", its Bulkhead removed" if had_bulkhead else ""), station=station)


@VANILLA.action("Bulkheading")
def bulkheading(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.3 - Bulkheading: a player next to a Station may Bulkhead it; it stays Blocked
    (``(Bulkhead)`` in Disruptions) until a [Removing Bulkhead at] or a Fire there."""
    station = str(action.args[0])
    if ctx.disrupted(station, "Bulkhead"):
        ctx.violate("1.9.3", f"{station} is already Bulkheaded")
        return
    ctx.disruptions.append(Disruption(station=station, marker="Bulkhead"))
    ctx.event("bulkhead", f"{station} is Bulkheaded", station=station)


@VANILLA.action("Removing Bulkhead")
def removing_bulkhead(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.3 - Bulkheading: [Removing Bulkhead at <Station>] lifts a Bulkhead. The rule sets
    no distance, and lets it be played around the Move so the Piece can pass through, so any
    Bulkheaded Station may be cleared from anywhere (rules/vanilla/readings.md#r1-9-3)."""
    station = str(action.args[0])
    if not ctx.disrupted(station, "Bulkhead"):
        ctx.violate("1.9.3", f"{station} is not Bulkheaded; there is no Bulkhead to remove")
        return
    ctx.undisrupt(station, "Bulkhead")
    ctx.event("bulkhead_removed", f"the Bulkhead at {station} is removed", station=station)


@VANILLA.action("Maelberging")
def maelberging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.5 - Maelberg Variance: after the Move, a Station the player's Piece passed
    through this Turn may be Maelberged (``(Maelberg)``): from the next Turn no Move may pass
    through it, though Moves may still start or end there."""
    station = str(action.args[0])
    if station not in passed_this_turn(ctx):
        ctx.violate("1.9.5", f"your Piece did not pass through {station} this Turn; Maelberg "
                             "only a Station you passed through")  # fmt: skip
        return
    if ctx.disrupted(station, "Maelberg"):
        ctx.violate("1.9.5", f"{station} is already Maelberged")
        return
    ctx.disruptions.append(Disruption(station=station, marker="Maelberg"))
    ctx.event("maelberg", f"{station} is Maelberged", station=station)


@VANILLA.action("Un-Maelberging")
def un_maelberging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.9.5 - Maelberg Variance: a player whose Piece stands at a Maelberged Station
    after the Move may lift the Maelberg and gains what the Maelberger paid (one Blue, the
    index's price)."""
    where = ctx.position()
    if where is None or not ctx.disrupted(where.station, "Maelberg"):
        here = where.station if where else "off the Map"
        ctx.violate("1.9.5", f"your Piece ({here}) is not at a Maelberged Station; "
                             "Un-Maelberg only where you stand")  # fmt: skip
        return
    ctx.undisrupt(where.station, "Maelberg")
    ctx.gain({Colour.BU: 1}, "[Un-Maelberging]")
    ctx.event("maelberg_lifted", f"{where.station} is no longer Maelberged",
              station=where.station)  # fmt: skip


def _days_passed(ctx: TurnContext) -> int:
    if ctx.before.time is None or ctx.time is None:
        return 0
    week = list(Day)
    return (week.index(ctx.time.day) - week.index(ctx.before.time.day)) % len(week)


@VANILLA.at_end("1.11.3")
def damage_repairs(ctx: TurnContext) -> None:
    """Rule 1.11.3 - Station Damage: each time Game Time moves into a new day, the first
    Damaged Station in Disruptions is taken off; Heavy Damage comes back as Light Damage, at
    the end of the list, as if it had just happened."""
    for _ in range(_days_passed(ctx)):
        first = next((d for d in ctx.disruptions if d.segment_end is None
                      and d.marker in ("Damage", "*Damage*")), None)  # fmt: skip
        if first is None:
            return
        ctx.disruptions.remove(first)
        if first.marker == "*Damage*":
            ctx.disruptions.append(Disruption(station=first.station, marker="Damage"))
            text = f"{first.station}'s Heavy Damage is repaired to Light Damage"
        else:
            text = f"{first.station}'s Light Damage is repaired"
        ctx.event("repair", text, station=first.station)
