"""Moves (section 1.5) and their distance (section 1.6): the Movement Phase of rule 1.3.4.

Rule 1.5.0 - Valid Moves: a Move is to a Station, or Pass, or Timeout; Pass and Timeout are
always Valid. Special Moves (granted by other rules) skip the stations between, ignore LV and
leave LV at zero.
Rule 1.6.2 - Getting There: an ordinary Move ends exactly LV stations away. The routes come
from :mod:`referee.network.routes`, which already keeps rule 1.5.4 (portions and Move Nodes),
rule 1.5.3 (Escalator Links) and rule 1.5.7 (the Heathrow loop runs one way).
Rule 1.2.0 - The Game State Document: ``Euston (VC via: CN,NT)`` names the destination's line
last and the earlier portions after ``via:``; when the via list already ends with the
destination's line we also try it as listing every portion (RuleSettings.via_lists_every_portion).
Rule 1.5.11 - Changing Line: a change of Line needs [Line Change], implied by the codes and paid
(1 Black) when the Move is made, free with a Current All Day Rover Card (rule 1.4.28).
Rule 1.5.2 - Passing: LV drops to zero; the Pass names the Station the Piece is at.
Rule 1.5.12 - Farkling: a Pass with no Actions that may reset Game Time (we read the new time
from the play's comment, e.g. ``{Saturday 1200}``).
Rule 1.5.13 - Translocations and Special Moves are primitives here for the families to call.
Rule 1.19.2 - Charge: a Piece's movement adds end Current minus start Current.

Several routes may fit a play; the Move is Valid if any passes every move check, and the one
that counts for Token Collection is picked by RuleSettings.route_choice
(rules/vanilla/readings.md#r1-4-20).
"""

from __future__ import annotations

import re

from referee.engine.collection import collect, route_bonus
from referee.engine.context import MoveContext, TurnContext, line_changed
from referee.engine.game_clock import MOVE_DURATION, TIMEOUT_DURATION
from referee.engine.history import Position, piece_key
from referee.engine.ruleset import RouteChoice
from referee.engine.tables.costs import TokenCost
from referee.engine.violations import Violation
from referee.network.lines import LineCode
from referee.network.routes import Route
from referee.notation.errors import NotationError
from referee.notation.gametime import GameTime
from referee.notation.plays import Move, MoveKind

LINE_CHANGE = "Line Change"
ROVER = re.compile(r"rover", re.I)


def adjudicate_move(ctx: TurnContext, move: Move) -> None:
    """The Movement Phase for one Piece (two when Bifurcated, rule 1.7.42)."""
    key = piece_key(ctx.player, move.piece)
    start = ctx.positions.get(key)
    if move.piece is not None and piece_key(ctx.player, "B") not in ctx.positions:
        ctx.violate("1.7.42", f"you have one Piece (not Bifurcated, or the other was destroyed "
                              f"this Turn), so your Move takes no '{move.piece}:' label; write "
                              "one Move alone")  # fmt: skip
        return
    if move.kind is MoveKind.TIMEOUT:
        _timeout(ctx, move, key, start)
    elif move.kind in (MoveKind.PASS, MoveKind.FARKLE):
        _pass(ctx, move, key, start)
    elif start is None and ctx.ruleset.settings.first_move_is_special:
        assert move.destination is not None
        end = Position(move.destination.station, move.destination.line)
        special_move(ctx, end, "your Piece's first Move onto the Map", move=move, piece=key)
    elif ctx.facts.special_move:
        special_move(ctx, _end_of(move), "permitted this Turn", move=move, piece=key)
    else:
        _go(ctx, move, key, start)


def _timeout(ctx: TurnContext, move: Move, key: str, start: Position | None) -> None:
    """Rule 1.3.5 - Timing is Everything: a Timeout carries no Actions and takes an hour."""
    if ctx.play.actions:
        ctx.violate("1.3.5", "a Timeout is played with no Actions; remove them")
    ctx.moves.append(MoveContext(move, key, start, start, None))
    ctx.spend_time(TIMEOUT_DURATION, "Timeout")


