"""The readings a Speaker may set for one game, by name, and their text.

Where players could reasonably read a rule two ways the referee has a setting (the fields of
the ruleset's :class:`~referee.engine.ruleset.RuleSettings`, a variant's own subclass of it, the
deadline policy of :class:`~referee.engine.life.deadlines.DeadlinePolicy`, and the service's buzz
mode). This module is their one catalogue: every setting has a name, a type taken from its
dataclass field (a truth value, a whole number, a number, or one of a few words), a default,
and a sentence saying which rule it reads. :class:`GameSettings` is the value a game stores:
the setting names mapped to values; :meth:`GameSettings.parse` and
:meth:`GameSettings.render` are its text, written ``name=value`` as the Speaker's
``set route_choice=first`` and ``referee check --set route_choice=first`` write it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from enum import Enum
from typing import Any, cast, get_type_hints

from referee.chamber.settings import ChamberSettings
from referee.engine.life.deadlines import DeadlinePolicy
from referee.engine.ruleset import RouteChoice, Ruleset

Value = bool | int | float | str

BUZZ_MODES = ("strict", "players")
"""Rule 1.16.2 as the service runs it: ``strict`` refuses a turn the engine finds illegal;
``players`` posts it and the referee buzzes it, as a player would."""

WORD_CHOICES: dict[str, tuple[str, ...]] = {
    "route_choice": (RouteChoice.BEST, RouteChoice.FIRST),
    "paid_token_default": ("stack", "discard"),
    "buzz_mode": BUZZ_MODES,
    "boundary_zone_bonus": ("lower", "higher", "both"),
}
"""The words a setting held as plain text may take (an Enum field lists its own)."""

BOUNDS: dict[str, tuple[float, float]] = {"narg_tolerance_degrees": (0.0, 45.0)}
"""Numbers outside these bounds mean nothing: beyond 45 degrees every section of Line would
be both horizontal and vertical (rule 1.4.40)."""

FALLBACK_DOCS = {
    "route_choice": "Rule 1.4.20: which of several valid routes counts for Token Collection: "
    "'best' the one earning the most Tokens, 'first' the first the route search finds.",
}
"""What a setting reads, where its field carries no docstring of its own."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class SettingError(ValueError):
    """A setting name or value this referee does not know; the message lists the valid ones."""


