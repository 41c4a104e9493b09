"""Token Cascades (rules 1.7.36 and 1.7.37).

Rule 1.7.36 - Token Cascading: a player standing on or inside the Circle (Quadrant 0), who
holds none of at least one Plastic colour, may start a Cascade when none is running, paying
four Tokens drawn from Red, Blue and Black. While it runs, every other player, at the very
start of eir Turn, hands the Cascade's focus as many Plastic Tokens as Moves have been made
since the Cascade began. A player who cannot hand over that many gives up instead every Token
of the Plastic colour e holds most of, and the Cascade stops there.
Rule 1.7.37 - Stealing and Killing Cascades: while a Cascade runs, [Cascade Steal] makes its
player the focus and [Cascade Kill] stops it.

A Cascade has no set length, so rule 1.2.2 puts it in Disruptions (``Token Cascade``). Who
its focus is and how many Moves it has seen are read from the record, which holds the
[Token Cascade] that began it, every [Cascade Steal] since and every Move since.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.tables.colours import PLASTIC
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.errors import NotationError
from referee.notation.plays import Move, Play
from referee.notation.tokens import ORDER, Colour, TokenCounts

CASCADE = "Token Cascade"
CIRCLE_QUADRANT = 0
CASCADE_COST = 4
CASCADE_COLOURS = (Colour.RE, Colour.BU, Colour.BK)
PLASTIC_ORDER = tuple(c for c in ORDER if c in PLASTIC)


def in_effect(ctx: TurnContext) -> bool:
    """Whether a Token Cascade runs now (its Disruptions entry, rule 1.2.2)."""
    return any(d.flag == CASCADE for d in ctx.disruptions)


def focus_and_moves(plays: Sequence[Play]) -> tuple[str, int] | None:
    """The running Cascade's focus and the Moves made since its [Token Cascade], read from
    the record (None when the record holds no [Token Cascade])."""
    for start in range(len(plays) - 1, -1, -1):
        if any(a.name == CASCADE for a in plays[start].actions):
            break
    else:
        return None
    focus, moves, begun = plays[start].player, 0, False
    for play in plays[start:]:
        for part in play.parts:
            if isinstance(part, Move):
                moves += begun
            elif part.name == CASCADE:
                begun = True
            elif begun and part.name == "Cascade Steal":
                focus = play.player
    return focus, moves


def chosen(ctx: TurnContext, label: str) -> dict[Colour, int] | None:
    """Tokens the comment names under ``label`` (None when it names none or is unreadable)."""
    text = field(ctx, label)
    if text is None:
        return None
    try:
        counts = TokenCounts.parse(text)
    except NotationError:
        return None
    return {c: n for c, n in zip(ORDER, counts.as_tuple(), strict=True) if n}


def most_held(held: dict[Colour, int], colours: Iterable[Colour], count: int) -> dict[Colour, int]:
    """``count`` Tokens taken one at a time from whichever of ``colours`` is held most (ties
    in Token Table order): the referee's choice when the comment makes none."""
    left = {c: held[c] for c in sorted(colours, key=ORDER.index)}
    taken: dict[Colour, int] = {}
    for _ in range(count):
        colour = max(left, key=lambda c: left[c])
        left[colour] -= 1
        taken[colour] = taken.get(colour, 0) + 1
    return taken


def _move_tokens(ctx: TurnContext, giver: str, taker: str, counts: dict[Colour, int]) -> None:
    for colour, count in counts.items():
        ctx.players[giver].tokens[colour] -= count
        ctx.players[taker].tokens[colour] += count
    text = ", ".join(f"{n} {c.value}" for c, n in counts.items() if n) or "nothing"
    ctx.event("cascade_transfer", f"Token Cascade: {giver} hands {taker} {text}", player=giver,
              to=taker, tokens={c.value: n for c, n in counts.items() if n})  # fmt: skip


@VANILLA.at_start("1.7.36")
def cascade_transfer(ctx: TurnContext) -> None:
    """Rule 1.7.36 - Token Cascading: before anything else in eir Turn, a player other than the
    focus hands the focus X Plastic Tokens (X = Moves since the Cascade began), of eir choice
    (``{cascade: 2 Re, 1 Bk}``); short of X, e hands over all of eir most-held Plastic colour
    (``{cascade: Red}`` settles a tie) and the Cascade ends."""
    if not in_effect(ctx):
        return
    found = focus_and_moves(ctx.before.plays)
    if found is None:
        ctx.not_adjudicated(CASCADE, "rule 1.7.36 counts the Moves made since the Cascade "
                                     "began, and this game's record does not hold the "
                                     "[Token Cascade] that began it")  # fmt: skip
        return
    focus, due = found
    if ctx.player == focus or focus not in ctx.players:
        return
    held = ctx.me.tokens
    if sum(held[c] for c in PLASTIC) < due:
        _cascade_fails(ctx, focus)
        return
    counts = chosen(ctx, "cascade")
    if counts is None:
        counts = most_held(held, PLASTIC_ORDER, due)
    elif any(c not in PLASTIC for c in counts) or sum(counts.values()) != due:
        ctx.violate("1.7.36", f"the Token Cascade takes {due} Plastic Tokens from you this "
                              "Turn; name that many Black, Blue, Green or Red in the comment "
                              "({cascade: ...}) or leave the choice to the referee")  # fmt: skip
        return
    elif any(held[c] < n for c, n in counts.items()):
        ctx.violate("1.7.36", "the comment's cascade: names Tokens you do not hold")
        return
    _move_tokens(ctx, ctx.player, focus, counts)


