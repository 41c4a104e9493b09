"""The index of Actions (rule 1.7.2 - Actions) as typed data, from ``rules/<ruleset>/actions.toml``.

Rule 1.7.2 lists every Action with its phase, defining rule, duration, cost, gain and Fosdyke
Requirement, and warns that the defining rule has the last word. The data file records the
index as the rules mean it (each departure from the printed index carries a ``note``), and
this module checks it on load so a typo in the file fails at start-up, naming the entry,
rather than mid-game. The notation matches the text in a play's brackets against the
``pattern`` of each spec; this module does not parse plays.

Notation is pure and must not reach into the engine, so rule numbers are checked against
``titles.toml`` read directly here, not through ``referee.engine.rulebook``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from referee.resources import data_dir


class Phase(StrEnum):
    """When an Action may be played (rule 1.7.1 - Action Types)."""

    PRE = "pre"
    POST = "post"
    NEUTRAL = "neutral"


#: The placeholders a pattern may use, with what each stands for in a play.
PLACEHOLDERS: Mapping[str, str] = {
    "station": "a station name",
    "destination": "a station with a Line Code, e.g. Moorgate (NT)",
    "player": "a player's name (or Token Stack, Suspect Package, PoID where allowed)",
    "colour": "a token colour (Bk Bu Br Go Gr Re Si or the full word)",
    "tokens": "a list of tokens, e.g. 2 Bk, 1 Re",
    "n": "a whole number",
    "line": "a Line Code",
    "direction": "a One Way direction (N-S, S-N, E-W, W-E, Clockwise, Anti-Clockwise)",
    "possession": "a possession name",
    "hat": "a hat type (A-Z, British Rail, Compass, Terminus, Verdant, Hard, Silly)",
    "place": "a British Rail station anywhere in Great Britain",
    "zone": "a zone number",
    "compass": "North, South, East or West",
    "name": "a Gambit or Manoeuvre name",
    "hours": "the +0x00 form of rule 1.7.51",
    "number": "a Remote Control's number",
}

#: Rules of Volume 0 (Nomic Mechanics) that the index cites; their text is not available, so
#: they are absent from titles.toml and allowed here by name.
VOLUME_0_RULES = frozenset({"0.9.4"})

#: The placeholder a Special Move's alias may add: the station its Move goes to.
STATION_NAMED = "station"

STANDARD_DURATION = 10  # minutes; rule 1.13.3 - Carol Vorderman's Revenge

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_RULE_NUMBER = re.compile(r"\d+(?:\.\d+)*")
"""A rule number: Volume 1 numbers as 1.9.1, the 1965 amendments as 4.1.1.1, an early
ruleset (rules/early-draft) as 7."""
_KEYS = frozenset(
    {
        "name",
        "pattern",
        "phase",
        "rule",
        "duration",
        "cost",
        "gain",
        "fr",
        "repeatable",
        "translocation",
        "special_move",
        "duration_varies",
        "added",
        "note",
        "aliases",
        "acquires",
    }
)


class ActionIndexError(ValueError):
    """The action index file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class ActionSpec:
    """One Action of the index: what the notation matches and what the engine charges."""

    name: str
    pattern: str
    phase: Phase
    rule: str
    duration: int
    cost: str
    gain: str
    fr: str
    repeatable: bool
    translocation: bool
    special_move: bool
    note: str
    placeholders: tuple[str, ...]
    duration_varies: bool = False
    added: bool = False
    aliases: tuple[str, ...] = ()
    acquires: bool = False

    @property
    def literal(self) -> bool:
        """True when the pattern has no placeholders, so it matches one exact text."""
        return not self.placeholders


@dataclass(frozen=True)
class ActionIndex:
    """Every Action of one ruleset, in the index's order, looked up by name."""

    ruleset: str
    specs: tuple[ActionSpec, ...]
    _by_name: Mapping[str, ActionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {spec.name: spec for spec in self.specs})

    def __getitem__(self, name: str) -> ActionSpec:
        try:
            return self._by_name[name]
        except KeyError:
            message = f"the {self.ruleset} action index has no Action named {name!r}"
            raise KeyError(message) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[ActionSpec]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


def placeholders_of(pattern: str) -> tuple[str, ...]:
    """The placeholder names of a pattern, in order: "Shunting {player} to {destination}"."""
    return tuple(_PLACEHOLDER.findall(pattern))


def named_station(named: tuple[str, ...], placeholders: tuple[str, ...]) -> int | None:
    """Where an alias's extra ``{station}`` is among its placeholders ``named``: the one
    whose removal leaves the pattern's ``placeholders``; None if there is no such one."""
    for position, kind in enumerate(named):
        if kind == STATION_NAMED and named[:position] + named[position + 1 :] == placeholders:
            return position
    return None


def _rule_numbers(folder: Path) -> frozenset[str]:
    with (folder / "titles.toml").open("rb") as handle:
        return frozenset(tomllib.load(handle)["rules"])


