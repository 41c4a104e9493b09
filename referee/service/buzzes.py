"""Buzzing by mail over the pure state machine of section 1.16, with rollback from snapshots.

Rule 1.16.2 - Buzzing: a player buzzes a turn by replying to its message with BUZZ and a
reason, while no more than three turns have followed it; play then waits. Rule 1.16.3 -
Questionable Turns: the buzzed player concedes or contests, then the buzzer does the same to
the defence, each within 36 hours, silence counting against the silent. Rule 1.16.4 - Prepare
to be Judged: a contested defence goes to a referee drawn at random, whose LEGAL or ILLEGAL
binds. Rule 1.16.1 - One Good Turn: an Illegal turn and every turn after it never happened;
the GSD kept from before it is restored and posted, nothing replayed.

Each step loads the buzz into :class:`referee.engine.life.buzzing.Buzz`, applies one pure
transition, stores it back, and keeps the game's deadlines in step with who owes what.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engine.life import buzzing
from referee.engine.life.buzzing import Buzz, BuzzError, Stage, Step
from referee.engine.life.deadlines import VANILLA_DEADLINES, DeadlinePolicy
from referee.quoting import excerpt
from referee.service import deadlines, game_dice, gsd_edits
from referee.service.notices import Audience, CommandError, Notice
from referee.service.roster import WINNING, Timing, active_names
from referee.store import games
from referee.store.models import BuzzRecord, Game, Player, Turn
from referee.store.session_cache import cached
from referee.store.status import GameStatus, TurnStatus

BUZZ = "buzz"
"""The deadline of whoever owes the next step of an open buzz (rules 1.16.3, 1.16.4)."""

STEPS = ("concede", "contest", "withdraw", "decline", "legal", "illegal")
"""The words that answer an open buzz, each the first word of a reply (1.16.2 to 1.16.4)."""

REFEREE = "the referee"
"""The buzzer's name when the referee itself buzzes a turn (``--buzz-mode players``)."""


def _load(row: BuzzRecord) -> Buzz:
    return Buzz(
        turn=row.turn_number,
        buzzed=row.buzzed,
        buzzer=row.buzzer,
        reason=row.reason,
        stage=Stage[row.stage],
        due=deadlines.aware(row.due) if row.due is not None else None,
        referee=row.referee,
        excused=frozenset(row.excused),
        steps=tuple(
            Step(deadlines.aware(datetime.fromisoformat(at)), actor, what)
            for at, actor, what in row.steps
        ),
    )


def _store(row: BuzzRecord, buzz: Buzz, now: datetime) -> None:
    row.stage = buzz.stage.name
    row.due = deadlines.naive(buzz.due) if buzz.due is not None else None
    row.referee = buzz.referee
    row.excused = sorted(buzz.excused)
    row.steps = [[deadlines.naive(s.at).isoformat(), s.actor, s.what] for s in buzz.steps]
    if not buzz.stage.is_open:
        row.closed_at = now


def open_in(session: Session, game: Game) -> BuzzRecord | None:
    """The game's open buzz, if any: there is at most one (rule 1.16.2). Whether there is one
    was read with the game when the message found it; only then is it read again."""
    if not cached(session, games.HAS_OPEN_BUZZ, game.id, (BuzzRecord,), lambda: True):
        return None
    query = select(BuzzRecord).where(BuzzRecord.game_id == game.id, BuzzRecord.closed_at.is_(None))
    return session.scalars(query).first()


def was_buzzed(session: Session, turn: Turn) -> bool:
    """Whether anyone has buzzed ``turn`` (rule 1.3.3 then forbids taking it back)."""
    query = select(BuzzRecord.id).where(BuzzRecord.turn_id == turn.id)
    return session.scalars(query).first() is not None


def _turn(session: Session, game: Game, number: int) -> Turn:
    query = select(Turn).where(
        Turn.game_id == game.id, Turn.number == number, Turn.status == TurnStatus.APPLIED
    )
    turn = session.scalars(query).first()
    if turn is None:
        raise CommandError(f"game {game.tag} has no turn {number} standing to buzz")
    return turn


