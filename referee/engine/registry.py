"""Where the rules hang: Action handlers, turn hooks, Move checks and position effects.

An Action family is a module of small functions, each registered by a decorator with the
registry it belongs to (the vanilla one by default)::

    from referee.engine.registry import VANILLA

    @VANILLA.action("Opening MC")
    def opening_mc(ctx: TurnContext, action: Action) -> None:
        '''Rule 1.7.28 - Key to the Crescent: ...'''
        ctx.flags.add("opening_mc")

Modules in :mod:`referee.engine.sections` are imported by :func:`load_sections`, so adding a
family is adding a module there; the core is never edited. A variant copies a registry and
overrides entries (:meth:`Registry.copy`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.plays import Play
from referee.notation.tokens import Colour

if TYPE_CHECKING:
    from referee.engine.context import MoveContext, TurnContext
    from referee.engine.history import Position
    from referee.network.routes import Route
    from referee.notation.gsd import GSD
    from referee.notation.plays import Move

Handler = Callable[["TurnContext", Action], None]
"""Adjudicates one Action: reads and changes ``ctx``, reports violations through it."""
Hook = Callable[["TurnContext"], None]
"""Runs at the start or end of every Turn (rule 1.3.4's phases bracket it)."""
MoveCheck = Callable[["TurnContext", "MoveContext"], None]
"""Judges a found route of a Move (what a Move can hit); reports through ``ctx.violate``."""
PositionEffect = Callable[[dict[str, "Position"], Play, Action], None]
"""Moves Pieces as an Action of the record did, so derived positions follow it."""
PositionSettler = Callable[[dict[str, "Position"], "GSD"], None]
"""Corrects derived positions from what the GSD's tables say once the whole record is read:
where an Action's outcome hung on state the record does not keep (the Token Stacks when a
Shunt met a Kafka Sinkhole, rule 1.9.6), the Turn wrote the outcome into the tables."""
PlayEffect = Callable[[dict[str, "Position"], Play], None]
"""Moves or removes Pieces as a whole play of the record did, once its parts are read: for
outcomes the referee wrote into the play's comment (a Bifurcated Piece destroyed, rule
1.7.42), which belong to no one Action. Only plays with a comment are handed to it."""
CostRule = Callable[["TurnContext", "ActionSpec | None", dict[Colour, int]], dict[Colour, int]]
"""Adjusts a cost before it is paid (Knip, rule 1.8.4; Bocks, rule 1.8.8): gets the Action's
spec (None for a cost no Action names) and the counts, returns the counts to charge."""
DurationRule = Callable[["TurnContext", "ActionSpec", int], int]
"""Adjusts an Action's minutes of Game Time before they are spent (British Rail Coffee, rule
1.4.16): gets the spec and the minutes, returns the minutes to spend."""

LvRule = Callable[["TurnContext", str, int], int]
"""Adjusts a player's new Line Velocity as it is set (a Spoon Clamp's cap, rule 1.4.39): gets
the player and the LV, returns the LV to keep."""

RouteSource = Callable[["TurnContext", "Position", "Move", int], "list[Route]"]
"""Offers more routes of exactly the given LV for a Move than the map's ordinary search finds
(rule 1.5.6's rebounds); gets the Piece's start, the Move and the LV."""

MoveHook = Callable[["TurnContext", "MoveContext"], None]
"""Runs once an ordinary Move has been made along its chosen route (a variant's cost of the
steps taken)."""
BonusRule = Callable[["TurnContext", "MoveContext"], "Mapping[Colour, int]"]
"""What one Move earns in the Token Collection phase, replacing rule 1.4.20's table."""

F = TypeVar("F")


@dataclass
class Registry:
    """Everything a ruleset adjudicates with, by name."""

    name: str
    handlers: dict[str, Handler] = field(default_factory=dict)
    start_of_turn: list[Hook] = field(default_factory=list)
    end_of_turn: list[Hook] = field(default_factory=list)
    move_checks: list[MoveCheck] = field(default_factory=list)
    position_effects: dict[str, PositionEffect] = field(default_factory=dict)
    position_settlers: list[PositionSettler] = field(default_factory=list)
    play_effects: list[PlayEffect] = field(default_factory=list)
    cost_rules: list[CostRule] = field(default_factory=list)
    paid_elsewhere: set[str] = field(default_factory=set)
    """Actions whose paid Tokens a rule sends somewhere other than a Token Stack (rule
    1.4.19: the Token exchanges; Toll and Rent pay the cited player)."""
    route_sources: list[RouteSource] = field(default_factory=list)
    duration_rules: list[DurationRule] = field(default_factory=list)
    lv_rules: list[LvRule] = field(default_factory=list)
    after_placement: list[Hook] = field(default_factory=list)
    """Run once paid Tokens are on their Stacks (rule 1.14.2's rewards look at them)."""
    after_action: list[Hook] = field(default_factory=list)
    """Run after each adjudicated Action (states that hold "immediately", rule 1.7.54)."""
    after_move: list[MoveHook] = field(default_factory=list)
    """Run after each Move of the play that moved a Piece, with that Move (what a Move does
    at once: to the other Piece of a Bifurcated player, rule 1.7.42; a variant's cost per
    step)."""
    collection: BonusRule | None = None
    """A ruleset's own Token Collection; None keeps rule 1.4.20's table."""

    def action(self, *names: str) -> Callable[[Handler], Handler]:
        """Register a handler for the index Actions ``names`` (ActionSpec names)."""

        def register(function: Handler) -> Handler:
            for name in names:
                if name in self.handlers:
                    raise ValueError(f"{self.name}: [{name}] already has a handler")
                self.handlers[name] = function
            return function

        return register

    def move_check(self, function: MoveCheck) -> MoveCheck:
        """Register a check every Move's route must pass."""
        self.move_checks.append(function)
        return function

    def at_start(self, function: Hook) -> Hook:
        """Register a start-of-turn effect."""
        self.start_of_turn.append(function)
        return function

    def at_end(self, function: Hook) -> Hook:
        """Register an end-of-turn effect."""
        self.end_of_turn.append(function)
        return function

    def moves_pieces(self, *names: str) -> Callable[[PositionEffect], PositionEffect]:
        """Register how the Actions ``names`` move Pieces, for :func:`history.derive`."""

        def register(function: PositionEffect) -> PositionEffect:
            for name in names:
                self.position_effects[name] = function
            return function

        return register

    def settles_positions(self, function: PositionSettler) -> PositionSettler:
        """Register a correction :func:`history.derive` applies after reading the record."""
        self.position_settlers.append(function)
        return function

    def reads_plays(self, function: PlayEffect) -> PlayEffect:
        """Register a position effect :func:`history.derive` applies after each whole play
        that has a comment (where the referee writes what the record cannot show)."""
        self.play_effects.append(function)
        return function

    def cost_rule(self, function: CostRule) -> CostRule:
        """Register a rule that changes what Actions cost (applied in registration order)."""
        self.cost_rules.append(function)
        return function

    def route_source(self, function: RouteSource) -> RouteSource:
        """Register a source of extra routes for ordinary Moves (rule 1.5.6)."""
        self.route_sources.append(function)
        return function

    def after_paid_placement(self, function: Hook) -> Hook:
        """Register an effect run after rule 1.4.19's placement of paid Tokens."""
        self.after_placement.append(function)
        return function

    def after_each_action(self, function: Hook) -> Hook:
        """Register an effect run after every adjudicated Action's handler."""
        self.after_action.append(function)
        return function

    def duration_rule(self, function: DurationRule) -> DurationRule:
        """Register a rule that changes how long Actions take (applied in registration order)."""
        self.duration_rules.append(function)
        return function

    def lv_rule(self, function: LvRule) -> LvRule:
        """Register a rule that bounds a player's LV whenever it is set."""
        self.lv_rules.append(function)
        return function

    def after_each_move(self, function: MoveHook) -> MoveHook:
        """Register an effect run after every Move that moved a Piece, in written order."""
        self.after_move.append(function)
        return function

    def collects(self, function: BonusRule) -> BonusRule:
        """Register the ruleset's own Token Collection in place of rule 1.4.20's table."""
        self.collection = function
        return function

    def copy(self, name: str) -> Registry:
        """A registry for a variant: the same entries, free to be overridden.

        Every container field is copied by its own type, so a field added later is carried
        without this method having to list it in order.
        """
        copied: dict[str, object] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, list | dict | set):
                value = value.copy()
            copied[item.name] = value
        copied["name"] = name
        return Registry(**copied)  # type: ignore[arg-type]


VANILLA = Registry("vanilla")
"""The registry of the vanilla ruleset; family modules register here."""
VANILLA.paid_elsewhere |= {
    "Gold to Blue", "Gold to Silver", "Gold to Bronze", "Silver to Bronze", "Silver to Gold",
    "Token on", "Toll", "Rent",
}  # fmt: skip


@cache
def load_sections() -> Registry:
    """Import every module of :mod:`referee.engine.sections` (which registers its rules) and
    return the vanilla registry."""
    from referee.engine import sections

    for module in pkgutil.iter_modules(sections.__path__):
        importlib.import_module(f"{sections.__name__}.{module.name}")
    return VANILLA
