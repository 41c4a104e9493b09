"""The working state of the Turn being adjudicated, and what handlers may ask of it.

A :class:`TurnContext` is made from the GSD before the Turn (:meth:`TurnContext.start`), is
changed in place by the pipeline and the handlers, and is frozen back into a new GSD with the
play appended (:meth:`TurnContext.freeze`). A handler reads state through it (``ctx.me``,
``ctx.position()``, ``ctx.time``, ``ctx.disruptions``, ``ctx.history``), reports a broken rule
with :meth:`violate`, records what happened with :meth:`event`, pays with :meth:`pay` (the one
home of cost payment, so Knip and Bocks adjust costs in one place) and asks chance with
:meth:`roll`. Nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from referee.engine.dice import Dice
from referee.engine.history import History, Position, piece_key
from referee.engine.result import Event
from referee.engine.violations import Violation
from referee.network.network import Network
from referee.network.routes import Route
from referee.notation.action_index import ActionIndex, ActionSpec
from referee.notation.disruptions import Disruption
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.plays import Move, Play
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.table import CHARGE_LIMIT, PlayerRow
from referee.notation.tokens import ORDER, Colour, TokenCounts

if TYPE_CHECKING:
    from referee.engine.ruleset import Ruleset


@dataclass
class PlayerState:
    """One player's row of the Token Table while the Turn is adjudicated."""

    name: str
    inactive: bool
    home: str | None
    lv: int
    charge: int
    tokens: dict[Colour, int]
    original: PlayerRow | None = None

    @classmethod
    def of(cls, row: PlayerRow) -> PlayerState:
        tokens = dict(zip(ORDER, row.tokens.as_tuple(), strict=True))
        return cls(row.name, row.inactive, row.home, row.lv, row.charge, tokens, row)

    def row(self) -> PlayerRow:
        """The row as it now stands (the original value when nothing changed)."""
        old = self.original
        if (
            old is not None
            and (old.name, old.inactive, old.home, old.lv, old.charge)
            == (self.name, self.inactive, self.home, self.lv, self.charge)
            and old.tokens.as_tuple() == tuple(self.tokens[c] for c in ORDER)
        ):
            return old
        counts = TokenCounts.from_tuple(tuple(self.tokens[c] for c in ORDER))
        return PlayerRow(name=self.name, inactive=self.inactive, home=self.home, lv=self.lv,
                         charge=self.charge, tokens=counts)  # fmt: skip


def line_changed(route: Route, start: Position) -> bool:
    """Rule 1.5.11: the Move changes Line if it runs on more than one Line or leaves on a Line
    other than the one the Piece stood on."""
    if len(route.lines) > 1:
        return True
    return start.line is not None and bool(route.lines) and route.lines[0] != start.line


@dataclass(frozen=True)
class MoveContext:
    """One Move as the move checks see it: where it starts and ends, the route that counts
    (None for a Pass, Timeout, Farkle or Special Move) and the stations it passed through."""

    move: Move
    piece: str
    start: Position | None
    end: Position | None
    route: Route | None
    special: bool = False

    @property
    def passed_through(self) -> tuple[str, ...]:
        """Rule 1.5.1: the route's stations but the first and last (none for a Special Move)."""
        return self.route.passed_through if self.route is not None else ()

    def touched(self) -> list[tuple[str, str]]:
        """(station, role) for every Station the Move starts at (unless Special, rule 1.5.0),
        passes through or ends at: what a Station's Disruption can bar (rules 1.9.1, 1.11.3)."""
        found: list[tuple[str, str]] = []
        if self.start is not None and not self.special:
            found.append((self.start.station, "start at"))
        found += [(s, "pass through") for s in self.passed_through]
        if self.end is not None:
            found.append((self.end.station, "end at"))
        return found


_State = TypeVar("_State")


@dataclass
class Loosening:
    """Rule 1.4.48: one class raised by one, for Actions on ``target`` (None: the first
    Action of the Turn whose Requirement bounds that class fixes it)."""

    cls: str
    target: str | None = None


