"""What happens to a game's rules when a ratified proposal takes effect: the seam between
the chamber (which decides that a proposal is agreed) and a game's rulebook (which knows what
its text changes).

The chamber calls :meth:`Enactor.enact` once, inside the transaction in which the proposal
takes effect (one hour after its ratification, ifMUD rule 10), and queues the notices it
returns. :class:`RecordOnly` is the enactor when no rulebook is wired in; :class:`ByKind`
dispatches by the game's kind, and :class:`IfmudAgreements` is ifMUD Nomic's. An enactor whose
game seats the players its chamber admits (ifMUD rule 12), and gives up the seats of those it
takes off its roll (11, 13), is also :class:`Seating`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

from sqlalchemy.orm import Session

from referee.chamber import cite
from referee.games import IFMUD_NOMIC, MORNINGTON
from referee.games.ifmud import consent
from referee.games.ifmud.agreements import apply_agreements, parse_agreement, parse_agreements
from referee.games.ifmud.state import GameState
from referee.games.kind import GameKind
from referee.service import admission, kind_time
from referee.service.game_view import view_of
from referee.service.notices import Audience, Notice
from referee.service.rulebook import RulebookEnactor
from referee.store.models import Game


class Enactor(Protocol):
    """What happens to a game's rules when a ratified proposal takes effect."""

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]: ...


@runtime_checkable
class Seating(Protocol):
    """An enactor whose game takes the players its chamber admits after the start (rule 12)
    as players of the game: whom it may admit, and seating one admitted."""

    def refusal(self, session: Session, game: Game, name: str) -> str | None:
        """Why ``name`` cannot be admitted to ``game`` (a sentence citing the rule), or None."""
        ...

    def added_by(self, text: str) -> tuple[str, ...]:
        """The players a proposal of change's ``text`` adds, besides the chamber's Admit:."""
        ...

    def seat(self, session: Session, game: Game, name: str, at: datetime) -> Sequence[Notice]:
        """Seat ``name``, admitted at ``at``."""
        ...

    def unseat(self, session: Session, game: Game, name: str, at: datetime) -> None:
        """Give up the seat of ``name``, whom the chamber took off its roll at ``at`` (rules
        11, 13), so e may ask to join again."""
        ...


def seating(enactor: Enactor, game: Game) -> Seating | None:
    """The enactor of ``game`` as one that seats admitted players, or None where the chamber
    admits only players the Speaker has seated (a Mornington Nomic game)."""
    if isinstance(enactor, ByKind):
        enactor = enactor.of(game)
    return enactor if isinstance(enactor, Seating) else None


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


class ByKind:
    """The enactor that hands a proposal to the enactor of its game's kind (``by_kind``
    maps a kind's name to it), and to ``otherwise`` for a kind with none: the one place where
    a rulebook for each kind (Mornington Nomic's amendments among them) is wired in."""

    def __init__(self, by_kind: Mapping[str, Enactor], otherwise: Enactor | None = None) -> None:
        self.by_kind = dict(by_kind)
        self.otherwise: Enactor = otherwise or RecordOnly()

    def of(self, game: Game) -> Enactor:
        """The enactor of ``game``'s kind."""
        return self.by_kind.get(game.kind, self.otherwise)

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        return self.of(game).enact(session, game, proposal, text, at)


_LOST = "lost and may not rejoin the game (ifMUD rule 33, winning and losing)"
"""Rule 33's bar, said of a player a proposal would add (the chamber's ``cite`` names only
the chamber's own rules)."""


class IfmudAgreements:
    """ifMUD Nomic's enactor: the changes of the state a ratified proposal's text agrees
    (:mod:`referee.games.ifmud.agreements`: rooms, connections, tolls, players...) are made
    in order and the new state posted to the lounge; every other line of the text (a new
    rule's own words) is kept and named as not adjudicated. A player the players add, by the
    chamber's ``Admit:`` or by a text's ``add player`` line, is seated in the game
    (:mod:`referee.service.admission`)."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        state = GameState.parse(game.state or "")
        after, said = apply_agreements(state, text)
        after = consent.end_removed_turn(after, at)
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
        before = {p.name for p in state.players}
        added = [p.name for p in after.players if p.name not in before]
        values: dict[str, object] = {
            "proposal": proposal,
            "at": f"{at:%A %d %B %Y %H:%M}",
            "made": said,
            "unread": unread,
            "state": self.kind.public_view(view_of(session, game)) if after != state else "",
        }
        enacted = Notice(
            "lounge.proposal-enacted",
            Audience.lounge(game.lounge_address),
            values,
            subject=f"[MC {game.number}] {proposal}: took effect",
        )
        return [enacted, *(n for name in added for n in self.seat(session, game, name, at))]

    def refusal(self, session: Session, game: Game, name: str) -> str | None:
        """Rule 12 admits someone who asked to join (``nomic join NAME``), so the referee
        knows where to write to em; rule 33 bars a player who lost."""
        state = GameState.parse(game.state or "")
        if name.casefold() in {n.casefold() for n in state.lost}:
            return f"{name} {_LOST}"
        if admission.asking(session, game, name) is None:
            return (
                f"{name} has not asked to join game MC {game.number}; e writes 'nomic join "
                f"{name}' to the game first, so the referee knows where to write to em "
                f"({cite(12)})"
            )
        return None

    def added_by(self, text: str) -> tuple[str, ...]:
        """The players the text's ``add player NAME`` lines add (rule 12, the agreements
        grammar), so the chamber refuses before the vote a text adding someone it could not
        seat."""
        return tuple(
            dict(agreement.args)["player"]
            for _, agreement in parse_agreements(text)
            if agreement.rule == 12
        )

    def seat(self, session: Session, game: Game, name: str, at: datetime) -> Sequence[Notice]:
        """Seat ``name`` once the state has em (rule 12's effect, made by the chamber or by
        the text); a name the state refused (rule 33) is said so, and not seated."""
        state = GameState.parse(game.state or "")
        if name.casefold() not in {p.name.casefold() for p in state.players}:
            why = f"{name} is not in the state of the game, so cannot be seated"
            if name.casefold() in {n.casefold() for n in state.lost}:
                why = f"{name} {_LOST}"
            return [
                Notice(
                    "lounge.chamber-news",
                    Audience.lounge(game.lounge_address),
                    {"news": f"{why}.", "text": "", "lines": []},
                    subject=f"[MC {game.number}] {name} is not seated",
                )
            ]
        return admission.seat(session, game, self.kind, name, at)

    def unseat(self, session: Session, game: Game, name: str, at: datetime) -> None:
        admission.unseat(session, game, self.kind, name, at)


def by_kind(kinds: Mapping[str, GameKind]) -> ByKind:
    """The enactor a service uses for the kinds it hosts: Mornington Nomic's living rulebook,
    ifMUD Nomic's agreements for its games, :class:`RecordOnly` for the rest."""
    enactors: dict[str, Enactor] = {MORNINGTON: RulebookEnactor(RecordOnly())}
    if IFMUD_NOMIC in kinds:
        enactors[IFMUD_NOMIC] = IfmudAgreements(kinds[IFMUD_NOMIC])
    return ByKind(enactors)
