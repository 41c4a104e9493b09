"""The names the service's Mornington desk has always been imported by.

The seam itself is :mod:`referee.games.kind`; Mornington's desk protocol and the desk with
no engine live with the kind in :mod:`referee.games.mornington`.
"""

from __future__ import annotations

from referee.games.kind import GameView, PlayerView, TurnOutcome, Verdict
from referee.games.mornington import NoEngineDesk, TurnDesk

__all__ = ["GameView", "NoEngineDesk", "PlayerView", "TurnDesk", "TurnOutcome", "Verdict"]
