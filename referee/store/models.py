"""The tables: games, players, memberships, turns, the inbox and the outbox.

Every message is stored raw before anything else happens to it (docs/DESIGN.md: durable
first), so an operator can always see what arrived and what the referee made of it. Times are
naive UTC.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

_EMPTY_LIST = text("'[]'")


class Base(DeclarativeBase):
    """Declarative base with constraint names Alembic can rely on across databases."""

    metadata = MetaData(naming_convention=NAMING)


class Game(Base):
    """One Mornington Nomic game: its number (the ``[MC n]`` tag), lounge and current state.

    ``version`` grows by one with every applied turn; a turn is applied only if the version it
    was judged against is still current, so two turns racing for one game cannot both land.
    """

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(unique=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    lounge_address: Mapped[str] = mapped_column(String(320), unique=True)
    version: Mapped[int] = mapped_column(default=0)
    turn_number: Mapped[int] = mapped_column(default=0)
    state: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(16), default="running", server_default="running")
    """``forming`` (taking joins), ``running``, or its end: ``won``, ``stalemate``, ``void``."""
    kind: Mapped[str] = mapped_column(
        String(32), default="mornington-nomic", server_default="mornington-nomic"
    )
    """The kind of game, by the name it is registered under in ``referee.games.Kinds``."""
    ruleset: Mapped[str] = mapped_column(String(16), default="normal", server_default="normal")
    """Rule 1.1.2: a ``normal`` game or a ``special`` rules game with ``variants``."""
    variants: Mapped[list[str]] = mapped_column(JSON, default=list, server_default=_EMPTY_LIST)
    buzz_mode: Mapped[str] = mapped_column(String(16), default="strict", server_default="strict")
    """``strict`` refuses a turn the engine finds illegal; ``players`` posts it and buzzes it."""
    order_of_play: Mapped[list[str]] = mapped_column(JSON, default=list, server_default=_EMPTY_LIST)
    started_at: Mapped[datetime | None]
    ended_at: Mapped[datetime | None]
    winner: Mapped[str | None] = mapped_column(String(200))
    finishers: Mapped[list[str]] = mapped_column(JSON, default=list, server_default=_EMPTY_LIST)
    """Who was still in the game when it ended, for the points of rule 1.1.9."""
    acknowledged: Mapped[list[str]] = mapped_column(JSON, default=list, server_default=_EMPTY_LIST)
    """Rule 1.1.1: who has said e will not buzz the winning turn of a game being won."""
    stalemate_agreed: Mapped[list[str]] = mapped_column(
        JSON, default=list, server_default=_EMPTY_LIST
    )
    """Rule 1.1.11: who agrees the game has reached Stalemate, until e withdraws it."""
    settings: Mapped[dict[str, str]] = mapped_column(
        JSON, default=dict, server_default=text("'{}'")
    )
    """The readings the Speaker set (``referee.variants.game_settings``), as texts by name."""
    dice_seed: Mapped[str | None] = mapped_column(String(64))
    """The secret every roll is derived from (``referee.engine.fair_dice``), in hexadecimal;
    only its SHA-256 is published until the game ends. None for games from before seeds."""
    dice_draws: Mapped[int] = mapped_column(default=0, server_default="0")
    """How many draws of the dice the game has made; each takes the next number."""
    draws: Mapped[list[dict[str, object]]] = mapped_column(
        JSON, default=list, server_default=_EMPTY_LIST
    )
    """The rolls made outside turns (Game Time, order of play, drawn referees)."""


class Player(Base):
    """A person who plays by mail: a registered address and a hashed secret for other ones."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    address: Mapped[str] = mapped_column(String(320), unique=True)
    secret_hash: Mapped[str | None] = mapped_column(String(300))


class Membership(Base):
    """A player's seat in a game."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    seat: Mapped[int] = mapped_column(default=0)
    status: Mapped[str] = mapped_column(String(16), default="active", server_default="active")
    """``applied`` (waiting for the Speaker), ``active``, ``declined`` or ``resigned``."""
    note: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The Speaker's reason for a declined application (rule 1.1.8), or how a player left."""
    last_move_at: Mapped[datetime | None]
    """The last turn this player took in this game (or the join), for rule 1.1.10."""


