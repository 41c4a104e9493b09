"""Home Stations (section 1.12): declaring one, going home, Tolls and Rent.

``[Home: <Station>]`` is one index entry for two rules (rules/vanilla/readings.md#r1-7-2): a
player with no Home Station declares one (rule 1.12.2, Neutral, no time); a player with one
goes home by it (rule 1.12.4, Pre-Move, a Special Move, thirty minutes as [Home]).
The Home Station check (``sections/obstacles.py``) reads ``ctx.homes_closed`` (Toll) and
``ctx.homes_open`` (Rent), set here.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.drone import is_drone
from referee.engine.registry import VANILLA
from referee.engine.tables.costs import TokenCost
from referee.network.mapfile import StationKind
from referee.notation.actions import Action
from referee.notation.places import Destination
from referee.notation.plays import MoveKind

CRESCENT = "Mornington Crescent"
HOME_MIN_DISTANCE = 6
"""Rule 1.12.2: a Home Station must be more than six Stations from Mornington Crescent."""
GOING_HOME_MINUTES = 30


def home_exclusion(ctx: TurnContext, station: str) -> str | None:
    """Why ``station`` may not be chosen as a Home Station (rule 1.12.2), or None."""
    facts = ctx.network.facts[station]
    if facts.kind is StationKind.INTERCHANGE:
        return "it is an Interchange"
    distance = ctx.network.distances.route_distance(station, CRESCENT)
    if distance is not None and distance <= HOME_MIN_DISTANCE:
        return f"it is {distance} Stations from Mornington Crescent, not more than six"
    if 1 in facts.zones:
        return "it is in Zone 1"
    if any(where.station == station for where in ctx.positions.values()):
        return "a Piece stands there"
    if any(s.station == station for s in ctx.stacks):
        return "a Token Stack or other game element rests there"
    if any(d.station == station or d.segment_end == station for d in ctx.disruptions):
        return "Disruptions mark it"
    owner = next((p.name for p in ctx.players.values()
                  if p.home == station and p.name != ctx.player), None)  # fmt: skip
    if owner is not None:
        return f"it is {owner}'s Home Station"
    return None


def _going_home(ctx: TurnContext, written: str) -> None:
    if ctx.phase != "pre":
        ctx.violate("1.12.4", f"{written} is a Pre-Move Action when you have a Home Station; "
                              "write it before your Move")  # fmt: skip
        return
    ctx.facts.home = ctx.me.home
    ctx.facts.special_move = True


@VANILLA.action("Home:")
def home_named(ctx: TurnContext, action: Action) -> None:
    """Rule 1.12.2 - Declaring a Home Station: a player without one declares a valid Station
    (none of: an Interchange; six or fewer Stations from Mornington Crescent; Zone 1; holding
    a Piece, Tokens or other game element; another player's Home, since the referee cannot
    see that player agree). Rule 1.12.4 - Going Home: with one, the same text, naming it,
    permits a Special Move there."""
    where = action.args[0]
    assert isinstance(where, Destination)
    me = ctx.me
    if me.home is not None:
        if where.station != me.home:
            ctx.violate("1.12.2", f"you already have a Home Station, {me.home}; go home with "
                                  f"[Home: {me.home}] or [Home]")  # fmt: skip
            return
        _going_home(ctx, action.render(ctx.index))
        ctx.spend_time(GOING_HOME_MINUTES, action.render(ctx.index))
        return
    if is_drone(ctx.player):
        ctx.violate("1.15.1", "the Drone is a seat, not a person, and has no Home Station")
        return
    why = home_exclusion(ctx, where.station)
    if why is not None:
        ctx.violate("1.12.2", f"{where.station} may not be your Home Station: {why}")
        return
    me.home = where.station
    ctx.event("home", f"{ctx.player} declares {where.station} eir Home Station",
              station=where.station)  # fmt: skip


@VANILLA.at_end("1.12.2")
def home_must_be_declared(ctx: TurnContext) -> None:
    """Rule 1.12.2: a player with no Home Station must declare one during eir Turn (not the
    Drone, rule 1.15.1; not in a Timeout or Farkle, which allow no Actions). The setting
    ``home_declaration_required=False`` lets Homeless players play on."""
    if not ctx.ruleset.settings.home_declaration_required or is_drone(ctx.player):
        return
    if ctx.me.home is not None or any(
        m.kind in (MoveKind.TIMEOUT, MoveKind.FARKLE) for m in ctx.play.moves
    ):
        return
    if any(a.name == "Home:" for a in ctx.play.actions):
        return  # a declaration was made and refused: its own violation says why
    ctx.violate("1.12.2", "you have no Home Station, so this Turn must declare one: add "
                          "[Home: <Station (Line)>]")  # fmt: skip


@VANILLA.action("Home")
def home(ctx: TurnContext, action: Action) -> None:
    """Rule 1.12.4 - Going Home: [Home] permits a Special Move to the player's Home Station."""
    if ctx.me.home is None:
        ctx.violate("1.12.4", "you have no Home Station to go to; declare one with "
                              "[Home: <Station>] (rule 1.12.2)")  # fmt: skip
        return
    _going_home(ctx, "[Home]")


def goes_home(ctx: TurnContext, station: str) -> bool:
    """Whether the play also goes Home to ``station`` (rule 1.12.4): a Pre-Move [Home], or
    [Home: <Station>] naming it, by a player whose Home Station it already is."""
    if ctx.me.home != station:
        return False
    moved = False
    for part in ctx.play.parts:
        if not isinstance(part, Action):
            moved = True
        elif not moved and (part.name == "Home" or (
            part.name == "Home:" and isinstance(part.args[0], Destination)
            and part.args[0].station == station
        )):  # fmt: skip
            return True
    return False


@VANILLA.move_check("1.12.4")
def only_home(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.12.4: the Special Move [Home] permits goes to the Home Station and nowhere else,
    unless another Action of the Turn (a [Wild], a [Walking] ...) permitted a Special Move to
    where it went (rule 1.5.0: each permission is a way to make it, none restricts the
    others)."""
    target = ctx.facts.home
    if ctx.facts.destination_checked:
        return
    if target and moving.special and moving.end is not None and moving.end.station != target:
        ctx.violate("1.12.4", f"going Home permits a Special Move to {target} only, not to "
                              f"{moving.end.station}")  # fmt: skip


@VANILLA.action("Toll", "Rent")
def toll_or_rent(ctx: TurnContext, action: Action) -> None:
    """Rule 1.12.3 - Home Station Tolls: other players' Homes are Blocked in one's Turn. A
    [Toll to <Player>] pays that player the Action's cost and makes eir Home Closed instead
    for the rest of the Turn; [Rent to <Player>] likewise makes it Open."""
    other = str(action.args[0])
    if other == ctx.player or other not in ctx.players:
        ctx.violate("1.12.3", f"[{action.name} to] pays another player of the game, not {other}")
        return
    if ctx.players[other].home is None:
        ctx.violate("1.12.3", f"{other} has no Home Station to pay {action.name} for")
        return
    spec = ctx.spec(action.name)
    ctx.gain(TokenCost.parse(spec.cost).fixed(), f"[{action.name} to {other}]", player=other)
    (ctx.homes_closed if action.name == "Toll" else ctx.homes_open).add(other)
    state = "Closed" if action.name == "Toll" else "Open"
    ctx.event("home_toll", f"{other}'s Home Station is {state} for this Turn", target=other)
