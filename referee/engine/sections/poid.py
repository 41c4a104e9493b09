"""The Podume of Infinite Darkness (rule 1.4.24).

Rule 1.4.24: the PoID is one Unique, Cursed Possession. When none is in play, a player not at
a Holy Station may Forge it outside Peak Hours (half price at midnight). It is put down at a
Station ([PoID on <Station>], written as a Token Stack marked ``PoID``) or picked up
([Collecting PoID]) by a player resting at or passing through that Station this Turn, and is
Shunted like a Stack. Its carrier may not be reached or passed by others' Moves (the obstacle
check of rule 1.4.24 in ``obstacles.py``); at the end of each of eir Turns two of eir Tokens,
non-Black ones first, turn Black. It is destroyed as soon as its carrier passes or rests at a
Holy Station, or it rests at one itself. While it rests at a Station everyone acts as if
carrying it, and each Turn starts with the top Token of every Stack turned Black.

At Mornington Crescent its effects worsen: Tokens are destroyed rather than blackened (the top
Token of every Stack as each Turn starts; two of each player's at the end of eir Turn, as many
non-Black as e has, then Black); after each Turn of the player who put it there, the referee
rolls a 295-sided die for em, and the Station with that Venbacker Number, unless Holy, is
wracked by an explosion, a Suspect Package's detonation there (rule 1.7.30); and once no Token
is left in the Game, the Game is abandoned with no Winner, so no later Turn is accepted. Which
two Tokens are blackened (or destroyed) is the player's choice, written ``{blacken: Re, Bu}``
(``{destroy: Re, Bu}``) when there is one to make (rules/vanilla/readings.md#r1-4-24).
"""

from __future__ import annotations

from collections import Counter

from referee.engine.comments import field
from referee.engine.context import MoveContext, TurnContext
from referee.engine.game_clock import minute_of_day, weekday
from referee.engine.pegged import is_pegged
from referee.engine.possessions import carried, give, take
from referee.engine.registry import VANILLA
from referee.engine.sections.opening import is_holiday
from referee.engine.sections.packages import detonate, quadrant_of
from referee.engine.sections.special_stations import holy
from referee.engine.sections.stacks import venbacker_station
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import ORDER, Colour, TokenCounts
from referee.quoting import excerpt

PODUME = "Podume of Infinite Darkness"
NAMES = frozenset({"podume of infinite darkness", "poid"})
MARKER = "PoID"
CRESCENT = "Mornington Crescent"
BLACKENED = 2
VENBACKER_DIE = 295
"""Rule 1.4.24: the die rolled after each Turn of the player who put the PoID at the Crescent."""


def is_podume(item: Possession) -> bool:
    return item.name.casefold() in NAMES


def carriers(ctx: TurnContext) -> list[str]:
    """The players carrying the PoID now (a Nantucketed one is not carried, rule 1.4.15)."""
    return [name for name in ctx.players if any(is_podume(i) for i in carried(ctx, name))]


def resting_at(ctx: TurnContext) -> int | None:
    """The index in ``ctx.stacks`` of the PoID resting on the Map, if it is."""
    return next((n for n, s in enumerate(ctx.stacks) if s.marker == MARKER), None)


def _in_play(ctx: TurnContext) -> bool:
    held = any(is_podume(item) for name in ctx.players for item in ctx.luggage(name))
    return held or resting_at(ctx) is not None


def _touched(ctx: TurnContext) -> set[str]:
    here = ctx.position()
    found = {here.station} if here is not None else set()
    for moving in ctx.moves:
        found.update(moving.passed_through)
        found.update(p.station for p in (moving.start, moving.end) if p is not None)
    return found


