"""Line States (section 1.20), recorded in Disruptions as ``NT: One Way: N-S``, ``NT: Speed
Limit: 6`` and so on.

Rule 1.20.0 - Line States: a Line is Normal unless put in another State by [<Line>: <State>],
played from a Station on that Line (the index's (L0), checked by the pipeline for every Action,
``referee.engine.proximity``); every Line starts with a Speed Limit of 10. We keep one
State per Line besides its Speed Limit: a new State replaces the old
(rules/vanilla/readings.md#r1-20-0). Rule 1.20.1 - Back To Normal: [<Line>: Normal] ends the State,
not the Speed Limit. Rule 1.20.2 - One Way: no Move may run along the Line, or along a stretch of
another Line laid over the same Stations, against the prescribed direction
(rules/vanilla/one_way.toml names the directions; the map labels each Portion with its own).
Rule 1.20.3 - Electrified: every Station of the Line is Blocked to a mover who holds Metallic
Tokens when eir Movement Phase begins (a Ticket Stub exempts, as for any Block, rule 1.9.1).
Rule 1.20.4 - Speed Limit: no one faster than the Limit moves along the Line, unless eir
Charge is beyond +/-100%, which doubles the Limit for em; setting it costs one Blue per unit
of change.
Rule 1.20.5 - Power Failure!: for one Round no Move (but a Walk) starts, ends or passes at a
Station of the Line of the player's most recent Move.
Rule 1.20.6 - Soap on the Tracks: for one Round the Line of the player's most recent Move is
Soaped (its effect falls on Shunting, whose family reads the state).

A one-Round State set by a player ends with the Post-Move phase of eir next Turn (rule 1.3.0,
rules/vanilla/readings.md#r1-20-5).
"""

from __future__ import annotations

import re

from referee.engine.context import MoveContext, TurnContext
from referee.engine.registry import VANILLA
from referee.engine.ruleset import STARTING_SPEED_LIMIT
from referee.engine.sections.obstacles import owns_stub
from referee.network.lines import LineCode
from referee.network.routes import Route
from referee.notation.actions import Action, Direction
from referee.notation.disruptions import Disruption
from referee.notation.tokens import Colour

DEFAULT_LIMIT = STARTING_SPEED_LIMIT
CHARGE_BOOST = 100
SPEED = "Speed Limit"
ONE_WAY = "One Way"
ELECTRIFIED = "Electrified"
POWER_FAILURE = "Power Failure!"
SOAPED = "Soaped"
ONE_ROUND = (POWER_FAILURE, SOAPED)


def state_of(ctx: TurnContext, line: LineCode) -> str | None:
    """The Line's State other than its Speed Limit (None: Normal)."""
    for d in ctx.disruptions:
        if d.line == line and d.state is not None and not d.state.startswith(SPEED):
            return d.state
    return None


def speed_limit(ctx: TurnContext, line: LineCode) -> int:
    """Rule 1.20.4 - Not So Fast There!: the Line's Speed Limit (10 unless Disruptions say
    otherwise)."""
    for d in ctx.disruptions:
        if d.line == line and d.state is not None and d.state.startswith(SPEED):
            return int(d.state.rsplit(":", 1)[1])
    return DEFAULT_LIMIT


def _limit_for_mover(ctx: TurnContext, line: LineCode) -> int:
    """The Limit that binds this mover on ``line``: one a player set, else the starting Limit
    the ruleset gives em (rule 1.20.0's 10, unless a variant raises it for em)."""
    if any(d.line == line and d.state is not None and d.state.startswith(SPEED)
           for d in ctx.disruptions):  # fmt: skip
        return speed_limit(ctx, line)
    return ctx.ruleset.starting_speed_limit(ctx)


def _set(ctx: TurnContext, line: LineCode, state: str | None, speed: bool = False) -> None:
    def keep(d: Disruption) -> bool:
        if d.line != line or d.state is None:
            return True
        return d.state.startswith(SPEED) != speed

    ctx.disruptions[:] = [d for d in ctx.disruptions if keep(d)]
    if state is not None:
        ctx.disruptions.append(Disruption(line=line, state=state))
    shown = state or "Normal"
    ctx.event("line_state", f"{line.value} is now {shown}", line=line.value, state=shown)


