"""The early-draft ruleset: an older, shorter ruleset of the same game, as a variant.

Volume 1 (:class:`~referee.engine.ruleset.Ruleset`) stands wherever the draft is silent; this
class overrides what the draft changes: its own Action index and rule numbers
(``rules/early-draft/``), a registry of its own rules (:mod:`.moving`, :mod:`.blocks`,
:mod:`.collection`), Moves of as many steps as the player's Black Tokens pay for, and paid
Tokens leaving the game (the draft has no Token Stacks). The differences, rule by rule, and
every reading taken are in rules/early-draft/README.md.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from referee.engine.registry import Registry
from referee.engine.ruleset import Ruleset, RuleSettings
from referee.engine.tables.hook_order import load_hook_order
from referee.engine.tables.ruleset_tables import RulesetTables
from referee.engine.tables.token_collection import TokenCollectionTable
from referee.notation.tokens import Colour
from referee.variants.early_draft import blocks, collection, moving
from referee.variants.early_draft.registry import DRAFT
from referee.variants.early_draft.settings import EarlyDraftSettings

if TYPE_CHECKING:
    from referee.engine.context import TurnContext
    from referee.engine.history import Position

DRAFT_SETTINGS = EarlyDraftSettings(paid_token_default="discard", route_revisits=False)
"""Rule 5: paid Tokens are removed (no Stacks); rule 4: no Station stepped to twice."""

CITATIONS: dict[str, str] = {
    "1.2.0": "2",
    "1.3.4": "3",
    "1.4.19": "5",
    "1.4.20": "4",
    "1.5.1": "4",
    "1.5.11": "4",
    "1.6.2": "4",
    "1.7.1": "5",
    "1.7.42": "4",
    "1.17.9": "7",
}
"""Volume 1 rules the engine's core cites, and the draft's rule that says the same thing
(Turn Phases, Moving, paying Tokens); the rest the draft keeps by Volume 1's number."""


class EarlyDraft(Ruleset):
    """The early-draft ruleset (the draft's Rules 1-9), over Volume 1."""

    name: ClassVar[str] = "early-draft"
    aliases: ClassVar[tuple[str, ...]] = ("early draft", "draft", "earlydraft")
    rules_name: ClassVar[str] = "early-draft"
    moves_by_lv: ClassVar[bool] = False
    has_charge: ClassVar[bool] = False
    """The draft has no Current nor Charge (Volume 1's section 1.19): rule 4's steps cost
    Black and nothing else, so the Token Table's Charge column stays as it is."""

    def __init__(self, settings: RuleSettings | None = None) -> None:
        if settings is not None and not isinstance(settings, EarlyDraftSettings):
            settings = EarlyDraftSettings(**vars(settings))
        super().__init__(settings or DRAFT_SETTINGS)

    def registry(self) -> Registry:
        """The draft's own rules only (see :mod:`.registry` for why not a Volume 1 copy)."""
        return _arranged()

    def token_collection(self) -> TokenCollectionTable:
        """The draft has no rule 1.4.20 table: its landing bonuses (:mod:`.collection`)
        replace Token Collection through the registry."""
        raise LookupError("the early-draft ruleset has no Token Collection Table")

    def prepare(self) -> None:
        """Load the map's routes, the index, the rulebook and the registry (with its hook
        order) now: the draft has no other table."""
        self.network().routes.prepare()
        self.action_index()
        self.rulebook()
        self.registry()

    def tables(self) -> RulesetTables:
        """The draft has none of Volume 1's tables (rules/early-draft/README.md); its own
        registry never asks for one."""
        raise LookupError("the early-draft ruleset has no tables besides its action index")

    def move_lengths(self, ctx: TurnContext, start: Position) -> tuple[int, ...]:
        """Rule 4: no Line Velocity; any number of steps the player's Black Tokens could pay
        for (one each), the fewest that reach the destination counting."""
        return tuple(range(1, ctx.me.tokens[Colour.BK] + 1))

    def cite(self, number: str) -> str:
        """The draft's rule for a Volume 1 citation of the core (:data:`CITATIONS`)."""
        return CITATIONS.get(number, number)


@cache
def _arranged() -> Registry:
    """The draft's registry, its hooks in ``rules/early-draft/hooks.toml``'s order."""
    return DRAFT.arrange(load_hook_order("early-draft"))


__all__ = ["DRAFT", "EarlyDraft", "EarlyDraftSettings", "blocks", "collection", "moving"]