@dataclass
class TurnFacts:
    """Facts of this Turn one handler leaves for others, each named by the rule that sets it
    (read as ``ctx.facts.walking``; a variant's own facts go on its own typed state)."""

    special_move: bool = False
    """An Action permitted this Turn's Move as a Special Move (rule 1.5.0; the index marks
    those Actions ``special_move``): :func:`referee.engine.moves.adjudicate_move` makes it one."""
    destination_checked: bool = False
    """The Action that permitted the Special Move checked its destination against its own
    rule, so a rule tying another permission to one Station (going Home, rule 1.12.4) must not
    refuse it: rule 1.5.0 lets a Move permitted by several Actions be made under any one."""
    walking: bool = False
    """The Special Move is a Walk (rule 1.7.10), exempt from Special Move limits."""
    rebounding: bool = False
    """[Rebounding] was played: the Move may turn back where rule 1.5.6 allows."""
    opening_mc: bool = False
    """[Opening MC] was played: Mornington Crescent is Open for the Turn (rule 1.7.28)."""
    caught_pigeon: bool = False
    """Pigeons were caught this Turn, so none escapes at its end (rule 1.4.25)."""
    caught_rat: bool = False
    """Rats were caught this Turn, so none escapes at its end (rule 1.4.35)."""
    home: str | None = None
    """[Home] permitted a Special Move to this Home Station only (rule 1.12.4)."""
    line_changes_paid: int = 0
    """[Line Change]s written and paid this Turn, not yet used by a Move (rule 1.5.11)."""
    extra_minutes: int = 0
    """Minutes added to this Turn's maximum (rule 1.7.51 - Long Lunch)."""
    loosening: Loosening | None = None
    """This Turn's [Magnify] (rule 1.4.48), which :mod:`referee.engine.proximity` applies."""


@dataclass
class ActionCharges:
    """The once-an-Action cost rules already applied to one Action (the ``action``-th of the
    Turn). An Action's cost may be paid in parts (the fixed part by the pipeline, a variable
    or chosen part by its handler) and :meth:`TurnContext.pay` runs the cost rules on each; a
    surcharge (Bocks, rule 1.8.8), a discount (the Hyde Mask, rule 1.7.38) or a ban's report
    (Knip, rule 1.8.4) applies once to the Action, so it notes itself here."""

    action: int
    applied: set[tuple[str, str | None]] = field(default_factory=set)

    def has(self, rule: str, what: str | None = None) -> bool:
        """Whether the rule (for ``what``, when it applies once per item) has applied."""
        return (rule, what) in self.applied

    def note(self, rule: str, what: str | None = None) -> None:
        self.applied.add((rule, what))


