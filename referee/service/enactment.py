"""What happens to a game's rules when a ratified proposal takes effect: the seam between
the chamber (which decides that a proposal is agreed) and a game's rulebook (which knows what
its text changes).

The chamber calls :meth:`Enactor.enact` once, inside the transaction in which the proposal
takes effect (one hour after its ratification, ifMUD rule 10), and queues the notices it
returns. :class:`RecordOnly` is the enactor when no rulebook is wired in.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from sqlalchemy.orm import Session

from referee.service.notices import Audience, Notice
from referee.store.models import Game


class Enactor(Protocol):
    """What happens to a game's rules when a ratified proposal takes effect."""

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]: ...


class RecordOnly:
    """The enactor when no rulebook is wired: the text is kept with the proposal and the
    lounge is told it took effect and that its rule changes are not adjudicated."""

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        return [
            Notice(
                "lounge.proposal-recorded",
                Audience.lounge(game.lounge_address),
                {"proposal": proposal, "text": text, "at": f"{at:%A %d %B %Y %H:%M}"},
                subject=f"[MC {game.number}] {proposal}: recorded, not adjudicated",
            )
        ]
