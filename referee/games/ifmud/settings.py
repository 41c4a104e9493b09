"""The readings of ifMUD Nomic a Speaker may set per game, where players could reasonably read
a rule two ways (rules/ifmud-nomic/readings.md says which way each default reads it).

A game's settings reach the kind as ``GameView.settings`` (``name``, value text) pairs, the
form the service stores; :meth:`Readings.parse` takes the ones named here and refuses a value
that means nothing, and :meth:`Readings.render` writes them back as ``name=value`` the way the
Speaker's ``set`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, cast

TRUE = ("yes", "true", "on", "1")
FALSE = ("no", "false", "off", "0")


@dataclass(frozen=True)
class Readings:
    """The settings and their defaults."""

    omnibus_servant_bars: bool = False
    """Rule 80 (rules/ifmud-nomic/readings.md#r80): whether rules 36 and 87 also bar a
    servant's Omnibus ride (no by default: riding is not a "move", rule 89)."""
    bubble_doubles_every_entry: bool = False
    """Rule 29 (rules/ifmud-nomic/readings.md#r29): whether the bubble's award doubles on
    every entry, even one that earns nothing (no by default: it doubles when paid)."""
    pie_die: int = 6
    """Rule 116 (rules/ifmud-nomic/readings.md#r116): the sides of the "one die" a pie is
    thrown with."""

    @classmethod
    def parse(cls, pairs: tuple[tuple[str, str], ...]) -> Readings:
        """The readings ``pairs`` set; names not listed here belong to other games."""
        readings = cls()
        known = {f.name: f for f in fields(cls)}
        for name, text in pairs:
            if name not in known:
                continue
            value: bool | int
            if known[name].type == "bool":
                if text.lower() not in TRUE + FALSE:
                    raise ValueError(f"{name} is true or false, not {text!r}")
                value = text.lower() in TRUE
            else:
                try:
                    value = int(text)
                except ValueError:
                    raise ValueError(f"{name} is a whole number, not {text!r}") from None
                if value < 2:
                    raise ValueError(f"{name} must be a die of at least two sides")
            readings = replace(readings, **cast(dict[str, Any], {name: value}))
        return readings

    def render(self) -> str:
        """Every setting as ``name=value``, one a line."""
        lines = []
        for each in fields(self):
            value = getattr(self, each.name)
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            lines.append(f"{each.name}={text}")
        return "\n".join(lines)


DICE = (4, 6, 8, 10, 12, 20)
"""The dice a Speaker may choose for rule 116's "one die" (rules/ifmud-nomic/readings.md#r116):
the common polyhedral dice."""


def choices() -> dict[str, tuple[str, ...]]:
    """Every reading as the games seam offers it to the Speaker's ``set`` (``GameKind.choices``):
    its name and the values it may take, the default first, written as :meth:`Readings.parse`
    reads them."""
    found: dict[str, tuple[str, ...]] = {}
    defaults = Readings()
    for each in fields(Readings):
        value = getattr(defaults, each.name)
        if isinstance(value, bool):
            found[each.name] = ("true", "false") if value else ("false", "true")
        else:
            found[each.name] = (str(value), *(str(d) for d in DICE if d != value))
    return found
