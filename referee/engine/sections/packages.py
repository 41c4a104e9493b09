"""Suspect Packages (rules 1.4.7 and 1.7.30): dropping and defusing them.

A Suspect Package is a Token Stack entry reading ``Susp Package``; the core's move check
refuses Moves passing through one. [Detonating <Station> Package] stays recognised but not
yet adjudicated: a Blast obliges each player caught in it to play a Pass with no Actions as
eir next Turn, and the GSD has nowhere to remember who was caught (the chain of Packages a
Blast sets off cannot be rebuilt from the record later).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.sections.pegs import is_pegged
from referee.notation.actions import Action
from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour

PACKAGE = "Susp Package"
PACKAGE_LIMIT = 3
"""Rule 1.4.7: a Package may be dropped only while fewer than three are in play."""


def packages(ctx: TurnContext) -> list[TokenStack]:
    return [s for s in ctx.stacks if s.marker == PACKAGE]


def quadrant_of(ctx: TurnContext, station: str) -> int | None:
    """The Quadrant written beside a new Stack: the Station's lowest (0 = the Circle)."""
    quadrants = ctx.network.facts[station].quadrants
    return min(quadrants) if quadrants else None


def placed_by(gsd: GSD, station: str) -> str | None:
    """Who last put a Package at ``station``: by dropping it there or Shunting it there."""
    for play in reversed(gsd.plays):
        for action in reversed(play.actions):
            if action.name == "Dropping Package" and action.args[0] == station:
                return play.player
            if (action.name.endswith("Shunting") and action.args[0] == "Suspect Package"
                    and getattr(action.args[1], "station", None) == station):  # fmt: skip
                return play.player
    return None


@VANILLA.action("Dropping Package")
def dropping_package(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.7 - Suspect Packages: while fewer than three are in play, a player may leave a
    Package where eir Piece stands or at a Station it passed through so far this Turn. Rule
    1.11.4: nothing may be placed at a Pegged Station."""
    station = str(action.args[0])
    if len(packages(ctx)) >= PACKAGE_LIMIT:
        ctx.violate("1.4.7", "three Suspect Packages are already in play; no more may be "
                             "dropped")  # fmt: skip
        return
    if is_pegged(ctx, station):
        ctx.violate("1.11.4", f"{station} is Pegged; no game object may be placed there")
        return
    ctx.stacks.append(TokenStack(station=station, quadrant=quadrant_of(ctx, station),
                                 marker=PACKAGE))  # fmt: skip
    ctx.event("package", f"a Suspect Package is left at {station}", station=station)


@VANILLA.action("Defusing Package")
def defusing_package(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.30 - You Have 10 Minutes To Clear This Building...: a player standing with a
    Suspect Package e did not put there emself may defuse it: it leaves play and e gains a
    Silver Token. Rule 1.11.4: nothing may be removed from a Pegged Station."""
    where = ctx.position()
    here = next((s for s in packages(ctx) if where and s.station == where.station), None)
    if where is None or here is None:
        place = where.station if where else "off the Map"
        ctx.violate("1.7.30", f"there is no Suspect Package where your Piece stands ({place})")
        return
    mine_now = any(a.name == "Dropping Package" and a.args[0] == where.station
                   for a in ctx.play.actions)  # fmt: skip
    if mine_now or placed_by(ctx.before, where.station) == ctx.player:
        ctx.violate("1.7.30", f"you put the Package at {where.station} yourself; another "
                              "player must defuse it")  # fmt: skip
        return
    if is_pegged(ctx, where.station):
        ctx.violate("1.11.4", f"{where.station} is Pegged; nothing may be removed from it")
        return
    ctx.stacks.remove(here)
    ctx.gain({Colour.SI: 1}, "[Defusing Package]")
    ctx.event("package_defused", f"the Suspect Package at {where.station} is defused",
              station=where.station)  # fmt: skip
