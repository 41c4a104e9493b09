"""The readings of the chamber's rules that players could reasonably take differently.

Each field is a setting of :mod:`referee.variants.game_settings` (scope ``chamber``), set by
the Speaker per game, stored with the game and shown to players;
rules/ifmud-nomic/readings.md#r10 and #r146 explain the readings.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChamberSettings:
    """The chamber's readings for one game."""

    lone_nay_may_declare_dead: bool = False
    """ifMUD rule 10: once a player has voted nay, 'any other player' may declare the proposal
    dead. False: someone other than a nay voter, or a second nay voter, must declare it; true:
    the only nay voter may declare it dead emself."""

    intents_may_be_withdrawn: bool = True
    """ifMUD rule 146 is silent on taking back a statement of intent before its time. True:
    its player may withdraw it ('intent cancel N'); false: once posted it stands, as a post to
    the list cannot be unsent."""
