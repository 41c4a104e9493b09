"""Fosdyke Requirements (rule 1.17.9 - Fosdyke Notation) as the action index writes them.

Rule 1.17.9 measures how near an Action's subject (the acting player's Piece) is to its
object along five classes: S (Stations apart on one Line), R (Stations apart by any route),
L (changes of Line), Q (Quadrant boundaries) and Z (Zone boundaries). A Fosdyke Code gives
the actual values, '*' where the two cannot be compared; a Requirement bounds some of them:
a bare number must be met exactly, "<n" and ">n" are bounds, and a '*' in the Code fails
every test. Rule 1.4.48 (Foskdyke's Magnifier) lets a player raise one component's number
by one; ``loosened`` gives that Requirement (rules/vanilla/readings.md#r1-17-9).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

CLASSES = "SRLQZ"
Op = Literal["=", "<", ">", "<="]
_OPS: dict[str, Op] = {"=": "=", "<": "<", ">": ">"}
_ELEMENT = re.compile(r"([SRLQZ])\s*(<|>|=)?\s*(\d+)")


class FosdykeError(ValueError):
    """A Requirement that does not follow rule 1.17.9's notation."""


@dataclass(frozen=True)
class Element:
    """One bounded class: S0, R<6, Q>1."""

    cls: str
    op: Op
    value: int

    def met_by(self, actual: int | None) -> bool:
        """Whether a Code's value (None for '*') meets this element."""
        if actual is None:
            return False
        if self.op == "=":
            return actual == self.value
        if self.op == "<":
            return actual < self.value
        if self.op == "<=":
            return actual <= self.value
        return actual > self.value

    def __str__(self) -> str:
        op = "" if self.op == "=" else self.op
        return f"{self.cls}{op}{self.value}"


@dataclass(frozen=True)
class FosdykeRequirement:
    """A parsed Requirement; empty means none."""

    elements: tuple[Element, ...] = ()

    @classmethod
    def parse(cls, text: str) -> FosdykeRequirement:
        """Read "(S0,L0)", "(R<6)", "(Q>1)"; "" is no Requirement."""
        body = text.strip()
        if not body:
            return cls()
        if not (body.startswith("(") and body.endswith(")")):
            raise FosdykeError(f"{text!r}: a Fosdyke Requirement is written in brackets")
        elements: list[Element] = []
        for part in body[1:-1].split(","):
            match = _ELEMENT.fullmatch(part.strip())
            if match is None:
                raise FosdykeError(
                    f"{part.strip()!r} in {text!r} is not an element like S0, R<6 or Q>1"
                )
            op = _OPS[match[2] or "="]
            elements.append(Element(match[1], op, int(match[3])))
        if len({e.cls for e in elements}) != len(elements):
            raise FosdykeError(f"{text!r} bounds one class twice")
        return cls(tuple(elements))

    def met_by(self, code: Mapping[str, int | None]) -> bool:
        """Whether a Fosdyke Code (class -> value, None for '*') meets every element.

        A class the Code leaves out fails, like '*': the engine computes what is asked.
        """
        return all(element.met_by(code.get(element.cls)) for element in self.elements)

    def loosened(self, cls: str) -> FosdykeRequirement:
        """Rule 1.4.48: one component's number raised by one, the nearer values still allowed.

        (S0) becomes "S within 1" - adjacent or, as before, co-located.
        """
        found = False
        elements: list[Element] = []
        for element in self.elements:
            if element.cls == cls and not found:
                found = True
                if element.op in ("=", "<="):
                    element = Element(cls, "<=", element.value + 1)
                elif element.op == "<":
                    element = Element(cls, "<", element.value + 1)
            elements.append(element)
        if not found:
            raise FosdykeError(f"{self} has no {cls} component to loosen")
        return FosdykeRequirement(tuple(elements))

    def __str__(self) -> str:
        return "(" + ",".join(str(e) for e in self.elements) + ")" if self.elements else ""