@VANILLA.action("Forging PoID")
def forging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.24: only with no PoID in play, not at a Holy Station, outside Peak Hours; the
    Forger carries it."""
    here = ctx.position()
    if _in_play(ctx):
        ctx.violate("1.4.24", "the Podume of Infinite Darkness is already in play; it is Unique")
        return
    if here is not None and holy(ctx, here.station):
        ctx.violate("1.4.24", f"no one may Forge the PoID at {here.station}, a Holy Station")
        return
    if ctx.time is not None and ctx.ruleset.tables().opening.is_peak(
        weekday(ctx.time), minute_of_day(ctx.time), is_holiday(ctx)
    ):
        ctx.violate("1.4.24", f"it is {ctx.time.render()}, in Peak Hours, when no one may Forge "
                              "the PoID")  # fmt: skip
        return
    give(ctx, Possession(name=PODUME))
    ctx.event("poid", f"{ctx.player} Forges the Podume of Infinite Darkness")


@VANILLA.cost_rule("1.4.24")
def midnight_forging(ctx: TurnContext, spec: ActionSpec | None,
                     counts: dict[Colour, int]) -> dict[Colour, int]:  # fmt: skip
    """Rule 1.4.24: Forging the PoID at midnight (Game Time 0000) costs half."""
    if spec is None or spec.name != "Forging PoID" or ctx.time is None:
        return counts
    if (ctx.time.hour, ctx.time.minute) != (0, 0):
        return counts
    return {colour: count // 2 for colour, count in counts.items()}


@VANILLA.action("Collecting PoID")
def collecting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.24: pick the PoID up where the Piece rests or passed through this Turn."""
    number = resting_at(ctx)
    if number is None or ctx.stacks[number].station not in _touched(ctx):
        where = f"at {ctx.stacks[number].station}" if number is not None else "on the Map"
        ctx.violate("1.4.24", f"the PoID rests {where}, not at a Station your Piece rests at "
                              "or passed through this Turn")  # fmt: skip
        return
    ctx.stacks.pop(number)
    give(ctx, Possession(name=PODUME))
    ctx.event("poid", f"{ctx.player} collects the Podume of Infinite Darkness")


