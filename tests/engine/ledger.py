"""Checking that a Turn names every change in the players' Tokens (issue 12's property).

The events of a :class:`~referee.engine.result.TurnResult` name a change of Tokens as
``tokens_collected`` (a gain), ``tokens_paid``, ``tokens_lost`` or ``tokens_destroyed`` (a
loss), each with the counts in ``tokens``; a hand-over from one player to another carries
``to``; any other event may name what it took and gave in ``lost`` and ``gained`` (a
Sinkhole turning Tokens Black, the fFlourish's Pool).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from referee.engine.result import Event
from referee.notation.gsd import GSD
from referee.notation.tokens import Colour

GAINS = frozenset({"tokens_collected"})
LOSSES = frozenset({"tokens_paid", "tokens_lost", "tokens_destroyed"})


def holdings(gsd: GSD) -> dict[str, Counter[str]]:
    """Each player's Tokens by colour code."""
    return {row.name: Counter({c.value: row.tokens[c] for c in Colour}) for row in gsd.players}


def named_changes(events: Iterable[Event]) -> dict[str, Counter[str]]:
    """Each player's gains less losses as the Turn's events name them."""
    changes: dict[str, Counter[str]] = {}

    def add(player: str, counts: Mapping[str, int], sign: int) -> None:
        mine = changes.setdefault(player, Counter())
        for colour, count in counts.items():
            mine[colour] += sign * count

    for event in events:
        detail = event.detail
        counts = detail.get("tokens")
        if "to" in detail and counts is not None:
            add(event.player, counts, -1)
            add(detail["to"], counts, 1)
            continue
        add(event.player, detail.get("gained", {}), 1)
        add(event.player, detail.get("lost", {}), -1)
        sign = 1 if event.kind in GAINS else -1 if event.kind in LOSSES else 0
        if sign:
            assert counts is not None, f"{event.kind} names no Tokens: {event.text}"
            add(event.player, counts, sign)
    return changes


def unnamed_changes(before: GSD, after: GSD, events: Iterable[Event]) -> dict[str, dict[str, int]]:
    """Per player, what eir Tokens changed by beyond what the events name (empty: none)."""
    events = list(events)
    old, new = holdings(before), holdings(after)
    changes = named_changes(events)
    found: dict[str, dict[str, int]] = {}
    for name, held in new.items():
        expected = Counter(old.get(name, Counter()))
        expected.update(changes.get(name, Counter()))
        difference = {
            c: held[c] - expected[c]
            for c in sorted(set(held) | set(expected))
            if held[c] != expected[c]
        }
        if difference:
            found[name] = difference
    return found


def assert_tokens_conserved(before: GSD, after: GSD, events: Iterable[Event]) -> None:
    events = list(events)
    unnamed = unnamed_changes(before, after, events)
    assert not unnamed, (unnamed, [e.text for e in events])
