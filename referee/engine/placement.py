"""Where paid Tokens go (rule 1.4.19 - Token Tracking, with rule 1.14.3 - Token Dropping).

Rule 1.4.19: a non-Bronze Token paid for an Action (the Token exchanges and rules that say
otherwise aside) goes onto a Token Stack at a Station the paying player chooses, anywhere but
in the Quadrant of eir final position or a Quadrant next to it; if no Station qualifies, the
Tokens are discarded. The Tokens of one Action share one Stack; Tokens beyond the Stack's
room (six, rule 1.14.3, except at Mornington Crescent, Seven Sisters and Euston) are destroyed.
No Token goes onto a Pegged Station, nor one inside a Pegged Line Segment (rules 1.11.4,
1.11.5).

Quadrant 0 (the Circle) is next to every other Quadrant, and compass Quadrants are next to the
two either side (rules/vanilla/readings.md#r1-17-9); a Station on a boundary is in each Quadrant it
touches. The player names the Station in the play's comment as ``stack: Euston``; without one,
the RuleSettings.paid_token_default decides (rules/vanilla/readings.md#r1-4-19).
"""

from __future__ import annotations

import re

from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged
from referee.notation.errors import NotationError
from referee.notation.places import parse_station
from referee.notation.stacks import TokenStack
from referee.notation.tokens import ORDER, Colour

STACK_ROOM = 6
UNBOUNDED = frozenset({"Mornington Crescent", "Seven Sisters", "Euston"})
_NAMED = re.compile(r"\bstack\s*:\s*(?P<station>[^;{}]+?)\s*(?:;|$)", re.I)


def neighbours(quadrant: int) -> frozenset[int]:
    """A Quadrant and those next to it."""
    if quadrant == 0:
        return frozenset(range(5))
    return frozenset({0, quadrant, (quadrant % 4) + 1, ((quadrant - 2) % 4) + 1})


def forbidden(ctx: TurnContext) -> frozenset[int] | None:
    """The Quadrants paid Tokens may not go to; None if the player is off the Map."""
    where = ctx.position()
    if where is None:
        return None
    found: set[int] = set()
    for quadrant in ctx.network.facts[where.station].quadrants:
        found |= neighbours(quadrant)
    return frozenset(found)


def allowed(ctx: TurnContext, station: str, barred: frozenset[int]) -> bool:
    """Whether paid Tokens may go to ``station``: outside the barred Quadrants, and not Pegged
    in its own right or inside a Pegged Line Segment (rules 1.11.4, 1.11.5: the Pegs family
    ``referee.engine.pegged`` reads Segments)."""
    facts = ctx.network.facts.get(station)
    if facts is None or not facts.quadrants or facts.quadrants & barred:
        return False
    return not is_pegged(ctx, station)


def named_station(ctx: TurnContext) -> str | None:
    """The ``stack: <Station>`` the play's comment names, if any."""
    if not ctx.play.comment:
        return None
    match = _NAMED.search(ctx.play.comment)
    if match is None:
        return None
    try:
        return parse_station(match.group("station"))
    except NotationError as error:
        ctx.violate("1.4.19", f"the comment's 'stack:' names no station I know ({error.reason})")
        return None


def room(stack: TokenStack | None, station: str) -> int:
    if station in UNBOUNDED:
        return 10**6
    return STACK_ROOM - (len(stack.tokens) if stack is not None else 0)


def _default_station(ctx: TurnContext, barred: frozenset[int]) -> str | None:
    """RuleSettings.paid_token_default: "stack" puts them on the first Token Stack of the GSD that
    qualifies and has room; "discard" discards them."""
    if ctx.ruleset.settings.paid_token_default != "stack":
        return None
    for stack in ctx.stacks:
        if (
            stack.marker is None
            and allowed(ctx, stack.station, barred)
            and room(stack, stack.station) > 0
        ):
            return stack.station
    return None


def place_paid(ctx: TurnContext) -> None:
    """Put this Turn's paid non-Bronze Tokens on their Stack, or discard them (rule 1.4.19)."""
    if not ctx.paid:
        return
    barred = forbidden(ctx)
    named = named_station(ctx)
    if barred is None or len(barred) == len(neighbours(0)):
        barred, named = None, None  # no Station can qualify: the Tokens are discarded
    if named is not None and barred is not None and not allowed(ctx, named, barred):
        ctx.violate("1.4.19", f"paid Tokens cannot go to {named}: it is Pegged, or in your "
                              "final Quadrant or one next to it; name another station")  # fmt: skip
        return
    for why, counts in ctx.paid:
        station = named if named is not None else (
            _default_station(ctx, barred) if barred is not None else None
        )  # fmt: skip
        colours = [c for c in ORDER for _ in range(counts.get(c, 0))]
        if station is None:
            ctx.event("tokens_discarded", f"{why}: {len(colours)} paid Token(s) discarded "
                                          "(rule 1.4.19)", count=len(colours))  # fmt: skip
            continue
        _push(ctx, station, colours, why)


def _push(ctx: TurnContext, station: str, colours: list[Colour], why: str) -> None:
    number = next((i for i, s in enumerate(ctx.stacks)
                   if s.station == station and s.marker is None), None)  # fmt: skip
    stack = ctx.stacks[number] if number is not None else None
    space = max(0, room(stack, station))
    kept, lost = colours[:space], colours[space:]
    if stack is None:
        quadrants = ctx.network.facts[station].quadrants
        stack = TokenStack(station=station, quadrant=min(quadrants) if quadrants else None)
        ctx.stacks.append(stack)
        number = len(ctx.stacks) - 1
    assert number is not None
    ctx.stacks[number] = stack.model_copy(update={"tokens": (*stack.tokens, *kept)})
    ctx.event("tokens_placed", f"{why}: {len(kept)} paid Token(s) onto the Stack at {station}"
              + (f", {len(lost)} destroyed for want of room" if lost else ""),
              station=station, placed=len(kept), destroyed=len(lost))  # fmt: skip
