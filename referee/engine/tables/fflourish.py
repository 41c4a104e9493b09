"""The fFrobisher fFlourish (rule 1.7.59): how the pooled Tokens are shared out.

Rule 1.7.59: every player's non-Gold Tokens go into a Pool; six dice each name an Active
player; by a table, the die's player receives per colour a quarter of that colour's Pool
(rounded down), the remainder after the others, or nothing. A player named by several dice
receives every share. ``share_out`` is that arithmetic, pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal

from pydantic import model_validator

from referee.engine.tables._load import Row, read_table, table_path
from referee.engine.tables.colours import Colour

FILENAME = "fflourish.toml"
DICE = 6
Share = Literal["1", "r", "0"]


class FlourishTable(Row):
    """The share table: one row per die, one column per pooled colour."""

    colours: tuple[Colour, ...]
    dice: tuple[tuple[Share, ...], ...]

    @model_validator(mode="after")
    def _shape(self) -> FlourishTable:
        if Colour.GO in self.colours:
            raise ValueError("Gold is never pooled")
        if len(self.dice) != DICE or any(len(row) != len(self.colours) for row in self.dice):
            raise ValueError(f"{DICE} rows, one share per colour, are needed")
        for column, colour in enumerate(self.colours):
            shares = [row[column] for row in self.dice]
            if shares.count("r") != 1:
                raise ValueError(f"colour {colour} needs exactly one 'r' share")
        return self

    def share_out(
        self, pool: Mapping[Colour, int], players: Sequence[str]
    ) -> dict[str, dict[Colour, int]]:
        """The Tokens each player named by the six dice receives, by colour.

        ``players`` lists the player each die named, first die first.
        """
        if len(players) != DICE:
            raise ValueError(f"the fFlourish rolls {DICE} dice, not {len(players)}")
        received: dict[str, dict[Colour, int]] = {}
        for column, colour in enumerate(self.colours):
            total = pool.get(colour, 0)
            quarter = total // 4
            paid = sum(quarter for row in self.dice if row[column] == "1")
            for row, player in zip(self.dice, players, strict=True):
                amount = {"1": quarter, "r": total - paid, "0": 0}[row[column]]
                if amount:
                    gains = received.setdefault(player, {})
                    gains[colour] = gains.get(colour, 0) + amount
        return received


@cache
def load_fflourish(ruleset: str = "vanilla") -> FlourishTable:
    """The checked ``fflourish.toml`` of a ruleset, read once."""
    return read_table(FlourishTable, table_path(ruleset, FILENAME))