def buzz_turn(
    session: Session,
    game: Game,
    buzzer: str,
    number: int,
    reason: str,
    now: datetime,
    *,
    thread: str | None,
    timing: Timing,
) -> list[Notice]:
    """Rule 1.16.2: buzz turn ``number``; it is Questionable and play waits."""
    if game.status not in {GameStatus.RUNNING, WINNING}:
        raise CommandError(
            f"game {game.tag} is {game.status}; a buzz of a game that has ended is "
            "recognised but not yet handled by this referee"
        )
    turn = _turn(session, game, number)
    buzzed = session.get_one(Player, turn.player_id).name
    current = open_in(session, game)
    try:
        buzz = buzzing.open_buzz(
            turn=number,
            buzzed=buzzed,
            buzzer=buzzer,
            reason=reason,
            turns_since=game.turn_number - number,
            open_in_game=_load(current) if current is not None else None,
            now=deadlines.aware(now),
            policy=_policy(game),
        )
    except BuzzError as error:
        raise CommandError(str(error)) from error
    waiting = deadlines.open_deadlines(session, game, kind=deadlines.TURN)
    row = BuzzRecord(
        game_id=game.id,
        turn_id=turn.id,
        turn_number=number,
        buzzed=buzzed,
        buzzer=buzzer,
        reason=buzz.reason,
        stage=buzz.stage.name,
        thread=thread,
        resumes=waiting[0].owed_by if waiting else None,
        created_at=now,
    )
    session.add(row)
    _store(row, buzz, now)
    session.flush()
    deadlines.close(session, game, now, kind=deadlines.TURN)
    return _after(session, game, row, buzz, now, timing, opened=True)


def step(
    session: Session,
    game: Game,
    actor: str,
    verb: str,
    now: datetime,
    rng: random.Random,
    timing: Timing,
) -> list[Notice]:
    """One answer to the game's open buzz: concede, contest, withdraw, decline, LEGAL, ILLEGAL."""
    row = open_in(session, game)
    if row is None:
        raise CommandError(f"no turn of game {game.tag} is Questionable: nothing to {verb}")
    buzz, at = _load(row), deadlines.aware(now)
    players = active_names(session, game)
    policy = _policy(game)
    if verb in {"contest", "decline"}:
        rng = game_dice.chances(session, game, DRAWN_REFEREE, rng)
    try:
        if verb == "concede":
            moved = buzzing.concede(buzz, actor, at)
        elif verb == "contest":
            moved = buzzing.contest(buzz, actor, at, active_players=players, rng=rng, policy=policy)
        elif verb == "withdraw":
            moved = buzzing.withdraw(buzz, actor, at)
        elif verb == "decline":
            moved = buzzing.decline(buzz, actor, at, active_players=players, rng=rng, policy=policy)
        elif verb in {"legal", "illegal"}:
            moved = buzzing.judge(buzz, actor, at, legal=verb == "legal")
        else:
            raise CommandError(f"{excerpt(verb)!r} is not a step of a buzz")
    except BuzzError as error:
        raise CommandError(str(error)) from error
    moved = _referee_stands_by(session, game, moved, at, players, rng)
    return _after(session, game, row, moved, now, timing)


DRAWN_REFEREE = "the referee drawn to judge (rule 1.16.4)"
"""What a draw among the players for a buzz's referee is for, as its dice label says."""


def _policy(game: Game) -> DeadlinePolicy:
    """The game's deadline policy (a setting may stretch buzz deadlines over weekends)."""
    return game_dice.settings_of(game).deadlines()


def _referee_stands_by(
    session: Session,
    game: Game,
    buzz: Buzz,
    at: datetime,
    players: list[str],
    rng: random.Random,
) -> Buzz:
    """When the referee buzzed, it contests any defence at once: judgment decides."""
    if buzz.stage is Stage.REPLY_DUE and buzz.buzzer == REFEREE:
        rng = game_dice.chances(session, game, DRAWN_REFEREE, rng)
        return buzzing.contest(
            buzz, REFEREE, at, active_players=players, rng=rng, policy=_policy(game)
        )
    return buzz


