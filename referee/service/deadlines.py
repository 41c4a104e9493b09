"""Deadlines in the store: opened when something becomes owed, closed when it is done.

The arithmetic is the pure :mod:`referee.engine.life.deadlines` (rule 1.3.5's weekday count, rule
1.1.10's calendar months); this module keeps one row per thing owed, with when its owner is
reminded. Stored times are naive UTC; the engine's are aware, and :func:`aware` and
:func:`naive` convert at the boundary.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, and_, or_, select, update
from sqlalchemy.orm import Session

from referee.engine.drone import is_drone
from referee.engine.life.deadlines import VANILLA_DEADLINES, DeadlinePolicy
from referee.games.kind import Silence
from referee.store.models import Deadline, Game

TURN = "turn"
"""Rule 1.3.5: the player to move owes a turn; once it passes anyone may force a Timeout."""

SILENCE = "silence"
"""Rule 1.1.10: a player who has not moved for two calendar months has resigned."""


def aware(moment: datetime) -> datetime:
    """A stored (naive UTC) time as the engine's aware UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def naive(moment: datetime) -> datetime:
    """An aware time as stored: naive UTC."""
    return aware(moment).replace(tzinfo=None)


def open_deadline(
    session: Session,
    game: Game,
    kind: str,
    owed_by: str | None,
    due: datetime,
    now: datetime,
    *,
    reminder_lead: timedelta | None = None,
    payload: dict[str, object] | None = None,
) -> Deadline:
    """Record that ``owed_by`` owes ``kind`` in ``game`` by ``due`` (both naive UTC).

    The reminder falls ``reminder_lead`` before the deadline, unless that is already past.
    """
    remind_at = None
    if reminder_lead is not None and due - reminder_lead > now:
        remind_at = due - reminder_lead
    row = Deadline(
        game_id=game.id,
        kind=kind,
        owed_by=owed_by,
        due=due,
        remind_at=remind_at,
        payload=payload or {},
        created_at=now,
    )
    session.add(row)  # written with the transaction's next flush, beside its other rows
    return row


def open_deadlines(
    session: Session, game: Game, *, kind: str | None = None, owed_by: str | None = None
) -> list[Deadline]:
    """The deadlines of ``game`` still open (not closed, not passed), soonest first."""
    query = select(Deadline).where(
        Deadline.game_id == game.id, Deadline.closed_at.is_(None), Deadline.passed_at.is_(None)
    )
    if kind is not None:
        query = query.where(Deadline.kind == kind)
    if owed_by is not None:
        query = query.where(Deadline.owed_by == owed_by)
    return list(session.scalars(query.order_by(Deadline.due, Deadline.id)))


def unclosed(session: Session, game: Game, *, kind: str, owed_by: str) -> list[Deadline]:
    """What ``owed_by`` still owes of ``kind``, whether or not its time has passed."""
    query = select(Deadline).where(
        Deadline.game_id == game.id,
        Deadline.kind == kind,
        Deadline.owed_by == owed_by,
        Deadline.closed_at.is_(None),
    )
    return list(session.scalars(query))


def close(
    session: Session,
    game: Game,
    now: datetime,
    *,
    kind: str | None = None,
    owed_by: str | None = None,
    include_passed: bool = True,
) -> None:
    """Close what is no longer owed: a turn was taken, a player left, the game ended."""
    close_each(session, game, now, (kind, owed_by), include_passed=include_passed)


