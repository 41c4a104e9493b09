"""Token Stacks (section 1.14) and what players do to them (rules 1.4.9, 1.4.34, 1.7.57).

Rule 1.14.3 - Token Dropping: after eir Move a player puts a Token e holds on top of the Stack
at a Station e started at, passed through or ended at; six Tokens at most, except at
Mornington Crescent, Seven Sisters and Euston (rules/vanilla/stacks.toml).
Rule 1.14.4 - Token Claiming: after eir Move a player takes the top Token, of the colour e
names, from such a Station's Stack; several a Turn, but once a Station (twice Wearing
Gloves), and never a Token e placed this Turn.
Rule 1.14.2 - Stack 'em High: a Drop that brings a Stack from one to five Tokens (before the
Turn) to exactly six, in a rewarded sequence, destroys it and pays its reward.
Rule 1.4.9 - Hoard of the Things: Tokens go from the player's hand, one at a time, onto the
Stack of eir Home Station, as many as it has room for.
Rule 1.4.34 - Pushing and popping: a Stack is turned upside down.
Rule 1.4.49 - Vizhke's Voracious Vacuum: a Vacuum Cleaner takes a whole Stack of the Move.
Rule 1.7.57 - A Poor Second To Belgium: a Single, Double or Triple Helsinki destroys the bottom
one, two or three Tokens of every Stack; one Helsinki a Turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged, refuse_if_pegged
from referee.engine.possessions import carried
from referee.engine.registry import VANILLA
from referee.engine.tables.stacks import REWARD_SIZE
from referee.notation.actions import Action
from referee.notation.stacks import TokenStack
from referee.notation.tokens import ORDER, Colour, TokenCounts

HELSINKIS = {"Single Helsinki": 1, "Double Helsinki": 2, "Triple Helsinki": 3}
CLAIMS_A_STATION = 1
CLAIMS_WITH_GLOVES = 2

VANILLA.paid_elsewhere |= {"Hoarding"}


@dataclass
class _Touched:
    """Stations where this Turn placed, claimed and vacuumed Tokens, with how many."""

    placed: Counter[str] = field(default_factory=Counter)
    claimed: Counter[str] = field(default_factory=Counter)
    vacuumed: Counter[str] = field(default_factory=Counter)


def _state(ctx: TurnContext) -> _Touched:
    return ctx.state(_Touched)


def touched(ctx: TurnContext) -> set[str]:
    """The Stations this Turn's Moves started at, passed through or ended at."""
    found: set[str] = set()
    for moving in ctx.moves:
        for where in (moving.start, moving.end):
            if where is not None:
                found.add(where.station)
        found.update(moving.passed_through)
    return found


def stack_at(ctx: TurnContext, station: str) -> int | None:
    """The index in ``ctx.stacks`` of the Token Stack at ``station`` (not a Package or PoID)."""
    return next((n for n, s in enumerate(ctx.stacks)
                 if s.station == station and s.marker is None), None)  # fmt: skip


def push(ctx: TurnContext, station: str, colours: list[Colour]) -> TokenStack:
    """Put Tokens on top of the Stack at ``station``, making one (with its Quadrant) if none."""
    number = stack_at(ctx, station)
    if number is None:
        quadrants = ctx.network.facts[station].quadrants
        ctx.stacks.append(TokenStack(station=station,
                                     quadrant=min(quadrants) if quadrants else None))  # fmt: skip
        number = len(ctx.stacks) - 1
    stack = ctx.stacks[number]
    ctx.stacks[number] = stack.model_copy(update={"tokens": (*stack.tokens, *colours)})
    return ctx.stacks[number]


def _size_before(ctx: TurnContext, station: str) -> int:
    return next((len(s.tokens) for s in ctx.before.stacks
                 if s.station == station and s.marker is None), 0)  # fmt: skip


@VANILLA.action("Token on")
def token_dropping(ctx: TurnContext, action: Action) -> None:
    """Rule 1.14.3 - Token Dropping: a held Token onto a Stack of a Station of the Move, room
    permitting; then rule 1.14.2's reward."""
    colour, station = action.args
    assert isinstance(colour, Colour) and isinstance(station, str)
    if station not in touched(ctx):
        ctx.violate("1.14.3", f"Tokens are dropped where your Move started, passed or ended; "
                              f"{station} is not one of them")  # fmt: skip
        return
    if refuse_if_pegged(ctx, station, f"a Token dropped on {station}"):
        return
    number = stack_at(ctx, station)
    size = len(ctx.stacks[number].tokens) if number is not None else 0
    if not ctx.ruleset.tables().stacks.may_add(station, size):
        ctx.violate("1.14.3", f"the Stack at {station} already holds {size} Tokens, its limit")
        return
    if not ctx.pay({colour: 1}, f"[{colour.word} Token on {station}]", "1.14.3",
                   ctx.spec(action.name)):  # fmt: skip
        return
    stack = push(ctx, station, [colour])
    _state(ctx).placed[station] += 1
    ctx.event("token_dropped", f"a {colour.word} Token onto the Stack at {station}",
              station=station)  # fmt: skip
    _reward(ctx, stack)