@VANILLA.action("PoID on")
def poid_on(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.24: the carrier puts the PoID down at a Station (rested at or passed through:
    the pipeline's Fosdyke check, rule 1.17.9); rule 1.11.4: not at a Pegged Station. At a
    Holy Station it is destroyed at once."""
    station = str(action.args[0])
    item = next((i for i in carried(ctx) if is_podume(i)), None)
    if item is None:
        ctx.violate("1.4.24", "you do not carry the Podume of Infinite Darkness")
        return
    if is_pegged(ctx, station):
        ctx.violate("1.11.4", f"{station} is Pegged; no game object may be placed there")
        return
    take(ctx, item)
    if holy(ctx, station):
        ctx.event("poid", f"the Podume is put down at {station}, a Holy Station, and destroyed")
        return
    ctx.stacks.append(TokenStack(station=station, quadrant=quadrant_of(ctx, station),
                                 marker=MARKER))  # fmt: skip
    ctx.event("poid", f"the Podume of Infinite Darkness rests at {station}", station=station)


def at_crescent(ctx: TurnContext) -> bool:
    """Whether the PoID rests at Mornington Crescent, where its effects worsen."""
    number = resting_at(ctx)
    return number is not None and ctx.stacks[number].station == CRESCENT


@VANILLA.at_start("1.4.24")
def blacken_stacks(ctx: TurnContext) -> None:
    """Rule 1.4.24: while the PoID rests at a Station, each Turn starts with the top Token of
    every Token Stack replaced by a Black one (destroyed, while it rests at the Crescent: a
    Stack left with no Token is gone). Once the Game is abandoned, no Turn is accepted."""
    if resting_at(ctx) is None:
        return
    if at_crescent(ctx) and not _tokens_left(ctx):
        ctx.violate("1.4.24", "the Game was abandoned with no Winner: the PoID rests at "
                              "Mornington Crescent and no Token is left in the Game")  # fmt: skip
        return
    for stack in list(ctx.stacks):
        if stack.marker is not None or not stack.tokens:
            continue
        number = ctx.stacks.index(stack)
        if at_crescent(ctx):
            left = stack.tokens[:-1]
            if left:
                ctx.stacks[number] = stack.model_copy(update={"tokens": left})
            else:
                del ctx.stacks[number]
            ctx.event("poid", f"the top Token at {stack.station} is destroyed")
        elif stack.top is not Colour.BK:
            ctx.stacks[number] = stack.model_copy(
                update={"tokens": (*stack.tokens[:-1], Colour.BK)}
            )
            ctx.event("poid", f"the top Token at {stack.station} turns Black")


@VANILLA.at_end("1.4.24")
def the_podume_at_turns_end(ctx: TurnContext) -> None:
    """Rule 1.4.24: destruction at a Holy Station first (a carrier who passed or rests at one,
    or the PoID resting at one), then the carrier's - or, while it rests, anyone's - two
    Tokens turned Black (destroyed at the Crescent); at the Crescent, the die of the player who
    put it there, and the end of the Game when no Token is left."""
    _holy_destruction(ctx)
    if ctx.player in carriers(ctx) or resting_at(ctx) is not None:
        if at_crescent(ctx):
            _destroy_two(ctx)
        else:
            _blacken(ctx)
    if at_crescent(ctx):
        _crescent_explosion(ctx)
        if not _tokens_left(ctx):
            ctx.event("game_abandoned", "the PoID rests at Mornington Crescent and no Token is "
                      "left in the Game: the Game is abandoned with no Winner, and every player "
                      "has Lost (rule 1.4.24)")  # fmt: skip


def placed_at_crescent_by(ctx: TurnContext) -> str | None:
    """Rule 1.4.24: the player responsible for the PoID resting at the Crescent: who last
    played [PoID on Mornington Crescent] (it cannot be Shunted there, rule 1.10.1)."""
    for play in (ctx.play, *reversed(ctx.before.plays)):
        if any(a.name == "PoID on" and str(a.args[0]) == CRESCENT for a in play.actions):
            return play.player
    return None


def _crescent_explosion(ctx: TurnContext) -> None:
    """Rule 1.4.24: after each Turn of the player who put the PoID at the Crescent, a d295 read
    as a Venbacker Number; its Station, unless Holy, suffers a Suspect Package's detonation."""
    if placed_at_crescent_by(ctx) != ctx.player:
        return
    number = ctx.roll(VENBACKER_DIE, "rule 1.4.24 PoID at Mornington Crescent")
    station = venbacker_station(ctx, number)
    if station is None or holy(ctx, station):
        where = f"{station}, a Holy Station" if station else "no Station"
        ctx.event("poid", f"the PoID's die shows {number} ({where}): nothing happens",
                  number=number)  # fmt: skip
        return
    ctx.event("poid", f"the PoID's die shows {number}: {station} is wracked by a terrible "
              "explosion", number=number, station=station)  # fmt: skip
    detonate(ctx, station, bare="explosion")


def _tokens_left(ctx: TurnContext) -> int:
    """Every Token in the Game: the players' and the Stacks'."""
    held = sum(sum(p.tokens.values()) for p in ctx.players.values())
    return held + sum(len(s.tokens) for s in ctx.stacks if s.marker is None)


def _holy_destruction(ctx: TurnContext) -> None:
    for name in carriers(ctx):
        where = ctx.position(name)
        stations = _touched(ctx) if name == ctx.player else ({where.station} if where else set())
        sacred = sorted(s for s in stations if holy(ctx, s))
        if sacred:
            item = next(i for i in carried(ctx, name) if is_podume(i))
            take(ctx, item, player=name)
            ctx.event("poid", f"{name} carried the Podume to {sacred[0]}, a Holy Station: it "
                              "is destroyed", player=name)  # fmt: skip
    number = resting_at(ctx)
    if number is not None and holy(ctx, ctx.stacks[number].station):
        station = ctx.stacks.pop(number).station
        ctx.event("poid", f"the Podume rests at {station}, a Holy Station: it is destroyed")


def _blacken(ctx: TurnContext) -> None:
    """Two Tokens to Black, as many non-Black as the player holds; the comment chooses when
    there is a choice."""
    tokens = ctx.me.tokens
    held: Counter[Colour] = Counter(
        {c: tokens[c] for c in ORDER if c is not Colour.BK and tokens[c] > 0}
    )
    if sum(held.values()) == 0:
        return
    if len(held) == 1 or sum(held.values()) <= BLACKENED:
        chosen = Counter(dict(held))
        if sum(chosen.values()) > BLACKENED:
            (colour,) = held
            chosen = Counter({colour: BLACKENED})
    else:
        picked = _chosen(ctx, held)
        if picked is None:
            return
        chosen = picked
    for colour, count in chosen.items():
        tokens[colour] -= count
    tokens[Colour.BK] += sum(chosen.values())
    text = ", ".join(f"{n} {c.value}" for c, n in chosen.items())
    ctx.event("poid", f"the Podume turns {text} Black",
              lost={c.value: n for c, n in chosen.items()},
              gained={Colour.BK.value: sum(chosen.values())})  # fmt: skip


def _chosen(
    ctx: TurnContext, held: Counter[Colour], label: str = "blacken"
) -> Counter[Colour] | None:
    verb = "destroys" if label == "destroy" else "turns"
    text = field(ctx, label)
    example = "{" + label + ": " + ", ".join(f"1 {c.value}" for c in list(held)[:2]) + "}"
    if text is None:
        ctx.violate("1.4.24", f"the Podume {verb} two of your Tokens at the end of your Turn"
                              f"{' Black' if label == 'blacken' else ''}: say which in the "
                              f"comment, e.g. {example}")  # fmt: skip
        return None
    try:
        counts = TokenCounts.parse(text)
    except NotationError:
        ctx.violate("1.4.24", f"'{excerpt(text)}' after '{label}:' is not Tokens; write {example}")
        return None
    chosen = Counter({c: n for c, n in zip(ORDER, counts.as_tuple(), strict=True) if n})
    if (
        sum(chosen.values()) != BLACKENED
        or chosen[Colour.BK]
        or any(chosen[c] > held[c] for c in chosen)
    ):
        ctx.violate("1.4.24", f"'{excerpt(text)}': the Podume {verb} two non-Black Tokens you hold")
        return None
    return chosen


def _destroy_two(ctx: TurnContext) -> None:
    """Rule 1.4.24 at the Crescent: two of the player's Tokens destroyed, as many non-Black as
    e holds (the comment chooses when there is a choice), the rest Black."""
    tokens = ctx.me.tokens
    held: Counter[Colour] = Counter(
        {c: tokens[c] for c in ORDER if c is not Colour.BK and tokens[c] > 0}
    )
    if len(held) > 1 and sum(held.values()) > BLACKENED:
        picked = _chosen(ctx, held, "destroy")
        if picked is None:
            return
        chosen = picked
    else:
        chosen = Counter({c: min(n, BLACKENED) for c, n in held.items()})
    black = min(tokens[Colour.BK], BLACKENED - sum(chosen.values()))
    if black:
        chosen[Colour.BK] += black
    for colour, count in chosen.items():
        tokens[colour] -= count
    if chosen:
        text = ", ".join(f"{n} {c.value}" for c, n in chosen.items())
        ctx.event("tokens_destroyed", f"the Podume at Mornington Crescent destroys {text}",
                  tokens={c.value: n for c, n in chosen.items()})  # fmt: skip


@VANILLA.move_check("1.4.24")
def everyone_carries(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.24: while the PoID rests at a Station all players act as if carrying it, so
    no Move may pass through or end at a Station where another player's Piece stands."""
    if resting_at(ctx) is None:
        return
    stations = {*moving.passed_through, *([moving.end.station] if moving.end else [])}
    for name, where in ctx.positions.items():
        if name.split("/")[0] != ctx.player and where.station in stations:
            ctx.violate("1.4.24", f"the Podume rests on the Map, so every player acts as its "
                                  f"carrier: your Move cannot reach or pass {where.station}, "
                                  "where another Piece stands")  # fmt: skip
            return
