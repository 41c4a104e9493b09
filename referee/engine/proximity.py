"""Fosdyke Requirements of the action index, checked for every Action (rule 1.17.9).

Rule 1.17.9 - Fosdyke Notation: an Action may carry a Requirement on how near its subject (the
acting player's Piece) must be to its object; the Action is allowed only if every element of
the Requirement is met by the Fosdyke Code between them, and a '*' in the Code never meets
one. Rule 1.7.2 says the object is usually the first thing the Action names, so the pipeline
finds it from the index's pattern: a Station, a Destination's Station, another player's Piece
or a Line. Where that is not the object, or the object cannot be found (a Stack shunted by its
stand-in name, a player not on the Map), the Action's own handler judges nearness.

The Code is measured as rules/vanilla/readings.md#r1-17-9 records: S and R between the
two Stations, L from the subject's Line to the object's (so two Pieces at one Station on
different Lines are (S0,L1), as rule 1.4.48's example has it); for a Line object, from the
Piece's Station to the Line (rule 1.20.0 asks only that the Station be on it). Three Actions
name a Station that rule text lets the player reach anywhere along the Turn's Moves; for
them every Station the Piece started at, passed through or ended at is a subject.

Rule 1.4.48 - Foskdyke's Magnifier loosens one element for the Actions on one object; the
Magnify handler (sections/magnifier.py) leaves a ``Loosening`` in ``ctx.facts``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee.engine.context import TurnContext
from referee.engine.history import Position
from referee.engine.tables.fosdyke import FosdykeRequirement
from referee.network.fosdyke import FosdykeCode
from referee.network.lines import LineCode
from referee.notation.actions import Action
from referee.notation.places import Destination

ALONG_THE_MOVE: dict[str, str] = {
    "Claiming a Token": "1.14.4",
    "Dropping Package": "1.4.7",
    "PoID on": "1.4.24",
}
"""Actions whose (S0) the rule text widens to any Station of the Turn's Moves."""

OWN_OBJECT: dict[str, str] = {
    "Topple": "1.7.55",
}
"""Actions whose object is not the first thing named (Topple's is the Stack, not where it
falls): their handlers judge nearness."""

_OBJECT_KINDS = ("station", "destination", "player", "line")


@dataclass(frozen=True)
class Target:
    """An Action's object: a Station (with a Piece's Line when it is a Piece) or a Line."""

    name: str
    station: str | None = None
    line: LineCode | None = None
    label: str = ""

    def describe(self) -> str:
        return self.label or self.name


@cache
def _requirement(text: str) -> FosdykeRequirement:
    return FosdykeRequirement.parse(text)


def target_of(ctx: TurnContext, action: Action) -> Target | None:
    """The object of ``action`` (rule 1.7.2: usually the first named), or None when the
    pipeline cannot say what or where it is."""
    if action.name in OWN_OBJECT:
        return None
    spec = ctx.spec(action.name)
    for kind, value in zip(spec.placeholders, action.args, strict=False):
        if kind not in _OBJECT_KINDS:
            continue
        if kind == "line" and isinstance(value, LineCode):
            return Target(value.value, line=value)
        if kind == "destination" and isinstance(value, Destination):
            return Target(value.station, station=value.station)
        if kind == "station" and isinstance(value, str) and value in ctx.network.facts:
            return Target(value, station=value)
        if kind == "player" and isinstance(value, str):
            there = ctx.position(value) if value in ctx.players else None
            if value == ctx.player or there is None:
                return None
            return Target(value, there.station, there.line, f"{value} at {there.render()}")
        return None
    return None


def _subjects(ctx: TurnContext, action: Action) -> list[Position]:
    here = ctx.position()
    found = [here] if here is not None else []
    if action.name in ALONG_THE_MOVE:
        for moving in ctx.moves:
            found.extend(p for p in (moving.start, moving.end) if p is not None)
            found.extend(Position(station) for station in moving.passed_through)
    return found


def code(ctx: TurnContext, subject: Position, target: Target) -> FosdykeCode:
    """The Fosdyke Code from ``subject`` to ``target`` as this module's docstring measures it."""
    distances = ctx.network.distances
    if target.station is None:
        assert target.line is not None
        changes = distances.changes_to_line(subject.station, target.line)
        return FosdykeCode(s=None, r=None, l=changes, q=None, z=None)
    base = distances.code(subject.station, target.station)
    if subject.line is None and target.line is None:
        return base
    changes = distances.line_changes(subject.station, target.station, subject.line, target.line)
    return FosdykeCode(s=base.s, r=base.r, l=changes, q=base.q, z=base.z)


def _loosened(ctx: TurnContext, requirement: FosdykeRequirement, target: Target
              ) -> FosdykeRequirement:  # fmt: skip
    """Rule 1.4.48: the Requirement as this Turn's Magnify leaves it for ``target``."""
    loosening = ctx.facts.loosening
    if loosening is None:
        return requirement
    if not any(e.cls == loosening.cls for e in requirement.elements):
        return requirement
    if loosening.target is None:
        loosening.target = target.name
    if loosening.target.casefold() != target.name.casefold():
        return requirement
    return requirement.loosened(loosening.cls)


def requirement_met(ctx: TurnContext, action: Action) -> bool:
    """Rule 1.17.9 for ``action``: True when its index Requirement is met (or it has none, or
    its object is for its handler to find); otherwise one violation names the Requirement,
    the object and the Code, and the caller skips the handler."""
    spec = ctx.spec(action.name)
    if not spec.fr:
        return True
    target = target_of(ctx, action)
    if target is None:
        return True
    requirement = _loosened(ctx, _requirement(spec.fr), target)
    subjects = _subjects(ctx, action)
    written = action.render(ctx.index)
    rule = broken_rule(ctx, spec.rule)
    if not subjects:
        ctx.violate(rule, f"{written} needs your Piece on the Map: it requires "
                          f"{requirement} to {target.describe()}")  # fmt: skip
        return False
    codes = [code(ctx, subject, target) for subject in subjects]
    if any(requirement.met_by(found.to_json()) for found in codes):
        return True
    where = subjects[0].render()
    along = " (nor from any Station of your Moves)" if len(subjects) > 1 else ""
    found, aim = codes[0].render(), target.describe()
    if target.station is None:
        found = f"(L{'*' if codes[0].l is None else codes[0].l})"
    ctx.violate(rule, f"{written} requires {requirement} from your Piece to {aim}, but from "
                      f"{where} the Fosdyke Code is {found}{along} (Fosdyke Notation, rule "
                      "1.17.9)")  # fmt: skip
    return False


def broken_rule(ctx: TurnContext, defining: str) -> str:
    """The rule a missed Requirement breaks: the Action's own rule, whose nearness the index's
    Fosdyke column only summarises (rule 1.7.2 makes the pertaining rule the authority; rule
    1.17.9 defines the notation, not the requirement); rule 1.17.9 itself where the Action's
    rule is not among the ruleset's titles (Volume 0's)."""
    return defining if ctx.ruleset.cite(defining) in ctx.ruleset.rulebook() else "1.17.9"
