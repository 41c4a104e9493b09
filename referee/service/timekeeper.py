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
from functools import cache

from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.engine.drone import is_drone, stick_holder
from referee.games import Kinds, Silence, hosted
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD
from referee.service import buzzes, chamber, deadlines, dealt, intents, kind_time, roster, seats
from referee.service.classify import CHAIN, after_identify
from referee.service.enactment import Enactor, by_kind
from referee.service.engine_desk import EngineDesk
from referee.service.notices import Audience, Notice, queue_notice
from referee.service.runner import mornington
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

_DEALT_WHAT = {
    deadlines.TURN: "the referee's deadline for every game: 36 hours, weekends not counted",
    deadlines.SILENCE: "two calendar months without a move count as resigning",
}
"""The same deadlines in a game of another kind, which has no rule 1.3.5 or 1.1.10 of its
own: the referee keeps Mornington's times for it (rules/one-day-in-london/README.md)."""


@dataclass(frozen=True)
class Processed:
    """What one run did."""

    reminded: int
    passed: int


def _due(now: datetime) -> ColumnElement[bool]:
    """Open deadlines whose time, or whose reminder's time, has come."""
    return and_(
        Deadline.closed_at.is_(None),
        Deadline.passed_at.is_(None),
        or_(Deadline.due <= now, (Deadline.remind_at <= now) & Deadline.reminded_at.is_(None)),
    )


def run_due(
    factory: sessionmaker[Session],
    settings: Settings,
    now: datetime,
    *,
    rng: random.Random | None = None,
    enactor: Enactor | None = None,
    kinds: Kinds | None = None,
) -> Processed:
    """Remind and expire everything due at ``now`` (naive UTC), one transaction per game.

    Each game's transaction first locks the game's row (``SELECT ... FOR UPDATE``), the row a
    turn's conditional update and a player's command lock too, and only then reads the game's
    deadlines. So a deadline's consequence (a resignation by rule 1.1.10, a buzz settled by
    silence) and a turn or Timeout arriving by mail at the same moment happen one after the
    other, each on what the other left, never both on the same old state. (SQLite takes the
    whole database for each writer, which orders them the same way.)

    A chamber's deadline passing brings the whole chamber up to ``now``
    (:func:`referee.service.chamber.catch_up`), with ``enactor`` for proposals taking effect
    (by default :func:`referee.service.enactment.by_kind`'s for ``kinds``).
    A kind's time step (:mod:`referee.service.kind_time`) is taken by the game's kind in
    ``kinds`` (by default the kinds :func:`referee.games.hosted` builds on a clock stopped at
    ``now``), and its new state posted. A statement of intent falling due is carried out
    (:func:`referee.service.intents.carry_out`) by the classification chain as if posted at
    ``now``, judged by the game's kind (:func:`_judges`).
    """
    rng = rng or random.Random()
    kinds = kinds if kinds is not None else Kinds(hosted(lambda: deadlines.aware(now)))
    enactor = enactor or by_kind(kinds)
    timing = roster.Timing(timedelta(hours=settings.reminder_lead_hours))
    with factory() as session:
        ids = sorted(set(session.scalars(select(Deadline.game_id).where(_due(now)))))
    reminded = passed = 0
    for game_id in ids:
        done = _run_game(factory, settings, game_id, now, rng, timing, enactor, kinds)
        reminded, passed = reminded + done.reminded, passed + done.passed
    return Processed(reminded, passed)


def _run_game(
    factory: sessionmaker[Session],
    settings: Settings,
    game_id: int,
    now: datetime,
    rng: random.Random,
    timing: roster.Timing,
    enactor: Enactor,
    kinds: Kinds,
) -> Processed:
    reminded = passed = 0
    with factory.begin() as session:
        game = session.get_one(Game, game_id, with_for_update=True, populate_existing=True)
        query = (
            select(Deadline)
            .where(Deadline.game_id == game_id, _due(now))
            .order_by(Deadline.due, Deadline.id)
        )
        for row in list(session.scalars(query)):
            if row.closed_at is not None:  # closed by an earlier row's consequence
                continue
            if row.due <= now:
                row.passed_at = now
                row.reminded_at = row.reminded_at or now
                if row.kind == intents.INTENT:
                    intents.carry_out(
                        session,
                        settings,
                        _judges(kinds),
                        game,
                        row,
                        now,
                        rng=rng,
                        timing=timing,
                        enactor=enactor,
                        chain=after_identify(CHAIN),
                    )
                    notices = []
                elif row.kind in chamber.KINDS:
                    lead = timing.turn_reminder
                    notices = chamber.catch_up(session, game, now, enactor, lead)
                elif row.kind == kind_time.TIMED:
                    kind = kinds.judging(game.kind)
                    notices = kind_time.advance(session, game, kind, now)
                elif (
                    row.kind == deadlines.SILENCE
                    and kinds.judging(game.kind).silence is not Silence.RESIGNS
                ):
                    row.closed_at = now  # kept from before the kind named its own rule
                    notices = []
                else:
                    notices = _passed(session, game, row, now, rng, timing)
                _send(session, settings, game, now, notices)
                passed += 1
            else:
                row.reminded_at = now
                if row.kind in chamber.KINDS:
                    _send(session, settings, game, now, chamber.remind(session, game, row))
                else:
                    _send(session, settings, game, now, _reminder(session, game, row))
                reminded += 1
    return Processed(reminded, passed)