def _pass(ctx: TurnContext, move: Move, key: str, start: Position | None) -> None:
    """Rules 1.5.2 and 1.5.12: Pass (or Farkle) sets LV to zero and keeps the Piece."""
    where = move.destination
    if where is not None and start is not None and where.station != start.station:
        ctx.violate("1.2.0", f"a Pass names the station you are at, {start.render()}, "
                             f"not {where.station}")  # fmt: skip
    end = start
    if start is None and where is not None:
        end = Position(where.station, where.line)
        ctx.place(key, end)
    elif start is not None and where is not None and where.line is not None:
        end = Position(start.station, where.line)
        ctx.place(key, end)
    ctx.moves.append(MoveContext(move, key, start, end, None))
    ctx.set_lv(0)
    if move.kind is MoveKind.FARKLE:
        _farkle(ctx)


def _farkle(ctx: TurnContext) -> None:
    """Rule 1.5.12 - Farkling: no Actions; the player may set Game Time to any moment."""
    if ctx.play.actions:
        ctx.violate("1.5.12", "a Farkle is played with no Actions; remove them or play Pass")
    if ctx.play.comment:
        try:
            ctx.time = GameTime.parse(ctx.play.comment)
        except NotationError:
            return
        ctx.event("time", f"Farkle set Game Time to {ctx.time.render()}")


def readings(move: Move, start_line: LineCode | None) -> list[tuple[LineCode, ...] | None]:
    """The line sequences a destination can mean (rule 1.2.0), most literal first.

    ``None`` means any single line (the play named no line at all).
    """
    where = move.destination
    assert where is not None
    if where.line is None:
        return [None]
    found: list[tuple[LineCode, ...] | None] = [(*where.via, where.line)]
    if where.via and where.via[-1] == where.line:
        found.append(where.via)
    return found


def find_routes(ctx: TurnContext, start: Position, move: Move, lv: int) -> list[Route]:
    """Every route of exactly ``lv`` stations that fits the play's lines, in search order."""
    assert move.destination is not None
    finder = ctx.network.routes
    revisit = ctx.ruleset.settings.route_revisits
    seen: set[tuple[str, ...]] = set()
    routes: list[Route] = []
    for reading in readings(move, start.line):
        if reading is None:
            found = finder.find(start.station, move.destination.station, lv, None,
                                max_portions=1, start_line=start.line, revisit=revisit)  # fmt: skip
        elif (
            not ctx.ruleset.settings.via_lists_every_portion
            and reading is not None
            and (len(reading) == len(move.destination.via))
        ):
            continue
        else:
            found = finder.find(start.station, move.destination.station, lv, reading,
                                start_line=start.line, revisit=revisit)  # fmt: skip
        for route in found:
            signature = (*route.stations, *(h.value if h else "-" for h in route.hops))
            if signature not in seen:
                seen.add(signature)
                routes.append(route)
    return routes


def _distance_message(
    ctx: TurnContext, start: Position, move: Move, lengths: tuple[int, ...]
) -> str:
    """Rule 1.6.2's message: how far the destination really is by the lines the play names
    (for a ruleset allowing several lengths, how many stations it could have gone)."""
    assert move.destination is not None
    if not ctx.ruleset.moves_by_lv:
        if move.destination.station == start.station:
            return (f"a Move may not step back to the Station the Turn started at "
                    f"({start.station}); to stay there, write Pass")  # fmt: skip
        reach = f"at most {max(lengths)}" if lengths else "no"
        return (f"no route to {move.destination.station} by the lines named from "
                f"{start.station} is within reach: you may go {reach} stations")  # fmt: skip
    lv = lengths[0]
    dest = move.destination.station
    finder = ctx.network.routes
    for reading in readings(move, start.line):
        via = list(reading) if reading else None
        portions = 1 if reading is None else 3
        shortest = finder.shortest(start.station, dest, via, max_portions=portions,
                                   start_line=start.line)  # fmt: skip
        if shortest:
            lines = " then ".join(code.value for code in shortest[0].lines)
            count = shortest[0].lv
            stations = "station" if count == 1 else "stations"
            return (f"{dest} is {count} {stations} from {start.station} by {lines}, "
                    f"and no route by those lines is exactly {lv}; your LV is {lv}")  # fmt: skip
    named = " then ".join(code.value for code in (readings(move, start.line)[0] or ()))
    by = f" by {named}" if named else " on one line"
    return f"there is no route from {start.station} to {dest}{by}; check the Line Codes"