@dataclass
class TurnContext:
    """The Turn under adjudication; see the module docstring for what handlers use."""

    before: GSD
    play: Play
    ruleset: Ruleset
    dice: Dice
    history: History
    network: Network
    index: ActionIndex
    players: dict[str, PlayerState]
    positions: dict[str, Position]
    time: GameTime | None
    disruptions: list[Disruption]
    stacks: list[TokenStack]
    rack: dict[str, list[Possession]] = field(default_factory=dict)
    """The Luggage Rack as it now stands (rule 1.4.12), by player; see :meth:`luggage`."""
    homes_open: set[str] = field(default_factory=set)
    """Players whose Home Station is Open to the mover this Turn (rule 1.12.3's Rent; a Knid
    Clamp, rule 1.4.43; a variant's Narged, rule 4.1.1.2): neither Blocked nor Closed."""
    homes_closed: set[str] = field(default_factory=set)
    """Players whose Home Station is Closed, not Blocked, this Turn (rule 1.12.3's Toll);
    Open wins where both hold."""
    facts: TurnFacts = field(default_factory=TurnFacts)
    """Facts of this Turn handlers leave for others (``ctx.facts.opening_mc`` ...)."""
    done: list[str] = field(default_factory=list)
    """Names of the Actions performed so far, in order."""
    events: list[Event] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    unadjudicated: list[str] = field(default_factory=list)
    why_not: dict[str, str] = field(default_factory=dict)
    """Why each of :attr:`unadjudicated` cannot be judged, by rule number, where known."""
    minutes: int = 0
    """Game Time this Turn has taken so far (rule 1.13.1)."""
    moves: list[MoveContext] = field(default_factory=list)
    route: Route | None = None
    """The route reported for the Turn (the Move's counted route)."""
    phase: str = "pre"
    winner: str | None = None
    paid: list[tuple[str, dict[Colour, int]]] = field(default_factory=list)
    """Non-Bronze Tokens paid for Actions, awaiting placement on a Stack (rule 1.4.19)."""
    action_charges: ActionCharges = field(default_factory=lambda: ActionCharges(0))
    """See :meth:`charges`."""
    states: dict[type, Any] = field(default_factory=dict)
    """Sections' own per-Turn working data, by its type: see :meth:`state`."""
    changed: dict[str, Any] = field(default_factory=dict)
    """Other GSD fields this Turn changed (``wild``, ``courier_pickup``, ``rack`` ...), by
    field name: see :meth:`current` and :meth:`change`; :meth:`freeze` writes them."""

    @classmethod
    def start(
        cls, gsd: GSD, play: Play, ruleset: Ruleset, dice: Dice, history: History
    ) -> TurnContext:
        return cls(
            before=gsd,
            play=play,
            ruleset=ruleset,
            dice=dice,
            history=history,
            network=ruleset.network(),
            index=ruleset.action_index(),
            players={row.name: PlayerState.of(row) for row in gsd.players},
            positions=dict(history.positions),
            time=gsd.time,
            disruptions=list(gsd.disruptions),
            stacks=list(gsd.stacks),
            rack={entry.player: list(entry.possessions) for entry in gsd.rack},
        )

    # -- reading ---------------------------------------------------------------------------

    @property
    def player(self) -> str:
        """The name of the player whose Turn it is."""
        return self.play.player

    @property
    def me(self) -> PlayerState:
        """The playing player's row (rule 1.15.1's Drone included)."""
        return self.players[self.play.player]

    def position(self, player: str | None = None, piece: str | None = None) -> Position | None:
        """Where a Piece stands now, this Turn's changes included."""
        return self.positions.get(piece_key(player or self.player, piece))

    def luggage(self, player: str | None = None) -> list[Possession]:
        """A player's Possessions now (rule 1.4.12), this Turn's purchases and losses
        included; the list itself is changed to give or take one."""
        return self.rack.setdefault(player or self.player, [])

    def spec(self, name: str) -> ActionSpec:
        return self.index[name]

    def has_done(self, name: str) -> bool:
        """Whether the Action ``name`` was performed earlier in this Turn."""
        return name in self.done

    def disrupted(self, station: str, marker: str) -> bool:
        """Whether Disruptions mark ``station`` with ``marker`` (``Bulkhead``, ``Peg`` ...)."""
        return any(d.station == station and d.marker == marker and d.segment_end is None
                   for d in self.disruptions)  # fmt: skip

    def undisrupt(self, station: str, marker: str) -> None:
        """Clear every ``marker`` Disruptions holds against ``station`` (the inverse of
        :meth:`disrupted`; rule 1.2.2 removes an item once its effect is cleared)."""
        self.disruptions[:] = [d for d in self.disruptions
                               if not (d.station == station and d.marker == marker
                                       and d.segment_end is None)]  # fmt: skip

    def current(self, name: str) -> Any:
        """A GSD field (``wild``, ``rack`` ...) as this Turn has left it so far.

        The Luggage Rack has one home during a Turn, :attr:`rack` (see :meth:`luggage`);
        ``current("rack")`` is a view of it, so both ways of reading it agree.
        """
        if name == "rack":
            return self._rack()
        return self.changed[name] if name in self.changed else getattr(self.before, name)

    # -- reporting -------------------------------------------------------------------------

    def violate(self, rule: str, message: str) -> None:
        """Record that the Turn breaks rule ``rule`` (a number of the ruleset's titles)."""
        cited = self.ruleset.cite(rule)
        self.violations.append(Violation(self.ruleset.rulebook().rule(cited), message))

    def not_adjudicated(self, what: str, why: str | None = None) -> None:
        """Name ``what`` (an Action, or a case of one) as recognised but not adjudicated by this
        referee, once: the Turn is then not accepted and the player is told by name, and
        ``why`` (citing the rule that cannot be judged) when it is known."""
        if what not in self.unadjudicated:
            self.unadjudicated.append(what)
        if why is not None:
            self.why_not.setdefault(what, why)

    def event(self, kind: str, text: str, player: str | None = None, **detail: Any) -> None:
        """Record something the Turn did (see :class:`~referee.engine.result.Event`)."""
        self.events.append(Event(kind, player or self.player, text, detail))

    def roll(self, sides: int, why: str) -> int:
        """A die roll from the injected, recorded dice (``why`` names the rule)."""
        return self.dice.roll(sides, why)

    # -- changing --------------------------------------------------------------------------

    def spend_time(self, minutes: int, why: str) -> None:
        """Advance Game Time (rule 1.13.1) and count it against the Turn's hour."""
        from referee.engine.game_clock import advance

        if minutes <= 0:
            return
        self.minutes += minutes
        if self.time is not None:
            self.time = advance(self.time, minutes)
        self.event("time", f"{why} took {minutes} minutes", minutes=minutes)

    def set_lv(self, value: int, player: str | None = None) -> None:
        """Rule 1.6.1 - Line Velocity: LV is never below zero; the ruleset's LV rules (a Spoon
        Clamp's cap, rule 1.4.39) bound it further."""
        row = self.players[player or self.player]
        for bound in self.ruleset.registry().lv_rules:
            value = bound(self, row.name, value)
        old, row.lv = row.lv, max(0, value)
        if row.lv != old:
            self.event("lv", f"LV {old} -> {row.lv}", player=row.name, old=old, new=row.lv)

    def add_charge(self, amount: int, player: str | None = None) -> None:
        """Rule 1.19.2 - Charge: a signed percentage held within -999 and 999."""
        row = self.players[player or self.player]
        old = row.charge
        row.charge = max(-CHARGE_LIMIT, min(CHARGE_LIMIT, old + amount))
        if row.charge != old:
            self.event("charge", f"Charge {old} -> {row.charge}", player=row.name,
                       old=old, new=row.charge)  # fmt: skip

    def gain(self, counts: Mapping[Colour, int], why: str, player: str | None = None) -> None:
        """Give Tokens (Token Collection, gains of Actions)."""
        row = self.players[player or self.player]
        for colour, count in counts.items():
            row.tokens[colour] += count
        if any(counts.values()):
            text = ", ".join(f"{n} {c.value}" for c, n in counts.items() if n)
            self.event("tokens_collected", f"{why}: gained {text}", player=row.name,
                       tokens={c.value: n for c, n in counts.items() if n})  # fmt: skip

    def state(self, kind: type[_State]) -> _State:
        """This Turn's instance of a section's own working data ``kind`` (a dataclass whose
        fields all have defaults), made on first use: typed scratch room no other module
        reads (a fact other modules read is a :class:`TurnFacts` field)."""
        found = self.states.get(kind)
        if found is None:
            found = self.states[kind] = kind()
        return found

    def charges(self) -> ActionCharges:
        """The once-an-Action cost rules applied so far to the Action now performed (the one
        after ``done``): fresh for each Action."""
        if self.action_charges.action != len(self.done):
            self.action_charges = ActionCharges(len(self.done))
        return self.action_charges

    def pay(
        self, counts: Mapping[Colour, int], why: str, rule: str, spec: ActionSpec | None = None
    ) -> bool:
        """Take a cost from the playing player, after the ruleset's cost rules (Knip 1.8.4,
        Bocks 1.8.8) adjusted it; a shortfall is a violation of ``rule``. Paid non-Bronze
        Tokens are recorded in a ``tokens_paid`` event for placement (rule 1.4.19)."""
        due = dict(counts)
        for adjust in self.ruleset.registry().cost_rules:
            due = adjust(self, spec, due)
        row = self.me
        short = {c: n - row.tokens[c] for c, n in due.items() if n > row.tokens[c]}
        if short:
            need = ", ".join(f"{n} {c.word}" for c, n in due.items() if n)
            have = ", ".join(f"{row.tokens[c]} {c.word}" for c in due)
            self.violate(rule, f"{why} costs {need}; you hold {have}")
            return False
        for colour, count in due.items():
            row.tokens[colour] -= count
        if any(due.values()):
            text = ", ".join(f"{n} {c.value}" for c, n in due.items() if n)
            self.event("tokens_paid", f"{why}: paid {text}",
                       tokens={c.value: n for c, n in due.items() if n})  # fmt: skip
        to_place: dict[Colour, int] = {c: n for c, n in due.items() if n and c is not Colour.BR}
        if (
            spec is not None
            and to_place
            and spec.name not in (self.ruleset.registry().paid_elsewhere)
        ):
            self.paid.append((why, to_place))
        return True

    def change(self, name: str, value: Any) -> None:
        """Set a GSD field the tables above do not hold (``wild``, ``courier_destination``,
        ``rack`` ...); the new GSD gets it when the Turn is legal."""
        if name not in type(self.before).model_fields:
            raise KeyError(f"the GSD has no field {name!r}")
        if name == "rack":
            self.rack = {entry.player: list(entry.possessions) for entry in value}
            return
        self.changed[name] = value

    def place(self, piece_key_: str, where: Position) -> None:
        """Put a Piece somewhere (moves, Special Moves, Translocations, Shunts)."""
        self.positions[piece_key_] = where

    # -- freezing --------------------------------------------------------------------------

    def _rack(self) -> tuple[RackEntry, ...]:
        """The Luggage Rack to write: the old one when nothing changed, else each player's
        row in the old order (new rows after), players left with nothing dropped."""
        old = {entry.player: entry.possessions for entry in self.before.rack}
        now = {name: tuple(items) for name, items in self.rack.items()}
        if all(now.get(name, ()) == items for name, items in old.items()) and not any(
            items for name, items in now.items() if name not in old
        ):
            return self.before.rack
        order = [*old, *(name for name in now if name not in old)]
        return tuple(RackEntry(player=name, possessions=now[name])
                     for name in order if now.get(name))  # fmt: skip

    def freeze(self) -> GSD:
        """The new GSD: the changed tables, with the play appended to the record."""
        return self.before.model_copy(
            update={
                "turn": None if self.before.turn is None else self.before.turn + 1,
                "players": tuple(p.row() for p in self.players.values()),
                "time": self.time,
                "disruptions": tuple(self.disruptions),
                "stacks": tuple(self.stacks),
                "rack": self._rack(),
                "record": (*self.before.record, self.play),
                **self.changed,
            }
        )
