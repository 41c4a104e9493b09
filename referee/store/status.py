"""The statuses a stored row moves through, one enum per table.

Each is a ``StrEnum``, so the values stored in the database are the same strings as before the
enums existed (no migration) and a row read back compares equal to its member.
"""

from __future__ import annotations

from enum import StrEnum


class InboxStatus(StrEnum):
    """What became of a message: still ``new``, answered (``done``), never answered
    (``ignored``: a loop or an automatic reply) or kept aside as bad input (``quarantined``)."""

    NEW = "new"
    DONE = "done"
    IGNORED = "ignored"
    QUARANTINED = "quarantined"


class OutboxStatus(StrEnum):
    """A composed message waiting for the relay, delivered, or given up on."""

    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


class GameStatus(StrEnum):
    """A game taking joins, being played, won unless buzzed (rule 1.1.1), or ended."""

    FORMING = "forming"
    RUNNING = "running"
    WINNING = "winning"
    WON = "won"
    STALEMATE = "stalemate"
    VOID = "void"


class MembershipStatus(StrEnum):
    """A seat asked for, held, refused by the Speaker (rule 1.1.8) or given up."""

    APPLIED = "applied"
    ACTIVE = "active"
    DECLINED = "declined"
    RESIGNED = "resigned"


class TurnStatus(StrEnum):
    """What became of a submitted turn.

    ``applied`` moved the game on; ``received`` was kept but not adjudicated; ``illegal``,
    ``stale``, ``out_of_turn`` and ``unreadable`` were refused; ``taken-back`` (rule 1.3.3),
    ``voided`` (a later turn undone by a buzz, 1.16.1) and ``superseded`` (requeued by the
    operator) were undone after the fact.
    """

    APPLIED = "applied"
    RECEIVED = "received"
    ILLEGAL = "illegal"
    STALE = "stale"
    OUT_OF_TURN = "out_of_turn"
    UNREADABLE = "unreadable"
    TAKEN_BACK = "taken-back"
    VOIDED = "voided"
    SUPERSEDED = "superseded"