HEATHROW_LOOP = frozenset({"Heathrow Terminal 4", "Heathrow Terminal 123"})
"""Rule 1.5.7: the Stations of the Heathrow loop, which the map runs one way only."""


def _heathrow_backwards(ctx: TurnContext, start: Position, move: Move, lv: int) -> bool:
    """Rule 1.5.7 - Heathrow Loop-the-Loop: whether the play fits a route of ``lv`` stations
    run the other way round (destination to start), through the loop: the map's only one-way
    section, so the forward Move is refused for its direction, not its distance."""
    assert move.destination is not None
    finder = ctx.network.routes
    for reading in readings(move, start.line):
        via = tuple(reversed(reading)) if reading else None
        back = finder.find(move.destination.station, start.station, lv, via,
                           max_portions=1 if reading is None else 3,
                           start_line=move.destination.line)  # fmt: skip
        if any(HEATHROW_LOOP & set(route.stations) for route in back):
            return True
    return False


def _go(ctx: TurnContext, move: Move, key: str, start: Position | None) -> None:
    """An ordinary Move to a Station: rules 1.6.2, 1.5.11 and every registered move check."""
    assert move.destination is not None
    if start is None:
        ctx.violate("1.5.1", "your Piece is not on the Map, so it cannot move along a line")
        return
    lengths = ctx.ruleset.move_lengths(ctx, start)
    end = _end_of(move)
    found = False
    valid: list[tuple[Route, MoveContext]] = []
    first_failure: list[Violation] | None = None
    for lv in lengths:
        routes = find_routes(ctx, start, move, lv)
        for source in ctx.ruleset.registry().route_sources:
            routes += [r for r in source(ctx, start, move, lv) if r not in routes]
        found = found or bool(routes)
        valid, failure = _checked(ctx, MoveContext(move, key, start, end, None), routes)
        first_failure = first_failure or failure
        if valid:
            break
    if not found:
        loop = next((lv for lv in lengths if _heathrow_backwards(ctx, start, move, lv)), None)
        if loop is not None:
            ctx.violate("1.5.7", f"{move.destination.station} is {loop} stations from "
                                 f"{start.station} only by running the Heathrow loop "
                                 "anti-clockwise, which no Move may do; the loop runs Hatton "
                                 "Cross, Heathrow Terminal 4, Heathrow Terminal 123")  # fmt: skip
        else:
            ctx.violate("1.6.2", _distance_message(ctx, start, move, lengths))
        ctx.spend_time(MOVE_DURATION, "the Move")
        return
    if not valid:
        assert first_failure is not None
        ctx.violations.extend(first_failure)
        ctx.spend_time(MOVE_DURATION, "the Move")
        return
    unchanged = [pair for pair in valid if not line_changed(pair[0], start)]
    if unchanged:
        valid = unchanged
    elif not _line_change(ctx):
        ctx.spend_time(MOVE_DURATION, "the Move")
        return
    route, moving = _choose(ctx, valid)
    ctx.route = route
    ctx.moves.append(moving)
    ctx.event("move", f"route: {route.render()}", route=route.render(), lv=route.lv)
    _arrive(ctx, key, start, end)
    ctx.spend_time(MOVE_DURATION, "the Move")


def _checked(
    ctx: TurnContext, base: MoveContext, routes: list[Route]
) -> tuple[list[tuple[Route, MoveContext]], list[Violation] | None]:
    """The routes every move check passes, and the first failing route's violations (which
    are kept out of the Turn's until no route at all is valid)."""
    valid: list[tuple[Route, MoveContext]] = []
    first_failure: list[Violation] | None = None
    for route in routes:
        mark = len(ctx.violations)
        moving = MoveContext(base.move, base.piece, base.start, base.end, route)
        for check in ctx.ruleset.registry().move_checks:
            check(ctx, moving)
        if len(ctx.violations) == mark:
            valid.append((route, moving))
        else:
            if first_failure is None:
                first_failure = list(ctx.violations[mark:])
            del ctx.violations[mark:]
    return valid, first_failure


