"""Tokens that change hands without the Bureau (rules 1.7.27, 1.7.61, 1.4.37).

Rule 1.7.27 - Token Gift: after eir Move a player hands any other player Tokens of eir choice,
naming them in the comment (``giving: 2 Re, 1 Bk``); the Drone never gives.
Rule 1.7.61 - Beggars *Can* Be Choosers: a player whose Move is a Pass may beg one Plastic
Token of a colour e holds at most two of (``begging: Red``).
Rule 1.4.37 - Death and Taxes: every player loses one Token of each colour e has.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.plays import Move, MoveKind
from referee.notation.tokens import ORDER, Colour, TokenCounts

DRONE = "Drone"
BEGGING_LIMIT = 2

VANILLA.paid_elsewhere |= {"Giving Tokens"}


@VANILLA.action("Giving Tokens")
def giving_tokens(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.27 - Token Gift: the giver loses the Tokens the comment names and the stated
    other player gains the same; not the Drone, not to oneself."""
    (receiver,) = action.args
    assert isinstance(receiver, str)
    if ctx.player == DRONE:
        ctx.violate("1.7.27", "the Drone may not give Tokens")
        return
    if receiver == ctx.player or receiver not in ctx.players:
        ctx.violate("1.7.27", f"Tokens are given to another player of this Game, not "
                              f"{receiver}")  # fmt: skip
        return
    text = field(ctx, "giving")
    counts: dict[Colour, int] = {}
    if text is not None:
        try:
            parsed = TokenCounts.parse(text)
        except NotationError:
            parsed = TokenCounts()
        counts = {c: n for c, n in zip(ORDER, parsed.as_tuple(), strict=True) if n}
    if not counts:
        ctx.violate("1.7.27", "say in the comment which Tokens you give: {giving: 2 Re, 1 Bk}")
        return
    if ctx.pay(counts, f"[Giving Tokens to {receiver}]", "1.7.27", ctx.spec(action.name)):
        ctx.gain(counts, f"a gift from {ctx.player}", player=receiver)


@VANILLA.action("Begging")
def begging(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.61 - Beggars *Can* Be Choosers: with a Pass for eir Move, one Plastic Token of
    the colour the comment names, if e holds no more than two of it."""
    if not any(isinstance(part, Move) and part.kind is MoveKind.PASS for part in ctx.play.parts):
        ctx.violate("1.7.61", "only a player whose Move this Turn is a Pass may beg")
        return
    text = field(ctx, "begging")
    try:
        colour = Colour.parse(text) if text is not None else None
    except NotationError:
        colour = None
    if colour is None or colour.metallic:
        ctx.violate("1.7.61", "name the Plastic colour you beg for in the comment: "
                              "{begging: Red} (Black, Blue, Green or Red)")  # fmt: skip
        return
    held = ctx.me.tokens[colour]
    if held > BEGGING_LIMIT:
        ctx.violate("1.7.61", f"you hold {held} {colour.word} Tokens; one begs only for a "
                              "colour one holds two or fewer of")  # fmt: skip
        return
    ctx.gain({colour: 1}, "[Begging]")


@VANILLA.action("Poll Tax")
def poll_tax(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.37 - Death and Taxes: one Token of each colour from each player in the Token
    Table who has one (the taxer too, after paying; rules/vanilla/readings.md#r1-4-37)."""
    for player in ctx.players.values():
        taken = [colour for colour in ORDER if player.tokens[colour]]
        for colour in taken:
            player.tokens[colour] -= 1
        if taken:
            ctx.event("tokens_lost", "Poll Tax took one Token of each colour held: "
                      + ", ".join(f"1 {c.value}" for c in taken), player=player.name,
                      tokens={c.value: 1 for c in taken})  # fmt: skip
