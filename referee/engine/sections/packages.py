"""Suspect Packages (rules 1.4.7 and 1.7.30): dropping, defusing and detonating them.

A Suspect Package is a Token Stack entry reading ``Susp Package``; the core's move check
refuses Moves passing through one. A detonation Heavily Damages the Package's Station and
Blasts every Station fewer than three stops from it: Token Stacks there are destroyed,
players there lose their Possessions and owe a Pass with no Actions as their next Turn, and
Packages there detonate in turn. Who owes that Pass is written in Disruptions as
``Blasted: <Player>`` (no table holds it, and the record alone cannot rebuild a chain of
Blasts) and cleared by the Turn that pays it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from referee.notation.plays import MoveKind
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour

PACKAGE = "Susp Package"
PACKAGE_LIMIT = 3
"""Rule 1.4.7: a Package may be dropped only while fewer than three are in play."""
DETONATION_RANGE = 5
"""Rule 1.7.30: a player fewer than five Stations from a Package may detonate it."""
BLAST_RADIUS = 3
"""Rule 1.7.30: a detonation Blasts every Station fewer than three stops away."""
BLASTED = "Blasted"
FORCED_MOVES = frozenset({MoveKind.PASS, MoveKind.TIMEOUT})
"""What a Blasted player may play next (rules/vanilla/readings.md#r1-7-30: a Timeout, which allows
no Actions either and is imposed by others, also pays it; a Farkle changes Game Time and does
not)."""


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


@VANILLA.action("Detonating Package")
def detonating_package(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.30 - You Have 10 Minutes To Clear This Building...: a player fewer than five
    Stations (by any Lines) from a Suspect Package may set it off, naming the Station it
    rests at. The distance is the index's Fosdyke Requirement (R<5), judged for every Action by
    the pipeline (rule 1.17.9), so a Magnifier can loosen it (rule 1.4.48). Rule 1.11.4: a
    Package at a Pegged Station may not be removed, so it may not be set off either."""
    station = str(action.args[0])
    if not any(s.station == station for s in packages(ctx)):
        ctx.violate("1.7.30", f"there is no Suspect Package at {station} to detonate")
        return
    if ctx.position() is None:
        ctx.violate("1.7.30", f"your Piece is off the Map, so the Package at {station} is not "
                              f"within {DETONATION_RANGE} Stations of you")  # fmt: skip
        return
    if is_pegged(ctx, station):
        ctx.violate("1.11.4", f"{station} is Pegged; its Package may not be removed, so it "
                              "cannot be detonated")  # fmt: skip
        return
    detonate(ctx, station)


def detonate(ctx: TurnContext, first: str, *, bare: str | None = None) -> None:
    """Rule 1.7.30: detonate the Package at ``first`` and every Package its Blast reaches.

    ``bare`` names something that is no Package but blows up at ``first`` as one would (a
    variant's: the 1965 Potato, rule 4.1.1.4); no Package is taken from ``first`` for it.

    Each detonation Heavily Damages its Station, takes the Package out of play and Blasts the
    Stations fewer than three stops from it (its own included). A Blasted Station loses its
    Token Stacks (not the PoID, which is no Token Stack, nor anything at a Pegged Station,
    rule 1.11.4); each player with a Piece there loses every Possession and is Blasted; a
    Package there detonates next, in the order the Blasts reach them."""
    waiting: deque[str] = deque([first])
    blasted: set[str] = set()
    what = bare
    while waiting:
        station = waiting.popleft()
        if what is None:
            package = next((s for s in packages(ctx) if s.station == station), None)
            if package is None:
                continue
            ctx.stacks.remove(package)
        _heavily_damage(ctx, station)
        ctx.event("package_detonated", f"the {what or 'Suspect Package'} at {station} "
                  "detonates", station=station)  # fmt: skip
        what = None
        reach = ctx.network.distances.route.get(station, {})
        near = [s for s, d in reach.items() if d < BLAST_RADIUS and s not in blasted]
        for target in sorted(near, key=lambda s: (reach[s], s)):
            blasted.add(target)
            waiting.extend(_blast(ctx, target))


def _heavily_damage(ctx: TurnContext, station: str) -> None:
    """Rule 1.11.3: Light Damage becomes Heavy in its place in the list; Heavy stays as it is."""
    for number, entry in enumerate(ctx.disruptions):
        if entry.station == station and entry.segment_end is None and entry.marker == "Damage":
            ctx.disruptions[number] = entry.model_copy(update={"marker": "*Damage*"})
            return
    if not ctx.disrupted(station, "*Damage*"):
        ctx.disruptions.append(Disruption(station=station, marker="*Damage*"))


def _blast(ctx: TurnContext, station: str) -> list[str]:
    """Blast one Station; return where Packages there rest (to detonate next)."""
    pegged = is_pegged(ctx, station)
    if not pegged:
        for stack in [s for s in ctx.stacks if s.station == station and s.marker is None]:
            ctx.stacks.remove(stack)
            ctx.event("stack_destroyed", f"the Token Stack at {station} is destroyed by the "
                                         "Blast", station=station)  # fmt: skip
    for name in caught_at(ctx, station):
        luggage = ctx.luggage(name)
        if luggage:
            ctx.event("possessions_lost", f"{name} loses {len(luggage)} Possessions in the "
                      f"Blast at {station}", player=name, count=len(luggage))  # fmt: skip
            luggage.clear()
        if not blasted_players(ctx.disruptions, name):
            ctx.disruptions.append(Disruption(flag=BLASTED, player=name))
        ctx.event("blasted", f"{name} is caught in the Blast at {station} and must Pass with "
                             "no Actions next Turn", player=name, station=station)  # fmt: skip
    if pegged:
        return []
    return [s.station for s in packages(ctx) if s.station == station]


def caught_at(ctx: TurnContext, station: str) -> list[str]:
    """The players with a Piece (either, if Bifurcated) at ``station``, in Token Table order."""
    here = {key.removesuffix("/B") for key, where in ctx.positions.items()
            if where.station == station}  # fmt: skip
    return [name for name in ctx.players if name in here]


def blasted_players(entries: Iterable[Disruption], name: str) -> bool:
    """Whether Disruptions hold a ``Blasted`` entry for ``name`` (names compared without
    case: the entry is kept as written)."""
    return any(d.flag == BLASTED and d.player is not None
               and d.player.casefold() == name.casefold() for d in entries)  # fmt: skip


@VANILLA.at_start("1.7.30")
def blasted_player_passes(ctx: TurnContext) -> None:
    """Rule 1.7.30: a player caught in a Blast must make eir next Turn a Pass with no Actions;
    that Turn pays the debt, so eir ``Blasted`` entry leaves Disruptions with it."""
    if not blasted_players(ctx.disruptions, ctx.player):
        return
    mine = ctx.player.casefold()
    ctx.disruptions[:] = [d for d in ctx.disruptions if not (
        d.flag == BLASTED and d.player is not None and d.player.casefold() == mine)]  # fmt: skip
    actions = ctx.play.actions
    if actions:
        written = ", ".join(a.render(ctx.index) for a in actions)
        ctx.violate("1.7.30", f"you were caught in a Blast, so this Turn must be a Pass with no "
                              f"Actions; remove {written}")  # fmt: skip
    if any(move.kind not in FORCED_MOVES for move in ctx.play.moves):
        ctx.violate("1.7.30", "you were caught in a Blast, so this Turn's Move must be a Pass "
                              "where your Piece stands")  # fmt: skip
