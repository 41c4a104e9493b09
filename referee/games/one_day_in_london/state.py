"""The whole state of a game of One Day in London as plain values, and its text notation.

The state holds everything, hidden parts included (the draw pile's order, every rack, the
cards each player has still to place, the seed), so the referee can store it and replay it;
what each reader may see is cut from it by ``views.py``. The notation is one ``Key: value``
line per fact, then the record of moves one per line; :meth:`GameState.parse` and
:meth:`GameState.render` are a pair (``rules/one-day-in-london/README.md``, "Notation").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from referee.games.one_day_in_london.cards import CURRENT, Edition, edition_of
from referee.games.one_day_in_london.journey import DEFAULT_RULES, RACK_SIZE, JourneyRules
from referee.games.one_day_in_london.shuffle import SeedError, check_seed

PILES = 3
"""The rules' Setup: three discard piles."""

HEADER = "One Day in London"
FIRST = Edition.FIRST
"""The edition of a state with no ``Deck edition`` line: every state the referee writes has
one since games kept their edition (store migration 0013), and those before were dealt from
the first edition's 73 cards."""
EMPTY = "-"


class Phase(StrEnum):
    """Where the game stands: setup, a turn's three steps, or over."""

    SETUP = "setup"
    TAKE = "take"
    HOLD = "hold"
    DISCARD = "discard"
    OVER = "over"


class NotationError(ValueError):
    """Text that is not a game state; the message names the line."""


@dataclass(frozen=True)
class Seat:
    """One player: their rack (10 slots, None for an empty one) and, during setup, the cards
    dealt to them that they have still to place, the next first."""

    name: str
    rack: tuple[str | None, ...] = (None,) * RACK_SIZE
    dealt: tuple[str, ...] = ()
    resigned: bool = False

    def slots_free(self) -> tuple[int, ...]:
        """The 1-based numbers of the empty slots."""
        return tuple(at + 1 for at, card in enumerate(self.rack) if card is None)


