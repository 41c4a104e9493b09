"""The Knightsbridge 1965 ruleset: Volume 1's data and handlers with the amendments laid over.

Rule 4.0.0 - '65 Amendements: where the 1965 rules and an earlier set disagree, the 1965 rules
win. So the variant's action index is Volume 1's with the amendments' entries put over it (an
entry of the same name takes the old one's place, as [Greening], [Narging], [Spooning] and
[Hyde Transformation] do), and its rulebook cites the amendments' numbers beside Volume 1's.
Every other table (Token Collection, the Emporium, the Bureau) is Volume 1's, with the
figures the amendments name in their text added (``figures.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from referee.engine.registry import Registry
from referee.engine.rulebook import Rulebook, load_rulebook
from referee.engine.ruleset import Ruleset, RuleSettings
from referee.engine.tables.figures import load_figures
from referee.engine.tables.ruleset_tables import RulesetTables, load_tables
from referee.notation.action_index import (
    ActionIndex,
    load_action_index,
    read_action_index,
)
from referee.resources import data_dir

if TYPE_CHECKING:
    from referee.engine.context import TurnContext

NAME = "knightsbridge-1965"
"""The variant's name, and the folder of ``rules/`` holding the amendments' own data."""


@cache
def amendments_rulebook() -> Rulebook:
    """Volume 1's rules and sections with the amendments' added."""
    vanilla, amendments = load_rulebook("vanilla"), load_rulebook(NAME)
    return Rulebook(
        name=NAME,
        rules={**vanilla.rules, **amendments.rules},
        sections={**vanilla.sections, **amendments.sections},
    )


@cache
def amendments_index() -> ActionIndex:
    """Volume 1's index with the amendments' Actions laid over it (rule 4.0.0)."""
    rules = frozenset(amendments_rulebook().rules)
    added = read_action_index(data_dir("rules") / NAME / "actions.toml", NAME, rules)
    by_name = {spec.name: spec for spec in added}
    base = load_action_index("vanilla")
    specs = [by_name.pop(spec.name, spec) for spec in base]
    specs.extend(spec for spec in added if spec.name in by_name)
    return ActionIndex(ruleset=NAME, specs=tuple(specs))


@cache
def amendments_tables() -> RulesetTables:
    """Volume 1's tables with the amendments' own figures (``figures.toml``: the Fuse
    Counters of rule 4.1.1.4, the Station Podumes' colours of rule 4.2.1.4, ...)."""
    return replace(load_tables("vanilla"), figures=load_figures(NAME))


@dataclass(frozen=True)
class KnightsbridgeSettings(RuleSettings):
    """Volume 1's settings and the readings of the 1965 rules players could set differently."""

    fuse_burns_when_created: bool = True
    """Rule 4.1.1.4: whether the Potato's creator loses a Fuse Counter at the end of the very
    Turn e created it in (e has it then), or only from eir next Turn on."""
    in_spoon_counts_waived_costs: bool = True
    """Rule 4.1.1.3: whether an Action whose cost a Podume waives (the Spanger's free Shunts,
    Dr. Jekyll's free Cowering) is still one "that has a Token Cost that includes" Red or
    Blue, so that a player In Spoon may not perform it, or is judged by what e would pay."""
    podume_bonus_on_pass: bool = False
    """Rule 4.2.1.4: whether a Pass "ends eir Move" at the Station where the Piece stands, so
    that a Station Podume's holder resting at a Station of its category earns its Token."""


class Knightsbridge1965(Ruleset):
    """Volume 1 with the 1965 Knightsbridge amendments (Player States and Podumes)."""

    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = (
        "knightsbridge", "kb65", "knightsbridge 1965", "knightsbridge '65", "1965 knightsbridge",
    )  # fmt: skip
    rules_name: ClassVar[str] = "vanilla"
    """Volume 1's tables serve for everything the amendments leave alone."""

    def __init__(self, settings: RuleSettings | None = None) -> None:
        if settings is not None and not isinstance(settings, KnightsbridgeSettings):
            settings = KnightsbridgeSettings(**vars(settings))
        super().__init__(settings or KnightsbridgeSettings())

    def starting_speed_limit(self, ctx: TurnContext) -> int:
        """Rules 4.2.1.1 and 4.2.1.5: a Line at its starting Speed Limit (rule 1.20.0) admits
        the Speed Podume's holder at LV 13 "instead of the usual 10", and Mr. Hyde at 12 (the
        larger, if both)."""
        from referee.variants.knightsbridge.powers import podume_limit

        own = podume_limit(ctx)
        return own[0] if own is not None else super().starting_speed_limit(ctx)

    def tables(self) -> RulesetTables:
        return amendments_tables()

    def action_index(self) -> ActionIndex:
        return amendments_index()

    def rulebook(self) -> Rulebook:
        return amendments_rulebook()

    def registry(self) -> Registry:
        from referee.variants.knightsbridge.layer import registry

        return registry()
