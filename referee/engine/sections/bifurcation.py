"""Bifurcation (rule 1.7.42 - Me and My Shadow).

After eir Move a player may split: a second Piece, B, appears at a Station next to eir Piece
(A), and from then on e may make a Move with each, labelled ``A:`` and ``B:`` (the core
already reads and judges those; both share the player's LV, Luggage Rack and Line Changes).
A player never has more than two Pieces. Keeping two costs upkeep: at the start of each of
eir Turns a Bifurcated player loses two Bronze, or one Token of another colour of eir choice;
one who cannot pay loses Piece B there and then. A Piece that moves onto or through the
Station where the other stands destroys that stationary one; a Piece Shunted onto the other
destroys the one it lands on. While Bifurcated a player may neither Collect a Parcel nor
Catch a Pigeon.

The record cannot show a destruction by itself: whether upkeep could be paid is a fact of the
Token Table of that moment, and whether a Move passed through the other Piece is a fact of
the route it took, which the play does not write. So the referee writes each destruction into
the comment of the play that made it, ``destroyed: Rushton's B (upkeep unpaid)``, replacing
any the player wrote (as Finding writes ``found:``), and a play effect reads it back, so
positions derived from the record agree with the adjudicated ones. When Piece A is destroyed,
Piece B becomes the player's only Piece (written without a label from then on).
"""

from __future__ import annotations

import re

from referee.engine.comments import field
from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.plays import Move, Play
from referee.notation.tokens import ORDER, Colour

BIFURCATING = "Bifurcating"
NOT_WHILE_SPLIT = ("Collecting Parcel", "Catching Pigeon")
_NOTE = re.compile(r"\bdestroyed\s*:\s*[^;{}]*", re.I)
_ITEM = re.compile(r"(?P<name>[^,;:{}()]+?)'s (?P<piece>[AB])\b")
_EXTRA = "bifurcation"


def bifurcated(positions: dict[str, Position], player: str) -> bool:
    """Whether ``player`` has a second Piece on the Map."""
    return piece_key(player, "B") in positions


def destroyed_in(play: Play) -> list[tuple[str, str]]:
    """The Pieces the referee noted as destroyed by ``play``, as (player, "A" or "B")."""
    found = _NOTE.search(play.comment or "")
    if found is None:
        return []
    return [(m.group("name").strip(), m.group("piece")) for m in _ITEM.finditer(found.group())]


def _remove(positions: dict[str, Position], player: str, piece: str) -> None:
    """Take ``piece`` off the Map; a lost Piece A leaves B as the player's only Piece."""
    second = piece_key(player, "B")
    if second not in positions:
        return
    survivor = positions.pop(second)
    if piece == "A":
        positions[player] = survivor


def destroy(ctx: TurnContext, player: str, piece: str, why: str) -> None:
    """Destroy one Piece of a Bifurcated ``player`` now and note it in the play's comment."""
    _remove(ctx.positions, player, piece)
    noted = [*destroyed_in(ctx.play), (player, piece)]
    reasons: dict[tuple[str, str], str] = ctx.extra.setdefault(_EXTRA, {})
    reasons[(player, piece)] = why
    items = ", ".join(f"{name}'s {p} ({reasons.get((name, p), 'destroyed')})"
                      for name, p in noted)  # fmt: skip
    kept = _NOTE.sub("", ctx.play.comment or "").strip().strip(";").strip()
    note = f"destroyed: {items}"
    ctx.play = ctx.play.model_copy(update={"comment": f"{kept}; {note}" if kept else note})
    ctx.event("piece_destroyed", f"{player}'s Piece {piece} is destroyed ({why})",
              player=player, piece=piece)  # fmt: skip


