"""What players type by mail: a short list of actions, parsed and rendered as a pair.

A mail holds one or more actions separated by commas, semicolons or new lines::

    take deck                      take the top card of the draw pile ("draw deck", "draw")
    take pile 2                    take the top card of discard pile 2 ("take 2")
    place 7                        put the card you hold in rack slot 7 (during setup: the
                                   card you were dealt; in a turn: exchange it for the card
                                   there, which you then hold)
    exchange Bank                  the same by naming the rack card ("swap Bank"); a name
                                   that fits several stations ("swap Edgware Road") means
                                   the one the rack holds
    discard pile 1                 put the card you hold on discard pile 1 ("discard 1")
    claim                          ask the referee to check your rack as a journey
    resign                         leave the game

so a whole turn fits in one mail: ``take pile 2, place 7, discard pile 1``. Station names are
read as ``referee map`` reads them. :func:`parse_move` and :meth:`Move.render` are a pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.network.names import UnknownStationError
from referee.quoting import excerpt


class MoveSyntaxError(ValueError):
    """An action the grammar cannot read; the message quotes it and shows the forms."""


@dataclass(frozen=True)
class Take:
    pile: int | None = None

    def render(self) -> str:
        return "take deck" if self.pile is None else f"take pile {self.pile}"


@dataclass(frozen=True)
class Place:
    slot: int

    def render(self) -> str:
        return f"place {self.slot}"


@dataclass(frozen=True)
class Exchange:
    """Exchange the card held for the rack card named. ``card`` is a station, or, for a name
    that fits several (``Edgware Road``), the name as written with ``among`` the stations it
    fits: the player's rack then decides which is meant (``rules.py``)."""

    card: str
    among: tuple[str, ...] = ()

    def render(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True)
class Discard:
    pile: int

    def render(self) -> str:
        return f"discard pile {self.pile}"


@dataclass(frozen=True)
class Claim:
    def render(self) -> str:
        return "claim"


@dataclass(frozen=True)
class Resign:
    def render(self) -> str:
        return "resign"


Action = Take | Place | Exchange | Discard | Claim | Resign


@dataclass(frozen=True)
class Move:
    """The actions of one mail, in order."""

    actions: tuple[Action, ...]

    def render(self) -> str:
        return ", ".join(action.render() for action in self.actions)


FORMS = (
    "take deck, take pile N, place N, exchange STATION, discard pile N, claim, resign "
    "(N is a number; several actions are separated by commas)"
)
_SPLIT = re.compile(r"[,;\n]+")
_SPACE = re.compile(r"\s+")


def _number(word: str, action: str) -> int:
    if not word.isdigit():
        raise MoveSyntaxError(
            f"{excerpt(action)!r}: {excerpt(word)!r} is not a number; write e.g. {FORMS}"
        )
    return int(word)


def parse_action(text: str, network: GameNetwork | None = None) -> Action:
    """One action; raises :class:`MoveSyntaxError` or, for a name that is no station of the
    game, :class:`~referee.network.names.UnknownStationError` (with suggestions)."""
    words = _SPACE.split(text.strip().lower())
    verb, rest = words[0], words[1:]
    if verb in ("take", "draw"):
        if rest in ([], ["deck"], ["from", "deck"], ["the", "deck"]):
            return Take()
        if rest and rest[0] == "from":
            rest = rest[1:]
        if rest and rest[0] == "pile":
            rest = rest[1:]
        if len(rest) == 1:
            return Take(_number(rest[0], text.strip()))
    elif verb == "place" and len(rest) == 1:
        return Place(_number(rest[0], text.strip()))
    elif verb in ("exchange", "swap") and rest:
        name = text.strip().split(None, 1)[1].strip()
        network = network or load_game_network()
        found = network.matches(name)
        if len(found) > 1:
            return Exchange(name, among=found)
        return Exchange(found[0] if found else network.resolve(name))
    elif verb == "discard":
        if rest and rest[0] in ("on", "onto", "to"):
            rest = rest[1:]
        if rest and rest[0] == "pile":
            rest = rest[1:]
        if len(rest) == 1:
            return Discard(_number(rest[0], text.strip()))
    elif verb == "claim" and not rest:
        return Claim()
    elif verb == "resign" and not rest:
        return Resign()
    raise MoveSyntaxError(f"{text.strip()!r} is not an action of One Day in London; write {FORMS}")


def parse_move(text: str, network: GameNetwork | None = None) -> Move:
    """The actions of one mail (commas, semicolons or new lines between them)."""
    parts = [part for part in _SPLIT.split(text) if part.strip()]
    if not parts:
        raise MoveSyntaxError(f"no action found; write {FORMS}")
    return Move(tuple(parse_action(part, network) for part in parts))


__all__ = [
    "FORMS",
    "Action",
    "Claim",
    "Discard",
    "Exchange",
    "Move",
    "MoveSyntaxError",
    "Place",
    "Resign",
    "Take",
    "UnknownStationError",
    "parse_action",
    "parse_move",
]