class Turn(Base):
    """A turn as submitted and what became of it; ``state`` is the GSD after it, if applied,
    ``state_before`` the GSD it was judged against, ``rolls`` the dice it threw and
    ``rules_version`` the version of the game's rules that judged it."""

    __tablename__ = "turns"
    __table_args__ = (Index("ix_turns_game_id_rules_version", "game_id", "rules_version"),)
    """A game's turns' versions are read from this index alone, never from the rows, whose
    two GSDs a column stored after them costs a walk through (``referee.web.reading``)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    inbox_id: Mapped[int | None] = mapped_column(ForeignKey("inbox.id"))
    number: Mapped[int | None]
    raw_text: Mapped[str] = mapped_column(Text)
    play: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(32))
    violations: Mapped[list[str]] = mapped_column(JSON, default=list)
    state: Mapped[str | None] = mapped_column(Text)
    state_before: Mapped[str | None] = mapped_column(Text)
    """The GSD before this turn, so a take-back (1.3.3) or an Illegal judgment (1.16.1)
    restores it by reading it, without replaying anything."""
    rolls: Mapped[list[dict[str, object]] | None] = mapped_column(JSON, default=list)
    rules_version: Mapped[int | None]
    """The version of the game's rules in force when the turn was judged (1: as published,
    ``referee.service.rulebook``), so a replay judges it by the same rules; None for a kind
    whose rules are not kept as versions."""
    created_at: Mapped[datetime]


class Deadline(Base):
    """A moment something is owed in a game, and what the referee has done about it.

    ``reminded_at`` and ``passed_at`` make processing idempotent: each is set once, so running
    the deadlines twice for the same moment sends nothing twice. ``closed_at`` is set when the
    thing owed was done (a turn taken, a buzz answered) and the deadline no longer matters.
    """

    __tablename__ = "deadlines"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    owed_by: Mapped[str | None] = mapped_column(String(200))
    due: Mapped[datetime] = mapped_column(index=True)
    remind_at: Mapped[datetime | None]
    reminded_at: Mapped[datetime | None]
    passed_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    payload: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime]


class InboxMessage(Base):
    """A message exactly as it arrived, with how it arrived and what became of it.

    ``status`` moves from ``new`` to ``done``, ``ignored`` (never answered: a loop or an
    automatic reply) or ``quarantined`` (bad input kept for the operator); ``note`` says why.
    """

    __tablename__ = "inbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[str | None] = mapped_column(String(998), unique=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    mail_from: Mapped[str] = mapped_column(String(320), default="")
    rcpt_tos: Mapped[list[str]] = mapped_column(JSON, default=list)
    source: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default="new", index=True)
    note: Mapped[str] = mapped_column(Text, default="")
    received_at: Mapped[datetime]
    processed_at: Mapped[datetime | None]


class OutboxMessage(Base):
    """A composed message waiting for the relay, with its delivery attempts."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    inbox_id: Mapped[int | None] = mapped_column(ForeignKey("inbox.id"), index=True)
    message_id: Mapped[str] = mapped_column(String(998), unique=True)
    mail_from: Mapped[str] = mapped_column(String(320))
    rcpt_tos: Mapped[list[str]] = mapped_column(JSON)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    status: Mapped[str] = mapped_column(String(16), default="pending", index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime]
    last_error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]


