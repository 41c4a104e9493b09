"""Mornington Nomic as a kind of game: the rules engine behind the seam of :mod:`.kind`.

The service hands every Mornington turn to a ``TurnDesk`` (in production the engine's
:class:`referee.service.engine_desk.EngineDesk`) through :class:`MorningtonNomic`. Until an
engine stands behind the desk, :class:`NoEngineDesk` says so honestly: the turn is kept and
the player told it was received but cannot be adjudicated yet, never silently passed or
refused.

The Game State Document is public (every player reads it in the lounge), so this kind has no
private view. A posting is read by the desk itself, against the stored record, because which
play in it is new depends on the record (rule 1.2.1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from referee.games import own_gsd
from referee.games.kind import (
    GameView,
    Judgement,
    Owed,
    PlayerView,
    Silence,
    TurnOutcome,
    Verdict,
    Wording,
)
from referee.notation.errors import NotationError
from referee.notation.gsd import read_posting

__all__ = [
    "GameView",
    "MorningtonNomic",
    "NoEngineDesk",
    "PlayerView",
    "Posting",
    "TurnDesk",
    "TurnOutcome",
    "Verdict",
]

NAME = "mornington-nomic"


class TurnDesk(Protocol):
    """Judges one turn of one game. Pure: no mail, no database, no clock."""

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        """The verdict on ``text`` (a full GSD or just the play) by ``player`` in ``game``."""
        ...


class NoEngineDesk:
    """The desk with no engine behind it: every turn is received, none adjudicated."""

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        return TurnOutcome(
            verdict="not_adjudicated",
            explanation="no rules engine is connected to it",
        )


@dataclass(frozen=True)
class Posting:
    """A Mornington move as posted: a full GSD with the play appended, or the play alone."""

    text: str


class MorningtonNomic:
    """The kind for Mornington Nomic, judging with ``desk``.

    ``to_play`` (whose Turn it is in a GSD, rule 1.3.2) and ``opening`` (the opening GSD of
    rule 1.1.2) are handed in by the service, which keeps those GSD edits today; the kind
    only names them at the seam.
    """

    name = NAME
    title = "Mornington Nomic"
    tag = "MC"
    wording = Wording(
        move="your play (or the full GSD with your play)",
        state="a Game State Document",
        latest="GSD",
        resend="Nothing in the game has changed. Please send the current GSD with your play as "
        "its last line,\nor that line alone.",
        positions="Line and column count from the first line of your message's text.",
        joining="rule 1.1.8",
    )
    dealt_at_start = False
    players = (3, 1000)
    wins_are_final = False
    legislature = False
    silence = Silence.RESIGNS
    """Rule 1.1.10: two calendar months without a move are a resignation."""
    started = "The game begins"
    game_end = "by rule 1.1.1 - How to Win, a game is over once its win stands"
    """Also when the last player left has won it (rule 1.1.3): that win stands at once."""
    choices: Mapping[str, tuple[str, ...]] = {}

    def __init__(
        self,
        desk: TurnDesk,
        *,
        to_play: Callable[[str | None], str | None],
        opening: Callable[[int, random.Random], str],
    ) -> None:
        self.desk = desk
        self._to_play = to_play
        self._opening = opening

    def read(self, game: GameView, text: str) -> Posting:
        return Posting(text)

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        """The desk's verdict. The desk throws its own dice (recorded with the turn, so a
        replay reads them back), not ``rng``. An illegal posting carries the GSD it claims,
        which a game in the players' buzz mode posts (rule 1.16)."""
        if not isinstance(move, Posting):
            raise TypeError(f"Mornington Nomic judges a Posting, not {type(move).__name__}")
        outcome = self.desk.submit(game, player, move.text)
        if outcome.verdict == "legal" and outcome.new_state:
            remarks = own_gsd.differences(move.text, game.state, outcome.new_state)
            return replace(outcome, differences=remarks) if remarks else outcome
        if outcome.verdict != "illegal" or outcome.new_state:
            return outcome
        return replace(outcome, claimed_state=_claimed(move.text))

    def public_view(self, game: GameView) -> str:
        return game.state or ""

    def private_view(self, game: GameView, player: str) -> str | None:
        return None

    def owed(self, game: GameView) -> Sequence[Owed]:
        following = self._to_play(game.state)
        return (Owed("turn", following),) if following is not None else ()

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        return self._opening(number, rng)

    def leave(self, game: GameView, player: str) -> str | None:
        """None: the service's GSD edits carry out rule 1.1.3."""
        return None


def _claimed(text: str) -> str | None:
    try:
        posted = read_posting(text).gsd
    except NotationError:
        return None
    return posted.render() if posted is not None else None
