"""``referee db``: the operator's view of the store: migrate, set up games, read the inbox.

Every refusal is one sentence on standard error and exit status 2, never a traceback: the
commands check what they can first (a lounge already in use, a game already started), and
whatever the database still refuses is put in words by :class:`_Commands`.
"""

from __future__ import annotations

import sys
from email.parser import BytesHeaderParser
from email.policy import default
from typing import Any, TextIO

import click
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings


class Refused(click.ClickException):
    """What the operator asked cannot be done; the sentence says why. Exit status 2."""

    exit_code = 2


class _Commands(click.Group):
    """The ``db`` group: a database error ends a command with a sentence, not a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except IntegrityError as error:
            raise Refused(
                "the database refused the change because something it names already exists "
                f"({_first_line(error.orig)}); nothing was changed"
            ) from None
        except SQLAlchemyError as error:
            raise Refused(
                f"the database could not do it ({type(error).__name__}: "
                f"{_first_line(getattr(error, 'orig', None) or error)}); nothing was changed"
            ) from None


def _first_line(error: object) -> str:
    return (str(error).strip().splitlines() or [""])[0]


def _factory() -> sessionmaker[Session]:
    from referee.store.db import make_engine, sessions, upgrade

    settings = Settings()
    engine = make_engine(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous)
    upgrade(engine)
    return sessions(engine)


@click.group(cls=_Commands)
def db() -> None:
    """Manage the referee's database (REFEREE_DATABASE_URL)."""


@db.command()
def upgrade() -> None:
    """Migrate the database to the newest schema (serve does this at start too)."""
    _factory()
    click.echo("database is up to date")


@db.command("add-game")
@click.argument("number", type=int)
@click.argument("lounge")
@click.option("--name", default="", help="A name for the game.")
def add_game(number: int, lounge: str, name: str) -> None:
    """Create game NUMBER (its [MC NUMBER] tag) whose lounge address is LOUNGE."""
    from referee.store import games
    from referee.store.wall_clock import utcnow

    with _factory().begin() as session:
        if games.game_by_number(session, number) is not None:
            raise Refused(f"there is already a game MC {number}")
        _lounge_free(session, lounge, number)
        games.create_game(session, number, lounge, utcnow(), name=name)
    click.echo(f"game MC {number} created; its lounge is {lounge.lower()}")


def _lounge_free(session: Session, lounge: str, number: int) -> None:
    """Refuse a lounge address that another game already uses: each lounge is one game's."""
    from referee.store import games

    other = games.game_by_address(session, [lounge])
    if other is not None and other.number != number:
        raise Refused(f"{lounge.lower()} is already the lounge of game {other.tag}")


@db.command("new-game")
@click.argument("number", type=int)
@click.argument("lounge")
@click.option(
    "--player",
    "players",
    multiple=True,
    help="A registered player to seat, in Order of Play (repeat); default: those seated.",
)
@click.option("--time", "start", default="Monday 0900", show_default=True,
              help="The Game Time the game starts at (rule 1.1.2).")  # fmt: skip
@click.option("--name", default="", help="A name for the game.")
def new_game(number: int, lounge: str, players: tuple[str, ...], start: str, name: str) -> None:
    """Create (if need be) and start game NUMBER: seat players and write its first GSD."""
    from referee.notation.errors import NotationError
    from referee.notation.gametime import GameTime
    from referee.service.starting import StartError, created_now, start_game
    from referee.store import games
    from referee.store.models import Player
    from referee.store.wall_clock import utcnow

    try:
        time = GameTime.parse(start)
    except NotationError as error:
        raise Refused(str(error)) from error
    with _factory().begin() as session:
        try:
            _lounge_free(session, lounge, number)
            game = created_now(session, number, lounge, utcnow(), name)
            if game.state:  # refused before seating anyone, so no seat is taken twice
                raise StartError(f"game MC {number} has already started (turn {game.turn_number})")
            for seat, person in enumerate(players, 1):
                found = session.scalars(select(Player).where(Player.name == person)).first()
                if found is None:
                    raise StartError(f"no player called {person}; register with add-player")
                if games.membership(session, game, found) is None:  # seated by db join
                    games.join(session, game, found, seat)
            started = start_game(session, game, time=time)
        except StartError as error:
            raise Refused(str(error)) from error
    click.echo(f"game MC {number} started with {', '.join(started.players)}; its first GSD:")
    click.echo(started.gsd)
    if started.commitment:
        click.echo(f"Its dice seed's SHA-256 (publish it to the players): {started.commitment}")