def close_each(
    session: Session,
    game: Game,
    now: datetime,
    *owed: tuple[str | None, str | None],
    include_passed: bool = True,
) -> None:
    """Close every deadline of ``game`` matching one of the (kind, owed by) pairs ``owed``,
    None matching any.

    One UPDATE, not a read and then a write per row, and one for all the pairs: every applied
    turn closes two (rule 1.3.5's and the mover's 1.1.10). A deadline opened in this
    transaction and not yet written is closed where it waits, so the deadlines a turn opens
    are written together, in one statement, at the next flush."""

    def matches(row: Deadline) -> bool:
        return (
            row.game_id == game.id
            and row.closed_at is None
            and any(kind in (None, row.kind) and who in (None, row.owed_by) for kind, who in owed)
            and (include_passed or row.passed_at is None)
        )

    for row in session.new:
        if isinstance(row, Deadline) and matches(row):
            row.closed_at = now
    if any(isinstance(row, Deadline) for row in (*session.dirty, *session.deleted)):
        session.flush()  # a change to a stored deadline decides whether the UPDATE matches it
    query = update(Deadline).where(Deadline.game_id == game.id, Deadline.closed_at.is_(None))
    pairs = [_matching(kind, who) for kind, who in owed]
    if len(pairs) == 1:
        query = query.where(*pairs[0])
    elif all(pairs):
        query = query.where(or_(*(and_(*pair) for pair in pairs)))
    if not include_passed:
        query = query.where(Deadline.passed_at.is_(None))
    with session.no_autoflush:
        session.execute(
            query.values(closed_at=now).execution_options(synchronize_session="evaluate")
        )


def _matching(kind: str | None, owed_by: str | None) -> list[ColumnElement[bool]]:
    """The conditions on a deadline's kind and owner; none when both are None (any)."""
    found = []
    if kind is not None:
        found.append(Deadline.kind == kind)
    if owed_by is not None:
        found.append(Deadline.owed_by == owed_by)
    return found


def turn_owed(
    session: Session,
    game: Game,
    owed_by: str | None,
    since: datetime,
    now: datetime,
    *,
    reminder_lead: timedelta,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Deadline | None:
    """Rule 1.3.5: close the turn deadline and open the next, 36 weekday hours from ``since``."""
    close(session, game, now, kind=TURN)
    return next_turn(session, game, owed_by, since, now, reminder_lead=reminder_lead, policy=policy)


def next_turn(
    session: Session,
    game: Game,
    owed_by: str | None,
    since: datetime,
    now: datetime,
    *,
    reminder_lead: timedelta,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Deadline | None:
    """Rule 1.3.5: ``owed_by`` owes the next turn, 36 weekday hours from ``since`` (the turn
    deadline before it already closed)."""
    if owed_by is None:
        return None
    due = naive(policy.turn_due(aware(since)))
    return open_deadline(session, game, TURN, owed_by, due, now, reminder_lead=reminder_lead)


def moved(
    session: Session,
    game: Game,
    player: str,
    at: datetime,
    *,
    reminder_lead: timedelta,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Deadline | None:
    """Rule 1.1.10: ``player`` moved at ``at``, so eir two months start again from then."""
    close(session, game, at, kind=SILENCE, owed_by=player)
    return silence_from(session, game, player, at, reminder_lead=reminder_lead, policy=policy)


def silence_from(
    session: Session,
    game: Game,
    player: str,
    at: datetime,
    *,
    reminder_lead: timedelta,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Deadline | None:
    """Rule 1.1.10: ``player``'s two months start at ``at`` (eir silence deadline before it
    already closed)."""
    if is_drone(player):
        return None
    due = naive(policy.resigned_after_silence(aware(at)))
    return open_deadline(session, game, SILENCE, player, due, at, reminder_lead=reminder_lead)


def heard(
    session: Session,
    game: Game,
    silence: Silence,
    player: str,
    at: datetime,
    *,
    reminder_lead: timedelta,
) -> None:
    """``player`` was heard from in ``game`` at ``at``, so the clock of the game's silence rule
    starts again. Under :attr:`Silence.RESIGNS` it is rule 1.1.10's two months, kept here;
    under :attr:`Silence.CHAMBER` the chamber counts every post itself (ifMUD rule 24,
    ``referee.service.chamber.record_post``), and a two-month deadline left from before the
    kind said so is closed, so silence never costs a player under two rules."""
    if silence is Silence.RESIGNS:
        moved(session, game, player, at, reminder_lead=reminder_lead)
    else:
        close(session, game, at, kind=SILENCE, owed_by=player)