def _end_of(move: Move) -> Position:
    where = move.destination
    assert where is not None
    if where.escalator is not None:
        return Position(where.escalator, None)
    return Position(where.station, where.line)


def _choose(ctx: TurnContext, valid: list[tuple[Route, MoveContext]]) -> tuple[Route, MoveContext]:
    """The route that counts for Token Collection (RuleSettings.route_choice;
    rules/vanilla/readings.md#r1-4-20)."""
    if ctx.ruleset.settings.route_choice == RouteChoice.FIRST or len(valid) == 1:
        return valid[0]
    scored = [
        (-sum(route_bonus(ctx, moving).values()), len(route.portions), number)
        for number, (route, moving) in enumerate(valid)
    ]
    return valid[min(scored)[2]]


def _line_change(ctx: TurnContext) -> bool:
    """Rule 1.5.11 - Changing Line: the implicit [Line Change] of one Move, paid unless a
    written one covers it or a Current All Day Rover Card (rule 1.4.28) makes it free; one
    per Move however many changes it makes (so two for a Bifurcated player's two, 1.7.42)."""
    if not ctx.has_done(LINE_CHANGE):
        ctx.done.append(LINE_CHANGE)
    if ctx.facts.line_changes_paid:
        ctx.facts.line_changes_paid -= 1
        return True
    if _current_rover(ctx):
        ctx.event("line_change", "Line Change free with a Current All Day Rover Card")
        return True
    spec = ctx.spec(LINE_CHANGE)
    return ctx.pay(TokenCost.parse(spec.cost).fixed(), "[Line Change]", "1.5.11", spec)


def _current_rover(ctx: TurnContext) -> bool:
    """Rule 1.4.28 - Day Tripper!: a Rover Card stamped with today's day is Current."""
    if ctx.time is None:
        return False
    return any(ROVER.search(item.name) and item.stamp == ctx.time.day
               for item in ctx.luggage())  # fmt: skip


def _arrive(ctx: TurnContext, key: str, start: Position | None, end: Position) -> None:
    """Put the Piece at ``end`` and change its Charge (rule 1.19.2; not in a ruleset without
    Charge)."""
    ctx.place(key, end)
    if start is not None and ctx.ruleset.has_charge:
        facts = ctx.network.facts
        change = facts[end.station].current - facts[start.station].current
        ctx.add_charge(change)


def special_move(
    ctx: TurnContext,
    end: Position,
    why: str,
    *,
    move: Move | None = None,
    piece: str | None = None,
) -> bool:
    """Rule 1.5.0: a Special Move to ``end``: no stations passed, LV not checked, LV then zero.

    The registered move checks still judge it (they see ``route=None``). Returns whether it
    was made.
    """
    key = piece or piece_key(ctx.player)
    start = ctx.positions.get(key)
    if move is None:
        move = Move(kind=MoveKind.GO)
    moving = MoveContext(move, key, start, end, None, special=True)
    mark = len(ctx.violations)
    for check in ctx.ruleset.registry().move_checks:
        check(ctx, moving)
    if len(ctx.violations) > mark:
        return False
    ctx.moves.append(moving)
    ctx.event("special_move", f"Special Move to {end.render()} ({why})", station=end.station)
    _arrive(ctx, key, start, end)
    ctx.set_lv(0)
    ctx.spend_time(MOVE_DURATION, "the Move")
    return True


def translocate(ctx: TurnContext, end: Position, rule: str, player: str | None = None) -> bool:
    """Rule 1.5.13 - Translocations: shift a Piece straight to ``end`` (no stations passed);
    the station must be one an ordinary Move could end at, so the move checks judge it.
    The Action's own duration is charged by the pipeline, not here."""
    key = piece_key(player or ctx.player)
    start = ctx.positions.get(key)
    moving = MoveContext(Move(kind=MoveKind.GO), key, start, end, None, special=True)
    mark = len(ctx.violations)
    for check in ctx.ruleset.registry().move_checks:
        check(ctx, moving)
    if len(ctx.violations) > mark:
        return False
    ctx.place(key, end)
    ctx.event("translocation", f"translocated to {end.render()} (rule {rule})",
              player=player or ctx.player, station=end.station)  # fmt: skip
    return True


__all__ = ["adjudicate_move", "collect", "special_move", "translocate"]