def _cascade_fails(ctx: TurnContext, focus: str) -> None:
    """Rule 1.7.36: too few Tokens; the most-held Plastic colour goes and the Cascade ends."""
    held = ctx.me.tokens
    top = max(held[c] for c in PLASTIC_ORDER)
    tied = [c for c in PLASTIC_ORDER if held[c] == top]
    text = field(ctx, "cascade")
    colour = tied[0]
    if text is not None and len(tied) > 1:
        try:
            colour = Colour.parse(text)
        except NotationError:
            colour = Colour.GO
        if colour not in tied:
            ctx.violate("1.7.36", f"you hold most of {', '.join(c.word for c in tied)}; the "
                                  "comment's cascade: must name one of them")  # fmt: skip
            return
    _move_tokens(ctx, ctx.player, focus, {colour: top} if top else {})
    _end(ctx, f"{ctx.player} could not pay in full")


def _end(ctx: TurnContext, why: str) -> None:
    ctx.disruptions[:] = [d for d in ctx.disruptions if d.flag != CASCADE]
    ctx.event("cascade_end", f"the Token Cascade ends: {why}")


@VANILLA.action("Token Cascade")
def token_cascade(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.36 - Token Cascading: on or inside the Circle, holding none of some Plastic
    colour, with no Cascade running; four Tokens from Red, Blue and Black, named in the
    comment (``{cascading: 2 Re, 2 Bk}``) or else taken from the colours held most."""
    where = ctx.position()
    facts = ctx.network.facts.get(where.station) if where is not None else None
    if facts is None or CIRCLE_QUADRANT not in facts.quadrants:
        here = where.station if where is not None else "off the Map"
        ctx.violate("1.7.36", f"a Token Cascade starts on or inside the Circle Line; your "
                              f"Piece is at {here}")  # fmt: skip
        return
    if all(ctx.me.tokens[c] for c in PLASTIC):
        ctx.violate("1.7.36", "a Token Cascade needs you to hold none of at least one Plastic "
                              "colour; you hold some of each")  # fmt: skip
        return
    if in_effect(ctx):
        ctx.violate("1.7.36", "a Token Cascade is already running; steal it with "
                              "[Cascade Steal] instead")  # fmt: skip
        return
    counts = chosen(ctx, "cascading")
    if counts is None:
        counts = most_held(ctx.me.tokens, CASCADE_COLOURS, CASCADE_COST)
    elif any(c not in CASCADE_COLOURS for c in counts) or sum(counts.values()) != CASCADE_COST:
        ctx.violate("1.7.36", "a Token Cascade costs four Tokens of Red, Blue or Black; name "
                              "four such in the comment ({cascading: 2 Re, 2 Bk})")  # fmt: skip
        return
    if not ctx.pay(counts, "[Token Cascade]", "1.7.36", ctx.spec(action.name)):
        return
    ctx.disruptions.append(Disruption(flag=CASCADE))
    ctx.event("cascade", f"{ctx.player} is the focus of a Token Cascade")


@VANILLA.action("Cascade Steal")
def cascade_steal(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.37 - Stealing and Killing Cascades: while a Cascade runs, its benefits turn to
    the player who steals it (stealing one's own is refused: it would change nothing)."""
    if not in_effect(ctx):
        ctx.violate("1.7.37", "no Token Cascade is running to steal")
        return
    found = focus_and_moves(ctx.before.plays)
    focus = ctx.player if ctx.has_done(CASCADE) else found[0] if found else None
    if focus == ctx.player:
        ctx.violate("1.7.37", "you are already the focus of the Token Cascade")
        return
    ctx.event("cascade", f"{ctx.player} steals the Token Cascade and is its focus")


@VANILLA.action("Cascade Kill")
def cascade_kill(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.37 - Stealing and Killing Cascades: while a Cascade runs, it ends at once."""
    if not in_effect(ctx):
        ctx.violate("1.7.37", "no Token Cascade is running to kill")
        return
    _end(ctx, f"{ctx.player} killed it")