@dataclass(frozen=True)
class Setting:
    """One setting: its name, the type of its value, its default and what it reads."""

    name: str
    kind: type
    default: Value
    doc: str
    scope: str
    """Where it acts: ``rules`` (the engine), ``deadlines``, ``service`` or ``chamber``."""

    @property
    def choices(self) -> tuple[str, ...]:
        """The words the value may be, for a setting that is one of a few words."""
        if self.kind is bool:
            return ("true", "false")
        if issubclass(self.kind, Enum):
            return tuple(str(member.value) for member in self.kind)
        return WORD_CHOICES.get(self.name, ())

    def valid(self) -> str:
        """The valid values, as a refusal lists them."""
        if self.kind is int:
            return "a whole number"
        if self.kind is float:
            low, high = BOUNDS.get(self.name, (-math.inf, math.inf))
            return f"a number from {low:g} to {high:g}" if self.name in BOUNDS else "a number"
        return " or ".join(self.choices)

    def parse(self, text: str) -> Value:
        """The value ``text`` writes, or :class:`SettingError` listing the valid ones."""
        word = text.strip()
        try:
            if self.kind is bool and word.casefold() in _TRUE + _FALSE:
                return word.casefold() in _TRUE
            if self.kind is int and word.lstrip("+-").isdigit():
                return int(word)
            if self.kind is float:
                number = float(word)
                low, high = BOUNDS.get(self.name, (-math.inf, math.inf))
                if math.isfinite(number) and low <= number <= high:
                    return number
            if self.kind is str or issubclass(self.kind, Enum):
                for choice in self.choices:
                    if word.casefold() == choice.casefold():
                        return choice if self.kind is str else cast(str, self.kind(choice))
        except ValueError:
            pass
        raise SettingError(f"{self.name}={text!r} is not a value it takes; write {self.valid()}")

    def render(self, value: Value) -> str:
        """The text of ``value``, which :meth:`parse` reads back."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, Enum):
            return str(value.value)
        if isinstance(value, float):
            return repr(value)
        return str(value)


def _from_dataclass(cls: type, scope: str) -> list[Setting]:
    hints = get_type_hints(cls)
    out = []
    for item in fields(cls):
        kind = hints[item.name]
        if not isinstance(kind, type) or not (
            kind in (bool, int, float, str) or issubclass(kind, Enum)
        ):
            raise TypeError(f"setting {item.name} has a type no text can write: {kind!r}")
        if kind is str and item.name not in WORD_CHOICES:
            raise TypeError(f"setting {item.name} is plain text: list its words in WORD_CHOICES")
        doc = _field_docs(cls).get(item.name) or FALLBACK_DOCS.get(item.name, "")
        out.append(Setting(item.name, kind, item.default, doc, scope))  # type: ignore[arg-type]
    return out


def _field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of ``cls`` and its bases (read from the source)."""
    import ast
    import inspect

    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not is_dataclass(klass):
            continue
        try:
            tree = ast.parse(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for field_node, after in itertools.pairwise(body):
            if (
                isinstance(field_node, ast.AnnAssign)
                and isinstance(field_node.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[field_node.target.id] = " ".join(after.value.value.split())
    return docs


_BUZZ_MODE = Setting(
    "buzz_mode",
    str,
    "strict",
    "Rule 1.16.2: 'strict' refuses a turn the engine finds illegal; 'players' posts it and "
    "the referee buzzes it as a player would.",
    "service",
)


_PUBLISHED_RULES_AMENDABLE = Setting(
    "published_rules_amendable",
    bool,
    True,
    "ifMUD rule 35 (rules/amendments.md#rule-35): true lets a proposal amend the published "
    "rules' tables and texts; false holds them to rule 35 as rules enacted in the game are "
    "held: only their rule numbers may be amended, or they may be repealed.",
    "service",
)


_CATALOGUES: dict[type[Ruleset], dict[str, Setting]] = {}


def catalogue(ruleset: type[Ruleset] = Ruleset) -> dict[str, Setting]:
    """Every setting of a game under ``ruleset``, by name, in a stable order."""
    if ruleset not in _CATALOGUES:
        rules = _from_dataclass(type(ruleset().settings), "rules")
        deadlines = _from_dataclass(DeadlinePolicy, "deadlines")
        chamber = _from_dataclass(ChamberSettings, "chamber")
        service = (_BUZZ_MODE, _PUBLISHED_RULES_AMENDABLE)
        _CATALOGUES[ruleset] = {s.name: s for s in (*rules, *deadlines, *service, *chamber)}
    return _CATALOGUES[ruleset]


def _key(name: str) -> str:
    return name.strip().replace("-", "_").casefold()


@dataclass(frozen=True)
class GameSettings:
    """The settings of one game: a value for every setting named, defaults for the rest."""

    values: tuple[tuple[str, Value], ...] = ()
    ruleset: type[Ruleset] = Ruleset

    @classmethod
    def parse(
        cls,
        assignments: Iterable[str],
        ruleset: type[Ruleset] = Ruleset,
        scopes: tuple[str, ...] = ("rules", "deadlines", "service", "chamber"),
    ) -> GameSettings:
        """Settings from ``name=value`` texts (later ones win), or :class:`SettingError`
        naming the valid names or values; only settings of ``scopes`` are taken (the
        command line judges turns, so it takes only the rules' own)."""
        known = {n: s for n, s in catalogue(ruleset).items() if s.scope in scopes}
        chosen: dict[str, Value] = {}
        for text in assignments:
            name, equals, value = text.partition("=")
            setting = known.get(_key(name))
            if setting is None or not equals:
                raise SettingError(
                    f"{text.strip()!r} is not a setting of this game; write NAME=VALUE with one "
                    f"of: {', '.join(known)}"
                )
            chosen[setting.name] = setting.parse(value)
        return cls(tuple((n, chosen[n]) for n in known if n in chosen), ruleset)

    @classmethod
    def of_stored(cls, stored: Mapping[str, str] | None, ruleset: type[Ruleset]) -> GameSettings:
        """The settings a game stored as texts (see :meth:`as_stored`)."""
        return cls.parse((f"{k}={v}" for k, v in (stored or {}).items()), ruleset)

    def get(self, name: str) -> Value:
        for known, value in self.values:
            if known == name:
                return value
        return catalogue(self.ruleset)[name].default

    def full(self) -> GameSettings:
        """Every setting with its value, defaults included (what a new game stores, so a
        later change of a default never changes a game under way)."""
        return GameSettings(tuple((n, self.get(n)) for n in catalogue(self.ruleset)), self.ruleset)

    def changed(self) -> GameSettings:
        """Only the settings whose value differs from the default."""
        known = catalogue(self.ruleset)
        return GameSettings(
            tuple((n, v) for n, v in self.values if v != known[n].default), self.ruleset
        )

    def only(self, scope: str) -> GameSettings:
        """Only the settings acting in ``scope`` (``rules``, ``deadlines``, ``service``)."""
        known = catalogue(self.ruleset)
        return GameSettings(
            tuple((n, v) for n, v in self.values if known[n].scope == scope), self.ruleset
        )

    def as_stored(self) -> dict[str, str]:
        known = catalogue(self.ruleset)
        return {name: known[name].render(value) for name, value in self.values}

    def render(self) -> str:
        """``name=value`` pairs separated by spaces, as :meth:`parse` reads them back (split
        on spaces); empty when nothing is set."""
        return " ".join(f"{n}={v}" for n, v in self.as_stored().items())

    def lines(self) -> list[str]:
        """One line per setting held: ``name = value`` (and the default where it differs);
        ``full().lines()`` lists every setting, ``changed().lines()`` those not at default."""
        known = catalogue(self.ruleset)
        out = []
        for name, value in self.values:
            setting = known[name]
            default = setting.render(setting.default)
            note = "" if value == setting.default else f" (default {default})"
            out.append(f"{name} = {setting.render(value)}{note}")
        return out

    def rules(self) -> Ruleset:
        """The ruleset judging this game's turns under these settings."""
        base = self.ruleset()
        changes: dict[str, Any] = {
            n: v for n, v in self.values if catalogue(self.ruleset)[n].scope == "rules"
        }
        return type(base)(replace(base.settings, **changes)) if changes else base

    def deadlines(self) -> DeadlinePolicy:
        """The deadline policy of this game."""
        changes: dict[str, Any] = {
            n: v for n, v in self.values if catalogue(self.ruleset)[n].scope == "deadlines"
        }
        return DeadlinePolicy(**changes)

    @property
    def buzz_mode(self) -> str:
        return str(self.get("buzz_mode"))

    @property
    def published_rules_amendable(self) -> bool:
        return bool(self.get("published_rules_amendable"))
