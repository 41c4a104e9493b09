"""The Token Collection Phase (rule 1.3.4) and the table of rule 1.4.20.

Rule 1.4.20 - Token Collection Table: after eir Move a player earns Tokens for what the Move
did (see :mod:`referee.engine.tables.token_collection` for the scale). This module states the
facts of a Move from its route, the map, the player's Zone Passes and Worn Hat, and pays the
bonus. When several routes fit a play, :func:`route_bonus` scores each so the route choice of
rules/vanilla/readings.md#r1-4-20 can pick the one that counts.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.context import MoveContext, TurnContext, line_changed
from referee.engine.tables.token_collection import MoveFacts, token_bonus
from referee.notation.plays import MoveKind
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour


def _luggage(ctx: TurnContext) -> tuple[Possession, ...]:
    return tuple(ctx.luggage())


def _zone_passes(ctx: TurnContext) -> frozenset[int]:
    emporium = ctx.ruleset.tables().emporium
    zones: set[int] = set()
    for item in _luggage(ctx):
        if "pass" in item.name.lower():
            try:
                zones |= emporium.zones_covered(item.name)
            except (ValueError, LookupError):
                continue
    return frozenset(zones)


def _hat_matches(ctx: TurnContext, station: str) -> bool:
    emporium = ctx.ruleset.tables().emporium
    categories = frozenset(c.value for c in ctx.network.facts[station].categories)
    worn = {letter for item in _luggage(ctx) if item.worn and item.hats for letter in item.hats}
    return any(hat.letter in worn and hat.matches(categories) for hat in emporium.hat)


def move_facts(ctx: TurnContext, moving: MoveContext) -> MoveFacts | None:
    """What rule 1.4.20 needs to know about a Move; None when it earns nothing (a Timeout, a
    Move without a Station, and a Special Move under ``special_move_collects=False``).

    A Special Move (rule 1.5.0) is made in the Movement phase, so the table applies to it, but
    it passes through no Station: it earns what it moves to (an Interchange, a Hat's type),
    the Zone Pass Bronze when its start and end lie in a covered Zone, and the Black for no
    change of Line when it ends on the Line its Piece stood on (or enters the Map)."""
    facts = ctx.network.facts
    if moving.move.kind is MoveKind.TIMEOUT or moving.end is None:
        return None
    is_pass = moving.move.kind in (MoveKind.PASS, MoveKind.FARKLE)
    if (
        moving.route is None
        and not is_pass
        and not (moving.special and ctx.ruleset.settings.special_move_collects)
    ):
        return None
    if moving.route is None and not is_pass:
        start = moving.start
        stations: tuple[str, ...] = (
            (start.station, moving.end.station) if start is not None else (moving.end.station,)
        )
        interchanges: tuple[str, ...] = ()
        changed = (
            start is not None
            and None not in (start.line, moving.end.line)
            and (start.line != moving.end.line)
        )
    elif moving.route is None:
        stations = (moving.end.station,)
        interchanges = ()
        changed = False
    else:
        stations = moving.route.stations
        interchanges = tuple(group[0] for group in moving.route.interchanges)
        changed = moving.start is not None and line_changed(moving.route, moving.start)
    end = facts[moving.end.station]
    return MoveFacts(
        is_pass=is_pass,
        station_zones=tuple(facts[s].zones for s in stations),
        zone_pass_zones=_zone_passes(ctx),
        destination_lines=len(end.lines) if end.interchange else 0,
        interchanges_passed=interchanges,
        line_changed=changed,
        hat_matched=_hat_matches(ctx, end.name),
    )


def route_bonus(ctx: TurnContext, moving: MoveContext) -> Mapping[Colour, int]:
    """The Tokens ``moving`` would earn under rule 1.4.20 (or the ruleset's own collection)."""
    own = ctx.ruleset.registry().collection
    if own is not None:
        return own(ctx, moving)
    found = move_facts(ctx, moving)
    if found is None:
        return {}
    table = ctx.ruleset.token_collection()
    pass_bonus = ctx.ruleset.settings.pass_earns_zone_bonus
    return token_bonus(found, table, pass_earns_zone_bonus=pass_bonus)


def collect(ctx: TurnContext) -> None:
    """Rule 1.4.20: pay the Token Collection bonus of each Move made this Turn."""
    for moving in ctx.moves:
        bonus = route_bonus(ctx, moving)
        if bonus:
            ctx.gain(bonus, f"Token Collection (rule {ctx.ruleset.cite('1.4.20')})")
