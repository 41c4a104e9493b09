"""Token costs and gains as the action index writes them, parsed into typed terms.

Rule 1.7.1 - Action Types: an Action's cost is usually a number of Tokens, and an Action with
no cost is free. The index of rule 1.7.2 writes costs tersely ("1Re", "2Bu,1Si"), and some
depend on the play or the position: a variable count ("xBu", paid per unit of something the
rule defines), "varies", one token of "any" colour, "10Plastic" (Plastic Tokens of one colour,
as Bonanza requires, rule 1.4.10), a choice of colours ("4Re/Bu/Bk"), the colour the play
names ("1{colour}", for Bocks), and a count "per" something ("1Go per Pigeon"). The engine
charges the fixed part directly and asks the defining rule for the rest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from referee.engine.tables.colours import PLASTIC, Colour


class TermKind(StrEnum):
    """What one term of a cost asks for."""

    FIXED = "fixed"  # count tokens of one colour
    VARIABLE = "variable"  # x tokens of one colour; x is set by the defining rule
    CHOICE = "choice"  # count tokens drawn from the listed colours
    PLASTIC_ONE_COLOUR = "plastic"  # count Plastic tokens, all of one colour
    ANY = "any"  # one token of any colour
    NAMED = "named"  # count tokens of the colour the play names
    VARIES = "varies"  # set entirely by the defining rule


@dataclass(frozen=True)
class TokenTerm:
    """One comma-separated part of a cost or gain."""

    kind: TermKind
    count: int | None = None
    colours: tuple[Colour, ...] = ()
    per: str = ""

    def __str__(self) -> str:
        count = "x" if self.count is None else str(self.count)
        per = f" per {self.per}" if self.per else ""
        if self.kind is TermKind.VARIES:
            return "varies"
        if self.kind is TermKind.ANY:
            return "any"
        if self.kind is TermKind.PLASTIC_ONE_COLOUR:
            return f"{count}Plastic{per}"
        if self.kind is TermKind.NAMED:
            return f"{count}{{colour}}{per}"
        return f"{count}{'/'.join(c.value for c in self.colours)}{per}"


_TERM = re.compile(
    r"(?P<count>\d+|x)\s*(?P<what>\{colour\}|Plastic|[A-Z][a-z](?:/[A-Z][a-z])*)"
    r"(?:\s+per\s+(?P<per>[A-Za-z]+))?"
)


class TokenCostError(ValueError):
    """A cost string that does not follow the grammar above."""


@dataclass(frozen=True)
class TokenCost:
    """A parsed cost or gain: its terms in order; empty means free (rule 1.7.1)."""

    terms: tuple[TokenTerm, ...] = ()

    @classmethod
    def parse(cls, text: str) -> TokenCost:
        """Parse "2Bu,1Si", "xBr", "varies,1Gr", "10Plastic", "4Re/Bu/Bk", "" (free)."""
        if not text.strip():
            return cls()
        terms: list[TokenTerm] = []
        for raw in text.split(","):
            part = raw.strip()
            if part.casefold() == "varies":
                terms.append(TokenTerm(TermKind.VARIES))
                continue
            if part.casefold() == "any":
                terms.append(TokenTerm(TermKind.ANY, count=1))
                continue
            terms.append(_term(part, text))
        return cls(tuple(terms))

    @property
    def free(self) -> bool:
        """True when the Action costs (or gains) nothing."""
        return not self.terms

    @property
    def is_fixed(self) -> bool:
        """True when the whole cost is known counts of known colours."""
        return all(term.kind is TermKind.FIXED and not term.per for term in self.terms)

    def fixed(self) -> Mapping[Colour, int]:
        """The known part: counts of named colours that depend on nothing else."""
        counts: dict[Colour, int] = {}
        for term in self.terms:
            if term.kind is TermKind.FIXED and not term.per and term.count is not None:
                (colour,) = term.colours
                counts[colour] = counts.get(colour, 0) + term.count
        return counts

    def __str__(self) -> str:
        return ",".join(str(term) for term in self.terms)


def _term(part: str, text: str) -> TokenTerm:
    match = _TERM.fullmatch(part)
    if match is None:
        raise TokenCostError(
            f"{part!r} in cost {text!r} is not a token term; write e.g. 2Bu, xBr, 10Plastic, "
            "4Re/Bu/Bk, 1{colour}, 1Go per Pigeon, any or varies"
        )
    count = None if match["count"] == "x" else int(match["count"])
    what, per = match["what"], match["per"] or ""
    if what == "{colour}":
        return TokenTerm(TermKind.NAMED, count, per=per)
    if what == "Plastic":
        plastic = tuple(c for c in Colour if c in PLASTIC)
        return TokenTerm(TermKind.PLASTIC_ONE_COLOUR, count, plastic, per)
    try:
        colours = [Colour(code) for code in what.split("/")]
    except ValueError:
        raise TokenCostError(
            f"{part!r} in cost {text!r} names an unknown colour; use Bk Bu Br Go Gr Re Si"
        ) from None
    if len(colours) > 1:
        return TokenTerm(TermKind.CHOICE, count, tuple(colours), per)
    kind = TermKind.VARIABLE if count is None else TermKind.FIXED
    return TokenTerm(kind, count, tuple(colours), per)
