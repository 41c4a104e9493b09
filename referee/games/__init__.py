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
   lounge (uncapped) and sends each private view only to its own player's address.

Mornington Nomic is the first kind (:mod:`referee.games.mornington`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from referee.games.kind import GameKind, UnknownKindError
from referee.games.mornington import NAME as MORNINGTON

__all__ = ["MORNINGTON", "GameKind", "Kinds", "UnknownKindError"]


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

    def __getitem__(self, name: str) -> GameKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)
