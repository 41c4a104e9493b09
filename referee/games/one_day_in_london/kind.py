"""One Day in London behind the game-kind seam (:mod:`referee.games.kind`).

A thin adapter: every rule lives in the modules it calls. The stored state is the game's full
notation (``state.py``), hidden parts included, so it must stay in the store; what the lounge
is shown is :func:`~referee.games.one_day_in_london.views.public_view` (and, once the game is
over, every rack and the seed), and each player alone is sent their own rack.

Not yet registered with the service: ``speaker new-game LOUNGE one-day-in-london``, joining
and starting a game of this kind are the next step (rules/one-day-in-london/README.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from referee.games.kind import GameView, Judgement, Owed, PlayerView
from referee.games.one_day_in_london.moves import Move, MoveSyntaxError, Resign, parse_move
from referee.games.one_day_in_london.rules import MoveRefused, apply, new_game, waiting_on
from referee.games.one_day_in_london.shuffle import new_seed
from referee.games.one_day_in_london.state import GameState, Phase
from referee.games.one_day_in_london.views import final_reveal, private_view, public_view
from referee.network.names import UnknownStationError

NAME = "one-day-in-london"


def _state(game: GameView) -> GameState:
    if game.state is None:
        raise ValueError(f"game {game.number} has no One Day in London state")
    return GameState.parse(game.state)


class OneDayInLondon:
    """The kind: read a mail's actions, judge them, show the lounge and each player."""

    name = NAME
    title = "One Day in London"

    def opening(self, number: int, players: Sequence[str], rng: random.Random) -> str:
        """The deal. The seed comes from the operating system, not from ``rng``: nobody may
        predict the deal, and the commitment in the first post lets players check it later."""
        return new_game(players, new_seed()).render()

    def read(self, game: GameView, text: str) -> Move:
        try:
            return parse_move(text)
        except (MoveSyntaxError, UnknownStationError) as error:
            raise ValueError(str(error)) from None

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        if not isinstance(move, Move):
            raise TypeError(f"{move!r} is not a One Day in London move")
        state = _state(game)
        resigning = all(isinstance(action, Resign) for action in move.actions)
        turns = state.phase in (Phase.TAKE, Phase.HOLD, Phase.DISCARD)
        if turns and player.name != state.mover.name and not resigning:
            why = f"it is {state.mover.name}'s turn (The Play)"
            return Judgement("out_of_turn", play=move.render(), explanation=why)
        try:
            after = apply(state, player.name, move)
        except MoveRefused as refusal:
            return Judgement("illegal", play=move.render(), violations=(str(refusal),))
        play = after.record[-1].partition(": ")[2]
        return Judgement("legal", play=play, new_state=after.render(), winner=after.winner)

    def public_view(self, game: GameView) -> str:
        state = _state(game)
        text = public_view(state).render()
        return f"{text}\n{final_reveal(state)}" if state.phase is Phase.OVER else text

    def private_view(self, game: GameView, player: str) -> str | None:
        return private_view(_state(game), player).render()

    def owed(self, game: GameView) -> Sequence[Owed]:
        return tuple(Owed("turn", name) for name in waiting_on(_state(game)))
