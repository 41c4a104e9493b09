"""Kinds of game the referee hosts, each behind one seam, found by name.

How a new kind plugs in:

1. Write a class satisfying :class:`referee.games.kind.GameKind` in a module of this package
   (pure: no mail, database or clock). ``read`` turns a player's posting into the kind's move
   value, raising ``ValueError`` with a sentence the player can act on; ``judge`` rules on it
   against the stored state and returns a :class:`~referee.games.kind.Judgement` (verdict, new
   state, violations citing rules, winner); ``public_view`` is what the lounge is shown after
   each applied turn and ``private_view`` what one player alone is shown (a hidden hand);
   ``owed`` names who acts next; ``opening`` is a new game's first state.
2. Register it: ``Kinds`` maps each kind's ``name`` to the kind; a game row stores that name
   in ``games.kind``. The service builds its ``Kinds`` at start (``Runner(kinds=...)``).
3. Nothing else in the service changes: the classification chain's last rule hands a seated
   player's turn to the game's kind, records the judgement, posts the public view to the
   lounge (uncapped) and sends each private view only to its own player's address. A kind
   ``dealt_at_start`` is opened, seated, started and resigned from by
   ``referee.service.dealt`` through this seam alone.

Mornington Nomic is the first kind (:mod:`referee.games.mornington`); the runner registers One
Day in London (:mod:`referee.games.one_day_in_london.kind`) beside it, and :func:`hosted` gives
the kinds built on the service's clock (ifMUD Nomic, :mod:`referee.games.ifmud`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime

from referee.games.ifmud.kind import NAME as IFMUD_NOMIC
from referee.games.ifmud.kind import IfmudNomic
from referee.games.kind import (
    GameKind,
    GameView,
    Judgement,
    Owed,
    PlayerView,
    Silence,
    UnknownKindError,
)
from referee.games.mornington import NAME as MORNINGTON

__all__ = [
    "IFMUD_NOMIC",
    "MORNINGTON",
    "GameKind",
    "Kinds",
    "Silence",
    "UnknownKindError",
    "Unregistered",
    "hosted",
]


def hosted(clock: Callable[[], datetime]) -> tuple[GameKind, ...]:
    """The kinds a referee hosts beside Mornington Nomic (whose kind needs the service's
    desk), each built on the service's ``clock``: pass them as ``Runner(kinds=...)``."""
    return (IfmudNomic(clock),)


class Kinds(Mapping[str, GameKind]):
    """The registry: the kinds a referee hosts, by name; a name registered twice is refused."""

    def __init__(self, kinds: Iterable[GameKind] = ()) -> None:
        self._kinds: dict[str, GameKind] = {}
        for kind in kinds:
            self.register(kind)

    def register(self, kind: GameKind) -> None:
        if kind.name in self._kinds:
            raise ValueError(f"two kinds of game are named {kind.name!r}")
        self._kinds[kind.name] = kind

    def find(self, name: str) -> GameKind:
        """The kind ``name``, or :class:`UnknownKindError` naming the kinds there are."""
        try:
            return self._kinds[name]
        except KeyError:
            known = ", ".join(sorted(self._kinds)) or "none"
            raise UnknownKindError(f"no kind of game is named {name!r} (known: {known})") from None

    def judging(self, name: str) -> GameKind:
        """The kind that judges a stored game's turns: ``name``'s, or :class:`Unregistered`,
        so a game whose kind this referee no longer hosts is answered, never silent."""
        return self._kinds.get(name) or Unregistered(name)

    def __getitem__(self, name: str) -> GameKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


class Unregistered:
    """Stands in for a kind of game this referee does not host: every turn is kept and the
    player told why it cannot be judged; nothing in the game changes."""

    title = "a kind of game this referee does not host"
    dealt_at_start = True
    players = (0, 0)
    wins_are_final = True
    legislature = False
    silence = Silence.RESIGNS
    started = "The game begins"
    game_end = ""
    """Its rules are not known here, so none is cited."""
    choices: Mapping[str, tuple[str, ...]] = {}

    def __init__(self, name: str) -> None:
        self.name = name

    def read(self, game: GameView, text: str) -> str:
        return text

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        return Judgement(
            "not_adjudicated",
            explanation=f"this referee hosts no kind of game named {self.name!r}; the turn "
            "is kept for the operator",
        )

    def public_view(self, game: GameView) -> str:
        return ""

    def private_view(self, game: GameView, player: str) -> str | None:
        return None

    def owed(self, game: GameView) -> Sequence[Owed]:
        return ()

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        raise UnknownKindError(f"no kind of game is named {self.name!r}")

    def leave(self, game: GameView, player: str) -> str | None:
        """None: the state is kept as it is for the operator; the seat is still given up."""
        return None
