"""Tithes (rule 1.7.31).

Rule 1.7.31 - Tithe: [Tithe <Zone>] marks a Zone as Tithed until the end of the player's next
Turn, for seven Blue less the Zone's number. In that next Turn, [Collecting Tithe] takes one
Token from every Token bearer standing in the Zone then: from each other player's Piece a
Token of the collector's choosing, from each Token Stack its top Token. A Bifurcated player
with both Pieces in the Zone pays twice (rule 1.7.42).

A Tithe lasts a set time, so it is not written in Disruptions (rule 1.2.2): whether the player
Tithed, and which Zone, is read from eir previous play in the record.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged
from referee.engine.registry import VANILLA
from referee.engine.sections.token_cascades import most_held
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.tokens import ORDER, Colour

TITHE_BASE = 7
ZONES = range(1, 7)


@VANILLA.action("Tithe")
def tithe(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.31 - Tithe: a Zone of the Underground (1 to 6), for (7 - Zone) Blue."""
    (zone,) = action.args
    assert isinstance(zone, int)
    if zone not in ZONES:
        ctx.violate("1.7.31", f"there is no Zone {zone} to Tithe; the Zones are 1 to 6")
        return
    if ctx.pay({Colour.BU: TITHE_BASE - zone}, f"[Tithe {zone}]", "1.7.31",
               ctx.spec(action.name)):  # fmt: skip
        ctx.event("tithe", f"Zone {zone} is Tithed until the end of {ctx.player}'s next Turn",
                  zone=zone)  # fmt: skip


def tithed_zone(ctx: TurnContext) -> int | None:
    """The Zone the player Tithed in eir previous Turn, read from the record (rule 1.7.31)."""
    previous = next((p for p in reversed(ctx.before.plays) if p.player == ctx.player), None)
    if previous is None:
        return None
    zones = [a.args[0] for a in previous.actions if a.name == "Tithe"]
    return int(zones[0]) if zones and isinstance(zones[0], int) else None


def _named(ctx: TurnContext) -> dict[str, list[Colour]] | None:
    """The comment's ``tithe: Cryer Go, Garden Re``: per player, the Tokens chosen in order."""
    text = field(ctx, "tithe")
    named: dict[str, list[Colour]] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, _, colour = item.strip().rpartition(" ")
        try:
            named.setdefault(name.strip(), []).append(Colour.parse(colour))
        except NotationError:
            return None
    return named


@VANILLA.action("Collecting Tithe")
def collecting_tithe(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.31 - Tithe: the Turn after a [Tithe], one Token from each other player's Piece in
    the Zone (named in the comment, ``{tithe: Cryer Go}``, else the colour e holds most of)
    and the top Token of each Token Stack in it."""
    zone = tithed_zone(ctx)
    if zone is None:
        ctx.violate("1.7.31", "you did not play [Tithe <Zone>] in your previous Turn, so there is "
                              "no Tithe to collect")  # fmt: skip
        return
    named = _named(ctx)
    if named is None:
        ctx.violate("1.7.31", "the comment's tithe: lists a player and a colour for each Token "
                              "chosen: {tithe: Cryer Go, Garden Re}")  # fmt: skip
        return
    facts = ctx.network.facts
    taken: dict[Colour, int] = {}
    for key, where in sorted(ctx.positions.items()):
        owner = key.partition("/")[0]
        if (
            owner == ctx.player
            or owner not in ctx.players
            or (zone not in facts[where.station].zones)
        ):
            continue
        colour = _piece_tithe(ctx, owner, named.get(owner, []))
        if colour is not None:
            ctx.players[owner].tokens[colour] -= 1
            taken[colour] = taken.get(colour, 0) + 1
            ctx.event("tokens_lost", f"a Tithe of one {colour.word} to {ctx.player}",
                      player=owner, tokens={colour.value: 1})  # fmt: skip
    for number, stack in reversed(list(enumerate(ctx.stacks))):
        if (
            stack.marker is None
            and stack.top is not None
            and zone in facts[stack.station].zones
            and not is_pegged(ctx, stack.station)
        ):  # rule 1.11.4
            taken[stack.top] = taken.get(stack.top, 0) + 1
            if len(stack.tokens) > 1:
                ctx.stacks[number] = stack.model_copy(update={"tokens": stack.tokens[:-1]})
            else:
                del ctx.stacks[number]
    if any(named.values()):
        ctx.violate("1.7.31", "the comment's tithe: names a Token no Piece in Zone "
                              f"{zone} can give: {_unused(named)}")  # fmt: skip
        return
    ctx.gain(taken, f"[Collecting Tithe] in Zone {zone}")


def _piece_tithe(ctx: TurnContext, owner: str, choices: list[Colour]) -> Colour | None:
    """The Token one Piece gives: the next the comment names for its owner, else eir
    most-held colour (None when e holds nothing)."""
    held = ctx.players[owner].tokens
    if choices and held[choices[0]]:
        return choices.pop(0)
    if choices or not any(held.values()):
        return None
    return next(iter(most_held(held, ORDER, 1)))


def _unused(named: dict[str, list[Colour]]) -> str:
    return ", ".join(f"{name} {c.value}" for name, colours in named.items() for c in colours)