@VANILLA.action(BIFURCATING)
def bifurcating(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.42 - Me and My Shadow: a second Piece, B, at a Station next to the Piece.

    Placing B is not a Move, so nothing judges its Station but adjacency; it stands there
    with no Line, and its first Move may leave by any Line serving it.
    """
    station = str(action.args[0])
    if bifurcated(ctx.positions, ctx.player):
        ctx.violate("1.7.42", "you already have two Pieces, the most a player may have; "
                              "remove [Bifurcating]")  # fmt: skip
        return
    where = ctx.position()
    if where is None:
        ctx.violate("1.7.42", "your Piece is not on the Map, so there is no Station next to it")
        return
    if station == where.station or station not in ctx.network.graph[where.station]:
        ctx.violate("1.7.42", f"{station} is not next to {where.station}; Piece B must "
                              "appear at a Station adjacent to your Piece")  # fmt: skip
        return
    ctx.place(piece_key(ctx.player, "B"), Position(station))
    ctx.event("bifurcated", f"{ctx.player} is Bifurcated: Piece B stands at {station}",
              station=station)  # fmt: skip


@VANILLA.moves_pieces(BIFURCATING)
def bifurcating_moves(positions: dict[str, Position], play: Play, action: Action) -> None:
    """Rule 1.7.42: Piece B appears; the player's own Pieces lost earlier in the play (upkeep,
    the play's Moves) are taken off first, since [Bifurcating] follows every Move."""
    for name, piece in destroyed_in(play):
        if name == play.player:
            _remove(positions, name, piece)
    positions[piece_key(play.player, "B")] = Position(str(action.args[0]))


@VANILLA.reads_plays("1.7.42")
def destructions(positions: dict[str, Position], play: Play) -> None:
    """Rule 1.7.42: take off the Pieces the referee noted as destroyed by ``play``."""
    if not play.comment or "destroyed" not in play.comment.lower():
        return
    split_here = any(a.name == BIFURCATING for a in play.actions)
    for name, piece in destroyed_in(play):
        if not (split_here and name == play.player):
            _remove(positions, name, piece)


def _upkeep_choice(ctx: TurnContext) -> tuple[Colour, int] | None:
    """The upkeep named in the comment, ``{upkeep: 2 Br}`` or ``{upkeep: Bk}``; else two
    Bronze if held, else one Token of the first colour held in Token Table order."""
    named = field(ctx, "upkeep")
    tokens = ctx.me.tokens
    if named is not None:
        words = named.split()
        colour = Colour.parse(words[-1])
        return colour, 2 if colour is Colour.BR else 1
    if tokens[Colour.BR] >= 2:
        return Colour.BR, 2
    for colour in ORDER:
        if colour is not Colour.BR and tokens[colour] >= 1:
            return colour, 1
    return None


def _can_pay(ctx: TurnContext) -> bool:
    tokens = ctx.me.tokens
    return tokens[Colour.BR] >= 2 or any(tokens[c] for c in ORDER if c is not Colour.BR)


@VANILLA.at_start("1.7.42")
def upkeep(ctx: TurnContext) -> None:
    """Rule 1.7.42: a Bifurcated player loses two Bronze or one other Token at the start of
    eir Turn (lost, not paid for an Action, so it goes to no Stack, rule 1.4.19); one who
    cannot pay loses Piece B at once. Only the referee writes ``destroyed:``."""
    if _NOTE.search(ctx.play.comment or ""):
        kept = _NOTE.sub("", ctx.play.comment or "").strip().strip(";").strip()
        ctx.play = ctx.play.model_copy(update={"comment": kept or None})
    if bifurcated(ctx.positions, ctx.player):
        if not _can_pay(ctx):
            destroy(ctx, ctx.player, "B", "upkeep unpaid")
        else:
            _pay_upkeep(ctx)
    _forbidden_while_split(ctx)


def _pay_upkeep(ctx: TurnContext) -> None:
    try:
        choice = _upkeep_choice(ctx)
    except ValueError:
        ctx.violate("1.7.42", "the upkeep of two Pieces is named by a colour, "
                              "{upkeep: 2 Br} or {upkeep: Bk}")  # fmt: skip
        return
    assert choice is not None
    colour, count = choice
    if ctx.me.tokens[colour] < count:
        ctx.violate("1.7.42", f"your upkeep of two Pieces is {count} {colour.word}, which you "
                              "do not hold; name another colour you hold")  # fmt: skip
        return
    ctx.me.tokens[colour] -= count
    ctx.event("tokens_lost", f"upkeep of two Pieces: lost {count} {colour.value}",
              tokens={colour.value: count})  # fmt: skip


def _forbidden_while_split(ctx: TurnContext) -> None:
    """Rule 1.7.42: no [Collecting Parcel] or [Catching Pigeon] while Bifurcated."""
    split = bifurcated(ctx.positions, ctx.player)
    for part in ctx.play.parts:
        if isinstance(part, Move):
            continue
        if part.name == BIFURCATING:
            split = True
        elif split and part.name in NOT_WHILE_SPLIT:
            ctx.violate("1.7.42", f"a Bifurcated player may not perform [{part.name}]; "
                                  "remove it")  # fmt: skip


@VANILLA.after_each_move("1.7.42")
def moved_onto_the_other(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.7.42: a Piece moving to or through the Station of the player's other Piece
    destroys that stationary Piece. A Pass or Timeout moves no Piece."""
    player = ctx.player
    if not bifurcated(ctx.positions, player) or moving.end is None:
        return
    if moving.start is not None and moving.end.station == moving.start.station:
        return
    piece = "B" if moving.piece == piece_key(player, "B") else "A"
    other = "A" if piece == "B" else "B"
    there = ctx.positions.get(piece_key(player, other))
    if there is None:
        return
    if there.station == moving.end.station or there.station in moving.passed_through:
        how = "to" if there.station == moving.end.station else "through"
        destroy(ctx, player, other, f"Piece {piece} moved {how} {there.station}")


@VANILLA.at_end("1.7.42")
def shunted_onto_the_other(ctx: TurnContext) -> None:
    """Rule 1.7.42: a Piece another player's Action put on the Station of its owner's other
    Piece (a Shunt) destroys the Piece it landed on. The mover's own Actions that set a
    Piece down (not Moves, not Shunts) destroy nothing."""
    for name in ctx.players:
        if name == ctx.player or not bifurcated(ctx.positions, name):
            continue
        a, b = ctx.positions.get(name), ctx.positions[piece_key(name, "B")]
        if a is None or a.station != b.station:
            continue
        if a != ctx.history.position(name):
            destroy(ctx, name, "B", f"Piece A was put on it at {b.station}")
        elif b != ctx.history.position(name, "B"):
            destroy(ctx, name, "A", f"Piece B was put on it at {a.station}")
