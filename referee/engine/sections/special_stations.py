"""Special Stations (section 1.11): Wild Stations, the Courier, Ghost Stations, Holy Stations.

Rule 1.11.1 - Born to be Wild: [Wild] permits a Special Move to a Wild Station; the post-Move
[<Station> Wild] adds a Station more than three Stations from Mornington Crescent to the list,
which keeps at most three (the oldest drops off).
Rule 1.11.2 - Three-Point Courier: [Collecting Parcel] at the Pick-Up Station when nobody holds
a Parcel; [Delivering Parcel] at the Destination gives three Gold, destroys the Parcel and
clears both Stations; a Parcel carrier makes no Special Move (Walking excepted, rule 1.7.10).
With no Courier Stations, anyone but the Drone calls the Courier: Fixed names the two Stations
in the play's comment, ``pick-up: <Station>; destination: <Station>``; Random leaves them to
two 295-sided dice read as Venbacker Numbers, which the referee rolls at the start of the
next Turn (the next player's reading of them, rules/vanilla/readings.md#r1-11-2).
Rule 1.11.6 - If Your Mansion House Needs Haunting: [Ghosting] permits a Special Move to an
empty Ghost Station; nothing else reaches a Ghost Station.
Rule 1.11.7 - Sanctuary: [Collection Plate] opens every Holy Station for the rest of the Turn
(read by :mod:`referee.engine.sections.opening`); [Defaming <Station>] makes a Holy Station
not Holy until Game Time next reaches a Sunday (written ``<Station> (Defamed)``); the
index's Fosdyke Requirement (S1), checked by the pipeline, makes that Station one next to the
player's Piece.
"""

from __future__ import annotations

import re

from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import piece_key
from referee.engine.registry import VANILLA
from referee.engine.sections.home import goes_home
from referee.engine.sections.special_moves import destination, permit
from referee.engine.tables.costs import TokenCost
from referee.engine.tables.courier import CourierStation
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.errors import NotationError
from referee.notation.gametime import Day
from referee.notation.luggage import RackEntry
from referee.notation.places import parse_station
from referee.notation.plays import MoveKind, Play
from referee.notation.possessions import Possession

MORNINGTON_CRESCENT = "Mornington Crescent"
WILD_LIMIT = 3
WILD_DISTANCE = 3


# -- Rule 1.11.1 -----------------------------------------------------------------------------


def _wild(ctx: TurnContext) -> tuple[str, ...]:
    return tuple(ctx.current("wild"))


