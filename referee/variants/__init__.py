"""Rulesets: the vanilla game and the variants layered over it (python-chess's variant.py is
the model: one class per variant, a list of them and a lookup by name)."""

from __future__ import annotations

from referee.engine.ruleset import Ruleset, RuleSettings
from referee.variants.early_draft import EarlyDraft
from referee.variants.knightsbridge import Knightsbridge1965

VARIANTS: tuple[type[Ruleset], ...] = (Ruleset, EarlyDraft, Knightsbridge1965)
"""Every ruleset this referee knows, vanilla first."""


class UnknownVariantError(LookupError):
    """A variant name no ruleset answers to."""


def find_variant(name: str) -> type[Ruleset]:
    """The ruleset class called ``name`` (or one of its aliases), any case."""
    key = " ".join(name.split()).casefold()
    for variant in VARIANTS:
        if key == variant.name.casefold() or key in (a.casefold() for a in variant.aliases):
            return variant
    known = ", ".join(v.name for v in VARIANTS)
    raise UnknownVariantError(f"there is no variant {name!r}; this referee knows: {known}")


__all__ = [
    "VARIANTS",
    "EarlyDraft",
    "RuleSettings",
    "Ruleset",
    "UnknownVariantError",
    "find_variant",
]