@cache
def _desk() -> EngineDesk:
    """One rules engine desk for the runs that name no kinds: preparing it is the slow part."""
    return EngineDesk()


def _judges(kinds: Kinds) -> Kinds:
    """``kinds`` completed with Mornington Nomic and the dealt kinds where a caller (``referee
    deadlines run``) named only the hosted ones: a statement of intent may be a turn of any
    kind of game. Made only when a statement falls due, since preparing an engine is slow."""
    extra = [k for k in (mornington(_desk()), *dealt.HOSTED.values()) if k.name not in kinds]
    return Kinds([*kinds.values(), *extra]) if extra else kinds


def _recipient(session: Session, game: Game, name: str | None) -> tuple[str, str] | None:
    """Who is told about what ``name`` owes, and eir address.

    The Drone has no address: its Turn is posted by the carrier of the Drone Stick (rule
    1.15.1), so the carrier is told; if no one carries it, no one is.
    """
    if name is not None and is_drone(name):
        try:
            name = stick_holder(GSD.parse(game.state or "", kept=True))
        except NotationError:
            name = None
    if name is None:
        return None
    player = games.player_by_name(session, name)
    return (player.name, player.address) if player is not None else None


def _what(row: Deadline, game: Game | None = None) -> tuple[str, str]:
    what, rule = _WHAT.get(row.kind, (row.kind, ""))
    if game is not None and dealt.kind_of(dealt.HOSTED, game) is not None:
        return what, _DEALT_WHAT.get(row.kind, rule)
    if row.kind == deadlines.TURN and row.owed_by is not None and is_drone(row.owed_by):
        return "the Drone's turn", f"{rule}; you post it as carrier of the Drone Stick, 1.15.1"
    return what, rule


def _reminder(session: Session, game: Game, row: Deadline) -> list[Notice]:
    recipient = _recipient(session, game, row.owed_by)
    if recipient is None:
        return []
    what, rule = _what(row, game)
    values: dict[str, object] = {
        "player": recipient[0],
        "what": what,
        "due": f"{row.due:%A %d %B %H:%M}",
        "rule": rule,
    }
    subject = f"[MC {game.number}] Reminder: {what} is due by {row.due:%a %d %b %H:%M} UTC"
    to = Audience.player(recipient[1], recipient[0])
    return [Notice("player.deadline-reminder", to, values, subject=subject)]


def _passed(
    session: Session,
    game: Game,
    row: Deadline,
    now: datetime,
    rng: random.Random,
    timing: roster.Timing,
) -> list[Notice]:
    what, _ = _what(row, game)
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
            kind = dealt.kind_of(dealt.HOSTED, game)
            if kind is not None:
                consequence = "After two months without a move you have resigned from the game."
                why = "two calendar months without a move"
                notices += dealt.resign(session, game, kind, player, now, why, timing)
            else:
                notices += seats.resign(session, game, player, now, why, rng=rng, timing=timing)
    elif dealt.kind_of(dealt.HOSTED, game) is not None:
        consequence = (
            "The game waits for you: nobody can play in your place, and two calendar months "
            "without a move count as resigning."
        )
    else:
        whom = "the Drone" if row.owed_by and is_drone(row.owed_by) else "you"
        consequence = (
            f"Any player in the game may now play Timeout for {whom} (rule 1.3.5) by writing "
            f"'nomic timeout {row.owed_by}'."
        )
    recipient = _recipient(session, game, row.owed_by)
    if recipient is not None:
        values: dict[str, object] = {
            "player": recipient[0],
            "what": what,
            "due": f"{row.due:%A %d %B %H:%M}",
            "consequence": consequence,
        }
        subject = f"[MC {game.number}] Time is up: {what}"
        to = Audience.player(recipient[1], recipient[0])
        notices.insert(0, Notice("player.deadline-passed", to, values, subject=subject))
    return notices


def _send(
    session: Session, settings: Settings, game: Game, now: datetime, notices: list[Notice]
) -> None:
    for notice in notices:
        queue_notice(session, settings, notice, now, game=f"MC {game.number}")
