"""Finding at the Lost Property Office (rule 1.7.53).

Rule 1.7.53 - Lost & Found: [Finding] (after the Move, 30 minutes, 2 Bronze) rolls a d100 and
looks the number up in ``rules/vanilla/lost_and_found.toml``. At Paddington on a weekday from
0930 to 1400 the finder instead names a number from 0 to 80 (``{finding: 40}``) and rolls a
d20, the two added unless the d20 shows four or less. The find goes to the finder: nothing, a
trip to the Tower (rule 1.4.47: the Piece to Tower Hill and a Prison Clamp), a Suspect Package
dropped where e stands, a Possession (the table's starred items only if e has none), Tokens,
or, above 92, the first item waiting in the Lost & Found Box.

The rule has the next player look the roll up; the referee does it at once, with the Turn's
recorded dice, and writes the result into the play's comment as a referee's note (``found:
47 (Sent to the Tower)``, :class:`~referee.notation.notes.RefereeNote`), as a summary posted
with the Turn would be. The record then says where the Piece
went: the Tower trip is a position effect read from that note, so positions derived from the
record alone agree.
"""

from __future__ import annotations

import re

from referee.engine.comments import field, note_of, write_note
from referee.engine.context import TurnContext
from referee.engine.game_clock import minute_of_day, weekday
from referee.engine.history import Position
from referee.engine.pegged import is_pegged
from referee.engine.possessions import find, give, hat_letters
from referee.engine.registry import VANILLA
from referee.engine.sections.packages import PACKAGE, PACKAGE_LIMIT, packages, quadrant_of
from referee.engine.sections.unique import destroy_duplicates
from referee.engine.tables.costs import TokenCost
from referee.engine.tables.lost_and_found import FindRow
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.gametime import Day
from referee.notation.notes import NoteKind, RefereeNote
from referee.notation.plays import Play
from referee.notation.possessions import HatType, Possession
from referee.notation.stacks import TokenStack

TOWER_HILL = "Tower Hill"
PRISON_CLAMP = "Prison Clamp"
TOWER_TEXT = "Sent to the Tower"
_HAT = re.compile(r"^Hat \((?P<kind>.+)\)$")
_DAYS = tuple(Day)


def _holiday(ctx: TurnContext) -> bool:
    """Rule 1.13.7: a Sunday-like Holiday is not a weekday."""
    return ctx.time is not None and any(
        d.flag == "Upcoming Holiday" and d.day == ctx.time.day for d in ctx.disruptions
    )


def _roll(ctx: TurnContext) -> int | None:
    """The d100, or at Paddington in its window the d20 and the named number."""
    table = ctx.ruleset.tables().lost_and_found
    where = ctx.position()
    window = table.paddington
    if (
        where is None
        or ctx.time is None
        or not window.applies(
            where.station, weekday(ctx.time), minute_of_day(ctx.time), _holiday(ctx)
        )
    ):
        return ctx.roll(100, "rule 1.7.53")
    text = field(ctx, "finding") or ""
    if not text.strip().isdigit() or not 0 <= int(text) <= window.chosen_max:
        ctx.violate("1.7.53", f"at {window.station} in its weekday hours you name a number from "
                              f"0 to {window.chosen_max} in the comment ({{finding: 40}}) and "
                              "roll a d20 instead")  # fmt: skip
        return None
    return table.modified_roll(ctx.roll(window.die, "rule 1.7.53"), int(text))


