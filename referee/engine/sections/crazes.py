"""States with a Sidestep and an end (rules 1.8.2, 1.8.9, 1.8.13, and the Loops of 1.8.6, 1.8.1).

Each puts a restriction on every Move or Action until a player ends it; a Sidestep Action,
played that Turn, frees its player from the restriction for the Turn.

Rule 1.8.2 - Parks and Greens Cascade: begun from a Park or Green Station; Moves must end at a
Park, Plant or Green Station; [Cascade Sidestep] excuses; ended from a Plant Station.
Rule 1.8.9 - Venbacker Ladder: a Move may not end at a Station whose Venbacker Number is lower
than that of the Station the previous player moved to; [Ladder Sidestep] excuses; ended from
the Station with the highest Venbacker Number.
Rule 1.8.13 - Speed Crazy: [LV-X] is not allowed; [Craze Sidestep] excuses; ended from a High
or Hill Station with LV 10. Disruptions say ``Speed Craze`` (the rule gives no string).
Rule 1.8.6 - Loop the Loop, with rule 1.8.1 - Dollis Hill Loop: a Turn that ends at Dollis
Hill, having started elsewhere, puts the Game in the Loop (``Dollis Hill Loop``); then every
Move must go to Dollis Hill, the next (and only) Trap Station, and a Special Move there is
permitted; [Dollis Sidestep] excuses; [Dollis Escape], at LV 10 or more, ends the Loop. A
Special Move to Dollis Hill leaves LV as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import piece_key
from referee.engine.moves import find_routes
from referee.engine.registry import VANILLA
from referee.engine.sections.game_states import enter_state, in_state, leave_state
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.plays import MoveKind

CASCADE = "Parks and Greens"
LADDER = "Venbacker Ladder"
CRAZE = "Speed Craze"
DOLLIS_LOOP = "Dollis Hill Loop"
DOLLIS_HILL = "Dollis Hill"
CASCADE_STATIONS = frozenset({Category.PARK, Category.PLANT, Category.GREEN})
HIGH_OR_HILL = frozenset({Category.HIGH, Category.HILL, Category.HIGH_HILL})
CRAZE_END_LV = 10
DOLLIS_ESCAPE_LV = 10


def _categories(ctx: TurnContext, station: str) -> frozenset[Category]:
    facts = ctx.network.facts.get(station)
    return facts.categories if facts is not None else frozenset()


def _here(ctx: TurnContext) -> str | None:
    where = ctx.position()
    return where.station if where is not None else None


# -- Rule 1.8.2 ------------------------------------------------------------------------------


@VANILLA.action("Parks and Greens Cascade")
def cascade(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.2 - Parks and Greens Cascade: begun from a Park or Green Station."""
    here = _here(ctx)
    if here is None or not _categories(ctx, here) & {Category.PARK, Category.GREEN}:
        ctx.violate("1.8.2", f"a Parks and Greens Cascade is begun from a Park or Green "
                             f"Station; you are at {here or 'no Station'}")  # fmt: skip
        return
    enter_state(ctx, CASCADE, "1.8.2")