def _reward(ctx: TurnContext, stack: TokenStack) -> None:
    """Rule 1.14.2 - Stack 'em High, Sell 'em Cheap."""
    table = ctx.ruleset.tables().stacks
    reward = table.earned(stack.tokens, _size_before(ctx, stack.station))
    if reward is None:
        return
    ctx.stacks.remove(stack)
    ctx.event("stack_destroyed", f"the Stack at {stack.station} formed a rewarded "
              "sequence and is destroyed (rule 1.14.2)", station=stack.station)  # fmt: skip
    ctx.gain({reward.colour: reward.count}, "Stack reward (rule 1.14.2)")


@VANILLA.after_paid_placement("1.14.2")
def rewards_of_paid_tokens(ctx: TurnContext) -> None:
    """Rule 1.14.2: Tokens spent on an Action and placed on a Stack (rule 1.4.19) may complete
    a rewarded six as a Drop does."""
    for station in dict.fromkeys(e.detail.get("station") for e in ctx.events
                                 if e.kind == "tokens_placed"):  # fmt: skip
        number = stack_at(ctx, station) if isinstance(station, str) else None
        if number is not None:
            _reward(ctx, ctx.stacks[number])


@VANILLA.action("Claiming a Token")
def token_claiming(ctx: TurnContext, action: Action) -> None:
    """Rule 1.14.4 - Token Claiming: the named colour must be the top Token of a Stack at a
    Station of the Move; once a Station (twice with Gloves Worn); never one placed this Turn."""
    colour, station = action.args
    assert isinstance(colour, Colour) and isinstance(station, str)
    number = stack_at(ctx, station)
    if number is None or not ctx.stacks[number].tokens:
        ctx.violate("1.14.4", f"there is no Token Stack at {station}")
        return
    if refuse_if_pegged(ctx, station, f"a Token claimed from {station}"):
        return
    stack = ctx.stacks[number]
    if stack.top != colour:
        ctx.violate("1.14.4", f"the top Token at {station} is {stack.top.word if stack.top else ''}"
                              f", not {colour.word}; claim the top one")  # fmt: skip
        return
    state = _state(ctx)
    if state.vacuumed:
        ctx.violate("1.4.49", "[Claiming] may not be played in a Turn with [Vacuuming]")
        return
    if state.placed[station]:
        ctx.violate("1.14.4", f"the top Token at {station} is one you placed this Turn")
        return
    gloves = any(item.worn and item.name == "Gloves" for item in carried(ctx))
    limit = CLAIMS_WITH_GLOVES if gloves else CLAIMS_A_STATION
    if state.claimed[station] >= limit:
        most = "the most you may" + ("" if gloves else " without Gloves")
        ctx.violate("1.14.4", f"you have claimed from {station} {limit} time(s) this Turn, "
                              f"{most}")  # fmt: skip
        return
    state.claimed[station] += 1
    rest = stack.tokens[:-1]
    if rest:
        ctx.stacks[number] = stack.model_copy(update={"tokens": rest})
    else:
        del ctx.stacks[number]
    ctx.gain({colour: 1}, f"[Claiming a {colour.word} Token from {station}]")


@VANILLA.action("Hoarding")
def hoarding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.9 - Hoard of the Things: the listed Tokens go from eir hand onto eir Home
    Station's Stack, no more than it has room for."""
    (tokens,) = action.args
    assert isinstance(tokens, TokenCounts)
    home = ctx.me.home
    if home is None:
        ctx.violate("1.4.9", "you have no Home Station to Hoard at")
        return
    if refuse_if_pegged(ctx, home, f"Hoarding at {home}"):
        return
    counts = {c: n for c, n in zip(ORDER, tokens.as_tuple(), strict=True) if n}
    number = stack_at(ctx, home)
    size = len(ctx.stacks[number].tokens) if number is not None else 0
    adding = sum(counts.values())
    if not ctx.ruleset.tables().stacks.may_add(home, size, adding):
        ctx.violate("1.4.9", f"the Stack at {home} holds {size} Tokens and has room for "
                             f"{max(0, 6 - size)}; Hoard fewer than {adding}")  # fmt: skip
        return
    if ctx.pay(counts, f"[Hoarding {tokens}]", "1.4.9", ctx.spec(action.name)):
        push(ctx, home, [c for c in ORDER for _ in range(counts.get(c, 0))])
        ctx.event("hoarded", f"{adding} Token(s) Hoarded at {home}", station=home)


