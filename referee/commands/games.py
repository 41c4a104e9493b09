"""``referee deadlines run``, ``referee points`` and ``referee archive``: the operator's view
of the life of games, over the same database ``referee serve`` uses."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import click
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings


@contextmanager
def open_store() -> Iterator[tuple[Settings, sessionmaker[Session]]]:
    from referee.store.db import make_engine, sessions, upgrade

    settings = Settings()
    try:
        engine = make_engine(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous)
        upgrade(engine)
    except SQLAlchemyError as error:
        raise click.ClickException(f"cannot open the database: {error}") from error
    try:
        yield settings, sessions(engine)
    finally:
        engine.dispose()


def moment(text: str | None) -> datetime:
    if text is None:
        return datetime.now(UTC).replace(tzinfo=None)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise click.BadParameter(
            f"{text!r} is not an ISO time; write e.g. 2026-11-23T22:00 or 2026-11-23T22:00Z"
        ) from error
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


@click.group()
def deadlines() -> None:
    """Turn, buzz and inactivity deadlines (rules 1.3.5, 1.16.3, 1.16.4, 1.1.10)."""


@deadlines.command("run")
@click.option("--now", "now_text", help="Process as of this ISO time (UTC if no zone given).")
def run_deadlines(now_text: str | None) -> None:
    """Send the reminders and apply the deadlines due at --now (default: the real time).

    The notices this run queues (reminders, time-up notes, what followed from them) are sent
    by this run through the relay, at once. A --now in the future changes the games now, as
    they would change at that time, and tells the players now: nothing waits for the wall
    clock to reach --now. A notice the relay will not take stays in the outbox, and
    `referee serve` retries it. Running it again for the same moment does nothing more.
    """
    from sqlalchemy import func, select

    from referee.mail.sender import Sender
    from referee.service.timekeeper import run_due
    from referee.store.models import OutboxMessage

    now = moment(now_text)
    with open_store() as (settings, factory):
        with factory() as session:
            before = session.scalar(select(func.max(OutboxMessage.id))) or 0
        done = run_due(factory, settings, now)
        with factory() as session:
            # What this run queued: a new thread (no inbox message) made at --now.
            queued = list(
                session.scalars(
                    select(OutboxMessage.id).where(
                        OutboxMessage.id > before,
                        OutboxMessage.inbox_id.is_(None),
                        OutboxMessage.created_at == now,
                    )
                )
            )
        sent = Sender(factory, settings).deliver(queued)
    click.echo(f"{now:%Y-%m-%d %H:%M} UTC: {done.reminded} reminded, {done.passed} passed")
    if queued:
        waiting = len(queued) - sent
        click.echo(
            f"{sent} of {len(queued)} notice(s) sent"
            + (f"; {waiting} wait in the outbox for the relay" if waiting else "")
        )


@click.command()
def points() -> None:
    """Points per player across games, and the Grandmaster (rule 1.1.9)."""
    from referee.service.ledger import standing

    with open_store() as (_, factory), factory() as session:
        result = standing(session)
    if not result.points:
        click.echo("No game has been won yet.")
        return
    for name, score in sorted(result.points.items(), key=lambda item: (-item[1], item[0])):
        click.echo(f"{score:4d}  {name}")
    click.echo(f"Grandmaster: {result.grandmaster or 'none (the top is shared)'}")


@click.command()
@click.argument("number", type=int, required=False)
def archive(number: int | None) -> None:
    """The Game Archive (rule 1.1.5): ended games, or one game's final GSD."""
    from referee.service.ledger import archive as entries
    from referee.service.ledger import archived_turns
    from referee.store.games import game_by_number

    with open_store() as (_, factory), factory() as session:
        found = entries(session)
    if number is None:
        if not found:
            click.echo("The Game Archive is empty: no game has ended.")
        for entry in found:
            who = f", won by {entry.winner}" if entry.winner else ""
            click.echo(f"{entry.tag}: {entry.status}{who}, ended {entry.ended_at:%Y-%m-%d}")
        return
    match = [entry for entry in found if entry.number == number]
    if not match:
        raise click.ClickException(f"game MC {number} has not ended, so it is not in the archive")
    click.echo(match[0].final_gsd)
    with open_store() as (_, factory), factory() as session:
        found_game = game_by_number(session, number)
        seed = found_game.dice_seed if found_game is not None else None
        turns = archived_turns(session, number)
    if any(turn.rules_version is not None for turn in turns):
        click.echo("Turns, each with the version of the game's rules that judged it:")
        for turn in turns:
            click.echo(f"  {turn.number}. {turn.play} (rules version {turn.rules_version})")
    if seed:
        click.echo(f"Dice seed: {seed} (check it with: referee verify {number})")


@click.command()
@click.argument("number", type=int)
def verify(number: int) -> None:
    """Recompute every roll of ended game NUMBER from its published dice seed.

    Exit 0 when every roll matches, 1 naming each roll that does not, 2 when the game cannot
    be verified (it is running, or began before dice seeds).
    """
    from referee.service.game_dice import NotVerifiable
    from referee.service.game_dice import verify as check_dice

    with open_store() as (_, factory), factory() as session:
        try:
            report = check_dice(session, number)
        except NotVerifiable as error:
            click.echo(str(error), err=True)
            sys.exit(2)
    click.echo(f"MC {number}: seed {report.seed}")
    click.echo(f"its SHA-256 {report.commitment} (the commitment of the game's first post)")
    for mismatch in report.mismatches:
        click.echo(f"MISMATCH {mismatch.describe()}")
    if report.ok:
        click.echo(f"all {report.rolls} rolls match the seed")
        return
    click.echo(f"{len(report.mismatches)} of {report.rolls} rolls do not match the seed")
    sys.exit(1)


GAME_COMMANDS = (deadlines, points, archive, verify)
