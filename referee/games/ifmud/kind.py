"""ifMUD Nomic behind the game-kind seam (:mod:`referee.games.kind`).

A thin adapter: the rules live in the modules it calls. The stored state is the state
document (``state.py``); nothing in this game is hidden, so there is no private view. The
dice are the game's committed seed (``referee.engine.fair_dice``) when it has one, so every
roll and Random Selection (rule 95) can be checked; the rules' own dice server (79) and
"any player may roll" (102) become the referee's dice. The clock is handed in when the kind
is built (the service's edge): each posting is judged at the time it is judged, so bombs
due esplode and turns due end first (27, 70).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from referee.chamber.settings import ChamberSettings
from referee.engine.dice import Dice, RecordingDice, Roll
from referee.engine.fair_dice import SeededDice, SeededRoll
from referee.games.ifmud.actions import Action, parse_actions, render_actions
from referee.games.ifmud.effects import Play, savage_wilderness
from referee.games.ifmud.judge import judge
from referee.games.ifmud.opening import new_game
from referee.games.ifmud.settings import Readings, choices
from referee.games.ifmud.state import GameState
from referee.games.ifmud.turns import next_due, pass_time, turn_order
from referee.games.kind import GameView, Judgement, Owed, PlayerView, Silence

NAME = "ifmud-nomic"

Clock = Callable[[], datetime]
"""The service's clock (timezone-aware UTC), handed in so this package never reads one."""


def _state(game: GameView) -> GameState:
    if game.state is None:
        raise ValueError(f"game {game.number} has no ifMUD Nomic state")
    return GameState.parse(game.state)


def _stored(roll: Roll) -> dict[str, object]:
    kept: dict[str, object] = {"sides": roll.sides, "value": roll.value, "why": roll.why}
    if isinstance(roll, SeededRoll):
        kept["label"] = roll.label
    return kept


def _readings_line(game: GameView) -> str:
    try:
        own = ", ".join(Readings.parse(game.settings).render().split())
        chamber = ChamberSettings.parse(game.settings).render()
    except ValueError as error:
        return f"unreadable ({error})"
    return f"{own}; the chamber's: {', '.join(f'{n}={v}' for n, v in chamber)}"


class IfmudNomic:
    """The kind: read a posting's actions, judge them, show the lounge the state."""

    name = NAME
    title = "ifMUD Nomic"
    dealt_at_start = True
    """Its first state is made from the seated players when the game starts (rule 3)."""
    players = (2, 1000)
    wins_are_final = True
    """The referee judges every posting; rule 1.1.1's acknowledgement is Mornington's."""
    legislature = True
    """Its rules put the map, new rules and joining to consent (rules 10, 21, 25), so its
    chamber opens with the game."""
    silence = Silence.CHAMBER
    """Rule 24 through the chamber, with rule 130's exemption; no resignation by silence."""
    started = "The game begins"
    game_end = "by rule 33 a win ends the game at once (rule 148: 350 brownie points win it)"
    choices: Mapping[str, tuple[str, ...]] = choices()
    """Its readings (``settings.Readings``), which the Speaker sets with ``speaker new-game
    LOUNGE ifmud-nomic set pie_die=8`` and players see in every lounge post."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def leave(self, game: GameView, player: str) -> str | None:
        """None: the service keeps the state as it is (leaving by the rules is not yet
        carried out through the seam)."""
        return None

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        """Rule 3's set of players is the game's seated players; the rest is the rules'."""
        return new_game(players, self.clock().replace(microsecond=0)).render()

    def read(self, game: GameView, text: str) -> tuple[Action, ...]:
        return parse_actions(text)

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        if not isinstance(move, tuple) or not all(isinstance(a, Action) for a in move):
            raise TypeError(f"{move!r} is not a posting of ifMUD Nomic actions")
        state = _state(game)
        recording = RecordingDice(rng)
        dice: Dice = recording
        seeded: SeededDice | None = None
        if game.seed is not None:
            seeded = SeededDice(game.seed, game.number, game.draw)
            dice = seeded
        try:
            readings = Readings.parse(game.settings)
        except ValueError as error:
            why = f"the game's settings cannot be read ({error}); the Speaker must fix them"
            return Judgement("not_adjudicated", play=render_actions(move), explanation=why)
        now = self.clock().replace(microsecond=0)
        ruling = judge(state, player.name, move, dice, now, readings)
        made = seeded.rolls if seeded is not None else recording.rolls
        rolls = tuple(_stored(roll) for roll in made)
        play = render_actions(move)
        if ruling.out_of_turn:
            return Judgement("out_of_turn", play=play, explanation=ruling.refusal or "")
        if ruling.not_judged is not None:
            return Judgement(
                "not_adjudicated", play=play, explanation=ruling.not_judged, rolls=rolls
            )
        if ruling.refusal is not None:
            return Judgement("illegal", play=play, violations=(ruling.refusal,), rolls=rolls)
        return Judgement(
            "legal",
            play=play,
            new_state=ruling.state.render(),
            rolls=rolls,
            winner=ruling.state.winner,
            explanation="\n".join(ruling.notes),
        )

    def advance(self, game: GameView) -> tuple[str, tuple[str, ...]] | None:
        """What time alone has done by the clock's now (turns timed out, rule 27 and 92;
        bombs esploded, 70; the uplink recharged, 101): the new state and what happened, or
        None when nothing was due. For the service's deadline runner, so the lounge hears of
        a timed-out turn without waiting for the next posting."""
        state = _state(game)
        play = Play(state, "the clock", RecordingDice(random.Random(0)))
        pass_time(play, self.clock().replace(microsecond=0))
        if not play.notes:
            return None
        notes = tuple(play.notes)
        return replace(play.state, news=notes).render(), notes

    def due(self, game: GameView) -> datetime | None:
        """When :meth:`advance` next has something to do (timezone-aware UTC), or None: the
        moment the service's deadline runner is to call it."""
        return next_due(_state(game))

    def public_view(self, game: GameView) -> str:
        """The whole state document (nothing is hidden), after a short summary."""
        state = _state(game)
        order = ", ".join(turn_order([p.name for p in state.players]))
        summary = [
            f"{state.name}: turn {state.turn}, {state.active or 'nobody'} is active.",
            f"Order of turns (rule 27): {order}.",
            f"Savage Wilderness (rule 122): {savage_wilderness(state) or '-'}.",
            f"Readings in force: {_readings_line(game)}.",
            "",
        ]
        return "\n".join(summary) + state.render()

    def private_view(self, game: GameView, player: str) -> str | None:
        return None

    def owed(self, game: GameView) -> Sequence[Owed]:
        state = _state(game)
        if state.winner is not None or state.active is None:
            return ()
        return (Owed("turn", state.active),)
