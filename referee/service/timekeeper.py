"""Processing deadlines at a moment: reminders before, and what silence means after.

``referee serve`` calls :func:`run_due` at an interval with the real clock; ``referee
deadlines run --now`` calls it for any moment. Each deadline is reminded at most once and
passes at most once (the row records both), so running it twice for the same moment, or
from two processes, sends nothing twice. Reminders go only to the player who owes the step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.engine.drone import is_drone
from referee.service import buzzes, deadlines, seats
from referee.service.notices import Notice, queue_notice
from referee.store import games
from referee.store.models import BuzzRecord, Deadline, Game

_WHAT = {
    deadlines.TURN: ("your turn", "rule 1.3.5: 36 hours, weekends not counted"),
    buzzes.BUZZ: ("your step in the buzz", "rules 1.16.3 and 1.16.4"),
    deadlines.SILENCE: (
        "a move",
        "rule 1.1.10: two calendar months without a move is a resignation",
    ),
}


@dataclass(frozen=True)
class Processed:
    """What one run did."""

    reminded: int
    passed: int


def run_due(
    factory: sessionmaker[Session],
    settings: Settings,
    now: datetime,
    *,
    rng: random.Random | None = None,
) -> Processed:
    """Remind and expire everything due at ``now`` (naive UTC), in one transaction."""
    rng = rng or random.Random()
    timing = seats.Timing(timedelta(hours=settings.reminder_lead_hours))
    reminded = passed = 0
    with factory.begin() as session:
        query = (
            select(Deadline)
            .where(
                Deadline.closed_at.is_(None),
                Deadline.passed_at.is_(None),
                or_(
                    Deadline.due <= now,
                    (Deadline.remind_at <= now) & Deadline.reminded_at.is_(None),
                ),
            )
            .order_by(Deadline.due, Deadline.id)
            .with_for_update(skip_locked=True)
        )
        for row in list(session.scalars(query)):
            if row.closed_at is not None:  # closed by an earlier row's consequence
                continue
            game = session.get_one(Game, row.game_id)
            if row.due <= now:
                row.passed_at = now
                row.reminded_at = row.reminded_at or now
                _send(session, settings, game, now, _passed(session, game, row, now, rng, timing))
                passed += 1
            else:
                row.reminded_at = now
                _send(session, settings, game, now, _reminder(session, game, row))
                reminded += 1
    return Processed(reminded, passed)


def _address(session: Session, name: str | None) -> str | None:
    if name is None or is_drone(name):
        return None
    player = games.player_by_name(session, name)
    return player.address if player is not None else None


def _reminder(session: Session, game: Game, row: Deadline) -> list[Notice]:
    address = _address(session, row.owed_by)
    if address is None:
        return []
    what, rule = _WHAT.get(row.kind, (row.kind, ""))
    values: dict[str, object] = {
        "player": row.owed_by,
        "what": what,
        "due": f"{row.due:%A %d %B %H:%M}",
        "rule": rule,
    }
    subject = f"[MC {game.number}] Reminder: {what} is due by {row.due:%a %d %b %H:%M} UTC"
    return [Notice("player.deadline-reminder", address, values, subject=subject)]


def _passed(
    session: Session,
    game: Game,
    row: Deadline,
    now: datetime,
    rng: random.Random,
    timing: seats.Timing,
) -> list[Notice]:
    what, _ = _WHAT.get(row.kind, (row.kind, ""))
    notices: list[Notice] = []
    if row.kind == buzzes.BUZZ:
        consequence = "Silence counts against you (rules 1.16.3 and 1.16.4); see the lounge."
        buzz = session.get(BuzzRecord, int(str(row.payload.get("buzz", 0))))
        if buzz is not None and buzz.closed_at is None:
            notices += buzzes.expire(session, game, buzz, now, rng, timing)
    elif row.kind == deadlines.SILENCE and row.owed_by is not None:
        consequence = "Under rule 1.1.10 you have resigned from the game."
        player = games.player_by_name(session, row.owed_by)
        if player is not None and seats.seat_of(session, game, player) is not None:
            why = "two calendar months without a move (rule 1.1.10)"
            notices += seats.resign(session, game, player, now, why, rng=rng, timing=timing)
    else:
        consequence = (
            f"Any player in the game may now play Timeout for you (rule 1.3.5) by writing "
            f"'nomic timeout {row.owed_by}'."
        )
    address = _address(session, row.owed_by)
    if address is not None:
        values: dict[str, object] = {
            "player": row.owed_by,
            "what": what,
            "due": f"{row.due:%A %d %B %H:%M}",
            "consequence": consequence,
        }
        subject = f"[MC {game.number}] Time is up: {what}"
        notices.insert(0, Notice("player.deadline-passed", address, values, subject=subject))
    return notices


def _send(
    session: Session, settings: Settings, game: Game, now: datetime, notices: list[Notice]
) -> None:
    for notice in notices:
        queue_notice(session, settings, notice, now, game=f"MC {game.number}")