def party_left(
    session: Session, game: Game, name: str, now: datetime, rng: random.Random, timing: Timing
) -> list[Notice]:
    """A player in the open buzz resigns (rule 1.1.3); what e owed is settled as if e gave up.

    The buzzer's leaving withdraws the buzz (the turn is Legal); the buzzed player's leaving
    concedes it (the turn is Illegal); a drawn referee's leaving is a decline, and another is
    drawn from the players still in the game.
    """
    row = open_in(session, game)
    if row is None:
        return []
    buzz, at = _load(row), deadlines.aware(now)
    players = [n for n in active_names(session, game) if n != name]
    if name == buzz.buzzer:
        moved = buzzing.withdraw(buzz, name, at)
    elif name == buzz.buzzed and buzz.stage is Stage.DEFENCE_DUE:
        moved = buzzing.concede(buzz, name, at)
    elif name == buzz.buzzed:
        gave_up = Step(at, name, "resigned, conceding the buzz")
        moved = replace(buzz, stage=Stage.UPHELD, due=None, steps=(*buzz.steps, gave_up))
    elif name == buzz.referee and buzz.stage is Stage.JUDGMENT_DUE:
        rng = game_dice.chances(session, game, DRAWN_REFEREE, rng)
        moved = buzzing.decline(
            buzz, name, at, active_players=players, rng=rng, policy=_policy(game)
        )
    else:
        return []
    return _after(session, game, row, moved, now, timing)


def expire(
    session: Session,
    game: Game,
    row: BuzzRecord,
    now: datetime,
    rng: random.Random,
    timing: Timing,
) -> list[Notice]:
    """A buzz deadline passed: silence concedes, or a silent referee is replaced (1.16.3-4)."""
    players = active_names(session, game)
    rng = game_dice.chances(session, game, DRAWN_REFEREE, rng)
    moved = buzzing.expire(
        _load(row), deadlines.aware(now), active_players=players, rng=rng, policy=_policy(game)
    )
    moved = _referee_stands_by(session, game, moved, deadlines.aware(now), players, rng)
    return _after(session, game, row, moved, now, timing)


def appoint(session: Session, game: Game, name: str, now: datetime, timing: Timing) -> list[Notice]:
    """The Speaker appoints or replaces the referee of the game's open buzz (rule 1.16.4)."""
    row = open_in(session, game)
    if row is None:
        raise CommandError(f"no turn of game {game.tag} is waiting for judgment")
    buzz = _load(row)
    if buzz.stage not in {Stage.JUDGMENT_DUE, Stage.ON_HOLD}:
        raise CommandError(f"the buzz of turn {buzz.turn} is {buzz.stage.value}, not at judgment")
    if name not in buzzing.referee_candidates(buzz, active_names(session, game)):
        raise CommandError(
            f"{name} cannot judge: the referee is an active player other than the two (1.16.4)"
        )
    at = deadlines.aware(now)
    excused = buzz.excused | ({buzz.referee} if buzz.referee else set())
    appointed = Buzz(
        turn=buzz.turn,
        buzzed=buzz.buzzed,
        buzzer=buzz.buzzer,
        reason=buzz.reason,
        stage=Stage.JUDGMENT_DUE,
        due=VANILLA_DEADLINES.judgment_due(at),
        referee=name,
        excused=frozenset(excused),
        steps=(*buzz.steps, Step(at, "Speaker", f"appointed {name} to judge")),
    )
    return _after(session, game, row, appointed, now, timing)


