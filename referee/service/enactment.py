"""What happens to a game's rules when a ratified proposal takes effect: the seam between
the chamber (which decides that a proposal is agreed) and a game's rulebook (which knows what
its text changes).

The chamber calls :meth:`Enactor.enact` once, inside the transaction in which the proposal
takes effect (one hour after its ratification, ifMUD rule 10), and queues the notices it
returns. :class:`RecordOnly` is the enactor when no rulebook is wired in; :class:`ByKind`
dispatches by the game's kind, and :class:`IfmudAgreements` is ifMUD Nomic's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from sqlalchemy.orm import Session

from referee.games import IFMUD_NOMIC, MORNINGTON
from referee.games.ifmud.agreements import apply_agreements, parse_agreement
from referee.games.ifmud.state import GameState
from referee.games.kind import GameKind
from referee.service import kind_time
from referee.service.game_view import view_of
from referee.service.notices import Audience, Notice
from referee.service.rulebook import RulebookEnactor
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
                subject=game.tag.subject(f"{proposal}: recorded, not adjudicated"),
            )
        ]


class ByKind:
    """The enactor that hands a proposal to the enactor of its game's kind (``by_kind``
    maps a kind's name to it), and to ``otherwise`` for a kind with none: the one place where
    a rulebook for each kind (Mornington Nomic's amendments among them) is wired in."""

    def __init__(self, by_kind: Mapping[str, Enactor], otherwise: Enactor | None = None) -> None:
        self.by_kind = dict(by_kind)
        self.otherwise: Enactor = otherwise or RecordOnly()

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        return self.by_kind.get(game.kind, self.otherwise).enact(session, game, proposal, text, at)


class IfmudAgreements:
    """ifMUD Nomic's enactor: the changes of the state a ratified proposal's text agrees
    (:mod:`referee.games.ifmud.agreements`: rooms, connections, tolls, players...) are made
    in order and the new state posted to the lounge; every other line of the text (a new
    rule's own words) is kept and named as not adjudicated."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        state = GameState.parse(game.state or "")
        after, said = apply_agreements(state, text)
        unread = [
            line.strip()
            for line in text.splitlines()
            if line.strip() and parse_agreement(line) is None
        ]
        if after != state:
            game.state = after.render()
            game.version += 1
            session.flush()
            kind_time.schedule(session, game, self.kind, at)
        values: dict[str, object] = {
            "proposal": proposal,
            "at": f"{at:%A %d %B %Y %H:%M}",
            "made": said,
            "unread": unread,
            "state": self.kind.public_view(view_of(session, game)) if after != state else "",
        }
        return [
            Notice(
                "lounge.proposal-enacted",
                Audience.lounge(game.lounge_address),
                values,
                subject=game.tag.subject(f"{proposal}: took effect"),
            )
        ]


def by_kind(kinds: Mapping[str, GameKind]) -> ByKind:
    """The enactor a service uses for the kinds it hosts: Mornington Nomic's living rulebook,
    ifMUD Nomic's agreements for its games, :class:`RecordOnly` for the rest."""
    enactors: dict[str, Enactor] = {MORNINGTON: RulebookEnactor(RecordOnly())}
    if IFMUD_NOMIC in kinds:
        enactors[IFMUD_NOMIC] = IfmudAgreements(kinds[IFMUD_NOMIC])
    return ByKind(enactors)
