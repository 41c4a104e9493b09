"""Which one-Round Blocks and Fires stand now (rules 1.9.1, 1.9.2), read from the record.

[Blocking] and [Fire at] Block a Station for one Round, and the record, not Disruptions,
holds them (rule 1.2.2 keeps only lasting states there). A Block stands from the Blocker's
play until eir next one, so those in force are the ones in each player's latest play within
the last Round: as many plays back as there are Active players, since play goes round (rules
1.3.0, 1.3.2). The engine's Move checks (``sections/blocks.py``) and the map picture both ask
here, so what the map shows Blocked is what a Move is refused through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.notation.gsd import GSD, Comment
from referee.notation.plays import Play

BLOCKING = "Blocking"
FIRE_AT = "Fire at"
ONE_ROUND_BLOCKS = (BLOCKING, FIRE_AT)


@dataclass(frozen=True)
class OneRoundBlocks:
    """The Stations Blocked for this Round, those by [Blocking] and by [Fire at] kept apart
    (the map draws them differently), latest play first, each play's in its own order."""

    blocked: tuple[str, ...] = ()
    burning: tuple[str, ...] = ()

    @property
    def stations(self) -> frozenset[str]:
        """Every Station a Move may not touch for them, whatever Blocked it."""
        return frozenset(self.blocked) | frozenset(self.burning)


def standing_blocks(record: Sequence[Play | Comment], active: int) -> OneRoundBlocks:
    """The Blocks and Fires in force after ``record`` when ``active`` players take turns."""
    blocked: list[str] = []
    burning: list[str] = []
    window = active
    seen: set[str] = set()
    for entry in reversed(record):
        if window <= 0:
            break
        if not isinstance(entry, Play):
            continue
        window -= 1
        if entry.player in seen:
            continue
        seen.add(entry.player)
        for action in entry.actions:
            if action.name in ONE_ROUND_BLOCKS and action.args:
                (burning if action.name == FIRE_AT else blocked).append(str(action.args[0]))
    return OneRoundBlocks(tuple(blocked), tuple(burning))


def standing_blocks_of(gsd: GSD) -> OneRoundBlocks:
    """The Blocks and Fires in force in ``gsd``, counting its Active players for the Round."""
    return standing_blocks(gsd.record, sum(not row.inactive for row in gsd.players))