def _text(entry: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = entry.get(key, default)
    if value is None:
        raise ActionIndexError(f"{where}: missing {key!r}")
    if not isinstance(value, str):
        raise ActionIndexError(f"{where}: {key!r} must be text, not {value!r}")
    return value


def _flag(entry: Mapping[str, Any], key: str, where: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise ActionIndexError(f"{where}: {key!r} must be true or false, not {value!r}")
    return value


def parse_spec(entry: Mapping[str, Any], where: str, rules: frozenset[str]) -> ActionSpec:
    """Check one ``[[action]]`` table and build its spec; ``where`` names it in errors."""
    unknown = set(entry) - _KEYS
    if unknown:
        raise ActionIndexError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    name = _text(entry, "name", where)
    where = f"{where} ({name!r})"
    pattern = _text(entry, "pattern", where)
    if not pattern.strip() or pattern != pattern.strip() or "[" in pattern or "]" in pattern:
        raise ActionIndexError(f"{where}: pattern {pattern!r} must be the bare bracket text")
    placeholders = placeholders_of(pattern)
    for placeholder in placeholders:
        if placeholder not in PLACEHOLDERS:
            known = ", ".join(f"{{{p}}}" for p in PLACEHOLDERS)
            raise ActionIndexError(
                f"{where}: unknown placeholder {{{placeholder}}}; use one of {known}"
            )
    phase_text = _text(entry, "phase", where)
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise ActionIndexError(
            f"{where}: phase {phase_text!r} must be one of pre, post, neutral"
        ) from None
    rule = _text(entry, "rule", where)
    if not _RULE_NUMBER.fullmatch(rule):
        raise ActionIndexError(f"{where}: rule {rule!r} is not a rule number like 1.9.1 or 4.1.1.1")
    if rule not in rules and rule not in VOLUME_0_RULES:
        raise ActionIndexError(f"{where}: rule {rule} is not in titles.toml")
    aliases = _aliases(entry, where, placeholders, special_move=_flag(entry, "special_move", where))
    duration = entry.get("duration", STANDARD_DURATION)
    if not isinstance(duration, int) or isinstance(duration, bool) or duration < 0:
        raise ActionIndexError(f"{where}: duration {duration!r} must be whole minutes, 0 or more")
    return ActionSpec(
        name=name,
        pattern=pattern,
        phase=phase,
        rule=rule,
        duration=duration,
        cost=_text(entry, "cost", where, ""),
        gain=_text(entry, "gain", where, ""),
        fr=_text(entry, "fr", where, ""),
        repeatable=_flag(entry, "repeatable", where),
        translocation=_flag(entry, "translocation", where),
        special_move=_flag(entry, "special_move", where),
        note=_text(entry, "note", where, ""),
        placeholders=placeholders,
        duration_varies=_flag(entry, "duration_varies", where),
        added=_flag(entry, "added", where),
        aliases=aliases,
        acquires=_flag(entry, "acquires", where),
    )


def _aliases(
    entry: Mapping[str, Any], where: str, placeholders: tuple[str, ...], *, special_move: bool
) -> tuple[str, ...]:
    """Other wordings of one Action (the index's where the rule writes it differently): read
    as the Action, never written. An alias carries the pattern's placeholders in the same
    order, so its values fill the canonical form; a Special Move's alias may also name a
    ``{station}`` the Move already names (``Walking to {station}``), which the play checks."""
    value = entry.get("aliases", [])
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise ActionIndexError(f"{where}: 'aliases' must be a list of texts, not {value!r}")
    for alias in value:
        if not alias.strip() or alias != alias.strip() or "[" in alias or "]" in alias:
            raise ActionIndexError(f"{where}: alias {alias!r} must be the bare bracket text")
        named = placeholders_of(alias)
        if named == placeholders:
            continue
        if not special_move or named_station(named, placeholders) is None:
            wanted = " ".join(f"{{{p}}}" for p in placeholders) or "none"
            raise ActionIndexError(
                f"{where}: alias {alias!r} must have the pattern's placeholders in order "
                f"({wanted})" + ("" if special_move else "; only a Special Move may add {station}")
            )
    return tuple(value)


def read_action_index(path: Path, ruleset: str, rules: frozenset[str]) -> ActionIndex:
    """Read and check one actions.toml; every error names ``path`` and the entry."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ActionIndexError(f"{path}: not valid TOML: {error}") from None
    entries = data.get("action")
    if not isinstance(entries, list) or not entries:
        raise ActionIndexError(f"{path}: no [[action]] entries")
    specs: list[ActionSpec] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        spec = parse_spec(entry, f"{path}: action #{number}", rules)
        if spec.name in seen:
            raise ActionIndexError(f"{path}: action #{number}: name {spec.name!r} is used twice")
        seen.add(spec.name)
        specs.append(spec)
    return ActionIndex(ruleset=ruleset, specs=tuple(specs))


@cache
def load_action_index(ruleset: str = "vanilla") -> ActionIndex:
    """The checked action index of ``rules/<ruleset>/actions.toml``, read once."""
    folder = data_dir("rules") / ruleset
    return read_action_index(folder / "actions.toml", ruleset, _rule_numbers(folder))