@db.command("add-player")
@click.argument("name")
@click.argument("address")
@click.option(
    "--secret",
    default=None,
    help="The secret that proves the player from other addresses (kept hashed). Without it "
    "or --secret-file, it is asked for at a terminal, or read from standard input's first line.",
)
@click.option(
    "--secret-file",
    type=click.File("r"),
    default=None,
    help="Read the secret from this file's first line ('-' for standard input).",
)
def add_player(name: str, address: str, secret: str | None, secret_file: TextIO | None) -> None:
    """Register player NAME at ADDRESS."""
    from referee.store import games

    if secret is None:
        secret = _secret_from(secret_file)
    with _factory().begin() as session:
        if games.player_by_address(session, address) is not None:
            raise Refused(f"{address} is already registered")
        games.add_player(session, name, address, secret or None)
    click.echo(f"{name} registered at {address.lower()}" + (" with a secret" if secret else ""))


def _secret_from(source: TextIO | None) -> str:
    """The secret from a file, a terminal prompt, or a script's standard input (no prompt, so
    no warning about echo when there is no terminal)."""
    if source is None and sys.stdin.isatty():
        answer: str = click.prompt(
            "Secret", default="", hide_input=True, confirmation_prompt=True, show_default=False
        )
        return answer
    stream = source if source is not None else sys.stdin
    return (stream.readline() or "").rstrip("\r\n")


@db.command()
@click.argument("player")
@click.argument("game", type=int)
@click.option("--seat", type=int, default=0, help="Seat number (order of play).")
def join(player: str, game: int, seat: int) -> None:
    """Seat PLAYER (a name) in game number GAME."""
    from referee.service.starting import StartError, join_started
    from referee.store import games
    from referee.store.models import Player

    with _factory().begin() as session:
        found = games.game_by_number(session, game)
        person = session.scalars(select(Player).where(Player.name == player)).first()
        if found is None or person is None:
            raise Refused(f"no game MC {game}" if found is None else f"no player called {player}")
        try:
            added = join_started(session, found, person, seat=seat or None)
        except StartError as error:
            raise Refused(str(error)) from error
    click.echo(f"{player} seated in MC {game}" + ("; added to its GSD" if added else ""))


@db.command()
@click.option(
    "--status",
    default=None,
    help="Only messages with this status (new, done, ignored, quarantined).",
)
@click.option("--limit", default=50, show_default=True)
def inbox(status: str | None, limit: int) -> None:
    """List received messages, newest first, with what became of them."""
    from referee.store.models import InboxMessage

    query = select(InboxMessage).order_by(InboxMessage.id.desc()).limit(limit)
    if status:
        query = query.where(InboxMessage.status == status)
    headers = BytesHeaderParser(policy=default)
    with _factory()() as session:
        for row in session.scalars(query):
            parsed = headers.parsebytes(row.raw, headersonly=True)
            click.echo(
                f"{row.id:>6} {row.status:<11} {row.received_at:%Y-%m-%d %H:%M} "
                f"{_one_line(parsed, 'Message-ID') or '(no Message-ID)'}"
            )
            click.echo(f"       From: {_one_line(parsed, 'From')}")
            click.echo(f"       Subject: {_one_line(parsed, 'Subject')}")
            if row.note:
                click.echo(f"       {row.note}")


def _one_line(parsed: Any, name: str) -> str:
    """A header whole, unfolded and decoded; a header too broken to decode is shown raw."""
    try:
        value = parsed.get(name)
    except Exception:  # a malformed header must not stop the listing
        value = "(unreadable)"
    return " ".join(str(value or "").split())


@db.command()
@click.option(
    "--status", default=None, help="Only messages with this status (pending, sent, failed)."
)
@click.option("--limit", default=50, show_default=True)
def outbox(status: str | None, limit: int) -> None:
    """List replies waiting for, delivered by, or given up on by the relay."""
    from referee.store.models import OutboxMessage

    query = select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(limit)
    if status:
        query = query.where(OutboxMessage.status == status)
    with _factory()() as session:
        for row in session.scalars(query):
            click.echo(
                f"{row.id:>6} {row.status:<8} attempts={row.attempts} "
                f"to={','.join(row.rcpt_tos):.40} next={row.next_attempt_at:%Y-%m-%d %H:%M:%S}"
            )
            if row.last_error:
                click.echo(f"       {row.last_error}")


@db.command()
@click.argument("inbox_ids", type=int, nargs=-1, required=True)
def requeue(inbox_ids: tuple[int, ...]) -> None:
    """Process messages INBOX_IDS again (not ones whose turn was applied)."""
    from referee.store.inbox import requeue as put_back

    with _factory().begin() as session:
        done = put_back(session, list(inbox_ids))
    skipped = sorted(set(inbox_ids) - set(done))
    click.echo(f"requeued {len(done)} message(s)" + (f"; left alone: {skipped}" if skipped else ""))
