"""The seam between the mail service and the rules engine: one call per turn.

The GSD notation and the rules engine are built elsewhere; the mail service hands every turn
to a ``TurnDesk`` and acts on the ``TurnOutcome``. Until an engine stands behind the desk,
``NoEngineDesk`` says so honestly: the turn is kept and the player told it was received but
cannot be adjudicated yet, never silently passed or refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

Verdict = Literal["legal", "illegal", "stale", "out_of_turn", "not_adjudicated", "unreadable"]


@dataclass(frozen=True)
class GameView:
    """What the desk may know about a game: its number, version, turn count and GSD."""

    number: int
    version: int
    turn_number: int
    state: str | None
    players: tuple[str, ...]
    variants: tuple[str, ...] = ()
    """The Special Rules variants the game is played under (rule 1.1.2); none for Normal."""
    settings: tuple[tuple[str, str], ...] = ()
    """The game's settings as ``(name, value text)``; none means the ruleset's defaults."""
    seed: bytes | None = None
    """The secret the game's dice are derived from (``referee.engine.fair_dice``), if any."""
    draw: str = ""
    """What names this judgment's draw of the dice in their labels (``message 345``: the
    stored message judged, so a message judged again throws the same dice)."""


@dataclass(frozen=True)
class PlayerView:
    """The player whose turn it is claimed to be."""

    name: str
    address: str
    seat: int


@dataclass(frozen=True)
class TurnOutcome:
    """The desk's verdict on one turn.

    ``play`` is the play in canonical form (it titles the reply); ``new_state`` is the
    authoritative GSD after a legal turn; ``violations`` are the lines a player reads, each
    citing its rule; ``explanation`` says why a stale or out-of-turn play was not applied;
    ``rolls`` are the dice the turn threw (sides, value, why), kept with the turn.
    ``winner`` names the player a legal turn has made the winner (the game then ends).
    """

    verdict: Verdict
    play: str | None = None
    new_state: str | None = None
    violations: tuple[str, ...] = ()
    explanation: str = ""
    rolls: tuple[dict[str, object], ...] = ()
    winner: str | None = None


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
