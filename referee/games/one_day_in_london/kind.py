"""One Day in London behind the game-kind seam (:mod:`referee.games.kind`).

A thin adapter: every rule lives in the modules it calls. The stored state is the game's full
notation (``state.py``), hidden parts included, so it must stay in the store; what the lounge
is shown is :func:`~referee.games.one_day_in_london.views.public_view` (and, once the game is
over, every rack and the seed), and each player alone is sent their own rack.

The service deals when the Speaker starts the game (``dealt_at_start``), handing
:meth:`OneDayInLondon.opening` the chances of one draw of the game's committed dice seed
(``referee.engine.fair_dice``): the deal's own seed is that draw's roll, so it is fixed by the
seed whose SHA-256 the first post published, and ``referee verify`` checks it at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from referee.games.kind import GameView, Judgement, Owed, PlayerView, Silence, Wording
from referee.games.one_day_in_london.cards import CURRENT, edition_of
from referee.games.one_day_in_london.journey import JourneyRules
from referee.games.one_day_in_london.moves import Move, MoveSyntaxError, Resign, parse_move
from referee.games.one_day_in_london.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MoveRefused,
    apply,
    new_game,
    waiting_on,
)
from referee.games.one_day_in_london.state import GameState, Phase
from referee.games.one_day_in_london.views import final_reveal, private_view, public_view
from referee.network.names import UnknownStationError

NAME = "one-day-in-london"
TURN_BACK_ALONGSIDE = "turn_back_alongside"
DECK_EDITION = "deck_edition"


def _state(game: GameView) -> GameState:
    if game.state is None:
        raise ValueError(f"game {game.number} has no One Day in London state")
    return GameState.parse(game.state)


class OneDayInLondon:
    """The kind: read a mail's actions, judge them, show the lounge and each player."""

    name = NAME
    title = "One Day in London"
    tag = "ODL"
    wording = Wording(
        move="your move",
        state="a state of the game",
        latest="state of the game",
        resend="Nothing in the game has changed. Please send your move again, corrected.",
        starts="deals",
        drawn="the order of play and the deal",
        again="deal the game again",
    )
    dealt_at_start = True
    players = (MIN_PLAYERS, MAX_PLAYERS)
    wins_are_final = True
    """The referee checks the journey itself (Game End); nobody contests a checked win."""
    legislature = False
    silence = Silence.RESIGNS
    """Its rules are silent on silence: the referee keeps Mornington's two months."""
    started = "The cards are dealt"
    game_end = "by the rules' Game End, play goes on only until a player has won"
    """A continuous journey of ten stations wins, as does being the last player left
    (reading R6)."""
    choices: Mapping[str, tuple[str, ...]] = {
        TURN_BACK_ALONGSIDE: ("false", "true"),
        DECK_EDITION: (CURRENT.value,),
    }
    """Reading R1 (rules/one-day-in-london/README.md), off unless the Speaker sets it, and the
    deck the game is dealt from: a new game only the audited 72 cards, while a game opened
    before the audit keeps the 73 it was stored with (store migration 0013)."""

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        """The deal, from a deal seed that is one draw of ``rng``: the service hands in the
        game's committed dice (so the deal is fixed before anyone joins and checkable after),
        and anyone else a generator of their own. ``settings`` may set reading R1 and the
        deck's edition (the audited one unless the game was stored with another)."""
        alongside = (settings or {}).get(TURN_BACK_ALONGSIDE) in ("true", "yes")
        edition = edition_of((settings or {}).get(DECK_EDITION, CURRENT.value))
        seed = f"{rng.randrange(1 << 256):064x}"
        rules = JourneyRules(turn_back_alongside=alongside)
        return new_game(players, seed, rules, edition).render()

    def read(self, game: GameView, text: str) -> Move:
        try:
            move = parse_move(text)
        except MoveSyntaxError as error:
            raise ValueError(str(error)) from None
        except UnknownStationError as error:
            raise ValueError(
                f"{error} of {self.title}, whose stations are zone 1's "
                "(rules/one-day-in-london/README.md); name a card of your rack as its card "
                "shows it, or give its slot with 'place N'"
            ) from None
        if any(isinstance(action, Resign) for action in move.actions):
            raise ValueError(
                "to leave the game write 'nomic resign' on its own: the referee then takes "
                "you out of the rotation and tells the lounge (reading R6)"
            )
        return move

    def leave(self, game: GameView, player: str) -> str:
        """The state after ``player`` resigns (reading R6); ``ValueError`` saying why not now."""
        try:
            return apply(_state(game), player, Move((Resign(),))).render()
        except MoveRefused as refusal:
            raise ValueError(str(refusal)) from None

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
            return Judgement(
                "illegal",
                play=move.render(),
                violations=(str(refusal),),
                private=refusal.private,
            )
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
