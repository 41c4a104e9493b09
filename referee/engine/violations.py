"""What the referee says when a turn breaks a rule.

A violation names its rule by number and title and says, in the referee's own words, what is
wrong and what the player can do about it ("Euston is 3 stations from Holborn by CN then NT;
your LV is 4"). Handlers collect violations rather than raising them, so a player hears
everything wrong with a turn at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.rulebook import Rule, load_rulebook


@dataclass(frozen=True)
class Violation:
    """One way in which a turn breaks one rule."""

    rule: Rule
    message: str

    @classmethod
    def of(cls, number: str, message: str, ruleset: str = "vanilla") -> Violation:
        """A violation of rule ``number`` of ``ruleset``; unknown numbers fail loudly."""
        return cls(load_rulebook(ruleset).rule(number), message)

    def render(self) -> str:
        """The line a player reads: the rule cited, then what to fix."""
        return f"{self.rule}: {self.message}"

    def as_json(self) -> dict[str, Any]:
        """The form ``referee check --json`` prints (docs/DESIGN.md: at least rule and message)."""
        return {"rule": self.rule.number, "title": self.rule.title, "message": self.message}
