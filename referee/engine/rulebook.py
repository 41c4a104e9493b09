"""Rules by number and title, so every message a player reads can cite its rule properly.

The titles live in ``rules/<ruleset>/titles.toml``. A citation of a number the rulebook does
not hold is a programming error and fails loudly, so a mistyped rule number in a handler is
caught by its tests rather than shown to a player.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from referee.resources import data_dir


def rule_key(number: str) -> tuple[int, ...]:
    """Sort key for rule numbers: 1.6.2 before 1.6.10."""
    return tuple(int(part) for part in number.split("."))


@dataclass(frozen=True)
class Rule:
    """One rule of a ruleset, as it is cited."""

    number: str
    title: str

    def __str__(self) -> str:
        return f"Rule {self.number} - {self.title}"


class UnknownRuleError(LookupError):
    """A rule number that the ruleset does not have."""


@dataclass(frozen=True)
class Rulebook:
    """The numbered rules and sections of one ruleset."""

    name: str
    rules: dict[str, Rule]
    sections: dict[str, str]

    def rule(self, number: str) -> Rule:
        """The rule numbered ``number`` (e.g. "1.6.2")."""
        try:
            return self.rules[number]
        except KeyError:
            raise UnknownRuleError(f"the {self.name} ruleset has no rule {number}") from None

    def section_title(self, number: str) -> str:
        """The title of the section a rule belongs to ("1.6.2" -> "Line Velocity")."""
        section = ".".join(number.split(".")[:2])
        try:
            return self.sections[section]
        except KeyError:
            raise UnknownRuleError(f"the {self.name} ruleset has no section {section}") from None

    def __contains__(self, number: object) -> bool:
        return number in self.rules

    def numbers(self) -> list[str]:
        """Every rule number in reading order."""
        return sorted(self.rules, key=rule_key)


@cache
def load_rulebook(ruleset: str = "vanilla") -> Rulebook:
    """Read ``rules/<ruleset>/titles.toml`` once."""
    with (data_dir("rules") / ruleset / "titles.toml").open("rb") as handle:
        data = tomllib.load(handle)
    rules = {number: Rule(number, title) for number, title in data["rules"].items()}
    return Rulebook(name=ruleset, rules=rules, sections=dict(data["sections"]))
