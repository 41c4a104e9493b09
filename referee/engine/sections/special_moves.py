"""Actions that permit a Special Move (rule 1.5.0) to a Station their rule describes.

Each handler checks its own condition and the Station the play's Move names, then sets
``ctx.facts.special_move``; the Move is then made as a Special Move and the
move checks judge its end. A play that permits one and then Passes simply does not use it.

Rule 1.7.10 - Walk the Walk: [Walking] permits a Special Move to a Station within Walking
Distance (:mod:`referee.network.walking`); it is exempt from every rule restricting Special
Moves. What a Newspaper does to its cost (rule 1.4.32) is a rule of Possessions and lives in
:mod:`referee.engine.sections.luggage`.
Rule 1.7.12 - Basic Striles: at LV 6 or more, [Striling] permits a Special Move to a Station
whose Token Stack is identical to the one where the Piece stands.
Rule 1.7.58 - Turner's Declension: at LV 6 or more, [Declension] permits one to a Station whose
Stack holds one Token fewer than the one where the Piece stands.
Rule 1.7.33 - Stubbery: holding the Ticket Stub of the Piece's Station, [Stub Link] permits
one to another Station whose Stub the player holds.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position
from referee.engine.registry import VANILLA
from referee.network.walking import within_walking_distance
from referee.notation.actions import Action
from referee.notation.plays import MoveKind
from referee.notation.stacks import TokenStack

STRILE_LV = 6


def destination(ctx: TurnContext) -> Position | None:
    """Where the play's (first) Move to a Station goes; None for a Pass or Timeout."""
    for move in ctx.play.moves:
        if move.kind is MoveKind.GO and move.destination is not None:
            return Position(move.destination.station, move.destination.line)
    return None


def permit(ctx: TurnContext, what: str) -> None:
    """Let the play's Move be made as a Special Move (the caller has checked the Move's
    destination against its own rule)."""
    ctx.facts.special_move = True
    ctx.facts.destination_checked = True
    ctx.event("special_move_permitted", f"{what} permits a Special Move this Turn")


# -- Rule 1.7.10 -----------------------------------------------------------------------------


@VANILLA.action("Walking")
def walking(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.10 - Walk the Walk: a Special Move to a Station within Walking Distance."""
    here, there = ctx.position(), destination(ctx)
    if here is None:
        ctx.violate("1.7.10", "your Piece is not on the Map, so it cannot walk anywhere")
        return
    if there is not None and not within_walking_distance(
        ctx.network, here.station, there.station, here.line, there.line
    ):
        ctx.violate("1.7.10", f"{there.station} is not within Walking Distance of "
                              f"{here.station}; walk to a neighbouring Station")  # fmt: skip
        return
    ctx.facts.walking = True
    permit(ctx, "[Walking]")


# -- Rules 1.7.12 and 1.7.58 -----------------------------------------------------------------


def _stack(ctx: TurnContext, station: str) -> TokenStack | None:
    return next((s for s in ctx.stacks if s.station == station and s.marker is None), None)


def _stack_jump(ctx: TurnContext, action: str, rule: str, fewer: int) -> None:
    """Striles (fewer=0) and Declensions (fewer=1): LV 6 or more, from a Stack to a Stack."""
    if ctx.me.lv < STRILE_LV:
        ctx.violate(rule, f"[{action}] needs LV {STRILE_LV} or more; yours is {ctx.me.lv}")
        return
    here, there = ctx.position(), destination(ctx)
    mine = _stack(ctx, here.station) if here is not None else None
    if here is None or mine is None:
        ctx.violate(rule, f"[{action}] starts from a Station with a Token Stack; "
                          f"{here.station if here else 'your Piece'} has none")  # fmt: skip
        return
    if there is not None:
        theirs = _stack(ctx, there.station)
        fits = theirs is not None and there.station != here.station and (
            theirs.tokens == mine.tokens if fewer == 0
            else len(theirs.tokens) == len(mine.tokens) - fewer
        )  # fmt: skip
        if not fits:
            want = ("a Token Stack identical to" if fewer == 0
                    else "a Token Stack of one Token fewer than")  # fmt: skip
            ctx.violate(rule, f"{there.station} has no {want} the one at {here.station} "
                              f"({len(mine.tokens)} Tokens)")  # fmt: skip
            return
    permit(ctx, f"[{action}]")


@VANILLA.action("Striling")
def striling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.12 - Basic Striles: to a Station whose Stack is identical to this one's."""
    _stack_jump(ctx, "Striling", "1.7.12", 0)


@VANILLA.action("Declension")
def declension(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.58 - Turner's Declension: to a Station whose Stack is one Token shorter."""
    _stack_jump(ctx, "Declension", "1.7.58", 1)


# -- Rule 1.7.33 -----------------------------------------------------------------------------


def stubs(ctx: TurnContext) -> set[str]:
    """The Stations whose Ticket Stubs the player holds (rule 1.4.18)."""
    for entry in ctx.current("rack"):
        if entry.player == ctx.player:
            return {p.station for p in entry.possessions
                    if "stub" in p.name.casefold() and p.station}  # fmt: skip
    return set()


@VANILLA.action("Stub Link")
def stub_link(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.33 - Stubbery: from a Station whose Stub one holds to another such Station."""
    held = stubs(ctx)
    here, there = ctx.position(), destination(ctx)
    if here is None or here.station not in held:
        ctx.violate(
            "1.7.33",
            f"[Stub Link] starts from a Station whose Ticket Stub you hold; "
            f"you hold none for {here.station if here else 'your Station'}",
        )
        return
    if there is not None and (there.station not in held or there.station == here.station):
        ctx.violate(
            "1.7.33",
            f"you hold no Ticket Stub for {there.station}; Stub Link to one "
            f"of: {', '.join(sorted(held - {here.station})) or 'none'}",
        )
        return
    permit(ctx, "[Stub Link]")
