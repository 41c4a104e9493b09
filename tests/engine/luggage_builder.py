"""Luggage and Home Stations for the tests of section 1.4 (tokens and possessions).

Builds on :mod:`tests.engine.builder`: ``with_luggage(gsd, {"Rushton": "Hat (C), Book"})``
gives players a Luggage Rack as rule 1.4.12 writes it; ``home`` sets Home Stations;
``luggage(result, name)`` reads a player's Possessions back as written.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import parse_possessions
from referee.notation.stacks import TokenStack


def with_luggage(
    gsd: GSD,
    rack: Mapping[str, str],
    *,
    home: Mapping[str, str] | None = None,
    stacks: Mapping[str, str] | None = None,
) -> GSD:
    entries = tuple(RackEntry(player=name, possessions=parse_possessions(text))
                    for name, text in rack.items())  # fmt: skip
    rows = tuple(row.model_copy(update={"home": (home or {}).get(row.name, row.home)})
                 for row in gsd.players)  # fmt: skip
    found = tuple(TokenStack.parse_cells(station, content)
                  for station, content in (stacks or {}).items())  # fmt: skip
    return gsd.model_copy(update={"rack": entries, "players": rows,
                                  "stacks": found or gsd.stacks})  # fmt: skip


def luggage(result: TurnResult, name: str) -> list[str]:
    for entry in result.state.rack:
        if entry.player == name:
            return [item.render() for item in entry.possessions]
    return []


def stack(result: TurnResult, station: str) -> str:
    for found in result.state.stacks:
        if found.station == station:
            return found.content_text()
    return ""
