"""Station names as the game spells them, and forgiving lookup of what players type.

The authority for which stations exist is the Currents table of rule 1.17.8 (295 stations,
``maps/london-1999/currents.tsv``); the Ghost stations of rule 1.11.6 are added by the map.
Players write names by hand in mail clients, so lookup forgives case, punctuation, 'St' for
'St.', '&' for 'and' and spacing, and otherwise fails with suggestions rather than guessing.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from referee.quoting import excerpt
from referee.resources import data_dir


class UnknownStationError(ValueError):
    """A name that matches no station; carries the closest real names."""

    def __init__(self, text: str, suggestions: tuple[str, ...]) -> None:
        self.text = text
        self.suggestions = suggestions
        message = f"'{excerpt(text)}' is not a station"
        if suggestions:
            message += "; did you mean " + " or ".join(suggestions) + "?"
        super().__init__(message)


_AND = re.compile(r"\s*&\s*")
_NON_WORD = re.compile(r"[^a-z0-9]+")


def normalise(name: str) -> str:
    """Fold a station name to a key: lower case, '&' as 'and', punctuation and spaces dropped.

    "King's Cross St Pancras", "kings cross st. pancras" and "KINGS-CROSS ST PANCRAS" share
    one key.
    """
    text = name.lower()
    if "&" in text:  # the pattern tries every position of a long name for its spaces
        text = _AND.sub(" and ", text)
    return _NON_WORD.sub("", text)


@dataclass(frozen=True)
class StationNames:
    """The set of canonical names with a forgiving, suggestion-giving lookup."""

    names: tuple[str, ...]
    _by_key: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key: dict[str, str] = {}
        for name in self.names:
            key = normalise(name)
            if key in by_key:
                raise ValueError(f"station names {by_key[key]!r} and {name!r} fold together")
            by_key[key] = name
        object.__setattr__(self, "_by_key", by_key)

    @classmethod
    def of(cls, names: Iterable[str]) -> StationNames:
        return cls(tuple(names))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_key.values()

    def __len__(self) -> int:
        return len(self.names)

    def resolve(self, text: str) -> str:
        """Return the canonical spelling of ``text`` or raise :class:`UnknownStationError`."""
        key = normalise(text)
        found = self._by_key.get(key)
        if found is None:
            raise UnknownStationError(text.strip(), self._suggest(key))
        return found

    def suggest(self, text: str, limit: int = 3) -> tuple[str, ...]:
        """The closest canonical names to ``text``, best first (possibly none).

        A name more than ``2 / cutoff`` times as long as the longest key is like none of them
        (the similarity is at most twice the shorter length over both lengths), so it is
        answered at once instead of being compared in time growing with its length: a play
        pasted with a whole letter on its line has its destination looked up in one."""
        return self._suggest(normalise(text), limit)

    def _suggest(self, key: str, limit: int = 3) -> tuple[str, ...]:
        cutoff = 0.6
        if len(key) * cutoff > 2 * max(map(len, self._by_key), default=0):
            return ()
        keys = difflib.get_close_matches(key, self._by_key.keys(), n=limit, cutoff=cutoff)
        return tuple(self._by_key[k] for k in keys)


def read_currents(text: str) -> dict[str, int]:
    """Read the Currents table of rule 1.17.8 (``name<TAB>current`` lines) into a dict."""
    currents: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, _, value = line.partition("\t")
        if not value.strip().isdigit():
            raise ValueError(f"currents table line {number}: {line!r} has no whole-number Current")
        currents[name.strip()] = int(value)
    return currents


GHOST_CURRENT = 50
"""Every Ghost station has a Current of 50 (rule 1.11.6)."""


def read_ghosts(text: str) -> tuple[str, ...]:
    """Read the Ghost station list of rule 1.11.6: one name a line, '#' starts a comment."""
    lines = (line.partition("#")[0].strip() for line in text.splitlines())
    return tuple(line for line in lines if line)


@cache
def game_station_names(map_name: str = "london-1999") -> StationNames:
    """Every station a play may name on ``map_name``: the Currents table plus the Ghosts."""
    folder = data_dir("maps") / map_name
    currents = read_currents((folder / "currents.tsv").read_text(encoding="utf-8"))
    ghosts = read_ghosts((folder / "ghosts.txt").read_text(encoding="utf-8"))
    return StationNames.of([*currents, *ghosts])