def _line(action: Action) -> LineCode:
    (line,) = (a for a in action.args if isinstance(a, LineCode))
    return line


def _last_move_line(ctx: TurnContext, line: LineCode, rule: str, written: str) -> bool:
    """Rules 1.20.5 and 1.20.6: the Line must be that of the player's most recent Move."""
    here = ctx.position()
    moved = ctx.route.lines[-1] if ctx.route is not None and ctx.route.lines else None
    last = moved or (here.line if here is not None else None)
    if last != line:
        ctx.violate(
            rule,
            f"{written} names the Line of your most recent Move, "
            f"{last.value if last else 'which has none'}, not {line.value}",
        )
        return False
    return True


@VANILLA.action("Line: Normal")
def line_normal(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.1 - Back To Normal: the Line leaves its State; its Speed Limit stays."""
    line = _line(action)
    _set(ctx, line, None)


@VANILLA.action("Line: One Way")
def line_one_way(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.2 - And Where Might YOU Be Going?: One Way in a direction the rule recognises for
    that Line."""
    line = _line(action)
    (direction,) = (a for a in action.args if isinstance(a, Direction))
    table = ctx.ruleset.tables().one_way
    entry = table.of(line)
    if _key(direction.value) not in (_key(entry.direction), _key(entry.opposite)):
        ctx.violate("1.20.2", f"{direction.value} is not a direction of {line.value}; write "
                              f"{entry.direction} or {entry.opposite}")  # fmt: skip
        return
    _set(ctx, line, f"{ONE_WAY}: {direction.value}")


@VANILLA.action("Line: Electrified")
def line_electrified(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.3 - Opposites Attract, They Say: Electrify the Line."""
    line = _line(action)
    _set(ctx, line, ELECTRIFIED)


@VANILLA.action("Line: Speed Limit")
def line_speed_limit(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.4 - Not So Fast There!: a new Limit for one Blue per unit of change."""
    line = _line(action)
    (limit,) = (a for a in action.args if isinstance(a, int) and not isinstance(a, LineCode))
    written = f"[{line.value}: Speed Limit: {limit}]"
    change = abs(limit - speed_limit(ctx, line))
    if ctx.pay({Colour.BU: change}, written, "1.20.4", ctx.spec("Line: Speed Limit")):
        _set(ctx, line, f"{SPEED}: {limit}" if limit != DEFAULT_LIMIT else None, speed=True)


@VANILLA.action("Line: Power Failure!")
def line_power_failure(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.5 - Power Failure!: the Line of one's most recent Move fails for a Round."""
    line = _line(action)
    if _last_move_line(ctx, line, "1.20.5", f"[{line.value}: Power Failure!]"):
        _set(ctx, line, POWER_FAILURE)


@VANILLA.action("Line: Soaped")
def line_soaped(ctx: TurnContext, action: Action) -> None:
    """Rule 1.20.6 - Soap on the Tracks: the Line of one's most recent Move, for a Round."""
    line = _line(action)
    if _last_move_line(ctx, line, "1.20.6", f"[{line.value}: Soaped]"):
        _set(ctx, line, SOAPED)


STATE_ACTIONS = ("Line: Normal", "Line: One Way", "Line: Electrified", "Line: Power Failure!",
                 "Line: Soaped")  # fmt: skip
"""The Actions that give a Line its State (the Speed Limit is kept apart, rule 1.20.4)."""


@VANILLA.at_end("1.3.0")
def one_round_states_end(ctx: TurnContext) -> None:
    """Rules 1.3.0, 1.20.5 and 1.20.6: a Power Failure or Soaping lasts one Round. Both are
    made after the Move, so each lasts to the end of the Post-Move phase of its maker's next
    Turn: at the end of a Turn, a one-Round State its player set in an earlier Turn ends,
    unless someone has set that Line's State since (the State is then theirs). If its maker
    has Resigned or gone Inactive, it ends where eir Turn would have come: once every Active
    player has played since."""
    active = {name for name, row in ctx.players.items() if not row.inactive}
    for line in {d.line for d in ctx.disruptions if d.line is not None and d.state in ONE_ROUND}:
        found = _state_setter(ctx, line)
        if found is None:
            continue
        setter, since = found
        if setter == ctx.player or (setter not in active and since >= len(active)):
            _set(ctx, line, None)


def _state_setter(ctx: TurnContext, line: LineCode) -> tuple[str, int] | None:
    """Who set ``line``'s State in an earlier Turn, and how many plays have been made since,
    this one included (None: set this Turn, or not in the record)."""

    def sets(action: Action) -> bool:
        return action.name in STATE_ACTIONS and _line(action) == line

    if any(sets(a) for a in ctx.play.actions):
        return None
    plays = ctx.before.plays
    for back, play in enumerate(reversed(plays), start=1):
        if any(sets(a) for a in play.actions):
            return play.player, back
    return None


def _key(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.casefold())


def _against(ctx: TurnContext, route: Route, line: LineCode, direction: str) -> str | None:
    """The first stretch of ``route`` that runs along ``line``'s track against ``direction``."""
    finder = ctx.network.routes
    for portion in route.portions:
        if portion.line == line:
            if _key(portion.direction) != _key(direction):
                return f"{portion.start} to {portion.end} ({line.value})"
            continue
        for a, b in zip(portion.stations, portion.stations[1:], strict=False):
            along = finder.find(a, b, 1, (line,))
            if along and _key(along[0].portions[0].direction) != _key(direction):
                return f"{a} to {b} (over the {line.value} track)"
    return None


@VANILLA.move_check("1.20.2")
def line_states(ctx: TurnContext, moving: MoveContext) -> None:
    """Rules 1.20.2 to 1.20.5 as a Move meets them; every Line the Move runs along has a Speed
    Limit, 10 until a player sets another (rule 1.20.0)."""
    if moving.route is None and not moving.special:
        return  # Pass and Timeout are always Valid (rule 1.5.0)
    if moving.route is not None:
        for line in dict.fromkeys(moving.route.lines):
            _speeding(ctx, moving.route, line, _limit_for_mover(ctx, line))
    states = [(d.line, d.state) for d in ctx.disruptions if d.line is not None and d.state
              and d.segment_end is None and d.station is None
              and not d.state.startswith(SPEED)]  # fmt: skip
    if not states:
        return
    facts = ctx.network.facts
    touched: list[str] = []
    if moving.start is not None and not moving.special:
        touched.append(moving.start.station)
    touched += moving.passed_through
    if moving.end is not None:
        touched.append(moving.end.station)
    metallic = any(ctx.me.tokens[c] for c in Colour if c.metallic)
    for line, state in states:
        assert line is not None and state is not None
        if state.startswith(ONE_WAY) and moving.route is not None:
            direction = state.split(":", 1)[1].strip()
            against = _against(ctx, moving.route, line, direction)
            if against:
                ctx.violate("1.20.2", f"{line.value} is One Way {direction}; your Move runs "
                                      f"{against} against it")  # fmt: skip
        elif state == ELECTRIFIED and metallic:
            for station in touched:
                if line in facts[station].lines and not owns_stub(ctx, station):
                    ctx.violate("1.20.3", f"{line.value} is Electrified and you hold Metallic "
                                          f"Tokens, so {station} is Blocked to you")  # fmt: skip
                    break
        elif state == POWER_FAILURE and not ctx.facts.walking:
            for station in touched:
                if line in facts[station].lines:
                    ctx.violate(
                        "1.20.5",
                        f"{line.value} has a Power Failure; your Move cannot "
                        f"start, pass or end at {station}, which is on it",
                    )
                    break


def _speeding(ctx: TurnContext, route: Route, line: LineCode, limit: int) -> None:
    """Rule 1.20.4 - Not So Fast There!: LV above the Limit (twice it when Charge is beyond
    +/-100%)."""
    if line not in route.lines:
        return
    allowed = limit * 2 if abs(ctx.me.charge) > CHARGE_BOOST else limit
    if ctx.me.lv > allowed:
        ctx.violate(
            "1.20.4",
            f"{line.value} has a Speed Limit of {limit}; at LV {ctx.me.lv} "
            f"you may not move along it (your limit there is {allowed})",
        )