class ProofCode(Base):
    """One use of a player's proof code (a code safe to publish, see
    :mod:`referee.service.proof`): the n-th code for a game's turn is spent once recorded here,
    so a code copied from a list's archive proves nothing afterwards."""

    __tablename__ = "proof_codes"
    __table_args__ = (UniqueConstraint("game_id", "player_id", "turn_number", "use"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    turn_number: Mapped[int]
    use: Mapped[int]
    inbox_id: Mapped[int | None] = mapped_column(ForeignKey("inbox.id"))
    used_at: Mapped[datetime]


class RulesChange(Base):
    """One enactment of a game's rules: the text of a ratified proposal (or the Speaker's own
    correction) and when it took effect. Version 1 of a game's rules is its ruleset as
    published; row n makes version n + 1, which :mod:`referee.engine.amended` rebuilds from
    the texts, so every version ever in force can be shown again."""

    __tablename__ = "rules_changes"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    version: Mapped[int]
    """The version of the game's rules this enactment made (2 for the first)."""
    proposal: Mapped[str] = mapped_column(String(300))
    """The proposal's name, or the Speaker's label for a correction."""
    text: Mapped[str] = mapped_column(Text)
    effective_at: Mapped[datetime]


class ReplyCount(Base):
    """How many replies one address has been sent on one UTC day (the daily cap)."""

    __tablename__ = "reply_counts"

    address: Mapped[str] = mapped_column(String(320), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(default=0)


class BuzzRecord(Base):
    """A buzz of one turn (section 1.16), as the pure state machine left it after each step.

    ``stage`` is the name of :class:`referee.engine.life.buzzing.Stage`; ``steps`` its history as
    ``[iso time, actor, what]``; ``thread`` the Message-ID the buzz arrived with, so notices
    sent later (a deadline passing) land in the same thread.
    """

    __tablename__ = "buzzes"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    turn_id: Mapped[int] = mapped_column(ForeignKey("turns.id"))
    turn_number: Mapped[int]
    buzzed: Mapped[str] = mapped_column(String(200))
    buzzer: Mapped[str] = mapped_column(String(200))
    reason: Mapped[str] = mapped_column(Text)
    stage: Mapped[str] = mapped_column(String(32))
    due: Mapped[datetime | None]
    referee: Mapped[str | None] = mapped_column(String(200))
    excused: Mapped[list[str]] = mapped_column(JSON, default=list)
    steps: Mapped[list[list[str]]] = mapped_column(JSON, default=list)
    thread: Mapped[str | None] = mapped_column(String(998))
    resumes: Mapped[str | None] = mapped_column(String(200))
    """Who was to play when the buzz paused the game, to owe the turn again if it stands."""
    created_at: Mapped[datetime]
    closed_at: Mapped[datetime | None]


class ChamberRecord(Base):
    """A game's chamber (``referee.chamber``): where its players change it by proposal and
    vote. A game has one only once the Speaker opens it."""

    __tablename__ = "chambers"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), unique=True)
    opened_at: Mapped[datetime]


class ChamberMember(Base):
    """A player on a chamber's roll, with the state ifMUD rules 24, 28 and 31 add: the
    Passive Voters mark, the tallies, and when e last posted."""

    __tablename__ = "chamber_members"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    roll: Mapped[int] = mapped_column(default=0)
    """The order of the roll (who joined first)."""
    status: Mapped[str] = mapped_column(String(16), default="in")
    """``in``, ``left`` (rule 13) or ``removed`` (rule 11)."""
    passive: Mapped[bool] = mapped_column(default=False)
    demerits: Mapped[int] = mapped_column(default=0)
    brownie_points: Mapped[int] = mapped_column(default=0)
    last_post_at: Mapped[datetime]
    silent_since: Mapped[datetime]
    """Where rule 24's week counts from: the last post or the last demerit for silence."""


class ProposalRecord(Base):
    """A proposal as it stands (``referee.chamber.Proposal``): its name is unique in its
    game for ever (rule 34), whatever became of it."""

    __tablename__ = "proposals"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    name: Mapped[str] = mapped_column(String(400))
    key: Mapped[str] = mapped_column(String(400))
    """The name with case and spacing folded, as rule 34's uniqueness compares names."""
    proposer: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text, default="")
    purpose: Mapped[str] = mapped_column(String(16), default="change")
    subject: Mapped[str | None] = mapped_column(String(200))
    section: Mapped[list[str] | None] = mapped_column(JSON)
    votes: Mapped[list[list[str]]] = mapped_column(JSON, default=list)
    """``[[name, "aye" | "nay"], ...]`` in the order cast."""
    implicit: Mapped[list[str]] = mapped_column(JSON, default=list)
    standing: Mapped[str] = mapped_column(String(16), default="pending")
    implied_noted: Mapped[bool] = mapped_column(default=False)
    posted_at: Mapped[datetime]
    ratified_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    inbox_id: Mapped[int | None] = mapped_column(ForeignKey("inbox.id"))