@VANILLA.action("Inverting Stack")
def inverting_stack(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.34 - Pushing and popping: the Stack at the named Station, upside down."""
    (station,) = action.args
    assert isinstance(station, str)
    number = stack_at(ctx, station)
    if number is None:
        ctx.violate("1.4.34", f"there is no Token Stack at {station} to invert")
        return
    stack = ctx.stacks[number]
    ctx.stacks[number] = stack.model_copy(update={"tokens": tuple(reversed(stack.tokens))})
    ctx.event("stack_inverted", f"the Stack at {station} is inverted", station=station)


@VANILLA.action(*HELSINKIS)
def helsinki(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.57 - A Poor Second To Belgium: the bottom one, two or three Tokens of every
    Stack are destroyed (an emptied Stack is gone); one Helsinki a Turn. A Stack at a Pegged
    Station stays whole: nothing is removed from it (rule 1.11.4), as a Blast leaves it."""
    if sum(1 for name in ctx.done if name in HELSINKIS):
        ctx.violate("1.7.57", "one Helsinki a Turn; remove the second")
        return
    depth = HELSINKIS[action.name]
    kept: list[TokenStack] = []
    for stack in ctx.stacks:
        if stack.marker is not None or is_pegged(ctx, stack.station):
            kept.append(stack)
        elif stack.tokens[depth:]:
            kept.append(stack.model_copy(update={"tokens": stack.tokens[depth:]}))
    ctx.stacks[:] = kept
    ctx.event("helsinki", f"{action.name}: the bottom {depth} Token(s) of every Stack sink")


GOLD_RUSH_DIE = 295


def venbacker_station(ctx: TurnContext, number: int) -> str | None:
    """The Station whose Venbacker Number is ``number`` (the Venbacker Table)."""
    return next((name for name, facts in ctx.network.facts.items()
                 if facts.venbacker == number), None)  # fmt: skip


@VANILLA.action("Gold Rush")
def gold_rush(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.47 - Gold Rush: a d295 names a Station by its Venbacker Number, and the gaps
    of its Stack (up to six Tokens) fill with Gold. The roll is made with the Turn's dice and
    the lode filled as the Turn ends, which is the state the next player starts from; a Pegged
    Station takes no Gold (rule 1.11.4) (rules/vanilla/readings.md#r1-11-4)."""
    number = ctx.roll(GOLD_RUSH_DIE, "rule 1.7.47 Gold Rush")
    station = venbacker_station(ctx, number)
    if station is None:
        ctx.event("gold_rush", f"Gold Rush rolled {number}, which is no Station's number")
        return
    index = stack_at(ctx, station)
    size = len(ctx.stacks[index].tokens) if index is not None else 0
    gaps = 0 if is_pegged(ctx, station) else max(0, REWARD_SIZE - size)
    if gaps:
        push(ctx, station, [Colour.GO] * gaps)
    ctx.event("gold_rush", f"Gold Rush rolled {number}: {station}; {gaps} Gold Token(s) fill "
                           "its Stack", station=station, roll=number, gold=gaps)  # fmt: skip


VACUUM = "Vacuum Cleaner"
VACUUM_FULL = 3


@VANILLA.action("Vacuuming")
def vacuuming(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.49 - Vizhke's Voracious Vacuum: carrying a Vacuum Cleaner, take every Token of
    a Stack at a Station of the Move at once; not in a Turn with [Claiming]. Each use adds an
    asterisk to the Cleaner; at three it is full and destroyed."""
    (station,) = action.args
    assert isinstance(station, str)
    cleaner = next((item for item in carried(ctx) if item.name == VACUUM), None)
    if cleaner is None:
        ctx.violate("1.4.49", "Vacuuming needs a Vacuum Cleaner, and you carry none")
        return
    if station not in touched(ctx):
        ctx.violate("1.4.49", f"one Vacuums a Stack where one's Move started, passed or ended; "
                              f"{station} is not one of them")  # fmt: skip
        return
    number = stack_at(ctx, station)
    if number is None or not ctx.stacks[number].tokens:
        ctx.violate("1.4.49", f"there is no Token Stack at {station} to Vacuum")
        return
    if refuse_if_pegged(ctx, station, f"Vacuuming {station}"):
        return
    if _state(ctx).claimed or any(n == "Claiming a Token" for n in ctx.done):
        ctx.violate("1.4.49", "[Vacuuming] may not be played in a Turn with [Claiming]")
        return
    taken = ctx.stacks.pop(number).tokens
    ctx.gain(dict(Counter(taken)), f"[Vacuuming {station}]")
    _state(ctx).vacuumed[station] += 1
    luggage = ctx.luggage()
    place = next(i for i, item in enumerate(luggage) if item is cleaner)
    if cleaner.fill + 1 >= VACUUM_FULL:
        del luggage[place]
        ctx.event("destroyed", "the Vacuum Cleaner is full and destroyed (rule 1.4.49)")
    else:
        luggage[place] = cleaner.model_copy(update={"fill": cleaner.fill + 1})
