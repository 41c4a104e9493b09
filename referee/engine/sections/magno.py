"""The Magno-Clamp (rule 1.4.45 - Magno-Clamps).

A player may Magno-Clamp another who shares eir Station and Line (the index's (S0,L0)),
fastening a Magno-Clamp, a Cursed Possession, on em. Its carrier attracts Metallic Tokens
(Gold, Silver, Bronze): [Attracting] takes one from each other player and each Token Stack
fewer than three Stations from eir Piece. E also cannot let go of them: e may perform no
Action that spends a Metallic Token (Dropping and Hoarding included), and no other player may
take one from em. Two carriers repel: a carrier's Move may neither leave nor pass through a
Station where another carrier stands. [Magno-Gone] destroys one Magno-Clamp at the price of
four Metallic Tokens of the carrier's choice (as many as e has, if fewer).

"Taken by other players" has one home: after each Action and at the end of the Turn, a
carrier other than the mover who holds fewer Metallic Tokens of a colour than before makes
the Turn Illegal, whichever family's Action took them (rules/vanilla/readings.md#r1-4-45).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.engine.comments import field
from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import piece_key
from referee.engine.pegged import is_pegged
from referee.engine.possessions import carried, give
from referee.engine.registry import VANILLA
from referee.engine.sections.clamps import may_fasten, shed_clamp
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour
from referee.quoting import excerpt

MAGNO = "Magno-Clamp"
METALLIC = (Colour.GO, Colour.SI, Colour.BR)
"""Most valuable first: the order [Attracting] takes them in when the comment names none."""
REACH = 3
"""Rule 1.4.45: "less than three Stations away"."""
GONE_PRICE = 4
_SOURCE = re.compile(r"(?P<who>.+?)\s+(?P<colour>\w+)$")


def magnetised(ctx: TurnContext, player: str | None = None) -> bool:
    """Whether a player carries a Magno-Clamp now (the rule's "Magno Clamp" and the index's
    "Magno-Clamp" are one Possession)."""
    return any(item.name.replace(" ", "-").casefold() == MAGNO.casefold()
               for item in carried(ctx, player))  # fmt: skip


@VANILLA.action("Magno-Clamping")
def magno_clamping(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.45: the named player gains a Magno-Clamp (Sanctuary and the Prison Clamp as
    for every Clamp, :func:`clamps.may_fasten`)."""
    target = may_fasten(ctx, action, "1.4.45")
    if target is None:
        return
    give(ctx, Possession(name=MAGNO), target)
    ctx.event("clamp", f"{target} gains a {MAGNO}", target=target, clamp=MAGNO)


def _choices(ctx: TurnContext) -> dict[str, Colour] | None:
    """``{attracting: Cryer Si, Euston Br}``: a colour for some players or Stacks' Stations."""
    text = field(ctx, "attracting")
    chosen: dict[str, Colour] = {}
    for part in (text or "").split(","):
        match = _SOURCE.fullmatch(part.strip())
        if not part.strip():
            continue
        try:
            if match is None:
                raise NotationError("no colour", column=1)
            colour = Colour.parse(match["colour"])
        except NotationError:
            ctx.violate("1.4.45", "the comment's attracting: names a player or Stack and a "
                                  "Metallic colour: {attracting: Cryer Si, Euston Br}")  # fmt: skip
            return None
        if colour not in METALLIC:
            ctx.violate("1.4.45", f"{colour.word} is not Metallic; only Gold, Silver and "
                                  "Bronze are attracted")  # fmt: skip
            return None
        chosen[match["who"].strip()] = colour
    return chosen


def _near(ctx: TurnContext, station: str) -> bool:
    """Fewer than three Stations (by the fewest, rule 1.17.9's R) from either of the
    carrier's Pieces (rule 1.7.42)."""
    pieces = [p for p in (ctx.position(), ctx.position(piece="B")) if p is not None]
    distance = ctx.network.distances.route_distance
    return any((d := distance(p.station, station)) is not None and d < REACH for p in pieces)