@dataclass(frozen=True)
class GameState:
    """A game at one moment. ``deck`` is the draw pile, top first; each pile lists its cards
    bottom first, so its top is last; ``hand`` is the card the player whose turn it is holds
    between taking and discarding, ``taken`` where it came from (``deck`` or ``pile N``)."""

    seed: str
    seats: tuple[Seat, ...]
    deck: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    phase: Phase = Phase.SETUP
    turn: int = 0
    hand: str | None = None
    taken: str | None = None
    reshuffles: int = 0
    winner: str | None = None
    record: tuple[str, ...] = ()
    rules: JourneyRules = DEFAULT_RULES
    edition: Edition = CURRENT
    """The deck the game was dealt from (``cards.Edition``), which a replay deals again."""

    @property
    def mover(self) -> Seat:
        return self.seats[self.turn]

    def seat(self, name: str) -> Seat:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def index(self, name: str) -> int:
        return [seat.name for seat in self.seats].index(name)

    def with_seat(self, seat: Seat) -> GameState:
        seats = tuple(seat if old.name == seat.name else old for old in self.seats)
        return replace(self, seats=seats)

    def pile_tops(self) -> tuple[str | None, ...]:
        return tuple(pile[-1] if pile else None for pile in self.piles)

    def render(self) -> str:
        """The notation of this state (parse it back with :meth:`parse`)."""
        lines = [
            HEADER,
            f"Seed: {self.seed}",
            f"Turn back alongside: {'yes' if self.rules.turn_back_alongside else 'no'}",
            f"Deck edition: {self.edition}",
            f"Players: {', '.join(seat.name for seat in self.seats)}",
            f"Phase: {self.phase}",
            f"Turn: {self.mover.name}",
            f"Hand: {self.hand or EMPTY}",
            f"Taken: {self.taken or EMPTY}",
            f"Reshuffles: {self.reshuffles}",
            f"Winner: {self.winner or EMPTY}",
            f"Deck: {_cards(self.deck)}",
        ]
        lines += [f"Pile {n}: {_cards(pile)}" for n, pile in enumerate(self.piles, start=1)]
        for seat in self.seats:
            lines.append(f"Rack {seat.name}: {'; '.join(card or EMPTY for card in seat.rack)}")
            lines.append(f"Dealt {seat.name}: {_cards(seat.dealt)}")
        resigned = [seat.name for seat in self.seats if seat.resigned]
        lines.append(f"Resigned: {', '.join(resigned) or EMPTY}")
        lines.append("Moves:")
        lines += list(self.record)
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameState:
        """Read the notation :meth:`render` writes; :class:`NotationError` names the line."""
        rows = text.splitlines()
        if not rows or rows[0].strip() != HEADER:
            raise NotationError(f"line 1: a game state starts with {HEADER!r}")
        fields: dict[str, tuple[int, str]] = {}
        record: list[str] = []
        for number, row in enumerate(rows[1:], start=2):
            if "Moves" in fields:
                if row.strip():
                    record.append(row.strip())
                continue
            key, colon, value = row.partition(":")
            if not colon:
                raise NotationError(f"line {number}: {row!r} is not 'Key: value'")
            key = key.strip()
            if key in fields:
                raise NotationError(f"line {number}: a second {key!r} line")
            fields[key] = (number, value.strip())

        def get(key: str) -> str:
            if key not in fields:
                raise NotationError(f"no {key!r} line")
            return fields.pop(key)[1]

        try:
            seed = check_seed(get("Seed"))
        except SeedError as error:
            raise NotationError(f"line {fields.get('Seed', (2,))[0]}: {error}") from None
        try:
            edition = edition_of(get("Deck edition")) if "Deck edition" in fields else FIRST
        except ValueError as error:
            raise NotationError(f"Deck edition: {error}") from None
        alongside = get("Turn back alongside")
        if alongside not in ("yes", "no"):
            raise NotationError("Turn back alongside: write yes or no")
        names = [name.strip() for name in get("Players").split(",")]
        if len(set(names)) != len(names) or not all(names):
            raise NotationError("Players: each player is named once")
        try:
            phase = Phase(get("Phase"))
        except ValueError:
            raise NotationError(f"Phase: write one of {', '.join(Phase)}") from None
        turn_name = get("Turn")
        if turn_name not in names:
            raise NotationError(f"Turn: {turn_name!r} is not a player")
        try:
            reshuffles = int(get("Reshuffles"))
        except ValueError:
            raise NotationError("Reshuffles: write a whole number") from None
        resigned = {name.strip() for name in _split(get("Resigned"), ",")}
        seats = []
        for name in names:
            rack = tuple(None if card == EMPTY else card for card in _split(get(f"Rack {name}")))
            if len(rack) != RACK_SIZE:
                raise NotationError(f"Rack {name}: a rack has {RACK_SIZE} slots ('-' if empty)")
            dealt = _split(get(f"Dealt {name}"))
            seats.append(Seat(name, rack, dealt, name in resigned))
        state = cls(
            seed=seed,
            seats=tuple(seats),
            deck=_split(get("Deck")),
            piles=tuple(_split(get(f"Pile {n}")) for n in range(1, PILES + 1)),
            phase=phase,
            turn=names.index(turn_name),
            hand=_optional(get("Hand")),
            taken=_optional(get("Taken")),
            reshuffles=reshuffles,
            winner=_optional(get("Winner")),
            record=tuple(record),
            rules=JourneyRules(turn_back_alongside=alongside == "yes"),
            edition=edition,
        )
        get("Moves")
        if fields:
            key, (number, _) = next(iter(fields.items()))
            raise NotationError(f"line {number}: {key!r} is not part of a game state")
        return state


def _cards(cards: tuple[str, ...]) -> str:
    return "; ".join(cards) or EMPTY


def _split(value: str, separator: str = ";") -> tuple[str, ...]:
    if value.strip() == EMPTY:
        return ()
    return tuple(part.strip() for part in value.split(separator) if part.strip())


def _optional(value: str) -> str | None:
    return None if value == EMPTY else value
