"""Straddling (rule 1.7.6 - Straddling Nancy): a Translocation launched from a Token Stack.

A Standing Straddle (from the Stack where the Piece stands) is adjudicated. A Running
Straddle (from a Stack on the next Station in the Line Direction of the Move's last segment)
is recognised but not yet adjudicated: the referee does not yet say which neighbour lies
"ahead" at a branch, nor which destinations lie in the Line Direction.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.moves import translocate
from referee.engine.registry import VANILLA
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.plays import Play
from referee.notation.tokens import Colour

RUNNING = "Running Straddle (rule 1.7.6)"


@VANILLA.action("Straddling")
def straddling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.6 - Straddling Nancy: after the Move, a player standing at a Token Stack may
    Translocate to a Station no farther (by the fewest Stations, rule 1.17.9's R) than the
    Stack has Tokens; the destination may not be Blocked, Closed or another player's Home
    (the move checks judge it). The rest of the Turn allows no Aggressive Action."""
    station = str(action.args[0])
    where = ctx.position()
    if where is None:
        ctx.violate("1.7.6", "your Piece is not on the Map, so it cannot Straddle")
        return
    stack = next((s for s in ctx.stacks if s.station == where.station and s.marker is None
                  and s.tokens), None)  # fmt: skip
    if stack is None:
        ctx.unadjudicated.append(RUNNING)
        return
    distance = ctx.network.distances.route_distance(where.station, station)
    if distance is None or distance > len(stack.tokens):
        ctx.violate("1.7.6", f"{station} is {distance} Stations from {where.station}; the "
                             f"Stack there holds {len(stack.tokens)} Tokens, the farthest you "
                             "may Straddle")  # fmt: skip
        return
    translocate(ctx, Position(station), "1.7.6")


@VANILLA.cost_rule
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
