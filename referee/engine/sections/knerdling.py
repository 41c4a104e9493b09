"""Knerdling (rule 1.4.36): passing a fresh Clamp on, with the Knerdling Stick.

Rule 1.4.36 - Knerdling: a player who has received a Clamp since eir last Turn, and who held
the Knerdling Stick before that Clamp arrived, may open eir Turn with [Knerdling <Player>]: the
Clamp, then the Stick, go to that player. The Knerdled player may not be the one who gave the
Clamp, and must be reachable from the Knerdler along one Line in one direction with no Block,
Bulkhead or other Piece between them. It is the only way to shed a Clamp except the Clamp's
own removing Action.

Everything is read from the record (rules/vanilla/readings.md#r1-4-36): the Clamps received
are the clamping Actions naming the player in the plays since eir last one; a Knerdling that
brought em the Stick also brought a Clamp before it, so only Clamps received after it count.
The play's comment names the Clamp passed on (``{knerdling: Spoon Clamp}``), so a later
Knerdling of that Clamp can be read from the record too.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.history import Position, last_round
from referee.engine.possessions import carried, give, take
from referee.engine.registry import VANILLA
from referee.engine.sections.blocks import blocks_in_force
from referee.network.mapfile import Section, SectionKind
from referee.notation.actions import Action
from referee.notation.plays import Play

STICK = "Knerdling Stick"
KNERDLING = "Knerdling"
CLAMPS_GIVEN: dict[str, str] = {
    "Spooning": "Spoon Clamp",  # rule 1.4.39
    "Narging": "Narg Clamp",  # rule 1.4.40
    "Greening": "Green Clamp",  # rule 1.4.41
    "Freeming": "Freem Clamp",  # rule 1.4.42
    "Knidding": "Knid Clamp",  # rule 1.4.43
    "Toffing": "Toff Clamp",  # rule 1.4.44
    "Magno-Clamping": "Magno-Clamp",  # rule 1.4.45
    "Radiating": "Radio Clamp",  # rule 1.4.46
}
"""The Actions that give their target a Clamp, and the Clamp each gives."""


@dataclass(frozen=True)
class Received:
    clamp: str
    giver: str


def clamps_received(gsd_plays: tuple[Play, ...], player: str) -> list[Received]:
    """Rule 1.4.36: the Clamps ``player`` received in ``gsd_plays`` (the plays since eir last
    Turn) after the Knerdling Stick reached em, in the order received."""
    received: list[Received] = []
    for play in gsd_plays:
        for action in play.actions:
            if not action.args or str(action.args[0]) != player:
                continue
            if action.name in CLAMPS_GIVEN:
                received.append(Received(CLAMPS_GIVEN[action.name], play.player))
            elif action.name == KNERDLING:
                received.clear()
    return received


def _since_last_turn(ctx: TurnContext) -> tuple[Play, ...]:
    window = last_round(ctx.before, ctx.player)
    return window[1:] if window and window[0].player == ctx.player else window


@VANILLA.action(KNERDLING)
def knerdling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.36 - Knerdling: first Action of the Turn; the Stick carried; a Clamp received
    since the last Turn, after the Stick, named in the comment and still carried; the target
    not its giver, reachable along one Line in one direction with nothing between. Rules
    1.11.7 and 1.4.47 (no Knerdling from or of a player at a Holy Station, nor of a prisoner)
    are the pipeline's target checks."""
    target = str(action.args[0])
    written = action.render(ctx.index)
    if ctx.play.parts[0] is not action:
        ctx.violate("1.4.36", f"{written} may only be the first Action of your Turn")
        return
    stick = next((item for item in carried(ctx) if item.name == STICK), None)
    if stick is None:
        ctx.violate("1.4.36", f"{written} needs the Knerdling Stick, which you do not carry")
        return
    received = clamps_received(_since_last_turn(ctx), ctx.player)
    if not received:
        ctx.violate("1.4.36", "you have received no Clamp since your last Turn (after the "
                              "Knerdling Stick came to you) to pass on")  # fmt: skip
        return
    named = field(ctx, "knerdling")
    if named is None:
        names = ", ".join(sorted({r.clamp for r in received}))
        example = f"{{knerdling: {received[-1].clamp}}}"
        ctx.violate("1.4.36", f"name the Clamp you pass on in the comment, e.g. {example} "
                              f"(received: {names})")  # fmt: skip
        return
    fitting = [r for r in received if r.clamp.casefold() == named.strip().casefold()]
    if not fitting:
        ctx.violate("1.4.36", f"you received no {named} since your last Turn, after the Stick")
        return
    if all(r.giver == target for r in fitting):
        ctx.violate("1.4.36", f"{target} gave you that {fitting[0].clamp}; Knerdle another "
                              "player")  # fmt: skip
        return
    clamp = next((item for item in carried(ctx) if item.name == fitting[0].clamp), None)
    if clamp is None:
        ctx.violate("1.4.36", f"you no longer carry a {fitting[0].clamp}")
        return
    if not _may_knerdle(ctx, target, written):
        return
    take(ctx, clamp)
    give(ctx, clamp, target)
    take(ctx, stick)
    give(ctx, stick, target)
    ctx.event("knerdled", f"{target} receives {ctx.player}'s {clamp.name}, then the Knerdling "
                          "Stick", target=target, clamp=clamp.name)  # fmt: skip


def _may_knerdle(ctx: TurnContext, target: str, written: str) -> bool:
    here = ctx.position()
    there = ctx.position(target) if target in ctx.players else None
    if target == ctx.player or here is None or there is None:
        ctx.violate("1.4.36", f"{written} names another player, both Pieces on the Map")
        return False
    if not reachable(ctx, here, there):
        ctx.violate("1.4.36", f"{target} at {there.station} cannot be reached from "
                              f"{here.render()} along one Line in one direction with no "
                              "Block, Bulkhead or other Piece between")  # fmt: skip
        return False
    return True


def reachable(ctx: TurnContext, here: Position, there: Position) -> bool:
    """Rule 1.4.36: ``there`` lies along a section of the Line the Piece is on (any Line at
    its Station if unknown; the target on that Line too, if eirs is known), one way from it,
    with every Station between free of Pieces, of the Round's Blocks and of Bulkheads. A
    target at the same Station on the same Line is reached with nothing between."""
    lines = {here.line} if here.line else ctx.network.lines_at[here.station]
    if there.station == here.station:
        return there.line is None or there.line in lines
    for code in lines:
        if there.line is not None and there.line != code:
            continue
        for section in ctx.network.data.lines[code].sections:
            if here.station in section.stations:
                for step in _steps(section):
                    if _walk(ctx, section, here.station, there.station, step):
                        return True
    return False


def _steps(section: Section) -> tuple[int, ...]:
    """A one-way section is run in its listed (stopping) order only."""
    return (1,) if section.kind is SectionKind.ONE_WAY else (1, -1)


def _walk(ctx: TurnContext, section: Section, start: str, goal: str, step: int) -> bool:
    stations = section.stations
    loop = section.kind is SectionKind.LOOP
    position = stations.index(start)
    occupied = {where.station for where in ctx.positions.values()}
    blocked = blocks_in_force(ctx)
    for _ in range(len(stations) - 1):
        position += step
        if loop:
            position %= len(stations)
        elif not 0 <= position < len(stations):
            return False
        station = stations[position]
        if station == goal:
            return True
        if station in occupied or station in blocked or ctx.disrupted(station, "Bulkhead"):
            return False
    return False
