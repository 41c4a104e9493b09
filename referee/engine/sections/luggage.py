"""Keeping, wearing and losing Possessions (rules 1.4.22, 1.4.28, 1.4.30, 1.4.31, 1.4.32).

Rule 1.4.22 - Discarding Possessions: any carried, non-Cursed Possession may be destroyed, as
often as one likes in a Turn.
Rule 1.4.30 - The Emperor's New Clothes: a Garment is Worn or Removed by an Action; a Worn one
cannot leave the Luggage by any Action, and no two Worn Garments are of one type.
Rule 1.4.31 - Size Matters: at most two Big or Huge Possessions, at most one of them Huge; a
player carrying a Huge one makes no Standard Move.
Rule 1.4.28 - Day Tripper!: an Expired Rover Card (stamped with another day) is discarded.
Rule 1.4.32 - Read All About It!: a Newspaper makes [Walking] free; Yesterday's is discarded
when it is used so.
"""

from __future__ import annotations

from referee.engine.context import MoveContext, TurnContext
from referee.engine.possessions import (
    carried,
    find,
    give,
    has_quality,
    is_cursed,
    list_line,
    size,
    take,
)
from referee.engine.registry import VANILLA
from referee.engine.sections.hyde import HYDE_MASK
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour

WALKING = "Walking"


@VANILLA.action("Discarding")
def discarding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.22 - Discarding Possessions: destroy a carried Possession, never a Cursed one
    (nor a Worn Garment, rule 1.4.30, save the Hyde Mask, which is only ever discarded, rule
    1.7.38)."""
    (written,) = action.args
    assert isinstance(written, Possession)
    item = find(ctx, written)
    if item is None:
        ctx.violate("1.4.22", f"you carry no {written.render()} to discard")
        return
    if is_cursed(item):
        ctx.violate("1.4.22", f"{item.render()} is Cursed and cannot be discarded; its own "
                              "rule says how to be rid of it")  # fmt: skip
        return
    if item.worn and item.name != HYDE_MASK:
        ctx.violate("1.4.30", f"you are Wearing {item.render()}; play [Removing] first")
        return
    take(ctx, item, written)
    ctx.event("destroyed", f"discarded {written.render()}", item=written.render())


def _garment_type(ctx: TurnContext, item: Possession) -> str:
    line = list_line(ctx, item)
    return line.name if line is not None else item.name


@VANILLA.action("Wearing")
def wearing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.30 - The Emperor's New Clothes: Wear a carried Garment, if no Garment of its
    type is Worn already. A Hat is taken from the Hats' initials and written ``*Hat (C)*``."""
    (written,) = action.args
    assert isinstance(written, Possession)
    item = find(ctx, written.model_copy(update={"worn": False}))
    if item is None or item.worn:
        ctx.violate("1.4.30", f"you carry no unworn {written.render()} to Wear")
        return
    if not has_quality(ctx, item, "Garment"):
        ctx.violate("1.4.30", f"{item.render()} is not a Garment, so it cannot be Worn")
        return
    kind = _garment_type(ctx, item)
    if item.hats is not None and (written.hats is None or len(written.hats) != 1):
        ctx.violate("1.4.30", "Wear one Hat, named by its initial: [Wearing Hat (C)]")
        return
    if any(held.worn and _garment_type(ctx, held) == kind for held in carried(ctx)):
        ctx.violate("1.4.30", f"you already Wear a {kind}; Remove it first")
        return
    take(ctx, item, written)
    worn = (Possession(name="Hat", hats=written.hats, worn=True) if item.hats is not None
            else item.model_copy(update={"worn": True}))  # fmt: skip
    ctx.luggage().append(worn)
    ctx.event("worn", f"now Wearing {worn.render()}", item=worn.render())


@VANILLA.action("Removing")
def removing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.30 - The Emperor's New Clothes: Remove a Worn Garment (it stays carried)."""
    (written,) = action.args
    assert isinstance(written, Possession)
    item = next((held for held in carried(ctx) if held.worn and _same_worn(written, held)), None)
    if item is None:
        ctx.violate("1.4.30", f"you Wear no {written.render()} to Remove")
        return
    take(ctx, item)
    give(ctx, item.model_copy(update={"worn": False}))
    ctx.event("removed", f"no longer Wearing {written.render()}")


def _same_worn(written: Possession, held: Possession) -> bool:
    if held.hats is not None:
        return written.hats is None or written.hats == held.hats
    return written.model_copy(update={"worn": True}).render() == held.render()


def big_and_huge(ctx: TurnContext, player: str | None = None) -> tuple[int, int]:
    sizes = [size(ctx, item) for item in carried(ctx, player)]
    return sizes.count("Big") + sizes.count("Huge"), sizes.count("Huge")


@VANILLA.at_end("1.4.31")
def size_limits(ctx: TurnContext) -> None:
    """Rule 1.4.31 - Size Matters: the Turn may not leave its player carrying more than two Big
    or Huge Possessions, or more than one Huge."""
    big, huge = big_and_huge(ctx)
    if big > 2 or huge > 1:
        ctx.violate("1.4.31", f"you would end the Turn carrying {big} Big or Huge Possessions "
                              f"({huge} Huge); the limit is two, one of them Huge. Discard or "
                              "sell one")  # fmt: skip


@VANILLA.move_check("1.4.31")
def huge_blocks_standard_moves(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.31 - Size Matters: carrying a Huge Possession forbids a Standard Move (a Pass
    or a Special Move is still possible)."""
    if moving.route is None or moving.special or moving.piece != ctx.player:
        return
    if big_and_huge(ctx)[1]:
        ctx.violate("1.4.31", "you carry a Huge Possession, so you may not make a Standard "
                              "Move; Pass, or sell or discard it first")  # fmt: skip


@VANILLA.at_end("1.4.28")
def expired_rovers(ctx: TurnContext) -> None:
    """Rule 1.4.28 - Day Tripper!: a Rover Card stamped with another day than Game Time's is
    Expired and is discarded, from every player's Luggage."""
    if ctx.time is None:
        return
    for player, luggage in ctx.rack.items():
        for item in [i for i in luggage if i.name == "Rover Card" and i.stamp != ctx.time.day]:
            luggage.remove(item)
            ctx.event("destroyed", f"{item.render()} has Expired and is discarded (rule 1.4.28)",
                      player=player)  # fmt: skip


@VANILLA.cost_rule("1.4.32")
def newspaper_walks_free(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.4.32 - Read All About It!: [Walking] is free with a Newspaper; Today's is kept,
    Yesterday's is discarded on the way."""
    if spec is None or spec.name != WALKING or ctx.time is None:
        return counts
    papers = [item for item in carried(ctx) if item.name == "Paper"]
    if not papers:
        return counts
    if not any(item.stamp == ctx.time.day for item in papers):
        take(ctx, papers[0])
        ctx.event("destroyed", f"{papers[0].render()} is Yesterday's and is discarded on "
                               "Walking (rule 1.4.32)")  # fmt: skip
    ctx.event("free", "[Walking] is free with a Newspaper (rule 1.4.32)")
    return {}
