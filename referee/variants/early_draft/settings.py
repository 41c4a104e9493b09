"""The readings of the early draft that players could set differently, per game."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.ruleset import RuleSettings


@dataclass(frozen=True)
class EarlyDraftSettings(RuleSettings):
    """Volume 1's settings and the readings of the draft players could set differently."""

    black_over_ten_discarded: bool = True
    """Rule 5: whether Black Tokens above ten at the end of a Turn are discarded (the Turn
    stands), or make the Turn illegal ("may not hold more than 10")."""
    boundary_zone_bonus: str = "lower"
    """Rule 4: what "Zone x +x Bk" pays at a Station on a Zone boundary, which is in both
    Zones (rule 1.17.7): the lower Zone's number, the higher's, or both added together."""
