"""Possessions as the Luggage Rack writes them (rule 1.4.12 - The Luggage, and the rules cited).

One written item carries several marks, each from its own rule:

- Hats are listed by initial, ``Hat (C)`` or ``Hats (ACOTV)`` (rule 1.4.12, types of rule 1.4.6);
- a worn Garment is wrapped in asterisks, ``*Overcoat*`` (rule 1.4.30);
- a Nantucketed possession is wrapped in brackets, ``(Zone 1 Pass)`` (rule 1.4.15);
- a Vacuum Cleaner gains an asterisk each time it is used, ``Vacuum Cleaner (Off)**`` (1.4.49);
- stamped possessions carry their game day: ``Thursday Rover Card`` (rule 1.4.28),
  ``Thursday's Paper`` (rule 1.4.32);
- Electrical possessions are ``(On)`` or ``(Off)`` (rule 1.4.33), Velocity Bombs ``(Dormant)``
  or ``(Primed)`` (rule 1.4.38): any trailing bracketed word is kept as the item's state;
- Remote Controls and Radio Clamps carry the number of rule 1.4.46: ``Remote Control 3 (On)``,
  ``Radio Clamp 3``;
- a Ticket Stub names its station: ``Queen's Park Stub``;
- a Podume of the Knightsbridge 1965 amendments (rule 4.2.1) is written in the amendments'
  spelling, ``Speed Podume``, the Hyde Podume with its Hyde Counters as its state.

Names the rules define are written back in the rules' spelling; any other name is kept as the
player wrote it (spacing tidied), never guessed at. Only a new purchase is held to the rules'
names (:mod:`referee.notation.possession_names`); what a GSD already records is kept.
"""

from __future__ import annotations

import itertools
import operator
import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from referee.notation.errors import NotationError
from referee.notation.gametime import Day
from referee.notation.places import parse_station
from referee.notation.podumes import podume_name
from referee.notation.possession_names import load_possession_names
from referee.quoting import excerpt


class HatType(StrEnum):
    """The seven categories of Hat of rule 1.4.6, by name."""

    A_Z = "A-Z"
    BRITISH_RAIL = "British Rail"
    COMPASS = "Compass"
    TERMINUS = "Terminus"
    VERDANT = "Verdant"
    HARD = "Hard"
    SILLY = "Silly"

    @property
    def initial(self) -> str:
        """The letter the Luggage Rack lists the hat by (rule 1.4.12)."""
        return "B" if self is HatType.BRITISH_RAIL else self.value[0]

    @classmethod
    def parse(cls, text: str) -> HatType:
        """A hat type by name, initial, or the short forms 'BR' and 'A to Z'."""
        key = re.sub(r"[^a-z]", "", text.lower())
        for hat in cls:
            if key in (re.sub(r"[^a-z]", "", hat.value.lower()), hat.initial.lower()):
                return hat
        if key in ("br", "atoz"):
            return cls.BRITISH_RAIL if key == "br" else cls.A_Z
        names = ", ".join(h.value for h in cls)
        raise NotationError(
            f"'{excerpt(text.strip())}' is not a type of Hat; the types are {names}", column=1
        )


KNOWN_NAMES: tuple[str, ...] = tuple(
    name for name in load_possession_names().names
    if name not in ("Hat", "Stub", "Rover Card", "Paper")
)  # fmt: skip
"""Possession names the rules spell (:mod:`referee.notation.possession_names`), but those the
Luggage writes with a mark of their own (Hats, Stubs, stamped papers): used to write back the
rules' capitalisation."""

_CANONICAL = {re.sub(r"\s+", " ", n.lower()): n for n in KNOWN_NAMES}

_STATE = re.compile(r"^(?P<base>.*?)\s*\((?P<state>[^()]*)\)$")
_ROVER = re.compile(r"^(?P<day>[A-Za-z]+)\s+rover\s+card$", re.IGNORECASE)
_PAPER = re.compile(r"^(?P<day>[A-Za-z]+)\s*['\u2019`]?\s*s\s+paper$", re.IGNORECASE)
_NUMBER = re.compile(r"^(?P<base>remote\s+control|radio\s+clamp)\s*#?\s*(?P<n>\d+)$", re.I)
_STUB = re.compile(r"^(?P<station>.+?)\s+stub$", re.IGNORECASE)
_HATS = re.compile(r"^hats?$", re.IGNORECASE)


