"""A ruleset's figures: the single numbers and colours its rules name in their text, which
players may amend like any table (``rules/<ruleset>/figures.toml``; rules/amendments.md).

Volume 1 keeps its figures in its tables; the Knightsbridge 1965 amendments name theirs in
their text (rule 4.1.1.4's ten Fuse Counters, the colours of rule 4.2.1.4's Station Podumes,
the maximum LVs of rules 4.2.1.1 and 4.2.1.5), so each is a row here, under its rule, read by
the variant's handlers through ``ruleset.tables().figures``.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from referee.engine.tables._load import Row, TableError, read_table, table_path
from referee.engine.tables.colours import Colour

FILENAME = "figures.toml"


class Figure(Row):
    """One figure: its name as an amendment writes it, its rule, its kind and value."""

    name: str
    rule: str
    kind: Literal["count", "colour"]
    value: str

    @model_validator(mode="after")
    def _valid(self) -> Figure:
        if self.kind == "count" and not self.value.isdigit():
            raise ValueError(f"the {self.name} is a count, not {self.value!r}")
        if self.kind == "colour":
            Colour.parse(self.value)
        return self


class FigureTable(Row):
    """Every figure of a ruleset (none for Volume 1)."""

    figure: tuple[Figure, ...] = Field(default=())

    def find(self, name: str, rule: str | None = None) -> Figure:
        """The figure ``name`` (any case), of rule ``rule`` when given (TableError naming the
        figures there are, when there is none)."""
        wanted = " ".join(name.split()).casefold()
        for figure in self.figure:
            if figure.name.casefold() == wanted and rule in (None, figure.rule):
                return figure
        known = [f.name for f in self.figure if rule in (None, f.rule)]
        where = f"rule {rule}" if rule else "the ruleset"
        raise TableError(
            f"{where} has no figure {name!r}"
            + (f"; its figures are: {', '.join(known)}" if known else "")
        )

    def count(self, name: str) -> int:
        return int(self.find(name).value)

    def colour(self, name: str) -> Colour:
        return Colour.parse(self.find(name).value)

    def with_value(self, name: str, rule: str, value: str) -> FigureTable:
        """The table with figure ``name`` of rule ``rule`` set to ``value`` (checked)."""
        old = self.find(name, rule)
        new = Figure.model_validate({**old.model_dump(), "value": value.strip()})
        if new.kind == "colour":
            new = new.model_copy(update={"value": Colour.parse(new.value).value})
        return self.model_copy(
            update={"figure": tuple(new if f is old else f for f in self.figure)}
        )


@cache
def load_figures(ruleset: str = "vanilla") -> FigureTable:
    """The checked ``figures.toml`` of a ruleset, read once; none when it has no such file."""
    path = table_path(ruleset, FILENAME)
    if not path.is_file():
        return FigureTable()
    return read_table(FigureTable, path)


__all__ = ["Figure", "FigureTable", "TableError", "load_figures"]