def _pick(held: dict[Colour, int] | tuple[Colour, ...], named: Colour | None) -> Colour | None:
    if named is not None:
        return named if (held[named] if isinstance(held, dict) else named in held) else None
    for colour in METALLIC:
        if held[colour] if isinstance(held, dict) else colour in held:
            return colour
    return None


@VANILLA.action("Attracting")
def attracting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.45: one Metallic Token from each other player (any of whose Pieces is near)
    and each Token Stack fewer than three Stations away; the comment may name the colour per
    source, else the most valuable held (Gold, Silver, Bronze), a Stack's uppermost such.
    Another carrier's Tokens cannot be taken (the same rule), so e gives none."""
    if not magnetised(ctx):
        ctx.violate("1.4.45", "only a player carrying a Magno-Clamp may play [Attracting]")
        return
    chosen = _choices(ctx)
    if chosen is None:
        return
    gained: dict[Colour, int] = {}
    for name, row in ctx.players.items():
        if name == ctx.player or magnetised(ctx, name):
            continue
        places = [ctx.positions.get(piece_key(name, p)) for p in (None, "B")]
        if not any(p is not None and _near(ctx, p.station) for p in places):
            continue
        colour = _pick(row.tokens, chosen.get(name))
        if colour is not None:
            row.tokens[colour] -= 1
            gained[colour] = gained.get(colour, 0) + 1
            ctx.event("tokens_lost", f"{ctx.player} attracts one of {name}'s {colour.word}",
                      player=name, tokens={colour.value: 1})  # fmt: skip
    for number, stack in enumerate(ctx.stacks):
        if stack.marker is not None or not _near(ctx, stack.station):
            continue
        if is_pegged(ctx, stack.station):
            continue  # rule 1.11.4: nothing is removed from a Pegged Station
        colour = _pick(stack.tokens, chosen.get(stack.station))
        if colour is None:
            continue
        tokens = list(stack.tokens)
        del tokens[len(tokens) - 1 - tokens[::-1].index(colour)]
        ctx.stacks[number] = stack.model_copy(update={"tokens": tuple(tokens)})
        gained[colour] = gained.get(colour, 0) + 1
    ctx.gain(gained, "[Attracting]")


