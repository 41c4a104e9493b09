"""Refusals that cite the ifMUD Nomic rule they apply, by number and a short title."""

from __future__ import annotations

TITLES: dict[int, str] = {
    3: "the set of players",
    10: "proposals and votes",
    11: "three demerits",
    12: "adding players",
    13: "leaving the game",
    21: "sectional consent",
    22: "deception",
    24: "a week without posting",
    28: "tallies",
    31: "the Passive Voters list",
    32: "joining and leaving the Passive Voters list",
    34: "proposal names",
    40: "silent players made passive",
    41: "demerits start at zero",
    42: "tallies that go negative",
    128: "two weeks to decide",
    146: "intent posted in advance",
    147: "conditional intent",
}
"""Our own short titles for the ifMUD rules the chamber applies (the seed gives none)."""


def cite(rule: int) -> str:
    """``ifMUD rule 34, proposal names``: how a notice or refusal names a rule."""
    return f"ifMUD rule {rule}, {TITLES[rule]}"


class ChamberError(ValueError):
    """An action the chamber's rules do not allow; the message says which rule and what to do.

    Nothing changes when one is raised: every transition returns a new state or raises.
    """

    def __init__(self, rule: int, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} ({cite(rule)})")
