"""What adjudicating a Turn gives back (issue 4): the verdict, the new GSD and what happened."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.dice import Roll
from referee.engine.violations import Violation
from referee.network.routes import Route
from referee.notation.action_index import ActionIndex
from referee.notation.gsd import GSD


@dataclass(frozen=True)
class Event:
    """Something the Turn did, for the record and the notices: ``kind`` names it (``move``,
    ``tokens_collected``, ``tokens_paid``, ``charge``, ``lv``, ``time``, ``win`` ...),
    ``text`` says it in a sentence, ``detail`` carries the values.

    Every change in a player's Tokens is named with its counts, so a player can check eir row
    of the Token Table from the notices: ``tokens_collected`` (gained), ``tokens_paid``,
    ``tokens_lost`` and ``tokens_destroyed`` (lost) carry them in ``tokens``, a hand-over to
    another player adds ``to``, and any other event names what it took and gave in ``lost``
    and ``gained`` (``tests/engine/ledger.py`` checks it over generated games)."""

    kind: str
    player: str
    text: str
    detail: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "text": self.text, **self.detail}


@dataclass(frozen=True)
class TurnResult:
    """The verdict on one play.

    ``legal`` is True only when every rule the referee adjudicates was kept and every Action
    played is adjudicated; ``adjudicated`` is False when some Action is recognised but not yet
    judged by this referee (``unadjudicated`` names them), in which case the Turn is not
    accepted either way. ``state`` is the new GSD when legal, else the GSD as it was.
    """

    legal: bool
    adjudicated: bool
    violations: tuple[Violation, ...]
    unadjudicated: tuple[str, ...]
    events: tuple[Event, ...]
    route: Route | None
    state: GSD
    rolls: tuple[Roll, ...]
    winner: str | None = None
    why_not: Mapping[str, str] = field(default_factory=dict)
    """Why an entry of ``unadjudicated`` cannot be judged, citing its rule, where known."""

    @property
    def route_text(self) -> str | None:
        """``route: Holborn -CN-> Tottenham Court Road -NT-> ...`` for the result."""
        return f"route: {self.route.render()}" if self.route is not None else None

    def messages(self) -> list[str]:
        """The lines a player reads when the Turn is refused."""
        lines = [v.render() for v in self.violations]
        for name in self.unadjudicated:
            line = f"[{name}] is recognised but not yet adjudicated by this referee"
            why = self.why_not.get(name)
            lines.append(f"{line}: {why}" if why else line)
        return lines

    def as_json(self, index: ActionIndex | None = None) -> dict[str, Any]:
        """The verdict as JSON-ready data; ``index`` is the ruleset's Action index, which the
        new GSD is drawn with (a variant's own Actions are unknown to Volume 1's)."""
        return {
            "legal": self.legal,
            "adjudicated": self.adjudicated,
            "violations": [v.as_json() for v in self.violations],
            "unadjudicated": list(self.unadjudicated),
            "why_not_adjudicated": dict(self.why_not),
            "events": [e.as_json() for e in self.events],
            "route": self.route_text,
            "winner": self.winner,
            "rolls": [{"sides": r.sides, "value": r.value, "why": r.why} for r in self.rolls],
            "gsd": self.state.render(index),
        }
