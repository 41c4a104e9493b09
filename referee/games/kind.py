"""The seam through which a kind of game plugs into the referee: values in, a judgement out.

A :class:`GameKind` is pure (no mail, no database, no clock): the service hands it the
stored state of one game and what a player posted, and acts on the :class:`Judgement` it
returns. Everything else (who sent the mail, the turn record, deadlines in the store, the
wording and addressing of notices) is the service's. See :mod:`referee.games` for how a new
kind is registered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Protocol

from referee.notation.amendments import Change

Verdict = Literal["legal", "illegal", "stale", "out_of_turn", "not_adjudicated", "unreadable"]
"""What became of a posting: applied (``legal``), refused with reasons (``illegal``,
``unreadable``), refused because the game moved on or it is not the poster's turn
(``stale``, ``out_of_turn``), or kept without a ruling (``not_adjudicated``)."""


class Silence(StrEnum):
    """Which rule governs a player of a kind who goes quiet; the service keeps its clock."""

    RESIGNS = "resigns"
    """Two calendar months without a move are a resignation: Mornington Nomic's rule 1.1.10,
    which the referee keeps for a kind whose rules say nothing of silence (One Day in
    London), so no game waits forever on a player who has gone."""
    CHAMBER = "chamber"
    """The kind's own rules count silence through its chamber (ifMUD Nomic's rule 24: a
    demerit for each week without a post, none for a player on both passive lists, rule
    130; three demerits remove the player, rule 11). Nobody resigns by silence."""


@dataclass(frozen=True)
class GameView:
    """What a kind may know about a game: its number, version, turn count and stored state."""

    number: int
    version: int
    turn_number: int
    state: str | None
    players: tuple[str, ...]
    variants: tuple[str, ...] = ()
    """The settings the game is played under (for Mornington Nomic, rule 1.1.2's Special
    Rules variants; none for a Normal game)."""
    settings: tuple[tuple[str, str], ...] = ()
    """The readings the Speaker set for the game, as ``(name, value text)``; none means the
    ruleset's defaults (``referee.variants.game_settings``)."""
    seed: bytes | None = None
    """The secret the game's dice are derived from (``referee.engine.fair_dice``), if any;
    never shown to a player before the game ends."""
    draw: str = ""
    """What names this judgment's draw of the dice in their labels (``message 345``: the
    stored message judged, so a message judged again throws the same dice)."""
    rules: tuple[Change, ...] = ()
    """The enactments of the game's rules in force, oldest first (none: the rules as
    published); a kind judges under the version they make (``referee.engine.amended``)."""


@dataclass(frozen=True)
class PlayerView:
    """The player whose turn it is claimed to be."""

    name: str
    address: str
    seat: int


@dataclass(frozen=True)
class TurnOutcome:
    """A kind's judgement on one posting.

    ``play`` is the move in canonical form (it titles the reply); ``new_state`` is the
    authoritative state after a legal turn; ``violations`` are the lines a player reads, each
    citing its rule; ``explanation`` says why a stale or out-of-turn play was not applied;
    ``rolls`` are the dice the turn threw (sides, value, why), kept with the turn.
    ``winner`` names the player a legal turn has made the winner. ``claimed_state`` is the
    state the player's own posting asserts, when it carries one: a game whose players police
    illegal turns themselves posts an illegal turn with it (rule 1.16 for Mornington Nomic).
    ``differences`` are lines telling the player where eir own update of the state differs
    from the referee's result (rule 1.2.1 for Mornington Nomic): remarks, not violations.
    """

    verdict: Verdict
    play: str | None = None
    new_state: str | None = None
    violations: tuple[str, ...] = ()
    explanation: str = ""
    rolls: tuple[dict[str, object], ...] = ()
    winner: str | None = None
    claimed_state: str | None = None
    differences: tuple[str, ...] = ()
    private: bool = False
    """The refusal names the poster's own hidden cards: it goes to eir address only, never
    to the lounge, even when the turn came through the lounge list."""


Judgement = TurnOutcome
"""The name the seam uses for a kind's verdict."""