@VANILLA.action("Wild")
def wild(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.1 - Born to be Wild: a Special Move to any Wild Station. A Move to the
    player's Home Station that a Pre-Move [Home] of the same play also permits is not the
    [Wild]'s to refuse (rule 1.5.0: either permission may be the one used)."""
    there = destination(ctx)
    stations = _wild(ctx)
    if there is not None and there.station not in stations and not goes_home(ctx, there.station):
        ctx.violate("1.11.1", f"{there.station} is not Wild; the Wild Stations are "
                              f"{', '.join(stations) or 'none'}")  # fmt: skip
        return
    permit(ctx, "[Wild]")


@VANILLA.action("Declaring Wild")
def declaring_wild(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.1 - Born to be Wild: declare a Station Wild if it is more than three Stations from
    Mornington Crescent (by any route, rule 1.17.9's R); a fourth pushes the first off the list.
    A Station already Wild is refused (rules/vanilla/readings.md#r1-11-1)."""
    (station,) = action.args
    assert isinstance(station, str)
    stations = _wild(ctx)
    if station in stations:
        ctx.violate("1.11.1", f"{station} is already Wild; declare another Station")
        return
    distance = ctx.network.distances.route_distance(station, MORNINGTON_CRESCENT)
    if distance is not None and distance <= WILD_DISTANCE:
        ctx.violate("1.11.1", f"{station} is {distance} Stations from Mornington Crescent; a "
                              f"Wild Station must be more than {WILD_DISTANCE} away")  # fmt: skip
        return
    now = (*stations, station)[-WILD_LIMIT:]
    ctx.change("wild", now)
    ctx.event("wild", f"{station} is Wild (Wild Stations: {', '.join(now)})", station=station)


# -- Rule 1.11.2 -----------------------------------------------------------------------------

PARCEL = "Parcel"


def _holders(ctx: TurnContext) -> list[str]:
    return [e.player for e in ctx.current("rack")
            if any(p.name.casefold() == "parcel" for p in e.possessions)]  # fmt: skip


def _rack_with(ctx: TurnContext, player: str, add: Possession | None, drop: str | None) -> None:
    rack: list[RackEntry] = []
    found = False
    for entry in ctx.current("rack"):
        if entry.player == player:
            found = True
            items = list(entry.possessions)
            if drop is not None:
                first = next(p for p in items if p.name.casefold() == drop.casefold())
                items.remove(first)
            if add is not None:
                items.append(add)
            entry = entry.model_copy(update={"possessions": tuple(items)})
        rack.append(entry)
    if not found and add is not None:
        rack.append(RackEntry(player=player, possessions=(add,)))
    ctx.change("rack", tuple(rack))


def _moved_to(ctx: TurnContext, station: str | None) -> bool:
    """Whether this Turn's Move brought the player to ``station`` (rule 1.11.2 'moves to')."""
    return station is not None and any(
        m.end is not None and m.end.station == station and m.move.kind is MoveKind.GO
        and m.start != m.end for m in ctx.moves
    )  # fmt: skip


@VANILLA.action("Collecting Parcel")
def collecting_parcel(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.2 - Three-Point Courier: having moved to the Pick-Up Station, with no Parcel in
    anyone's hands."""
    pickup = ctx.current("courier_pickup")
    if pickup is None:
        ctx.violate("1.11.2", "there is no Courier Pick-Up Station; call the Courier first")
        return
    if not _moved_to(ctx, pickup):
        ctx.violate("1.11.2", f"collect the Parcel after your Move to the Pick-Up Station, "
                              f"{pickup}")  # fmt: skip
        return
    holders = _holders(ctx)
    if holders:
        ctx.violate("1.11.2", f"{holders[0]} already carries the Parcel")
        return
    _rack_with(ctx, ctx.player, Possession(name=PARCEL), None)
    ctx.event("parcel", f"collected the Parcel at {pickup}")


@VANILLA.action("Delivering Parcel")
def delivering_parcel(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.2 - Three-Point Courier: having moved to the Destination with the Parcel: three
    Gold, the Parcel destroyed, both Courier Stations cleared."""
    target = ctx.current("courier_destination")
    if ctx.player not in _holders(ctx):
        ctx.violate("1.11.2", "you carry no Parcel to deliver")
        return
    if not _moved_to(ctx, target):
        ctx.violate("1.11.2", f"deliver the Parcel after your Move to the Destination Station, "
                              f"{target or 'which is not set'}")  # fmt: skip
        return
    _rack_with(ctx, ctx.player, None, PARCEL)
    ctx.gain(TokenCost.parse(ctx.ruleset.tables().courier.delivery_gain).fixed(),
             "[Delivering Parcel]")  # fmt: skip
    ctx.change("courier_pickup", None)
    ctx.change("courier_destination", None)


@VANILLA.move_check("1.11.2")
def parcels_forbid_special_moves(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.2 - Three-Point Courier: a player carrying a Parcel makes no Special Move and no
    Action moves eir Piece (a Walk is exempt, rule 1.7.10; placing a Piece on the Map is not a
    move away)."""
    if not moving.special or moving.start is None or ctx.facts.walking:
        return
    if moving.piece.split("/")[0] == ctx.player and ctx.player in _holders(ctx):
        ctx.violate("1.11.2", "you carry the Parcel, so you may not make a Special Move or move "
                              "your Piece by an Action; deliver it first")  # fmt: skip


def _courier_free(ctx: TurnContext, which: str) -> bool:
    if ctx.player == "Drone":
        ctx.violate("1.11.2", "the Drone may not call the Courier")
        return False
    if ctx.current("courier_pickup") or ctx.current("courier_destination"):
        ctx.violate("1.11.2", f"the Courier Stations are already set; [{which}] waits until "
                              "the Parcel is delivered")  # fmt: skip
        return False
    return True


_NAMED = re.compile(r"\b(?P<role>pick-?up|destination)\s*:\s*(?P<station>[^;{}]+?)\s*(?:;|$)",
                    re.I)  # fmt: skip


def _courier_station(ctx: TurnContext, name: str) -> CourierStation:
    facts = ctx.network.facts[name]
    return CourierStation(name, facts.zones, facts.quadrants,
                          frozenset(c.value for c in facts.lines))  # fmt: skip


@VANILLA.action("Courier Call (Fixed)")
def courier_call_fixed(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.2 - Three-Point Courier: the caller names the Pick-Up and Destination in the
    play's comment."""
    if not _courier_free(ctx, "Courier Call (Fixed)"):
        return
    named: dict[str, str] = {}
    for match in _NAMED.finditer(ctx.play.comment or ""):
        role = "pickup" if match.group("role").lower().startswith("pick") else "destination"
        try:
            named[role] = parse_station(match.group("station"))
        except NotationError as error:
            ctx.violate("1.11.2", f"the comment's '{match.group('role')}:' names no station I "
                                  f"know ({error.reason})")  # fmt: skip
            return
    if set(named) != {"pickup", "destination"}:
        ctx.violate("1.11.2", "name the Courier Stations in the play's comment, e.g. "
                              "{pick-up: Epping; destination: Morden}")  # fmt: skip
        return
    here = ctx.position()
    mine = ctx.network.facts[here.station].quadrants if here is not None else frozenset()
    homes = [p.home for p in ctx.players.values() if p.home]
    problems = ctx.ruleset.tables().courier.fixed_call_problems(
        _courier_station(ctx, named["pickup"]), _courier_station(ctx, named["destination"]),
        caller_quadrants=mine, home_stations=homes,
    )  # fmt: skip
    if problems:
        ctx.violate("1.11.2", "; ".join(problems))
        return
    ctx.change("courier_pickup", named["pickup"])
    ctx.change("courier_destination", named["destination"])
    ctx.event("courier", f"Courier: Pick-Up {named['pickup']}, Destination "
                         f"{named['destination']}")  # fmt: skip


@VANILLA.action("Courier Call (Random)")
def courier_call_random(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.2 - Three-Point Courier: a Random call; the dice are rolled as the next Turn
    starts."""
    if _courier_free(ctx, "Courier Call (Random)"):
        ctx.event("courier", "the Courier Stations will be rolled at the start of the next Turn")


@VANILLA.at_start("1.11.2")
def courier_random_stations(ctx: TurnContext) -> None:
    """Rule 1.11.2 - Three-Point Courier: after a Random Courier Call the next player reads two
    295-sided dice as Venbacker Numbers: the Pick-Up, then the Destination."""
    if ctx.before.courier_pickup or ctx.before.courier_destination:
        return
    last = next((p for p in reversed(ctx.before.record) if isinstance(p, Play)), None)
    if last is None:
        return
    if not any(a.name == "Courier Call (Random)" for a in last.actions):
        return
    table = ctx.ruleset.tables().courier
    by_number = {f.venbacker: f.name for f in ctx.network.facts.values() if f.venbacker}
    found = []
    for _ in range(table.random_dice):
        number = ctx.roll(table.die_sides, "rule 1.11.2")
        found.append(by_number.get(number))
    if len(found) >= 2 and found[0] and found[1]:
        ctx.change("courier_pickup", found[0])
        ctx.change("courier_destination", found[1])
        ctx.event("courier", f"Courier (Random, {last.player}'s call): Pick-Up {found[0]}, "
                             f"Destination {found[1]}")  # fmt: skip


# -- Rule 1.11.6 -----------------------------------------------------------------------------


def ghost_stations(ctx: TurnContext) -> list[str]:
    return sorted(f.name for f in ctx.network.facts.values() if f.ghost)


@VANILLA.action("Ghosting")
def ghosting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.6 - If Your Mansion House Needs Haunting: a Special Move to a Ghost Station no
    player stands at."""
    there = destination(ctx)
    if there is not None:
        occupied = {p.station for key, p in ctx.positions.items()
                    if key != piece_key(ctx.player)}  # fmt: skip
        if there.station not in ghost_stations(ctx):
            ctx.violate("1.11.6", f"{there.station} is not a Ghost Station; Ghost to one of "
                                  f"{', '.join(ghost_stations(ctx))}")  # fmt: skip
            return
        if there.station in occupied:
            ctx.violate("1.11.6", f"a player is at {there.station}; Ghost to an empty Ghost "
                                  "Station")  # fmt: skip
            return
    permit(ctx, "[Ghosting]")


@VANILLA.move_check("1.11.6")
def only_ghosts_reach_ghost_stations(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.11.6 - If Your Mansion House Needs Haunting: a Ghost Station is reached by Ghosting
    and by no other means."""
    end = moving.end
    if end is None or moving.start is None or ctx.has_done("Ghosting"):
        return
    facts = ctx.network.facts.get(end.station)
    if facts is not None and facts.ghost and (moving.start.station != end.station):
        ctx.violate("1.11.6", f"{end.station} is a Ghost Station, reached only by [Ghosting]")


# -- Rule 1.11.7 -----------------------------------------------------------------------------

DEFAMED = "Defamed"


@VANILLA.action("Collection Plate")
def collection_plate(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.7 - Sanctuary: every Holy Station is Open for the rest of the Turn."""
    ctx.event("collection_plate", "Holy Stations are Open for the rest of the Turn")


def holy(ctx: TurnContext, station: str) -> bool:
    """Rule 1.11.7 - Sanctuary: a Holy Station (rule 1.17.6) that is not Defamed."""
    facts = ctx.network.facts.get(station)
    return (facts is not None and Category.HOLY in facts.categories
            and not ctx.disrupted(station, DEFAMED))  # fmt: skip


@VANILLA.target_check("1.11.7")
def sanctuary(ctx: TurnContext, action: Action, target: str) -> bool:
    """Rule 1.11.7 - Sanctuary: no Action may name a player who stands at a Holy Station, and
    no player standing at one may play an Action that names another player. The pipeline asks
    this for every Action naming a player (``targets.aimed_at``), before its handler runs."""
    here = ctx.position()
    if here is not None and holy(ctx, here.station):
        ctx.violate("1.11.7", f"you are at {here.station}, a Holy Station, where no one may "
                              f"target another player; {action.render(ctx.index)} names "
                              f"{target}")  # fmt: skip
        return False
    there = ctx.position(target)
    if there is not None and holy(ctx, there.station):
        ctx.violate("1.11.7", f"{target} is at {there.station}, a Holy Station, and has "
                              "Sanctuary: no Action may name em there")  # fmt: skip
        return False
    return True


@VANILLA.action("Defaming")
def defaming(ctx: TurnContext, action: Action) -> None:
    """Rule 1.11.7 - Sanctuary: a Holy Station is not Holy until the next Sunday. The index's
    (S1) is the pipeline's to check (rule 1.17.9, ``referee.engine.proximity``)."""
    (station,) = action.args
    assert isinstance(station, str)
    if not holy(ctx, station):
        ctx.violate("1.11.7", f"{station} is not a Holy Station (or is already Defamed)")
        return
    ctx.disruptions.append(Disruption(station=station, marker=DEFAMED))
    ctx.event("defamed", f"{station} is not Holy until Sunday", station=station)


@VANILLA.at_end("1.11.7")
def sunday_restores_holiness(ctx: TurnContext) -> None:
    """Rule 1.11.7 - Sanctuary: on a Sunday, Defamed Stations are Holy again
    (rules/vanilla/readings.md#r1-11-7)."""
    if ctx.time is None or ctx.time.day is not Day.SUNDAY:
        return
    if any(d.marker == DEFAMED for d in ctx.disruptions):
        ctx.disruptions[:] = [d for d in ctx.disruptions if d.marker != DEFAMED]
        ctx.event("defamed", "it is Sunday: every Defamed Station is Holy again")
