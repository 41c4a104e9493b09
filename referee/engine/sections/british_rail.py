"""British Rail Travel (rule 1.7.9) and Busking (rule 1.7.20).

Rule 1.7.9 - British Rail Travel: a player at a British Rail Station whose Move is a Pass may
Visit any British Rail Station of Great Britain, for a Gold. Another player may then claim a
Late Arrival from that Place: the Visitor's next Move must be a Pass with no Actions.
Rule 1.7.20 - Busking: in Peak Hours, a player carrying a Musical Possession plays it, or one
at a Hill Station Yodels; the comment names the instrument (``busking: Guitar``), and the
Tokens gained are the instrument's (rules/vanilla/busking.toml). A Worn Silly Hat allows the
bonus of an instrument listed above (the comment's ``bonus:`` names which).
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.game_clock import minute_of_day, weekday
from referee.engine.possessions import carried, has_quality
from referee.engine.registry import VANILLA
from referee.engine.tables import TableError
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.plays import MoveKind, Play
from referee.notation.tokens import Colour

VISITING = "Visiting"
LATE_ARRIVAL = "Late Arrival"


@VANILLA.action(VISITING)
def visiting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.9 - British Rail Travel: at a British Rail Station, with a Pass played, a
    Gold for Visiting a Place."""
    here = ctx.position()
    if here is None or Category.BRITISH_RAIL not in ctx.network.facts[here.station].categories:
        ctx.violate("1.7.9", f"Visiting starts from a British Rail Station; "
                             f"{here.station if here else 'your Piece'} is not one")  # fmt: skip
        return
    if not any(m.move.kind is MoveKind.PASS for m in ctx.moves):
        ctx.violate("1.7.9", "Visiting needs a Pass as your Move this Turn")
        return
    ctx.gain({Colour.GO: 1}, f"[Visiting {action.args[0]}]")


@VANILLA.action(LATE_ARRIVAL)
def late_arrival(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.9 - British Rail Travel: announcing a Late Arrival from a Place; its effect
    falls on the Visitor's next Turn (:func:`late_arrival_obliges_a_pass`)."""
    ctx.event("late_arrival", f"a Late Arrival from {action.args[0]}", place=str(action.args[0]))


def _place(value: object) -> str:
    return " ".join(str(value).split()).casefold()


def _visited(play: Play) -> set[str]:
    return {_place(a.args[0]) for a in play.actions if a.name == VISITING}


@VANILLA.at_end("1.7.9")
def late_arrival_obliges_a_pass(ctx: TurnContext) -> None:
    """Rule 1.7.9: if eir previous Move (Timeouts aside) came with [Visiting X], and another
    player has since played [Late Arrival from X], this Turn must be a Pass with no Actions."""
    since: list[Play] = []
    mine: Play | None = None
    for entry in reversed(ctx.before.record):
        if not isinstance(entry, Play):
            continue
        if entry.player == ctx.player and not any(m.kind is MoveKind.TIMEOUT
                                                  for m in entry.moves):  # fmt: skip
            mine = entry
            break
        since.append(entry)
    if mine is None:
        return
    visited = _visited(mine)
    if not visited:
        return
    late = {_place(a.args[0]) for p in since if p.player != ctx.player
            for a in p.actions if a.name == LATE_ARRIVAL}  # fmt: skip
    hit = visited & late
    if not hit:
        return
    passed = all(m.kind is MoveKind.PASS for m in ctx.play.moves) and not ctx.play.actions
    if not passed:
        ctx.violate("1.7.9", "another player announced a Late Arrival from the Place you "
                             "Visited, so this Turn you must Pass with no Actions")  # fmt: skip


@VANILLA.action("Busking")
def busking(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.20 - Busking: in Peak Hours, play a carried Musical Possession or Yodel at a
    Hill Station; the instrument named in the comment sets the Tokens gained."""
    if ctx.time is None or not ctx.ruleset.tables().opening.is_peak(
        weekday(ctx.time), minute_of_day(ctx.time)
    ):
        ctx.violate("1.7.20", "Busking is done in Peak Hours only; it is "
                              f"{ctx.time.render() if ctx.time else 'no known time'}")  # fmt: skip
        return
    table = ctx.ruleset.tables().busking
    named = field(ctx, "busking") or ""
    try:
        way = table.way_of(named)
    except TableError as error:
        ctx.violate("1.7.20", f"{error}; name it in the comment: {{busking: Guitar}}")
        return
    here = ctx.position()
    if not way.instrument:
        facts = ctx.network.facts[here.station] if here else None
        if facts is None or not ({Category.HILL, Category.HIGH_HILL} & facts.categories):
            ctx.violate("1.7.20", "one Yodels only at a Hill Station; name an instrument you "
                                  "carry in the comment, {busking: Guitar}")  # fmt: skip
            return
    elif not any(item.name.casefold() == way.instrument.casefold()
                 and has_quality(ctx, item, "Musical") for item in carried(ctx)):  # fmt: skip
        ctx.violate("1.7.20", f"you carry no {way.instrument} to play")
        return
    silly = any(item.worn and item.hats == "S" for item in carried(ctx))
    choices = table.choices(way.name, silly_hat=silly)
    bonus = field(ctx, "bonus")
    chosen = way
    if bonus is not None:
        picked = [w for w in choices if w.name.casefold() == bonus.strip().casefold()]
        if not picked:
            ctx.violate("1.7.20", f"{bonus.strip()} is not a bonus you may take: "
                                  f"{', '.join(w.name for w in choices)}")  # fmt: skip
            return
        chosen = picked[0]
    ctx.gain(chosen.tokens.fixed(), f"[Busking] ({chosen.name})")
