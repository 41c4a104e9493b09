"""The Nantucket (rule 1.4.15 - You Got A Light Mac?).

Rule 1.4.15: an Overcoat has a secret pocket for Small Possessions, written in brackets in the
Luggage, ``(Zone 1 Pass)``; what is in it is not carried for other rules. Once a Turn, Wearing
eir Overcoat, the owner may Reshuffle: move Small Possessions in or out as e likes. The comment
lists what the Nantucket holds afterwards, ``{nantucket: Zone 1 Pass, Thursday Rover Card}``
(``nantucket: none`` empties it); every other Small Possession comes out.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.possessions import matches, size
from referee.engine.registry import VANILLA
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.possessions import parse_possessions


@VANILLA.action("Reshuffling")
def reshuffling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.15 - You Got A Light Mac?: with eir Overcoat Worn, the player sets which of eir
    Small Possessions are in the Nantucket, as the comment lists."""
    luggage = ctx.luggage()
    if not any(item.worn and item.name == "Overcoat" for item in luggage):
        ctx.violate("1.4.15", "Reshuffling needs your Overcoat Worn: play [Wearing Overcoat]")
        return
    text = field(ctx, "nantucket")
    if text is None:
        ctx.violate("1.4.15", "list in the comment what the Nantucket holds after Reshuffling: "
                              "{nantucket: Zone 1 Pass} or {nantucket: none}")  # fmt: skip
        return
    try:
        wanted = () if text.strip().casefold() == "none" else parse_possessions(text)
    except NotationError as error:
        ctx.violate("1.4.15", f"the comment's nantucket: list is unreadable ({error.reason})")
        return
    pool = [n for n, item in enumerate(luggage) if not item.worn and size(ctx, item) == "Small"]
    chosen: set[int] = set()
    for written in wanted:
        plain = written.model_copy(update={"nantucketed": False})
        number = next((n for n in pool if n not in chosen and matches(
            plain, luggage[n].model_copy(update={"nantucketed": False}))), None)  # fmt: skip
        if number is None:
            ctx.violate("1.4.15", f"you have no Small {plain.render()} to put in the Nantucket")
            return
        chosen.add(number)
    for n in pool:
        luggage[n] = luggage[n].model_copy(update={"nantucketed": n in chosen})
    inside = [luggage[n].render() for n in sorted(chosen)]
    ctx.event("reshuffled", "the Nantucket holds " + (", ".join(inside) or "nothing"))