def _after(
    session: Session,
    game: Game,
    row: BuzzRecord,
    buzz: Buzz,
    now: datetime,
    timing: Timing,
    *,
    opened: bool = False,
) -> list[Notice]:
    """Store the buzz, keep deadlines in step, undo an Illegal turn, and say what happened."""
    drawn = buzz.referee if buzz.referee != row.referee else None
    mistimed = _following(session, game, buzz.turn)
    _store(row, buzz, now)
    deadlines.close(session, game, now, kind=BUZZ)
    if buzz.stage.is_open and buzz.due is not None and buzz.owed_by is not None:
        deadlines.open_deadline(
            session,
            game,
            BUZZ,
            buzz.owed_by,
            deadlines.naive(buzz.due),
            now,
            reminder_lead=timing.turn_reminder,
            payload={"buzz": row.id},
        )
    values: dict[str, object] = {
        "turn": buzz.turn,
        "buzzed": buzz.buzzed,
        "buzzer": buzz.buzzer,
        "reason": buzz.reason,
        "what": f"{buzz.steps[-1].actor} {buzz.steps[-1].what}" if buzz.steps else "",
        "standing": buzz.standing.value,
        "stage": buzz.stage.value,
        "owed": buzz.owed_by or "",
        "due": f"{deadlines.naive(buzz.due):%A %d %B %H:%M}" if buzz.due else "",
        "opened": opened,
        "gsd": "",
        "mistimed": mistimed,
    }
    notices: list[Notice] = []
    if buzz.stage is Stage.UPHELD:
        values["gsd"] = _roll_back(session, game, row, now, timing)
    elif not buzz.stage.is_open and game.status != WINNING:
        deadlines.turn_owed(
            session, game, gsd_edits.to_play(game.state), now, now,
            reminder_lead=timing.turn_reminder,
        )  # fmt: skip
    subject = game.tag.subject(f"Turn {buzz.turn}: {buzz.standing.value}")
    notices.append(
        Notice(
            "lounge.buzz",
            Audience.lounge(game.lounge_address),
            values,
            subject=subject,
            thread=row.thread,
        )
    )
    if drawn is not None and buzz.stage is Stage.JUDGMENT_DUE:
        address = _address(session, drawn)
        if address is not None:
            notices.append(
                Notice(
                    "player.judge-drawn",
                    Audience.player(address, drawn),
                    {**values, "referee": drawn},
                    subject=subject,
                    thread=row.thread,
                )
            )
    return notices


def _following(session: Session, game: Game, number: int) -> list[int]:
    """Rule 1.16.1 - One Good Turn: the turns played after turn ``number``, which are Mistimed
    while it is Questionable (and never happened if it is Illegal)."""
    query = select(Turn.number).where(
        Turn.game_id == game.id, Turn.status == TurnStatus.APPLIED, Turn.number > number
    )
    return sorted(n for n in session.scalars(query) if n is not None)


def _address(session: Session, name: str) -> str | None:
    player = session.scalars(select(Player).where(Player.name == name)).first()
    return player.address if player is not None else None


def _roll_back(session: Session, game: Game, row: BuzzRecord, now: datetime, timing: Timing) -> str:
    """Rule 1.16.1: the Illegal turn and every later one never happened; restore the GSD
    kept from before it, and its player owes a turn again."""
    later = list(
        session.scalars(
            select(Turn).where(
                Turn.game_id == game.id,
                Turn.status == TurnStatus.APPLIED,
                Turn.number >= row.turn_number,
            )
        )
    )
    illegal = next(t for t in later if t.id == row.turn_id)
    for turn in later:
        turn.status = TurnStatus.ILLEGAL if turn.id == row.turn_id else TurnStatus.VOIDED
    game.state = illegal.state_before
    game.turn_number = row.turn_number - 1
    game.version += 1
    if game.status == WINNING:  # rule 1.1.1: the winning turn fell, so nobody has won
        game.status, game.winner, game.acknowledged = GameStatus.RUNNING, None, []
    following = gsd_edits.to_play(game.state)
    deadlines.turn_owed(session, game, following, now, now, reminder_lead=timing.turn_reminder)
    return game.state or ""
