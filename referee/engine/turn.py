"""One Turn, adjudicated: (GSD, play, ruleset, dice) -> :class:`TurnResult`. Pure.

Rule 1.3.2 - Playing Sequence: the Turn belongs to the next Active player after the last one
to play, in Token Table order (the first Active player if none follows or none has played).
Rule 1.3.4 - Turn Phases: Pre-Move Actions, the Move, Token Collection, Post-Move Actions, in
that order; at most one Action of a type a Turn unless its rule allows more.
Rule 1.13.1: every Action and Move takes its duration; a Turn longer than an hour is Illegal;
between 0000 and 0500 (reached only by Night Train) no Action may target another player.
Rule 1.1.1 - How to Win: a player (never the Drone, rule 1.15.1) whose Piece rests at
Mornington Crescent at the end of eir Turn has Won.

Violations are collected, never raised. An Action with no registered handler makes the Turn
*not adjudicated*: the result names it and is neither accepted nor called illegal by rule.
"""

from __future__ import annotations

import random
from functools import cache

from referee.engine.collection import collect
from referee.engine.comments import strip_notes
from referee.engine.context import TurnContext
from referee.engine.dice import Dice, RecordingDice, ReplayDice
from referee.engine.drone import drone_active, is_drone
from referee.engine.game_clock import TURN_LIMIT, in_small_hours
from referee.engine.history import History, derive, remember
from referee.engine.moves import adjudicate_move
from referee.engine.placement import place_paid
from referee.engine.proximity import requirement_met
from referee.engine.result import TurnResult
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.tables.costs import TokenCost
from referee.engine.targets import aimed_at
from referee.notation.action_index import VOLUME_0_RULES, Phase
from referee.notation.actions import Action
from referee.notation.gsd import GSD
from referee.notation.plays import Move, Play


def whose_turn(gsd: GSD, history: History | None = None) -> str | None:
    """Rule 1.3.2: the player whose Turn it is (None if no one is Active).

    The Drone's Turn is submitted by whoever carries the Drone Stick (rule 1.15.1); the
    service asks :func:`may_submit` who that is. Whether the Drone is Active follows the Stick
    (rule 1.15.1: no Stick in play, or one carried by the Drone or an Inactive player, makes
    it Inactive), not the asterisk a GSD happens to carry.
    """
    history = history or derive(gsd)
    drone = drone_active(gsd)
    active = [row.name for row in gsd.players
              if (drone if is_drone(row.name) else not row.inactive)]  # fmt: skip
    if not active:
        return None
    names = [row.name for row in gsd.players]
    last = history.last_player
    if last is not None and last not in names:
        last = _last_still_seated(gsd, names)
    if last is None:
        return active[0]
    for name in names[names.index(last) + 1 :]:
        if name in active:
            return name
    return active[0]


def _last_still_seated(gsd: GSD, names: list[str]) -> str | None:
    """The latest player in the record who is still in the Token Table.

    A player who resigned (rule 1.1.3) leaves the table but not the record. Plays follow the
    table's order, so the turn after a departed last player is the one after the latest
    player still seated, which skips over the departed: the next one in the old order.
    """
    for play in reversed(gsd.plays):
        if play.player in names:
            return play.player
    return None


def may_submit(gsd: GSD, submitter: str, stick_holder: str | None = None) -> bool:
    """Whether ``submitter`` may post the current Turn: its player, or for the Drone's Turn the
    carrier of the Drone Stick (rule 1.15.1; who carries it is the Drone family's to say)."""
    turn = whose_turn(gsd)
    if turn is None:
        return False
    if turn == "Drone":
        return stick_holder is not None and submitter == stick_holder
    return submitter.casefold() == turn.casefold()


def turn_dice(gsd: GSD) -> RecordingDice:
    """The default dice of a Turn: seeded from the game and turn numbers, so adjudicating the
    same Turn again (a replay) rolls the same."""
    return RecordingDice(random.Random(f"{gsd.game}:{gsd.turn}:{len(gsd.record)}"))


@cache
def _cost(text: str) -> TokenCost:
    return TokenCost.parse(text)


def _why_unhandled(rule: str) -> str | None:
    """Why an Action with no handler is not judged, where its rule says: one of Volume 0's
    (Kudos, rule 0.9.4) concerns the Nomic, not the Game State, and its text is not ours."""
    if rule in VOLUME_0_RULES:
        return (
            f"it is defined by rule {rule}, in Volume 0 (Nomic Mechanics), whose text this "
            "referee does not have and which acts on the Nomic, not on the Game State"
        )
    return None