@VANILLA.action("Magno-Gone")
def magno_gone(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.45: destroys one carried Magno-Clamp; the player then loses four Metallic
    Tokens of eir choice, ``{magno-gone: 2 Br, 2 Si}``, else the least valuable first (all e
    has, if fewer). They are lost, not spent, so the Clamp does not forbid it."""
    if not magnetised(ctx):
        ctx.violate("1.4.45", "[Magno-Gone] destroys a Magno-Clamp you carry; you carry none")
        return
    tokens = ctx.me.tokens
    text = field(ctx, "magno-gone")
    losing: dict[Colour, int] = {}
    if text is not None:
        for part in text.split(","):
            words = part.split()
            try:
                count, colour = int(words[0]), Colour.parse(words[-1])
            except (ValueError, IndexError, NotationError):
                ctx.violate("1.4.45", "the comment's magno-gone: lists counts and Metallic "
                                      "colours: {magno-gone: 2 Br, 2 Si}")  # fmt: skip
                return
            losing[colour] = losing.get(colour, 0) + count
        due = min(GONE_PRICE, sum(tokens[c] for c in METALLIC))
        if (any(c not in METALLIC or tokens[c] < n for c, n in losing.items())
                or sum(losing.values()) != due):  # fmt: skip
            ctx.violate("1.4.45", f"[Magno-Gone] loses {due} Metallic Tokens you hold; "
                                  f"'{excerpt(text)}' is not that")  # fmt: skip
            return
    else:
        left = GONE_PRICE
        for colour in reversed(METALLIC):
            losing[colour] = min(left, tokens[colour])
            left -= losing[colour]
    item = next(i for i in carried(ctx) if i.name.replace(" ", "-").casefold() == MAGNO.casefold())
    shed_clamp(ctx, item.name, "1.4.45", "[Magno-Gone]")
    for colour, count in losing.items():
        tokens[colour] -= count
    if any(losing.values()):
        ctx.event("tokens_lost", "[Magno-Gone]: lost " + ", ".join(
            f"{n} {c.value}" for c, n in losing.items() if n),
            tokens={c.value: n for c, n in losing.items() if n})  # fmt: skip


@VANILLA.cost_rule("1.4.45")
def magno_keeps_metal(ctx: TurnContext, spec: ActionSpec | None,
                      counts: dict[Colour, int]) -> dict[Colour, int]:  # fmt: skip
    """Rule 1.4.45: a carrier may perform no Action that spends a Metallic Token, nor Drop
    ([<Colour> Token on <Station>]) or Hoard one."""
    if spec is not None and magnetised(ctx):
        spent = [c.word for c in METALLIC if counts.get(c, 0) > 0]
        if spent:
            ctx.violate("1.4.45", f"[{spec.name}] spends {', '.join(spent)}; a Magno-Clamp's "
                                  "carrier may not spend, Drop or Hoard Metal")  # fmt: skip
    return counts


@VANILLA.move_check("1.4.45")
def magnets_repel(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.45: a carrier's Move may not leave or pass through a Station where another
    carrier's Piece stands (a Translocation is no Move the player plays)."""
    if not any(moving.move is m for m in ctx.play.moves) or not magnetised(ctx):
        return
    stations = [*([moving.start.station] if moving.start else []), *moving.passed_through]
    for key, where in ctx.positions.items():
        owner = key.partition("/")[0]
        if (
            owner != ctx.player
            and owner in ctx.players
            and where.station in stations
            and (magnetised(ctx, owner))
        ):
            ctx.violate("1.4.45", f"{owner}, at {where.station}, carries a Magno-Clamp as you "
                                  "do: your Move may not leave or pass its Station")  # fmt: skip
            return


def _metal(ctx: TurnContext) -> dict[str, tuple[int, ...]]:
    return {name: tuple(row.tokens[c] for c in METALLIC) for name, row in ctx.players.items()}


def _anyone_magnetised(ctx: TurnContext) -> bool:
    """Cheaply: whether any Magno-Clamp is in the Luggage Rack at all."""
    return any("magno" in item.name.casefold() for items in ctx.rack.values() for item in items)


@dataclass
class _Metal:
    held: dict[str, tuple[int, ...]] | None = None
    """Each player's Metallic Tokens after the last Action, while any Magno-Clamp is about."""


@VANILLA.at_start("1.4.45")
def _remember_metal(ctx: TurnContext) -> None:
    ctx.state(_Metal).held = _metal(ctx) if _anyone_magnetised(ctx) else None


@VANILLA.after_each_action("1.4.45")
def none_taken_from_a_carrier(ctx: TurnContext) -> None:
    """Rule 1.4.45: no other player may take a carrier's Metallic Tokens: whatever Action
    took one (a Shunt's claim, a Tithe, a Cascade, a Poll Tax ...) is refused."""
    if not _anyone_magnetised(ctx):
        ctx.state(_Metal).held = None
        return
    now = _metal(ctx)
    before = ctx.state(_Metal).held or now
    for name, counts in now.items():
        if name == ctx.player or name not in before or not magnetised(ctx, name):
            continue
        lost = [c.word for c, was, left in zip(METALLIC, before[name], counts, strict=True)
                if left < was]  # fmt: skip
        if lost:
            ctx.violate("1.4.45", f"{name} carries a Magno-Clamp, so no one may take eir "
                                  f"Metallic Tokens ({', '.join(lost)}); leave them")  # fmt: skip
    ctx.state(_Metal).held = now


VANILLA.at_end("1.4.45")(none_taken_from_a_carrier)
