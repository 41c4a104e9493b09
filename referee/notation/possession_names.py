"""Every name a Possession may have in one ruleset, and the check a new purchase must pass.

The names come from three files of ``rules/<ruleset>/``: the Emporium's price list (rule
1.4.18, ``emporium.toml``; a ``Zone {zone} Pass`` line stands for each of its Zones, the
``{station} Stub`` line for every Stub), the things a Finding turns up (rule 1.7.53,
``lost_and_found.toml``), and the Possessions other rules bring into play (``possessions.toml``:
the Clamps, Pigeons, Rats, the Podume and the rest, each with its rule).

A play that brings a new Possession into the Game (an index entry marked ``acquires``, such as
Purchasing) must name one of these, or the player is asked to write it again with the closest
names; anything already in a Luggage Rack or an older play is kept as written, since it may
come from before a rules change (as a resigned player's name is kept, rule 1.1.3). Notation is
pure, so these files are read directly here, not through ``referee.engine.tables``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from referee.notation.errors import NotationError
from referee.quoting import excerpt
from referee.resources import data_dir

STRUCTURAL = {"{station} Stub": "Stub"}
"""Price-list names the Luggage writes by a base name and a mark (the Stub names its Station)."""

_STATE = re.compile(r"\s*\([^()]*\)$")


class PossessionNamesError(ValueError):
    """A possession names file is malformed; the message names the file and the entry."""


def key(name: str) -> str:
    """Letters and digits only, lower case: 'Magno Clamp' and 'Magno-Clamp' are one name."""
    return "".join(c for c in name.lower() if c.isalnum())


@dataclass(frozen=True)
class PossessionNames:
    """The names of one ruleset's Possessions, in the rules' spelling, looked up by :func:`key`."""

    ruleset: str
    names: tuple[str, ...]
    shapes: tuple[str, ...] = ()
    """Price-list names with a ``{zone}``: any number there is that Possession's name (which
    Zones are sold is rule 1.4.18's business, judged by the engine)."""

    def spelling(self, name: str) -> str | None:
        """The rules' spelling of ``name``, or None if no Possession is called that."""
        return self._by_key().get(key(name))

    def check(self, name: str) -> None:
        """Refuse a name no Possession has, suggesting the closest (rule 1.4.18's list first)."""
        if self.spelling(name) is not None:
            return
        for shape in self.shapes:
            parts = (re.escape(part.strip()) for part in shape.split("{zone}"))
            if re.fullmatch(r"\s*\d+\s*".join(parts), name, re.IGNORECASE):
                return
        folded = {n.lower(): n for n in self.names}
        close = difflib.get_close_matches(name.lower(), list(folded), n=3, cutoff=0.6)
        hint = (
            "; did you mean " + " or ".join(folded[c] for c in close) + "?"
            if close
            else ("; the Emporium's list is in rule 1.4.18")
        )
        raise NotationError(f"'{excerpt(name)}' is not a Possession{hint}", column=1)

    def _by_key(self) -> dict[str, str]:
        return _index(self)


@cache
def _index(names: PossessionNames) -> dict[str, str]:
    return {key(n): n for n in reversed(names.names)}


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PossessionNamesError(f"{path}: {error}") from None


def _emporium(path: Path) -> list[str]:
    names: list[str] = []
    for number, entry in enumerate(_read(path).get("possession", []), start=1):
        name = entry.get("name")
        if not isinstance(name, str):
            raise PossessionNamesError(f"{path}: possession #{number} has no name")
        if "{zone}" in name:
            names.extend(name.replace("{zone}", str(zone)) for zone in entry.get("zones", []))
        elif name in STRUCTURAL:
            names.append(STRUCTURAL[name])
        elif "{" not in name:
            names.append(name)
        else:
            raise PossessionNamesError(f"{path}: possession {name!r}: unknown placeholder")
    return names


def _found(path: Path) -> list[str]:
    """The Possessions of the Lost & Found table, without their state ('Glove (Left Hand)')."""
    rows = _read(path).get("row", [])
    return [_STATE.sub("", row["item"]) for row in rows if row.get("kind") == "possession"]


def _ruled(path: Path, rules: frozenset[str]) -> list[str]:
    names: list[str] = []
    for number, entry in enumerate(_read(path).get("possession", []), start=1):
        where = f"{path}: possession #{number}"
        if set(entry) != {"name", "rule"}:
            raise PossessionNamesError(f"{where}: give exactly 'name' and 'rule'")
        if entry["rule"] not in rules:
            raise PossessionNamesError(f"{where} ({entry['name']!r}): rule {entry['rule']} is "
                                       "not in titles.toml")  # fmt: skip
        names.append(entry["name"])
    return names


def read_possession_names(folder: Path, ruleset: str) -> PossessionNames:
    """Read the three files of ``folder``; every error names the file and the entry."""
    rules = frozenset(_read(folder / "titles.toml")["rules"])
    emporium = _read(folder / "emporium.toml").get("possession", [])
    shapes = tuple(e["name"] for e in emporium if "{zone}" in str(e.get("name")))
    found = [
        *_emporium(folder / "emporium.toml"),
        *_found(folder / "lost_and_found.toml"),
        *_ruled(folder / "possessions.toml", rules),
    ]
    return PossessionNames(ruleset=ruleset, names=tuple(dict.fromkeys(found)), shapes=shapes)


@cache
def load_possession_names(ruleset: str = "vanilla") -> PossessionNames:
    """The Possession names of ``rules/<ruleset>/``, read once; Volume 1's for a variant whose
    folder keeps no Emporium list of its own (rule 4.0.0: Volume 1 holds where the amendments
    are silent)."""
    folder = data_dir("rules") / ruleset
    if ruleset != "vanilla" and not (folder / "emporium.toml").exists():
        return load_possession_names("vanilla")
    return read_possession_names(folder, ruleset)