@VANILLA.action("Cascade Sidestep")
def cascade_sidestep(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.2 - Parks and Greens Cascade: [Cascade Sidestep] frees this Turn's Move from the
    Cascade."""
    ctx.event("sidestep", "the Parks and Greens Cascade does not bind this Turn")


@VANILLA.action("Terminating Cascade")
def terminating_cascade(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.2 - Parks and Greens Cascade: the Cascade is ended from a Plant Station."""
    here = _here(ctx)
    if here is None or Category.PLANT not in _categories(ctx, here):
        ctx.violate("1.8.2", f"[Terminating Cascade] is played from a Plant Station; you are "
                             f"at {here or 'no Station'}")  # fmt: skip
        return
    leave_state(ctx, CASCADE, "1.8.2")


@VANILLA.move_check("1.8.2")
def cascade_moves(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.2 - Parks and Greens Cascade: during a Cascade a Move ends at a Park, Plant or
    Green Station."""
    if (moving.end is None or moving.start is None or (moving.route is None and not moving.special)
            or not in_state(ctx, CASCADE) or ctx.has_done("Cascade Sidestep")):  # fmt: skip
        return
    if moving.end.station == (moving.start.station if moving.start else None):
        return
    if not _categories(ctx, moving.end.station) & CASCADE_STATIONS:
        ctx.violate("1.8.2", f"a Parks and Greens Cascade is in effect and {moving.end.station} "
                             "is not a Park, Plant or Green Station; move to one or play "
                             "[Cascade Sidestep]")  # fmt: skip


# -- Rule 1.8.9 ------------------------------------------------------------------------------


@VANILLA.action("Venbacker Ladder")
def venbacker_ladder(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.9 - Venbacker Ladder: put a Ladder into effect."""
    enter_state(ctx, LADDER, "1.8.9")


@VANILLA.action("Ladder Sidestep")
def ladder_sidestep(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.9 - Venbacker Ladder: [Ladder Sidestep] frees this Turn's Move from the Ladder."""
    ctx.event("sidestep", "the Venbacker Ladder does not bind this Turn")


def _top_of_ladder(ctx: TurnContext) -> int:
    return max(f.venbacker for f in ctx.network.facts.values() if f.venbacker is not None)


@VANILLA.action("Terminating Ladder")
def terminating_ladder(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.9 - Venbacker Ladder: the Ladder is ended from the Station with the highest
    Venbacker Number."""
    here = _here(ctx)
    top = _top_of_ladder(ctx)
    facts = ctx.network.facts.get(here) if here is not None else None
    if facts is None or facts.venbacker != top:
        ctx.violate(
            "1.8.9",
            f"[Terminating Ladder] is played from the Station with the highest "
            f"Venbacker Number ({top}); you are at {here or 'no Station'}",
        )
        return
    leave_state(ctx, LADDER, "1.8.9")


@VANILLA.move_check("1.8.9")
def ladder_moves(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.9 - Venbacker Ladder: on the Ladder a Move may not go to a lower Venbacker Number
    than the Station of the previous player's Move (a Pass counts as a Move to where e stood)."""
    if (moving.end is None or moving.start is None or not in_state(ctx, LADDER)
            or ctx.has_done("Ladder Sidestep")):  # fmt: skip
        return
    last = ctx.history.last_player
    previous = ctx.history.previous_move.get(last) if last is not None else None
    facts = ctx.network.facts
    if previous is None or previous not in facts or moving.end.station not in facts:
        return
    floor, number = facts[previous].venbacker, facts[moving.end.station].venbacker
    if floor is not None and number is not None and number < floor:
        ctx.violate("1.8.9", f"a Venbacker Ladder is in effect: {moving.end.station} is "
                             f"{number}, lower than {previous} ({floor}), where {last} last "
                             "moved; go higher or play [Ladder Sidestep]")  # fmt: skip


# -- Rule 1.8.13 -----------------------------------------------------------------------------


@VANILLA.action("Speed Craze")
def speed_craze(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.13 - Speed Crazy: put a Speed Craze into effect."""
    enter_state(ctx, CRAZE, "1.8.13")


@VANILLA.action("Craze Sidestep")
def craze_sidestep(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.13 - Speed Crazy: [Craze Sidestep] lets this Turn's player play [LV-X] in a
    Craze."""
    ctx.event("sidestep", "the Speed Craze does not bind this Turn")


@VANILLA.action("Terminate Craze")
def terminating_craze(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.13 - Speed Crazy: the Craze is ended from a High or Hill Station, at LV 10."""
    here = _here(ctx)
    if here is None or not _categories(ctx, here) & HIGH_OR_HILL:
        ctx.violate("1.8.13", f"[Terminating Craze] is played from a High or Hill Station; "
                              f"you are at {here or 'no Station'}")  # fmt: skip
        return
    if ctx.me.lv != CRAZE_END_LV:
        ctx.violate("1.8.13", f"[Terminating Craze] needs LV {CRAZE_END_LV}; yours is "
                              f"{ctx.me.lv}")  # fmt: skip
        return
    leave_state(ctx, CRAZE, "1.8.13")


@dataclass
class _Crazes:
    craze_at_start: bool = False
    """The Turn began in a Speed Craze (rule 1.8.13)."""
    lv_before_dollis: int | None = None
    """LV before a Special Move to Dollis Hill (rule 1.8.1)."""


@VANILLA.at_start("1.8.13")
def note_craze(ctx: TurnContext) -> None:
    """Rule 1.8.13 - Speed Crazy: remember whether the Turn began in a Craze (for
    :func:`craze_lv_minus`)."""
    ctx.state(_Crazes).craze_at_start = in_state(ctx, CRAZE)


@VANILLA.at_end("1.8.13")
def craze_lv_minus(ctx: TurnContext) -> None:
    """Rule 1.8.13 - Speed Crazy: an [LV-X] played while the Craze was in force, in written order,
    is not allowed unless the player also played [Craze Sidestep] this Turn."""
    if "Craze Sidestep" in ctx.done:
        return
    crazed = ctx.state(_Crazes).craze_at_start
    for action in ctx.play.actions:
        if action.name == "Speed Craze":
            crazed = True
        elif action.name == "Terminate Craze":
            crazed = False
        elif action.name == "LV-X" and crazed:
            ctx.violate("1.8.13", f"a Speed Craze is in effect, so [{action.render(ctx.index)}] "
                                  "is not allowed; play [Craze Sidestep] first")  # fmt: skip
            return


# -- Rules 1.8.6 and 1.8.1 -------------------------------------------------------------------


@VANILLA.action("Dollis Sidestep")
def dollis_sidestep(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.1 - Dollis Hill Loop: [Dollis Sidestep] (1 Silver) ignores the Loop for the rest of
    the Turn."""
    ctx.event("sidestep", "the Dollis Hill Loop does not bind this Turn")


@VANILLA.action("Dollis Escape")
def dollis_escape(ctx: TurnContext, action: Action) -> None:
    """Rules 1.8.1 and 1.8.6: [Dollis Escape] ends the Loop; it needs LV 10 or more."""
    if ctx.me.lv < DOLLIS_ESCAPE_LV:
        ctx.violate("1.8.1", f"[Dollis Escape] needs LV {DOLLIS_ESCAPE_LV} or more; yours is "
                             f"{ctx.me.lv}")  # fmt: skip
        return
    leave_state(ctx, DOLLIS_LOOP, "1.8.6")


def _looping(ctx: TurnContext) -> bool:
    return in_state(ctx, DOLLIS_LOOP) and not ctx.has_done("Dollis Sidestep")


@VANILLA.at_start("1.8.6")
def dollis_special_move(ctx: TurnContext) -> None:
    """Rule 1.8.6 - Loop the Loop: in the Loop a Special Move to the next Trap Station is
    permitted; when the play's Move names Dollis Hill and no route of the player's LV reaches
    it, the Move is made as that Special Move ([Dollis Sidestep] waives the Loop, and with it
    the permission)."""
    if not in_state(ctx, DOLLIS_LOOP) or any(
        a.name in ("Dollis Sidestep", "Dollis Escape") for a in ctx.play.actions
    ):
        return
    moves = [m for m in ctx.play.moves if m.kind is MoveKind.GO and m.destination is not None]
    start = ctx.position()
    if len(moves) != 1 or start is None:
        return
    (move,) = moves
    assert move.destination is not None
    if move.destination.station == DOLLIS_HILL and not find_routes(
        ctx, start, move, _lv_at_move(ctx)
    ):
        ctx.facts.special_move = True
        ctx.event("loop", "the Dollis Hill Loop permits a Special Move to Dollis Hill")


def _lv_at_move(ctx: TurnContext) -> int:
    """The LV the Move will have: today's, changed by the play's Pre-Move [LV+X] / [LV-X]."""
    lv = ctx.me.lv
    for action in ctx.play.pre_move_actions:
        if action.name in ("LV+X", "LV-X") and action.args and isinstance(action.args[0], int):
            step = action.args[0]
            lv = max(0, lv + step if action.name == "LV+X" else lv - step)
    return lv


@VANILLA.move_check("1.8.6")
def dollis_loop_moves(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.6 - Loop the Loop: in a Loop a Move to any Station but the next Trap Station is
    Invalid."""
    if (moving.end is None or moving.start is None or moving.move.kind is not MoveKind.GO
            or not _looping(ctx)):  # fmt: skip
        return
    if moving.route is None and not moving.special:
        return
    if moving.end.station != DOLLIS_HILL and moving.move.destination is not None:
        ctx.violate("1.8.6", f"the Game is in the Dollis Hill Loop, so your Move must go to "
                             f"Dollis Hill, not {moving.end.station}; play [Dollis Sidestep] "
                             "or [Dollis Escape]")  # fmt: skip


@VANILLA.move_check("1.8.1")
def note_lv_before_dollis(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.1 - Dollis Hill Loop: remember LV before a Special Move to Dollis Hill (which must
    not change it)."""
    if moving.special and moving.end is not None and moving.end.station == DOLLIS_HILL:
        ctx.state(_Crazes).lv_before_dollis = ctx.players[moving.piece.split("/")[0]].lv


@VANILLA.at_end("1.8.1")
def dollis_loop_upkeep(ctx: TurnContext) -> None:
    """Rule 1.8.1 - Dollis Hill Loop: a Special Move to Dollis Hill keeps LV. Rule 1.8.6: a Turn
    ending at Dollis Hill, begun elsewhere, puts the Game in the Dollis Hill Loop."""
    before = ctx.state(_Crazes).lv_before_dollis
    if before is not None and any(m.special and m.end is not None
                                  and m.end.station == DOLLIS_HILL for m in ctx.moves):  # fmt: skip
        ctx.set_lv(before)
    start = ctx.history.positions.get(piece_key(ctx.player))
    end = ctx.position()
    if (end is not None and end.station == DOLLIS_HILL
            and (start is None or start.station != DOLLIS_HILL)
            and not in_state(ctx, DOLLIS_LOOP)):  # fmt: skip
        enter_state(ctx, DOLLIS_LOOP, "1.8.6")
