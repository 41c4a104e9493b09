"""One Day in London: the card game of a ten-stop journey on the Underground's zone 1.

A pure package (no mail, database or clock), layered bottom up: ``network`` (the game's
stations and lines, derived from the 1999 map), ``cards`` (the deck), ``journey`` (the rules'
Continuous Journey check), ``shuffle`` (the committed, recomputable shuffle), ``state`` (the
game as values, with its notation), ``moves`` (the mail grammar), ``rules`` (setup, turns,
the end), ``views`` (what the lounge and each player may see) and ``kind`` (the adapter to
the service's game-kind seam). The readings of the rules
are in ``rules/one-day-in-london/README.md``.
"""

from referee.games.one_day_in_london.journey import JourneyCheck, JourneyRules, check_journey
from referee.games.one_day_in_london.moves import Move, parse_move
from referee.games.one_day_in_london.rules import MoveRefused, apply, new_game, replay, waiting_on
from referee.games.one_day_in_london.state import GameState, Phase
from referee.games.one_day_in_london.views import final_reveal, private_view, public_view

__all__ = [
    "GameState",
    "JourneyCheck",
    "JourneyRules",
    "Move",
    "MoveRefused",
    "Phase",
    "apply",
    "check_journey",
    "final_reveal",
    "new_game",
    "parse_move",
    "private_view",
    "public_view",
    "replay",
    "waiting_on",
]
