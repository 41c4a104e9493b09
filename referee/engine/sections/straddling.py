"""Straddling (rule 1.7.6 - Straddling Nancy): a Translocation launched from a Token Stack.

A Standing Straddle starts from the Stack where the Piece stands; a Running Straddle from a
Stack on the next Station ahead, in the Line Direction of the Move's last segment, and goes on
in that direction. "Ahead" is read off the map's sections: the Station that follows the last
two of the Move in a section of that Line listing them in order (either way round); at a
branch each section gives its own Station ahead (rules/vanilla/readings.md#r1-7-6).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.moves import translocate
from referee.engine.registry import VANILLA
from referee.engine.sections.line_states import POWER_FAILURE, state_of
from referee.network.mapfile import SectionKind
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.plays import Play
from referee.notation.tokens import Colour


def _sections_ahead(ctx: TurnContext) -> list[tuple[str, ...]]:
    """The Stations beyond the Piece, in the Line Direction of its last Move segment, one
    tuple per section of the Line that carries that segment on (nearest first)."""
    moving = ctx.moves[-1] if ctx.moves else None
    if moving is None or moving.route is None or not moving.route.portions:
        return []
    portion = moving.route.portions[-1]
    if len(portion.stations) < 2:
        return []
    behind, here = portion.stations[-2], portion.stations[-1]
    ahead: list[tuple[str, ...]] = []
    line = ctx.network.data.lines.get(portion.line)
    for section in line.sections if line is not None else ():
        stops = list(section.stations)
        if section.kind is SectionKind.LOOP:
            stops = stops + stops
        for order in (stops, stops[::-1]):
            for i in range(len(order) - 1):
                if (order[i], order[i + 1]) == (behind, here):
                    beyond = tuple(dict.fromkeys(s for s in order[i + 2 :] if s != here))
                    if beyond:
                        ahead.append(beyond)
                    break
    return ahead


def _running(ctx: TurnContext, station: str) -> tuple[bool, str]:
    """Whether a Running Straddle reaches ``station``, and if not why (for the message)."""
    runs = _sections_ahead(ctx)
    if not runs:
        return False, "your Move has no last segment to run on from"
    for run in runs:
        start = run[0]
        stack = next((s for s in ctx.stacks if s.station == start and s.marker is None
                      and s.tokens), None)  # fmt: skip
        if stack is not None and station in run[: len(stack.tokens) + 1]:
            return True, ""
    return False, "no Token Stack on the Station ahead reaches it in your Line Direction"


@VANILLA.action("Straddling")
def straddling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.6 - Straddling Nancy: after the Move, a player standing at a Token Stack may
    Translocate to a Station no farther (by the fewest Stations, rule 1.17.9's R) than the
    Stack has Tokens (a Standing Straddle); or from a Stack on the Station just ahead in the
    Line Direction of eir last Move segment, onwards in that direction no farther than that
    Stack has Tokens (a Running Straddle). The destination may not be Blocked, Closed or
    another player's Home (the move checks judge it). The rest of the Turn allows no
    Aggressive Action."""
    station = str(action.args[0])
    where = ctx.position()
    if where is None:
        ctx.violate("1.7.6", "your Piece is not on the Map, so it cannot Straddle")
        return
    failed = [line for line in ctx.network.facts[where.station].lines
              if state_of(ctx, line) == POWER_FAILURE]  # fmt: skip
    if failed:
        ctx.violate("1.20.5", f"{where.station} is on the {failed[0].value}, which has a Power "
                              "Failure; no one there may Straddle until it ends")  # fmt: skip
        return
    owner = next((p.name for p in ctx.players.values()
                  if p.home == station and p.name != ctx.player), None)  # fmt: skip
    if owner is not None:
        ctx.violate("1.7.6", f"{station} is {owner}'s Home Station; no Straddle may end there, "
                             "Toll or Rent notwithstanding")  # fmt: skip
        return
    stack = next((s for s in ctx.stacks if s.station == where.station and s.marker is None
                  and s.tokens), None)  # fmt: skip
    distance = ctx.network.distances.route_distance(where.station, station)
    if stack is not None and distance is not None and distance <= len(stack.tokens):
        translocate(ctx, Position(station), "1.7.6")
        return
    running, why = _running(ctx, station)
    if running:
        translocate(ctx, Position(station), "1.7.6")
        return
    if stack is not None:
        far = "cannot be reached" if distance is None else f"is {distance} Stations"
        ctx.violate("1.7.6", f"{station} {far} from {where.station}; the "
                             f"Stack there holds {len(stack.tokens)} Tokens, the farthest you "
                             f"may Straddle (and as a Running Straddle: {why})")  # fmt: skip
        return
    ctx.violate("1.7.6", f"no Token Stack at {where.station} for a Standing Straddle, and as "
                         f"a Running Straddle: {why}")  # fmt: skip


@VANILLA.cost_rule("1.7.6")
def no_aggression_after_straddle(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.7.6: after a Straddle, no Action costing Red Tokens (an Aggressive Action)."""
    if ctx.has_done("Straddling") and counts.get(Colour.RE, 0) > 0:
        what = f"[{spec.name}]" if spec is not None else "an Action costing Red"
        ctx.violate("1.7.6", f"you Straddled this Turn, so {what}, an Aggressive Action "
                             "(it costs Red), is not allowed after it")  # fmt: skip
    return counts


def _straddle_position(positions: dict[str, Position], play: Play, action: Action) -> None:
    positions[piece_key(play.player)] = Position(str(action.args[0]))


VANILLA.moves_pieces("Straddling")(_straddle_position)