def _perform(ctx: TurnContext, action: Action, moved: bool, all_moved: bool) -> None:
    """One Action: phase and repetition (rule 1.3.4), fixed cost (rule 1.7.1), the index's
    Fosdyke Requirement (rule 1.17.9; the handler is skipped when it fails), handler,
    duration (rule 1.13.3)."""
    spec = ctx.spec(action.name)
    written = action.render(ctx.index)
    if spec.phase is Phase.PRE and moved:
        ctx.violate("1.3.4", f"{written} is a Pre-Move Action; write it before your Move")
    if spec.phase is Phase.POST and not all_moved:
        ctx.violate("1.3.4", f"{written} is a Post-Move Action; write it after your Move"
                             + ("s (rule 1.7.42)" if moved else ""))  # fmt: skip
    if not spec.repeatable and ctx.has_done(action.name) and action.name != "Line Change":
        ctx.violate("1.3.4", f"{written} may be played once a Turn; remove the repeat")
    targets = aimed_at(ctx, action)
    if ctx.time is not None and in_small_hours(ctx.time) and targets:
        ctx.violate("1.13.1", f"{written} targets another player, which no one may do between "
                              "0000 and 0500 Game Time")  # fmt: skip
    handler = ctx.ruleset.registry().handlers.get(action.name)
    if handler is None:
        ctx.not_adjudicated(action.name, _why_unhandled(spec.rule))
        ctx.done.append(action.name)
        return
    cost = _cost(spec.cost)
    if cost.fixed():
        ctx.pay(cost.fixed(), written, "1.7.1", spec)
    allowed = all(
        [
            check(ctx, action, target)
            for target in targets
            for check in ctx.ruleset.registry().target_checks
        ]
    )
    if requirement_met(ctx, action) and allowed:
        handler(ctx, action)
    for hook in ctx.ruleset.registry().after_action:
        hook(ctx)
    ctx.done.append(action.name)
    if not spec.duration_varies:
        minutes = spec.duration
        for adjust in ctx.ruleset.registry().duration_rules:
            minutes = adjust(ctx, spec, minutes)
        ctx.spend_time(minutes, written)


def adjudicate(
    gsd: GSD,
    play: Play,
    ruleset: Ruleset | None = None,
    dice: Dice | None = None,
    *,
    check_order: bool = True,
) -> TurnResult:
    """Judge ``play`` against ``gsd`` under ``ruleset`` with ``dice`` (default: :func:`turn_dice`).

    ``check_order=False`` skips rule 1.3.2 (the service may already know it is a forced
    Timeout, rule 1.3.5, or a replay of a record made out of order).
    """
    ruleset = ruleset or VANILLA
    registry = ruleset.registry()
    history = derive(gsd, registry)
    dice = dice if dice is not None else turn_dice(gsd)
    ctx = TurnContext.start(gsd, strip_notes(play), ruleset, dice, history)
    if play.player not in ctx.players:
        ctx.violate("1.3.2", f"{play.player} is not in the Token Table of this game")
        return _result(ctx, gsd, history)
    if check_order:
        expected = whose_turn(gsd, history)
        if expected is not None and play.player != expected:
            ctx.violate("1.3.2", f"it is {expected}'s Turn, not {play.player}'s")
    for hook in registry.start_of_turn:
        hook(ctx)
    last_move = max(i for i, part in enumerate(play.parts) if isinstance(part, Move))
    moved = False
    for number, part in enumerate(play.parts):
        if isinstance(part, Move):
            ctx.phase = "move"
            made = len(ctx.moves)
            adjudicate_move(ctx, part)
            if len(ctx.moves) > made:
                for after in registry.after_move:
                    after(ctx, ctx.moves[-1])
            moved = True
            if number == last_move:
                ctx.phase = "collection"
                if not ctx.violations:
                    collect(ctx)
                ctx.phase = "post"
        else:
            _perform(ctx, part, moved, number > last_move)
    for hook in registry.end_of_turn:
        hook(ctx)
    place_paid(ctx)
    for hook in registry.after_placement:
        hook(ctx)
    limit = TURN_LIMIT + ctx.facts.extra_minutes
    if ctx.minutes > limit:
        ctx.violate("1.13.1", f"your Turn takes {ctx.minutes} minutes of Game Time; a Turn may "
                              f"take at most {limit}, so drop an Action")  # fmt: skip
    _check_win(ctx)
    return _result(ctx, gsd, history)


def _check_win(ctx: TurnContext) -> None:
    """Rule 1.1.1 - How to Win (the Drone never Wins, rule 1.15.1); a Bifurcated player wins
    only when both Pieces rest there (rule 1.7.42)."""
    goal = ctx.ruleset.winning_station()
    pieces = [ctx.position(), ctx.position(piece="B")]
    if ctx.position(piece="B") is None:
        pieces.pop()
    if all(p is not None and p.station == goal for p in pieces) and ctx.ruleset.may_win(ctx.player):
        ctx.winner = ctx.player
        ctx.event("win", f"{ctx.player} rests at {goal} and has Won (rule 1.1.1)")


def _result(ctx: TurnContext, gsd: GSD, history: History) -> TurnResult:
    adjudicated = not ctx.unadjudicated
    legal = adjudicated and not ctx.violations
    state = gsd
    if legal:
        state = ctx.freeze()
        remember(state, history.after(ctx.play, ctx.positions), ctx.ruleset.registry())
    rolls = tuple(getattr(ctx.dice, "rolls", ()))
    if isinstance(ctx.dice, ReplayDice):
        rolls = tuple(ctx.dice.recorded[: ctx.dice.position])
    return TurnResult(
        legal=legal,
        adjudicated=adjudicated,
        violations=tuple(ctx.violations),
        unadjudicated=tuple(ctx.unadjudicated),
        events=tuple(ctx.events),
        route=ctx.route,
        state=state,
        rolls=rolls,
        winner=ctx.winner if legal else None,
        why_not=dict(ctx.why_not),
    )