class Possession(BaseModel):
    """One item in a Luggage Rack or the Lost & Found box, with every mark the rules give it."""

    model_config = ConfigDict(frozen=True)

    name: str
    worn: bool = False
    nantucketed: bool = False
    fill: int = Field(default=0, ge=0)
    state: str | None = None
    number: int | None = None
    stamp: Day | None = None
    hats: str | None = None
    station: str | None = None

    @classmethod
    def parse(cls, text: str) -> Possession:
        """Read one written item: ``*Hat (C)*``, ``(Zone 1 Pass)``, ``Thursday's Paper``."""
        item = " ".join(text.split())
        if not item:
            raise NotationError("expected a Possession here", column=1)
        nantucketed = worn = False
        if item.startswith("(") and item.endswith(")") and _balanced(item[1:-1]):
            nantucketed, item = True, item[1:-1].strip()
        if len(item) > 2 and item.startswith("*") and item.endswith("*"):
            worn, item = True, item[1:-1].strip()
        stripped = item.rstrip("*")
        fill, item = len(item) - len(stripped), stripped.rstrip()
        if not item:
            raise NotationError(f"'{excerpt(text.strip())}' names no Possession", column=1)
        fields: dict[str, object] = {"worn": worn, "nantucketed": nantucketed, "fill": fill}
        state_match = _STATE.match(item)
        if state_match and _HATS.match(state_match.group("base")):
            initials = re.sub(r"[\s,]", "", state_match.group("state")).upper()
            if not initials.isalpha():
                raise NotationError(
                    f"'{excerpt(state_match.group('state'))}' is not a list of Hat initials; "
                    "write e.g. 'Hats (ACT)'",
                    column=1,
                )
            return cls(name="Hat", hats="".join(sorted(initials)), **fields)
        if state_match and state_match.group("base"):
            item, fields["state"] = state_match.group("base"), state_match.group("state").strip()
        return cls(**_read_name(item), **fields)

    def render(self) -> str:
        """The canonical written form, e.g. ``*Hats (ACT)*`` or ``Vacuum Cleaner (Off)**``."""
        if self.hats is not None:
            text = ("Hats" if len(self.hats) > 1 else "Hat") + f" ({self.hats})"
        elif self.stamp is not None and self.name == "Rover Card":
            text = f"{self.stamp.value} Rover Card"
        elif self.stamp is not None:
            text = f"{self.stamp.value}'s Paper"
        elif self.station is not None:
            text = f"{self.station} Stub"
        else:
            text = self.name + (f" {self.number}" if self.number is not None else "")
        if self.state is not None:
            text += f" ({self.state})"
        text += "*" * self.fill
        if self.worn:
            text = f"*{text}*"
        if self.nantucketed:
            text = f"({text})"
        return text

    def __str__(self) -> str:
        return self.render()


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _read_name(item: str) -> dict[str, object]:
    for pattern, name in ((_ROVER, "Rover Card"), (_PAPER, "Paper")):
        match = pattern.match(item)
        if match:
            try:
                day = Day.parse(match.group("day"))
            except NotationError:
                break
            return {"name": name, "stamp": day}
    match = _NUMBER.match(item)
    if match:
        base = _CANONICAL[" ".join(match.group("base").lower().split())]
        return {"name": base, "number": int(match.group("n"))}
    match = _STUB.match(item)
    if match:
        return {"name": "Stub", "station": parse_station(match.group("station"))}
    return {"name": podume_name(item) or _CANONICAL.get(item.lower(), item)}


_FLAT = re.compile(r"(?:[^()]++|\([^(),]*+\))*+")
"""A list none of whose brackets holds a comma or another bracket, and every bracket closed."""


def split_items(text: str) -> list[tuple[int, str]]:
    """Split a comma-separated list at bracket depth zero: (0-based start column, item) pairs.

    A list whose brackets are all :data:`_FLAT` (every list the referee writes) has every comma
    at depth zero and is cut at each at once, rather than by a look at every character: a
    Disruptions box may hold some 58,000 entries."""
    if _FLAT.fullmatch(text):
        pieces = text.split(",")
        # Each piece starts after the pieces and commas before it.
        starts = map(
            operator.add, itertools.accumulate(map(len, pieces), initial=0), itertools.count()
        )
        items = list(zip(starts, pieces, strict=False))  # one start more than pieces
    else:
        items = _split_by_depth(text)
    return [
        (column + len(item) - len(item.lstrip()), item.strip())
        for column, item in items
        if item.strip()
    ]


def _split_by_depth(text: str) -> list[tuple[int, str]]:
    items: list[tuple[int, str]] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            items.append((start, text[start:index]))
            start = index + 1
    items.append((start, text[start:]))
    return items


def parse_possessions(text: str) -> tuple[Possession, ...]:
    """Read a comma-separated list of possessions, reporting the column of a bad one."""
    result = []
    for column, item in split_items(text):
        try:
            result.append(Possession.parse(item))
        except NotationError as error:
            raise error.shifted(column) from None
    return tuple(result)
