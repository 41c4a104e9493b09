"""Toppling a Token Stack (rule 1.7.55).

Rule 1.7.55 - Did You Spill My Podumes?: after eir Move, a player whose Piece stands at a
Token Stack's Station, with an LV above four, may knock the Stack over towards a Target
Station on one of the Lines serving the Stack's Station, exactly twice eir LV stations away
along that Line. Nothing that would stop a Move (Blocks, closures) matters. The top Token lands
on the Target, the next one station short of it, and so on back along the Line; a Token that
would overfill a Stack (rule 1.14.3) is lost. The Stack is gone and the Toppler's LV is zero.

Stacks are not written with a Line, so "shares a Station and Line" is met by standing at the
Stack's Station; the Line condition is the Target's. The distance is the fewest stations
along the Target's Line, and the Tokens fall along that shortest way; in a Stack too tall for
the way (only the unlimited Stacks of rule 1.14.3 can be), the Tokens past the Stack's own
Station are lost.
"""

from __future__ import annotations

from collections import deque

from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged
from referee.engine.registry import VANILLA
from referee.engine.sections.stacks import push, stack_at
from referee.network.lines import LineCode
from referee.network.network import Network
from referee.notation.actions import Action
from referee.notation.places import Destination

MIN_LV = 5
REACH = 2


def along_line(network: Network, start: str, line: LineCode) -> dict[str, list[str]]:
    """The shortest way along ``line`` from ``start`` to every Station it reaches (each way
    begins with ``start``), ignoring direction and obstacles."""
    ways = {start: [start]}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for _, there, key in network.graph.edges(here, keys=True):
            if key == line and there not in ways:
                ways[there] = [*ways[here], there]
                queue.append(there)
    return ways


@VANILLA.action("Topple")
def topple(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.55 - Did You Spill My Podumes?: see the module docstring."""
    (target,) = action.args
    assert isinstance(target, Destination)
    written = f"[Topple to {target.station}]"
    pieces = [p for p in (ctx.position(), ctx.position(piece="B")) if p is not None]
    origin = next((p.station for p in pieces if stack_at(ctx, p.station) is not None), None)
    if origin is None:
        ctx.violate("1.7.55", f"{written}: your Piece shares its Station with no Token Stack")
        return
    if ctx.me.lv < MIN_LV:
        ctx.violate("1.7.55", f"{written}: only a player with an LV above four may Topple; "
                              f"yours is {ctx.me.lv}")  # fmt: skip
        return
    line = target.line
    if line is None or line not in ctx.network.facts[origin].lines:
        ctx.violate("1.7.55", f"{written}: name the Target's Line, one serving {origin} (e.g. "
                              f"Topple to {target.station} (CN))")  # fmt: skip
        return
    reach = REACH * ctx.me.lv
    way = along_line(ctx.network, origin, line).get(target.station)
    if way is None or len(way) - 1 != reach:
        far = "not on that Line" if way is None else f"{len(way) - 1} stations away"
        ctx.violate("1.7.55", f"{written}: the Target must be {reach} stations (twice your LV) "
                              f"from {origin} along the {line.value}; it is {far}")  # fmt: skip
        return
    _fall(ctx, origin, way)
    ctx.set_lv(0)


def _fall(ctx: TurnContext, origin: str, way: list[str]) -> None:
    """The Stack's Tokens, top first, land from the Target backwards along ``way``."""
    number = stack_at(ctx, origin)
    assert number is not None
    fallen = ctx.stacks.pop(number).tokens
    table = ctx.ruleset.tables().stacks
    for step, colour in enumerate(reversed(fallen)):
        if step >= len(way):
            ctx.event("topple", f"a {colour.word} Token falls past {origin} and is lost")
            continue
        station = way[len(way) - 1 - step]
        here = stack_at(ctx, station)
        size = len(ctx.stacks[here].tokens) if here is not None else 0
        if is_pegged(ctx, station):
            ctx.event("topple", f"a {colour.word} Token is lost: {station} is Pegged "
                                "(rule 1.11.4)", station=station)  # fmt: skip
        elif table.may_add(station, size):
            push(ctx, station, [colour])
            ctx.event("topple", f"a {colour.word} Token falls on {station}", station=station)
        else:
            ctx.event("topple", f"a {colour.word} Token is lost: {station}'s Stack is full",
                      station=station)  # fmt: skip
