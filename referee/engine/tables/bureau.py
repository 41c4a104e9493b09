"""The Bureau de Change (rule 1.7.21) and the Token Exchange Actions.

Rule 1.7.21: four exchanges of Gold and Silver for smaller change, each any number of times a
Turn; their reverses at the same rates, but only with the Piece at Bank. Bonanza (rule
1.4.10) and Recycling (rule 1.7.39) are Token Exchange Actions too, which matters to rule
1.4.19 (paid Tokens go to a Stack, except for exchanges) and rule 1.8.8 (Bocks).
"""

from __future__ import annotations

from functools import cache

from pydantic import Field

from referee.engine.tables._load import Row, TableError, read_table, table_path
from referee.engine.tables.colours import Colour

FILENAME = "bureau.toml"


class Rate(Row):
    """``pay_count`` of ``pay`` buys ``receive_count`` of ``receive``."""

    pay: Colour
    pay_count: int = Field(ge=1)
    receive: Colour
    receive_count: int = Field(ge=1)


class Exchange(Row):
    """One Bureau Action as played: what is paid, what received, and where."""

    name: str
    pay: Colour
    pay_count: int
    receive: Colour
    receive_count: int
    only_at: str = ""


class BureauTable(Row):
    """The rates and the Token Exchange Actions."""

    reverse_only_at: str
    token_exchange: tuple[str, ...]
    rate: tuple[Rate, ...]

    def exchanges(self) -> tuple[Exchange, ...]:
        """Every Bureau Action: the listed rates, then their reverses (restricted to Bank)."""
        forward = [
            Exchange(
                name=f"{r.pay.word} to {r.receive.word}",
                pay=r.pay,
                pay_count=r.pay_count,
                receive=r.receive,
                receive_count=r.receive_count,
            )
            for r in self.rate
        ]
        reverse = [
            Exchange(
                name=f"{r.receive.word} to {r.pay.word}",
                pay=r.receive,
                pay_count=r.receive_count,
                receive=r.pay,
                receive_count=r.pay_count,
                only_at=self.reverse_only_at,
            )
            for r in self.rate
        ]
        return (*forward, *reverse)

    def exchange(self, name: str) -> Exchange:
        """A Bureau Action by name, e.g. "Silver to Gold"."""
        for exchange in self.exchanges():
            if exchange.name.casefold() == name.strip().casefold():
                return exchange
        raise TableError(f"{name.strip()!r} is not an exchange of rule 1.7.21")

    def is_token_exchange(self, action: str) -> bool:
        """Whether an Action (by its index name) is a Token Exchange Action."""
        names = {e.name for e in self.exchanges()} | set(self.token_exchange)
        return action in names


@cache
def load_bureau(ruleset: str = "vanilla") -> BureauTable:
    """The checked ``bureau.toml`` of a ruleset, read once."""
    return read_table(BureauTable, table_path(ruleset, FILENAME))
