"""Judging a posting: each action checked against the rules that govern it and applied in
order, or the whole posting refused citing the rule it breaks.

A posting's actions are applied one after another on a copy of the state; the first action
the rules forbid stops the posting and nothing of it is kept, and the player reads which
action and why (the rule's number and what to do instead). Before the actions the time of
the posting is played (:func:`~referee.games.ifmud.turns.pass_time`): bombs due esplode and
turns due time out, so an action posted after its turn ended is out of turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from referee.engine.dice import Dice
from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import with_player
from referee.games.ifmud.effects import Play, Refused, settle
from referee.games.ifmud.handlers import HANDLERS
from referee.games.ifmud.handlers.common import NotJudged, names
from referee.games.ifmud.settings import Readings
from referee.games.ifmud.state import GameState, Player
from referee.games.ifmud.turns import end_turn, pass_time


@dataclass(frozen=True)
class Ruling:
    """What became of a posting: the state after it (the old one if refused), what the
    players are told, and, when refused, why; ``out_of_turn`` when a turn-dependent action
    came from a player who is not active."""

    state: GameState
    notes: tuple[str, ...] = ()
    refusal: str | None = None
    out_of_turn: bool = False
    not_judged: str | None = None

    @property
    def applied(self) -> bool:
        return self.refusal is None and not self.out_of_turn and self.not_judged is None


def judge(
    state: GameState,
    poster: str,
    actions: tuple[Action, ...],
    dice: Dice,
    now: datetime,
    readings: Readings | None = None,
) -> Ruling:
    """Rule on ``poster``'s ``actions`` posted at ``now``, under the game's ``readings``."""
    play = Play(state, poster, dice, readings=readings or Readings())
    pass_time(play, now)
    if play.state.winner is not None:
        return Ruling(state, refusal=f"rule 33: the game is over; {play.state.winner} won it")
    if poster not in {p.name for p in play.state.players}:
        return Ruling(state, refusal=f"rule 3: {poster} is not a player of this game")
    for number, action in enumerate(actions, 1):
        where = f"action {number} ({action.render()})"
        if poster not in names(play.state):
            why = "you are no longer a player (you left or lost earlier in this posting)"
            return Ruling(state, refusal=f"{where}: rule 33: {why}")
        if play.state.winner is not None:
            break
        if action.turn_dependent and play.state.active != poster:
            why = f"it is {play.state.active}'s turn, and {where} is for the active player only"
            return Ruling(state, out_of_turn=True, refusal=f"rule 27: {why}")
        before = play.state.player(poster)
        try:
            _check_state_of_mind(play, action)
            HANDLERS[action.verb](play, action)
            _after_action(play, action)
            if action.verb not in ("end turn", "leave game") and poster in names(play.state):
                _rule_42(before, play.state)
        except Refused as refusal:
            return Ruling(state, refusal=f"{where}: {refusal}")
        except NotJudged as why:
            return Ruling(state, not_judged=f"{where}: {why}")
        if play.state.winner is not None:
            break
    notes = tuple(play.notes)
    return Ruling(replace(play.state, news=notes), notes)


def _rule_42(before: Player, state: GameState) -> None:
    """Rule 42: an action on one's own intent may not push one's tally below zero."""
    after = state.player(before.name)
    for tally in ("brownie", "demerits", "puissance"):
        old, new = getattr(before, tally), getattr(after, tally)
        if (old >= 0 > new) or (old < 0 and new < old):
            raise Refused(
                42,
                f"it would take your {tally.replace('brownie', 'brownie points')} from "
                f"{old} to {new}; no action taken on your own intent may do that",
            )


def _check_state_of_mind(play: Play, action: Action) -> None:
    """Rule 62 (chatting) and rule 135 (metamorphosed) limit what else a turn may hold."""
    if not action.turn_dependent or action.verb == "end turn":
        return
    if play.state.player(play.actor).chatting:
        raise Refused(62, "you are chatting your life away after xyzzy: you may only end your turn")
    if play.state.log.did("metamorphosed") and action.verb != "abandon":
        raise Refused(
            135, "you have metamorphosed this turn: you may only end it or abandon Dark Gifts"
        )


def _after_action(play: Play, action: Action) -> None:
    """Mark the turn as acted in (92, 93, 135), wake the sleeper (93), and let everything
    that follows by itself happen; a turn whose active player is gone ends (27)."""
    if action.verb not in ("end turn", "wake") and play.state.active == play.actor:
        log = play.state.log.doing("acted")
        if action.verb != "abandon":
            log = log.doing("acted other than abandoning")
        play.state = replace(play.state, log=log)
    if (
        play.actor in names(play.state)
        and play.state.player(play.actor).asleep
        and action.verb != "end turn"
    ):
        play.state = with_player(play.state, replace(play.state.player(play.actor), asleep=False))
        play.note(f"{play.actor} is no longer asleep at the switch (rule 93)")
    settle(play)
    if (
        play.state.winner is None
        and play.state.active is not None
        and play.state.active not in names(play.state)
    ):
        end_turn(play)