@dataclass(frozen=True)
class Wording:
    """How the answers the service writes once for every kind speak of this kind's play.

    A refusal must tell the player what to send instead in the game's own terms: a Mornington
    player posts a Game State Document, a One Day in London player a move.
    """

    move: str
    """What a player writes to play, asked for when none was found: ``your move``."""
    state: str
    """What a stale turn was made on, with its article: ``a Game State Document``."""
    latest: str
    """What to read again in the lounge before playing again: ``GSD``."""
    resend: str
    """The close of an answer to an unreadable turn: what to send, corrected."""
    positions: str = ""
    """How the line and column of an unreadable turn's refusal count, said before ``resend``
    only when a refusal gives one."""
    joining: str = ""
    """The rule an application to join comes under, cited when one is made or declined
    (Mornington's ``rule 1.1.8``, which also lets a declined player challenge the decision
    with an Emergency Proposal); none for a kind whose rules say nothing of joining."""
    starts: str = ""
    """For a kind dealt at start, what starting the game does beside drawing the order of
    play: ``deals`` (One Day in London), ``starts the game`` (ifMUD Nomic)."""
    drawn: str = ""
    """For a kind dealt at start, what its committed seed draws when the game starts:
    ``the order of play and the deal``."""
    again: str = ""
    """For a kind dealt at start, what players can redo from the seed once it is revealed:
    ``deal the game again``."""


@dataclass(frozen=True)
class Owed:
    """Something a player owes by a deadline, as the kind sees it (the service stores it)."""

    kind: str
    owed_by: str


class GameKind(Protocol):
    """A kind of game the referee can host.

    ``read`` turns a posting into the kind's own move value (raising ``ValueError`` with a
    sentence the player can act on when it cannot); ``judge`` rules on that move against the
    stored state; ``public_view`` is what the lounge sees after a turn and ``private_view``
    what one player alone sees (None when the kind hides nothing from anyone): the service
    sends a private view only to that player's own address, never to the lounge. ``owed``
    says who must act next (the service keeps the deadline); ``opening`` is the first state
    of a new game.

    ``dealt_at_start`` says when the first state is made: when the Speaker opens the game
    (False: Mornington Nomic, whose GSD takes each player as e joins, rule 1.1.8) or when
    the Speaker starts it, from the seated players (True: a card game's deal).
    ``players`` is how many may play (fewest, most). ``wins_are_final``: a judged win ends
    the game at once (False where the rules let the other players contest it, rule 1.1.1).
    ``leave`` is the state after a player resigns, or None when the service edits the state
    itself (Mornington's GSD, rule 1.1.3); it raises ``ValueError`` saying why not now.
    ``legislature`` says the kind's own rules put changes to the players' consent from the
    first day (ifMUD Nomic's rules 10 and 21), so the game's chamber opens when it starts;
    elsewhere the Speaker opens one when the players want it. ``started`` is the subject of
    the post that starts a game dealt at start.
    ``silence`` is the rule (:class:`Silence`) that says what a player's silence costs.
    ``game_end`` cites the kind's own rule that ends a game once it is won, in the clause a
    turn posted to a won game is refused with (the service says who won and that nothing
    changed; empty for a kind whose rules it cannot name).
    ``choices`` are the readings of the kind's rules a Speaker may set per game: each name
    with its allowed values, the default first; ``opening`` is handed the game's values
    (Mornington's readings are its ruleset's settings, ``referee.variants.game_settings``).
    ``tag`` is the kind's short name in mail: every subject about one of its games starts
    ``[TAG n]`` (``referee.games.tags``), and players name a game by it. ``wording`` is how
    the service's answers, written once for every kind, speak of the kind's play.
    """

    name: str
    title: str
    tag: str
    wording: Wording
    dealt_at_start: bool
    players: tuple[int, int]
    wins_are_final: bool
    legislature: bool
    silence: Silence
    started: str
    game_end: str
    choices: Mapping[str, tuple[str, ...]]

    def read(self, game: GameView, text: str) -> object: ...

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement: ...

    def public_view(self, game: GameView) -> str: ...

    def private_view(self, game: GameView, player: str) -> str | None: ...

    def owed(self, game: GameView) -> Sequence[Owed]: ...

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str: ...

    def leave(self, game: GameView, player: str) -> str | None: ...


class UnknownKindError(LookupError):
    """A game names a kind this referee has not registered."""