@VANILLA.action("Finding")
def finding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.53 - Lost & Found: see the module docstring."""
    roll = _roll(ctx)
    if roll is None:
        return
    row = ctx.ruleset.tables().lost_and_found.find(roll)
    found = _apply(ctx, row)
    write_note(ctx, RefereeNote.finding(roll, found))
    ctx.event("finding", f"{ctx.player} rolls {roll} at the Lost Property Office: {found}",
              roll=roll, found=found)  # fmt: skip


def _apply(ctx: TurnContext, row: FindRow) -> str:
    """Give the finder what ``row`` finds; the words for the note."""
    if row.kind == "tower":
        ctx.place(ctx.player, Position(TOWER_HILL))
        ctx.luggage().append(Possession(name=PRISON_CLAMP))
        return TOWER_TEXT
    if row.kind == "package":
        return _package(ctx)
    if row.kind == "tokens":
        ctx.gain(TokenCost.parse(row.tokens).fixed(), "[Finding]")
        return row.tokens
    if row.kind == "possession":
        item = _item(ctx, row)
        if row.once and _has(ctx, item):
            return f"nothing: you already have a {row.item}"
        give(ctx, item)
        destroy_duplicates(ctx)
        return item.render()
    if row.kind == "box":
        box: list[Possession] = list(ctx.current("lost_and_found"))
        if not box:
            return "nothing: the Lost & Found Box is empty"
        first = box.pop(0)
        ctx.change("lost_and_found", tuple(box))
        give(ctx, first)
        destroy_duplicates(ctx)
        return first.render()
    return "nothing"


def _package(ctx: TurnContext) -> str:
    """A found Suspect Package is dropped where the finder stands (rules 1.4.7, 1.11.4)."""
    where = ctx.position()
    if where is None or len(packages(ctx)) >= PACKAGE_LIMIT or is_pegged(ctx, where.station):
        return "nothing: a Suspect Package, but none may be dropped here now"
    ctx.stacks.append(TokenStack(station=where.station, quadrant=quadrant_of(ctx, where.station),
                                 marker=PACKAGE))  # fmt: skip
    return f"a Suspect Package, dropped at {where.station}"


def _item(ctx: TurnContext, row: FindRow) -> Possession:
    """The table's item as the Luggage writes it: Hats by initial, Newspapers stamped with
    today's day or, for "Yesterday's", the day before (rule 1.4.32)."""
    name = row.item
    hat = _HAT.match(name)
    if hat:
        return Possession(name="Hat", hats=HatType.parse(hat.group("kind")).initial)
    if name == "Newspaper" and ctx.time is not None:
        day = ctx.time.day
        if "Yesterday's" in row.qualities:
            day = _DAYS[_DAYS.index(day) - 1]
        return Possession(name="Paper", stamp=day)
    try:
        return Possession.parse(name)
    except NotationError:
        return Possession(name=name)


def _has(ctx: TurnContext, item: Possession) -> bool:
    if item.hats is not None:
        return item.hats in hat_letters(ctx)
    return find(ctx, item) is not None


def found_the_stick(play: Play) -> bool:
    """Whether a recorded [Finding] took the Drone Stick out of the Lost & Found Box (rule
    1.15.2 asks when the Stick was last taken)."""
    return any(a.name == "Finding" for a in play.actions) and _found(play) == "drone stick"


def sent_to_the_tower(play: Play) -> bool:
    """Whether a recorded [Finding] Sent its player to the Tower (rule 1.4.47 counts the
    Rounds of the Prison Clamp it gave from that play)."""
    return any(a.name == "Finding" for a in play.actions) and _found(play) == TOWER_TEXT.casefold()


def _found(play: Play) -> str | None:
    """What the referee noted ``play``'s [Finding] found, casefolded."""
    note = note_of(play, NoteKind.FOUND)
    return note.found.casefold() if note is not None else None


@VANILLA.moves_pieces("Finding")
def finding_moves(positions: dict[str, Position], play: Play, action: Action) -> None:
    """Rule 1.7.53 with rule 1.4.47: a find noted as Sent to the Tower puts the finder's Piece
    at Tower Hill."""
    if _found(play) == TOWER_TEXT.casefold():
        positions[play.player] = Position(TOWER_HILL)


__all__ = ["finding", "finding_moves", "found_the_stick", "sent_to_the_tower"]
