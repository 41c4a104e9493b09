"""Dice the players can check: every roll of a game derived from one committed seed.

When a game is created the referee draws a secret seed of 32 bytes and posts its SHA-256
(the commitment) in the game's first post; when the game ends it posts the seed. Each roll is
derived from the seed and a label naming what it is for (the game, the draw: the stored
message whose judgment threw it, or the game's own numbered draw outside turns; the roll's
place in the draw, the die and the rule that asked), so nobody can know a roll before it is
made, the referee cannot choose the seed after seeing the play, and anyone can recompute
every roll from the seed afterwards.

A roll of a ``sides``-sided die is ``HMAC-SHA256(seed, label + " #" + str(attempt))`` read as
a big-endian number, for attempts 0, 1, ...; the first number below the largest multiple of
``sides`` under 2**256 gives ``number % sides + 1``. The rejection keeps every face equally
likely (no modulo bias); a second attempt is needed with a chance below ``sides / 2**256``.
README.md ("Dice players can verify") gives the same recipe in five lines.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from referee.engine.dice import Roll

SEED_BYTES = 32
_SPACE = 2**256


def commitment(seed: bytes) -> str:
    """The SHA-256 of the seed in hexadecimal: what the first post publishes."""
    return hashlib.sha256(seed).hexdigest()


def derive(seed: bytes, label: str, sides: int) -> int:
    """The roll of a ``sides``-sided die that ``seed`` gives for ``label`` (1 to ``sides``)."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    limit = _SPACE - _SPACE % sides
    attempt = 0
    while True:
        digest = hmac.new(seed, f"{label} #{attempt}".encode(), hashlib.sha256).digest()
        number = int.from_bytes(digest, "big")
        if number < limit:
            return number % sides + 1
        attempt += 1


def label(game: int, draw: str, roll: int, sides: int, why: str) -> str:
    """What roll ``roll`` of draw ``draw`` of game MC ``game`` is for, as the HMAC reads it.

    A draw is named ``message N`` for the judgment of stored message N (a posting), or
    ``draw N`` for the game's N-th draw outside a turn (Game Time, order of play, a referee).
    """
    return f"MC {game} {draw} roll {roll} d{sides}: {why}"


LABEL = re.compile(
    r"^MC (?P<game>\d+) (?P<draw>(?:draw|message) \d+) roll (?P<roll>\d+) d(?P<sides>\d+): "
)


@dataclass(frozen=True)
class SeededRoll(Roll):
    """A roll with the label it was derived from."""

    label: str = ""


@dataclass
class SeededDice:
    """The :class:`~referee.engine.dice.Dice` of one draw of a game: roll ``n`` of it is
    derived from the seed and its label. ``on_roll`` hears each roll as it is made."""

    seed: bytes
    game: int
    draw: str
    rolls: list[Roll] = field(default_factory=list)
    on_roll: Callable[[SeededRoll], None] | None = None

    def roll(self, sides: int, why: str) -> int:
        text = label(self.game, self.draw, len(self.rolls) + 1, sides, why)
        made = SeededRoll(sides, derive(self.seed, text, sides), why, text)
        self.rolls.append(made)
        if self.on_roll is not None:
            self.on_roll(made)
        return made.value


class SeededRandom(random.Random):
    """A :class:`random.Random` whose every choice is a roll of :class:`SeededDice`, for the
    service's own chances (Game Time, order of play, the drawn referee), which are written
    with ``choice``, ``shuffle`` and ``randrange``.

    Those methods all draw through ``_randbelow``, the hook :class:`random.Random` documents
    for subclasses to supply their own source; anything else (``random()``, floats,
    ``getrandbits``) is refused, so no chance escapes the seed unseen.
    """

    def __init__(self, dice: SeededDice, why: str) -> None:
        self.dice = dice
        self.why = why
        super().__init__(0)

    def seed(self, *args: object, **kwargs: object) -> None:
        """Ignored: the seed is the game's."""

    def _randbelow(self, n: int) -> int:
        return self.dice.roll(n, self.why) - 1

    def random(self) -> float:
        raise NotImplementedError("a seeded game's chances are whole-number rolls only")

    def getrandbits(self, k: int) -> int:
        raise NotImplementedError("a seeded game's chances are whole-number rolls only")


@dataclass(frozen=True)
class Mismatch:
    """A recorded roll the seed does not give, or a label that breaks the scheme."""

    where: str
    roll: int
    why: str

    def describe(self) -> str:
        return f"{self.where}, roll {self.roll}: {self.why}"


def check(
    seed: bytes, game: int, rolls: Iterable[tuple[str, str, int, dict[str, object]]]
) -> list[Mismatch]:
    """Every problem with ``rolls`` under ``seed``. Each is (where it is recorded, the draw
    its label must name there, its place, the stored roll): a value the seed does not give,
    a label of another game or draw (a die thrown under a label chosen for it), or a roll out
    of its place in the draw."""
    found: list[Mismatch] = []
    for where, draw, place, stored in rolls:
        text = str(stored.get("label") or "")
        sides, value = stored.get("sides"), stored.get("value")
        match = LABEL.match(text)
        if not text:
            found.append(Mismatch(where, place, "it has no label: it was not drawn from the seed"))
            continue
        if match is None or int(match["game"]) != game:
            found.append(Mismatch(where, place, f"its label {text!r} is not one of game MC {game}"))
            continue
        if (draw and match["draw"] != draw) or int(match["roll"]) != place:
            found.append(
                Mismatch(where, place, f"its label {text!r} is not roll {place} of {draw}")
            )
            continue
        if not isinstance(sides, int) or int(match["sides"]) != sides:
            said = f"it says d{sides} but its label says d{match['sides']}"
            found.append(Mismatch(where, place, said))
            continue
        expected = derive(seed, text, sides)
        if value != expected:
            found.append(
                Mismatch(where, place, f"recorded {value}, but the seed gives {expected} ({text})")
            )
    return found
