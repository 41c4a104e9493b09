"""A proposal's name (ifMUD rule 34): a title ending with its proponent's referent in brackets."""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.chamber.errors import ChamberError
from referee.quoting import excerpt

_NAME = re.compile(
    r"^(?P<title>.*?\S)\s*\["
    r"(?P<referent>(?=[^\[\]]*[^\[\]\s])[^\[\]]*+|[^\[\]]*+[\[\]][^\[\]]*+)\]$"
)
"""The referent is what the brackets hold: something other than spaces, with at most one
bracket of its own (as this pattern always took it: a non-space between two bracketless runs).
Each run is taken whole, as splitting a run around its non-space was quadratic in a long
bracket not closing the name."""


@dataclass(frozen=True)
class ProposalName:
    """``Cheaper fares [AB]``: the title and the referent in square brackets.

    Two names are the same name when they differ only in letter case or spacing (:attr:`key`),
    so a proposal cannot take an earlier one's name by respelling it; any referent is taken
    (rules/ifmud-nomic/readings.md#r34).
    """

    title: str
    referent: str

    @classmethod
    def parse(cls, text: str) -> ProposalName:
        """The name written in ``text``, or a :class:`ChamberError` saying how to write it."""
        match = _NAME.match(" ".join(text.split()))
        if match is None:
            raise ChamberError(
                34,
                f"{excerpt(text.strip())!r} is not a proposal name: a name must end with your "
                "name, "
                "initials or another referent to you in square brackets, e.g. "
                "'Cheaper fares [AB]'",
            )
        return cls(match["title"], match["referent"].strip())

    def __str__(self) -> str:
        return f"{self.title} [{self.referent}]"

    @property
    def key(self) -> str:
        """The name as compared for uniqueness: case and spacing ignored."""
        return str(self).casefold()
