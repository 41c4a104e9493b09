"""The Narg Clamp (rule 1.4.40 - The Narg Clamp explained).

A player may Narg another who shares eir Station and Line (the index's (S0,L0), checked by the
pipeline), fastening a Narg Clamp, a Cursed Possession, on em. Its carrier may move only
horizontally or vertically: a Move along any section of Line that is neither is Illegal,
unless the Piece passes through no Stations (a Special Move). [Anti-Narg], played at
Tottenham Court Road, destroys one Narg Clamp the player carries.

The map gives each Station geographic coordinates, not the schematic map's drawing, so a
section's slant is the bearing between its two Stations, judged against the tolerance of
``RuleSettings.narg_tolerance_degrees`` (rules/vanilla/readings.md#r1-4-40).
"""

from __future__ import annotations

import math

from referee.engine.context import MoveContext, TurnContext
from referee.engine.possessions import give
from referee.engine.registry import VANILLA
from referee.engine.sections.clamps import carrying, may_fasten, shed_clamp
from referee.network.network import Network
from referee.notation.actions import Action
from referee.notation.possessions import Possession

NARG = "Narg Clamp"
ANTI_NARG_AT = "Tottenham Court Road"


def slant(network: Network, a: str, b: str) -> float | None:
    """Degrees between the section ``a``-``b`` and the nearer of east-west and north-south
    (0 is level or upright, 45 a diagonal); None when a Station has no coordinates."""
    here, there = network.facts[a].position, network.facts[b].position
    if here is None or there is None:
        return None
    bearing = math.degrees(math.atan2(abs(there[1] - here[1]), abs(there[0] - here[0])))
    return min(bearing, 90 - bearing)


@VANILLA.action("Narging")
def narging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.40: the named player gains a Narg Clamp (Sanctuary and the Prison Clamp as
    for every Clamp, :func:`clamps.may_fasten`)."""
    target = may_fasten(ctx, action, "1.4.40")
    if target is None:
        return
    give(ctx, Possession(name=NARG), target)
    ctx.event("clamp", f"{target} gains a {NARG}", target=target, clamp=NARG)


@VANILLA.action("Anti-Narg")
def anti_narg(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.40: destroys one carried Narg Clamp, played at Tottenham Court Road (either
    Piece, rule 1.7.42)."""
    pieces = [p for p in (ctx.position(), ctx.position(piece="B")) if p is not None]
    if not any(p.station == ANTI_NARG_AT for p in pieces):
        here = " and ".join(p.render() for p in pieces) or "no Station"
        ctx.violate("1.4.40", f"[Anti-Narg] is played at {ANTI_NARG_AT}; you are at {here}")
        return
    shed_clamp(ctx, NARG, "1.4.40", "[Anti-Narg]")


@VANILLA.move_check("1.4.40")
def narg_level_or_upright(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.40: a Narg Clamp's carrier may pass along no slanted section of Line; a
    Special Move passes along none, and an Escalator Link is no section of Line."""
    if moving.route is None or not carrying(ctx, NARG):
        return
    tolerance = ctx.ruleset.settings.narg_tolerance_degrees
    stations, hops = moving.route.stations, moving.route.hops
    for a, b, hop in zip(stations, stations[1:], hops, strict=False):
        angle = slant(ctx.network, a, b)
        if hop is None or angle is None or angle <= tolerance:
            continue
        ctx.violate("1.4.40", f"you carry a Narg Clamp, and the section {a} - {b} "
                              f"({hop.value}) runs {angle:.0f} degrees off level or upright; "
                              f"a Narged Move keeps within {tolerance:g}")  # fmt: skip
        return
