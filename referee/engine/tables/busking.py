"""Busking (rule 1.7.20 - Busking): what each instrument, or Yodeling, earns.

Rule 1.7.20: in Peak Hours a player carrying a Musical Possession may play it, and one at a
Hill Station may Yodel; the Tokens gained depend on the instrument, from one Bronze for
Yodeling to a Gold for the Piano. A player Wearing a Silly Hat may instead take the bonus of
any instrument listed above the one played.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import field_validator

from referee.engine.tables._load import Row, TableError, read_table, table_path
from referee.engine.tables.costs import TokenCost

FILENAME = "busking.toml"


class Way(Row):
    """One way to busk and its reward."""

    name: str
    instrument: str
    gain: str
    aliases: tuple[str, ...] = ()

    @field_validator("gain")
    @classmethod
    def _fixed(cls, value: str) -> str:
        if not TokenCost.parse(value).is_fixed:
            raise ValueError(f"gain {value!r} must be fixed counts of colours")
        return value

    @property
    def tokens(self) -> TokenCost:
        """The gain as typed terms."""
        return TokenCost.parse(self.gain)


class BuskingTable(Row):
    """The ways to busk in the rule's order."""

    way: tuple[Way, ...]

    def way_of(self, instrument: str) -> Way:
        """The way for an instrument ("" or "Yodeling" for Yodeling), any case."""
        wanted = instrument.strip().casefold()
        for way in self.way:
            spellings = (way.instrument, way.name, *way.aliases)
            if wanted in {spelling.casefold() for spelling in spellings}:
                return way
        names = ", ".join(w.name for w in self.way)
        raise TableError(f"{instrument.strip()!r} is not a way to busk; rule 1.7.20 has {names}")

    def choices(
        self,
        instrument: str,
        *,
        silly_hat: bool,
        silly_hat_reaches: Literal["above", "below"] = "above",
    ) -> tuple[Way, ...]:
        """The bonuses a busker may take: eir own, and with a Silly Hat those listed above it.

        ``silly_hat_reaches="below"`` reads "above" as "better" instead
        (rules/vanilla/readings.md#r1-7-20).
        """
        way = self.way_of(instrument)
        if not silly_hat:
            return (way,)
        at = self.way.index(way)
        others = self.way[:at] if silly_hat_reaches == "above" else self.way[at + 1 :]
        return (way, *others)


@cache
def load_busking(ruleset: str = "vanilla") -> BuskingTable:
    """The checked ``busking.toml`` of a ruleset, read once."""
    return read_table(BuskingTable, table_path(ruleset, FILENAME))
