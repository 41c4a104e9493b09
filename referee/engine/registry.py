"""Where the rules hang: Action handlers, turn hooks, Move checks and position effects.

An Action family is a module of small functions, each registered by a decorator with the
registry it belongs to (the vanilla one by default)::

    from referee.engine.registry import VANILLA

    @VANILLA.action("Opening MC")
    def opening_mc(ctx: TurnContext, action: Action) -> None:
        '''Rule 1.7.28 - Key to the Crescent: ...'''
        ctx.facts.opening_mc = True

Modules in :mod:`referee.engine.sections` are imported by :func:`load_sections`, so adding a
family is adding a module there; the core is never edited. List hooks (start and end of Turn,
Move checks, cost rules ...) are registered by name with the rule they apply, and run in the
order ``rules/<ruleset>/hooks.toml`` declares (:meth:`Registry.arrange`), never in import
order. A variant copies a registry and replaces or removes entries by name
(:meth:`Registry.copy`, :meth:`Registry.replaces`, :meth:`Registry.remove`), or lays a layer
of amendments over it (:meth:`Registry.lay`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from referee.engine.tables.hook_order import load_hook_order
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
TargetCheck = Callable[["TurnContext", Action, str], bool]
"""Judges an Action naming a player (its index pattern's ``{player}``) aimed at that player,
before its handler runs: reports through ``ctx.violate`` and returns False to refuse it
(Sanctuary, rule 1.11.7; the Prison Clamp, rule 1.4.47)."""
BonusRule = Callable[["TurnContext", "MoveContext"], "Mapping[Colour, int]"]
"""What one Move earns in the Token Collection phase, replacing rule 1.4.20's table."""

F = TypeVar("F", bound=Callable[..., object])

HOOK_KINDS: tuple[str, ...] = (
    "start_of_turn",
    "end_of_turn",
    "move_checks",
    "position_settlers",
    "play_effects",
    "cost_rules",
    "route_sources",
    "duration_rules",
    "lv_rules",
    "after_placement",
    "after_action",
    "after_move",
    "target_checks",
)
"""Every kind of list hook, by the Registry field its resolved functions are read from."""


class HookOrderError(ValueError):
    """A ruleset's hooks and its declared order disagree (raised at start-up, never mid-Turn)."""


@dataclass(frozen=True)
class Hooked:
    """One registered hook: the name its order and a variant refer to it by, the rule it
    applies, and the function."""

    kind: str
    name: str
    rule: str
    function: Callable[..., object]

    @property
    def where(self) -> str:
        """The function's module and name (``referee rules where`` shows it)."""
        return f"{self.function.__module__}.{self.function.__qualname__}"


def _default_name(function: Callable[..., object]) -> str:
    module = function.__module__.rsplit(".", 1)[-1]
    return f"{module}.{function.__name__.lstrip('_')}"


def _empty_hooks() -> dict[str, dict[str, Hooked]]:
    return {kind: {} for kind in HOOK_KINDS}


@dataclass
class Registry:
    """Everything a ruleset adjudicates with, by name.

    Handlers are keyed by Action. List hooks are registered by name with the rule they apply
    (:attr:`hooks`) and run in the order the ruleset declares for each kind
    (``rules/<ruleset>/hooks.toml``, :meth:`arrange`), never in the order modules happened
    to be imported. The list fields below hold the arranged functions the pipeline calls.
    """

    name: str
    handlers: dict[str, Handler] = field(default_factory=dict)
    hooks: dict[str, dict[str, Hooked]] = field(default_factory=_empty_hooks)
    """Registered hooks by kind and name (unordered: :attr:`order` orders them)."""
    order: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each kind's hook names in running order, as declared (set by :meth:`arrange`)."""
    replacing: dict[str, dict[str, Hooked]] = field(default_factory=_empty_hooks)
    """For a layer (:meth:`lay`): hooks of the registry below to replace, by name."""
    removing: dict[str, set[str]] = field(default_factory=dict)
    """For a layer (:meth:`lay`): hooks of the registry below to take out, by name."""
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
    target_checks: list[TargetCheck] = field(default_factory=list)
    """Run before the handler of each Action that names another player (see TargetCheck)."""
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

    # -- named hooks -----------------------------------------------------------------------

    def hook(self, kind: str, rule: str, name: str | None = None) -> Callable[[F], F]:
        """Register a hook of ``kind`` applying ``rule``, called ``name`` (by default
        ``<module>.<function>``, e.g. ``clamps.spoon_cap``); it runs once listed in the
        ruleset's declared order."""
        self._check_kind(kind)

        def register(function: F) -> F:
            key = name or _default_name(function)
            if key in self.hooks[kind]:
                raise ValueError(f"{self.name}: {kind} already has a hook {key!r}")
            self.hooks[kind][key] = Hooked(kind, key, rule, function)
            return function

        return register

    def replaces(self, kind: str, name: str, rule: str) -> Callable[[F], F]:
        """Put the decorated function, applying ``rule``, in the place of the hook ``name``
        (on a layer: of the registry it is laid over, :meth:`lay`)."""
        self._check_kind(kind)

        def register(function: F) -> F:
            hooked = Hooked(kind, name, rule, function)
            if name in self.hooks[kind]:
                self.hooks[kind][name] = hooked
                self._resolve()
            elif self.order:
                raise HookOrderError(f"{self.name}: {kind}: cannot replace {name!r}: no such hook")
            else:
                self.replacing[kind][name] = hooked
            return function

        return register

    def remove(self, kind: str, name: str) -> None:
        """Take the hook ``name`` out of this registry (on a layer: out of the registry it is
        laid over, :meth:`lay`)."""
        self._check_kind(kind)
        if name in self.hooks[kind]:
            del self.hooks[kind][name]
            self.order[kind] = tuple(n for n in self.order.get(kind, ()) if n != name)
            self._resolve()
        elif self.order:
            raise HookOrderError(f"{self.name}: {kind}: cannot remove {name!r}: no such hook")
        else:
            self.removing.setdefault(kind, set()).add(name)

    def _check_kind(self, kind: str) -> None:
        if kind not in HOOK_KINDS:
            raise ValueError(f"{self.name}: there is no kind of hook {kind!r}")

    def arrange(self, order: Mapping[str, Sequence[str]]) -> Registry:
        """Run each kind's hooks in the declared ``order``; fail on a registered hook the
        order does not list, a listed one nobody registered, or a name listed twice."""
        problems: list[str] = []
        for kind in order:
            if kind not in HOOK_KINDS:
                problems.append(f"{kind!r} is not a kind of hook")
        for kind in HOOK_KINDS:
            listed = tuple(order.get(kind, ()))
            registered = self.hooks[kind]
            twice = sorted({n for n in listed if listed.count(n) > 1})
            unlisted = sorted(set(registered) - set(listed))
            missing = [n for n in listed if n not in registered]
            if twice:
                problems.append(f"{kind}: listed twice: {', '.join(twice)}")
            if unlisted:
                problems.append(f"{kind}: registered but not in the order: {', '.join(unlisted)}")
            if missing:
                problems.append(f"{kind}: in the order but not registered: {', '.join(missing)}")
        if problems:
            raise HookOrderError(f"{self.name}: " + "; ".join(problems))
        self.order = {kind: tuple(order.get(kind, ())) for kind in HOOK_KINDS}
        self._resolve()
        return self

    def lay(self, layer: Registry, name: str, order: Mapping[str, Sequence[str]]) -> Registry:
        """A copy of this registry with ``layer`` laid over it (a variant's amendments):
        the layer's handlers and position effects take the place of this one's, its
        :attr:`replacing` hooks take the named hooks' places in the order, its
        :attr:`removing` hooks are taken out, and its own hooks run after this one's of the
        same kind in the layer's declared ``order``."""
        merged = self.copy(name)
        merged.handlers.update(layer.handlers)
        merged.position_effects.update(layer.position_effects)
        merged.paid_elsewhere |= layer.paid_elsewhere
        if layer.collection is not None:
            merged.collection = layer.collection
        problems: list[str] = []
        for kind, names in layer.removing.items():
            for gone in sorted(names):
                if gone not in merged.hooks[kind]:
                    problems.append(f"{kind}: cannot remove {gone!r}: no such hook")
                merged.hooks[kind].pop(gone, None)
        for kind, replaced in layer.replacing.items():
            for key, hooked in replaced.items():
                if key not in merged.hooks[kind]:
                    problems.append(f"{kind}: cannot replace {key!r}: no such hook")
                merged.hooks[kind][key] = hooked
        for kind, added in layer.hooks.items():
            for key, hooked in added.items():
                if key in merged.hooks[kind]:
                    problems.append(f"{kind}: {key!r} is already a hook; replace it by name")
                merged.hooks[kind][key] = hooked
        if problems:
            raise HookOrderError(f"{name}: " + "; ".join(problems))
        combined = {
            kind: [n for n in self.order.get(kind, ()) if n in merged.hooks[kind]]
            + list(order.get(kind, ()))
            for kind in HOOK_KINDS
        }
        return merged.arrange(combined)

    def ordered(self, kind: str) -> list[Hooked]:
        """The hooks of ``kind`` in running order."""
        return [self.hooks[kind][name] for name in self.order.get(kind, ())]

    def _resolve(self) -> None:
        for kind in HOOK_KINDS:
            functions = [hooked.function for hooked in self.ordered(kind)]
            setattr(self, kind, functions)

    # -- the decorators by kind ------------------------------------------------------------

    def move_check(self, rule: str, name: str | None = None) -> Callable[[MoveCheck], MoveCheck]:
        """Register a check every Move's route must pass."""
        return self.hook("move_checks", rule, name)

    def at_start(self, rule: str, name: str | None = None) -> Callable[[Hook], Hook]:
        """Register a start-of-turn effect."""
        return self.hook("start_of_turn", rule, name)

    def at_end(self, rule: str, name: str | None = None) -> Callable[[Hook], Hook]:
        """Register an end-of-turn effect."""
        return self.hook("end_of_turn", rule, name)

    def moves_pieces(self, *names: str) -> Callable[[PositionEffect], PositionEffect]:
        """Register how the Actions ``names`` move Pieces, for :func:`history.derive`."""

        def register(function: PositionEffect) -> PositionEffect:
            for name in names:
                self.position_effects[name] = function
            return function

        return register

    def settles_positions(
        self, rule: str, name: str | None = None
    ) -> Callable[[PositionSettler], PositionSettler]:
        """Register a correction :func:`history.derive` applies after reading the record."""
        return self.hook("position_settlers", rule, name)

    def reads_plays(self, rule: str, name: str | None = None) -> Callable[[PlayEffect], PlayEffect]:
        """Register a position effect :func:`history.derive` applies after each whole play
        that has a comment (where the referee writes what the record cannot show)."""
        return self.hook("play_effects", rule, name)

    def cost_rule(self, rule: str, name: str | None = None) -> Callable[[CostRule], CostRule]:
        """Register a rule that changes what Actions cost."""
        return self.hook("cost_rules", rule, name)

    def route_source(
        self, rule: str, name: str | None = None
    ) -> Callable[[RouteSource], RouteSource]:
        """Register a source of extra routes for ordinary Moves (rule 1.5.6)."""
        return self.hook("route_sources", rule, name)

    def after_paid_placement(self, rule: str, name: str | None = None) -> Callable[[Hook], Hook]:
        """Register an effect run after rule 1.4.19's placement of paid Tokens."""
        return self.hook("after_placement", rule, name)

    def after_each_action(self, rule: str, name: str | None = None) -> Callable[[Hook], Hook]:
        """Register an effect run after every adjudicated Action's handler."""
        return self.hook("after_action", rule, name)

    def duration_rule(
        self, rule: str, name: str | None = None
    ) -> Callable[[DurationRule], DurationRule]:
        """Register a rule that changes how long Actions take."""
        return self.hook("duration_rules", rule, name)

    def lv_rule(self, rule: str, name: str | None = None) -> Callable[[LvRule], LvRule]:
        """Register a rule that bounds a player's LV whenever it is set."""
        return self.hook("lv_rules", rule, name)

    def target_check(
        self, rule: str, name: str | None = None
    ) -> Callable[[TargetCheck], TargetCheck]:
        """Register a check every Action naming another player must pass before it runs."""
        return self.hook("target_checks", rule, name)

    def after_each_move(self, rule: str, name: str | None = None) -> Callable[[MoveHook], MoveHook]:
        """Register an effect run after every Move that moved a Piece, in written order."""
        return self.hook("after_move", rule, name)

    def collects(self, function: BonusRule) -> BonusRule:
        """Register the ruleset's own Token Collection in place of rule 1.4.20's table."""
        self.collection = function
        return function

    def copy(self, name: str) -> Registry:
        """A registry for a variant: the same entries, free to be overridden.

        Every container field is copied by its own type (the hook tables one level deeper),
        so a field added later is carried without this method having to list it in order.
        """
        copied: dict[str, object] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name in ("hooks", "replacing"):
                value = {kind: dict(entries) for kind, entries in value.items()}
            elif item.name == "removing":
                value = {kind: set(names) for kind, names in value.items()}
            elif isinstance(value, list | dict | set):
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
    return the vanilla registry, its hooks arranged in ``rules/vanilla/hooks.toml``'s order
    (:class:`HookOrderError` if a hook is unlisted or a listed one missing)."""
    from referee.engine import sections

    for module in pkgutil.iter_modules(sections.__path__):
        importlib.import_module(f"{sections.__name__}.{module.name}")
    return VANILLA.arrange(load_hook_order(VANILLA.name))
