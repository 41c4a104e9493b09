"""What the pages show, read from the store: only what the game's players may all see.

Every page is public, like a list archive, so this module is the one gate between the store
and the web: it reads games, their applied turns (the play and the GSDs the lounge was sent),
buzzes (their reason was posted to the lounge, rule 1.16.2), the open deadlines of turns and
the settings a game was made with (its players are told them).
It never reads the inbox, the outbox, addresses, secrets, or a turn refused in private (an
illegal turn is answered to its sender only), and it copies nothing else out of a row. Of a
chamber it copies what the lounge was told: proposals with their votes and deadlines, the roll
with its tallies and Passive Voters (rules 10, 28, 31); never a player's statements of intent
(ifMUD rule 146), which wait privately until they take effect.

Each value also carries a ``stamp``: everything the page shows that can change, read with a
few small queries, so the site can keep a rendered page until its stamp moves.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.orm import Session, defer, sessionmaker

from referee.chamber import Chamber, Standing
from referee.engine.life.buzzing import Stage
from referee.games import GameTag, tag_of
from referee.service import chamber as chambers
from referee.store.db import make_engine, sessions
from referee.store.models import (
    BuzzRecord,
    ChamberRecord,
    Deadline,
    Game,
    Membership,
    Player,
    RulesChange,
    Turn,
)

ENDED = ("won", "stalemate", "void")
FORMING = "forming"
TURN_DEADLINE = "turn"
"""The deadline kind of rule 1.3.5 (a turn owed); the other kinds concern one player alone."""

PUBLIC_SEATS = ("active", "resigned")
"""Seats the lounge was told of: a player joining (rule 1.1.8) or resigning (rule 1.1.3). An
application waiting for the Speaker, or declined, stays between the applicant and the Speaker."""

PUBLIC_TURN_STATES = ("applied", "taken-back", "illegal", "voided")
"""Turns the lounge saw: applied, then perhaps taken back (rule 1.3.3) or undone by a buzz
(rule 1.16.1). Refused, stale and unadjudicated turns were answered privately."""


def read_only_sessions(url: str) -> sessionmaker[Session]:
    """Sessions that only read ``url``'s database: on SQLite a deferred transaction (a
    snapshot that never takes the writers' lock, unlike the mail service's ``BEGIN
    IMMEDIATE``) on a connection that refuses writes; elsewhere the store's own engine.
    Dispose of it with :func:`close`."""
    if not url.startswith("sqlite"):
        return sessions(make_engine(url))
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA query_only=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    return sessions(engine)


def close(factory: sessionmaker[Session]) -> None:
    """Close the connections of sessions made by :func:`read_only_sessions`."""
    bind = factory.kw.get("bind")
    if isinstance(bind, Engine):
        bind.dispose()


def phase(status: str) -> str:
    """The list a game is shown in: ``forming``, ``running`` or ``ended``."""
    if status in ENDED:
        return "ended"
    return FORMING if status == FORMING else "running"


@dataclass(frozen=True)
class GameRow:
    """A game as the list of games shows it."""

    id: int
    number: int
    name: str
    status: str
    ruleset: str
    variants: tuple[str, ...]
    buzz_mode: str
    turn_number: int
    version: int
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    winner: str | None
    order_of_play: tuple[str, ...]
    acknowledged: tuple[str, ...]
    stalemate_agreed: tuple[str, ...]
    owed_by: str | None
    due: datetime | None
    kind: str = "mornington-nomic"
    """The kind of game, as ``referee.games`` registers it."""
    store: str = ""
    """The database the row was read from (:func:`store_of`)."""

    @property
    def tag(self) -> GameTag:
        """The game as its mail and its pages name it: ``MC 12``, ``ifMUD 3``."""
        return tag_of(self.kind, self.number)

    @property
    def key(self) -> tuple[str, int]:
        """The game among every database a process reads: the kinds' caches outlive one
        site, and two databases may each hold a game of the same id."""
        return (self.store, self.id)

    @property
    def phase(self) -> str:
        return phase(self.status)

    @property
    def stamp(self) -> tuple[object, ...]:
        return (
            self.version,
            self.status,
            self.turn_number,
            self.winner,
            self.owed_by,
            self.due,
            self.acknowledged,
            self.stalemate_agreed,
            self.ended_at,
        )


@dataclass(frozen=True)
class Seat:
    name: str
    seat: int
    status: str
    """``active`` or ``resigned`` (:data:`PUBLIC_SEATS`); a Speaker's note is never read."""


@dataclass(frozen=True)
class BuzzRow:
    id: int
    turn_number: int
    buzzed: str
    buzzer: str
    reason: str
    stage: str
    due: datetime | None
    referee: str | None
    created_at: datetime
    closed_at: datetime | None


@dataclass(frozen=True)
class TurnRow:
    """A turn the lounge saw, as the history lists it. Its GSDs and time are read one turn at
    a time (:func:`turn_states`): on SQLite a column stored after a row's two GSDs costs a
    walk through their overflow pages, for every row of a long game."""

    id: int
    number: int
    player: str
    play: str
    status: str
    rules_version: int | None = None
    """The version of the game's rules that judged it (None: not kept as versions)."""


_GAME_COLUMNS = (
    Game.id,
    Game.number,
    Game.name,
    Game.status,
    Game.ruleset,
    Game.variants,
    Game.buzz_mode,
    Game.turn_number,
    Game.version,
    Game.created_at,
    Game.started_at,
    Game.ended_at,
    Game.winner,
    Game.order_of_play,
    Game.acknowledged,
    Game.stalemate_agreed,
    Game.kind,
)
"""Every column but the GSD: read as plain rows, since pages check them on every request."""


def store_of(session: Session) -> str:
    """The database ``session`` reads, by its engine's URL (the password hidden)."""
    bind = session.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    return engine.url.render_as_string(hide_password=True)


def _game_row(game: Any, owed: dict[int, tuple[str | None, datetime]], store: str) -> GameRow:
    owed_by, due = owed.get(game.id, (None, None))
    return GameRow(
        id=game.id,
        number=game.number,
        name=game.name,
        status=game.status,
        ruleset=game.ruleset,
        variants=tuple(game.variants or ()),
        buzz_mode=game.buzz_mode,
        turn_number=game.turn_number,
        version=game.version,
        created_at=game.created_at,
        started_at=game.started_at,
        ended_at=game.ended_at,
        winner=game.winner,
        order_of_play=tuple(game.order_of_play or ()),
        acknowledged=tuple(game.acknowledged or ()),
        stalemate_agreed=tuple(game.stalemate_agreed or ()),
        owed_by=owed_by,
        due=due,
        kind=game.kind,
        store=store,
    )


def _owed(session: Session, game_id: int | None = None) -> dict[int, tuple[str | None, datetime]]:
    """The open turn deadline of each game (the earliest, should there be two)."""
    query = select(Deadline.game_id, Deadline.owed_by, Deadline.due).where(
        Deadline.kind == TURN_DEADLINE, Deadline.closed_at.is_(None)
    )
    if game_id is not None:
        query = query.where(Deadline.game_id == game_id)
    found: dict[int, tuple[str | None, datetime]] = {}
    for gid, owed_by, due in session.execute(query.order_by(Deadline.due)):
        found.setdefault(gid, (owed_by, due))
    return found


def games(session: Session) -> list[GameRow]:
    """Every game by number, with whose turn it is and by when."""
    owed = _owed(session)
    rows = session.execute(select(*_GAME_COLUMNS).order_by(Game.number))
    store = store_of(session)
    return [_game_row(row, owed, store) for row in rows]


def game(session: Session, number: int) -> GameRow | None:
    """Game ``number``, or None."""
    found = session.execute(select(*_GAME_COLUMNS).where(Game.number == number)).first()
    if found is None:
        return None
    return _game_row(found, _owed(session, found.id), store_of(session))


def state(session: Session, game_id: int) -> str | None:
    """The game's current GSD, as last posted to its lounge."""
    return session.scalar(select(Game.state).where(Game.id == game_id))


def settings(session: Session, game_id: int) -> dict[str, str]:
    """The settings the Speaker made the game with (its readings among them), as stored:
    they are shown to its players, and never change once the game is made."""
    return dict(session.scalar(select(Game.settings).where(Game.id == game_id)) or {})


def seats(session: Session, game_id: int) -> list[Seat]:
    query = (
        select(Player.name, Membership.seat, Membership.status)
        .join(Membership, Membership.player_id == Player.id)
        .where(Membership.game_id == game_id, Membership.status.in_(PUBLIC_SEATS))
        .order_by(Membership.seat, Player.id)
    )
    return [Seat(name, seat, status) for name, seat, status in session.execute(query)]


@dataclass(frozen=True)
class RulesChangeRow:
    """One enactment of a game's rules, as its page lists it (its text is in the lounge
    post and ``referee rules show``)."""

    version: int
    proposal: str
    effective_at: datetime


def rules_changes(session: Session, game_id: int) -> list[RulesChangeRow]:
    """The enactments of a game's rules, oldest first (``referee.service.rulebook``)."""
    query = (
        select(RulesChange.version, RulesChange.proposal, RulesChange.effective_at)
        .where(RulesChange.game_id == game_id)
        .order_by(RulesChange.version)
    )
    return [RulesChangeRow(*row) for row in session.execute(query)]


def buzzes(session: Session, game_id: int) -> list[BuzzRow]:
    query = (
        select(
            BuzzRecord.id,
            BuzzRecord.turn_number,
            BuzzRecord.buzzed,
            BuzzRecord.buzzer,
            BuzzRecord.reason,
            BuzzRecord.stage,
            BuzzRecord.due,
            BuzzRecord.referee,
            BuzzRecord.created_at,
            BuzzRecord.closed_at,
        )
        .where(BuzzRecord.game_id == game_id)
        .order_by(BuzzRecord.id)
    )
    return [
        BuzzRow(
            b.id,
            b.turn_number,
            b.buzzed,
            b.buzzer,
            b.reason,
            _stage(b.stage),
            b.due,
            b.referee,
            b.created_at,
            b.closed_at,
        )
        for b in session.execute(query)
    ]


def _stage(name: str) -> str:
    """A stored buzz stage in words (:class:`referee.engine.life.buzzing.Stage`)."""
    try:
        return Stage[name].value
    except KeyError:
        return name.replace("_", " ").lower()


def turns(session: Session, game_id: int, ids: Sequence[int] | None = None) -> list[TurnRow]:
    """The turns the lounge saw (of ``ids`` only, when given), in the order they were played."""
    query = (
        select(Turn.id, Turn.number, Player.name, Turn.play, Turn.status)
        .join(Player, Player.id == Turn.player_id)
        .where(
            Turn.game_id == game_id, Turn.status.in_(PUBLIC_TURN_STATES), Turn.number.is_not(None)
        )
        .order_by(Turn.id)
    )
    versions = select(Turn.id, Turn.rules_version).where(Turn.game_id == game_id)
    if ids is not None:
        query = query.where(Turn.id.in_(list(ids)))
        versions = versions.where(Turn.id.in_(list(ids)))
    judged: dict[int, int | None] = {tid: v for tid, v in session.execute(versions)}
    return [
        TurnRow(tid, number or 0, name, play or "", status, judged.get(tid))
        for tid, number, name, play, status in session.execute(query)
    ]


def turn_ids(session: Session, game_id: int) -> list[int]:
    """Every turn row's id of the game: read from the game's index alone, never the rows."""
    query = select(Turn.id).where(Turn.game_id == game_id).order_by(Turn.id)
    return list(session.scalars(query))


class TurnLog:
    """The public turns of each game, read on from where the last read ended.

    A long game's turn rows each carry two GSDs, so reading them all again for every new
    turn costs more than the page that lists them. A new turn only adds a row, so the log
    reads just the rows whose ids it has not seen; a take-back (rule 1.3.3) or a buzz's
    rollback (rule 1.16.1) changes earlier rows' standing and lowers the turn count, which the
    log notices (the count rose by less than the turns added) and then reads everything.
    """

    def __init__(self) -> None:
        self._known: dict[tuple[str, int], tuple[int, int, int, tuple[TurnRow, ...]]] = {}
        self._lock = threading.Lock()

    def rows(self, session: Session, game: GameRow) -> tuple[TurnRow, ...]:
        with self._lock:
            known = self._known.get(game.key)
        if known is not None and known[0] == game.version:
            return known[3]
        ids = turn_ids(session, game.id)
        found: tuple[TurnRow, ...] | None = None
        if known is not None:
            _, turn_number, seen, rows = known
            fresh = [i for i in ids if i > seen]
            added = turns(session, game.id, fresh) if fresh else []
            if game.turn_number - turn_number == sum(t.status == "applied" for t in added):
                found = rows + tuple(added)
        if found is None:
            found = tuple(turns(session, game.id))
        last = max([t.id for t in found] + ids[-1:] + [0])
        with self._lock:
            self._known[game.key] = (game.version, game.turn_number, last, found)
        return found


@dataclass(frozen=True)
class TurnStates:
    """The GSD a turn was judged against and the GSD after it, as the lounge was sent them,
    and when it was played."""

    before: str | None
    after: str | None
    played_at: datetime


def turn_states(session: Session, turn_id: int) -> TurnStates:
    query = select(Turn.state_before, Turn.state, Turn.created_at).where(Turn.id == turn_id)
    before, after, played_at = session.execute(query).one()
    return TurnStates(before, after, played_at)


@dataclass(frozen=True)
class ProposalRow:
    """A proposal as the lounge was told of it, with its tally at the moment of reading."""

    name: str
    proposer: str
    text: str
    issue: str
    standing: str
    posted_at: datetime
    ayes: tuple[str, ...]
    implied: tuple[str, ...]
    nays: tuple[str, ...]
    silent: tuple[str, ...]
    uncounted: tuple[str, ...]
    implied_at: datetime | None
    """When silence starts to count as aye (rule 10), while it is still being voted on."""
    expires_at: datetime | None
    """When it dies unratified (rule 128), while it is still being voted on."""
    effective_at: datetime | None
    closed_at: datetime | None


@dataclass(frozen=True)
class MemberRow:
    name: str
    status: str
    passive: bool
    demerits: int
    brownie_points: int


@dataclass(frozen=True)
class ChamberView:
    """A game's chamber as its page shows it: proposals newest first, and the roll."""

    proposals: tuple[ProposalRow, ...]
    members: tuple[MemberRow, ...]
    stamp: Hashable


def chamber(session: Session, game_id: int, now: datetime) -> ChamberView | None:
    """The chamber of game ``game_id`` as the players may all see it at ``now``, or None."""
    opened = select(ChamberRecord.id).where(ChamberRecord.game_id == game_id)
    if session.scalar(opened) is None:
        return None  # one small query for the many games with no chamber
    game = session.get(Game, game_id, options=[defer(Game.state)])  # never the GSD: it is big
    found: Chamber | None = chambers.load(session, game) if game is not None else None
    if found is None:
        return None
    proposals = []
    for p in reversed(found.proposals):
        tally = found.tally(p, now)
        voting = p.standing is Standing.PENDING
        proposals.append(
            ProposalRow(
                name=str(p.name),
                proposer=p.proposer,
                text=p.text,
                issue=p.issue.render(),
                standing=p.standing.value,
                posted_at=p.posted_at,
                ayes=tally.ayes,
                implied=tally.implied,
                nays=tally.nays,
                silent=tally.silent,
                uncounted=tally.uncounted,
                implied_at=p.implied_at if voting else None,
                expires_at=p.expires_at if voting else None,
                effective_at=p.effective_at,
                closed_at=p.closed_at,
            )
        )
    members = tuple(
        MemberRow(m.name, m.status.value, m.passive, m.demerits, m.brownie_points)
        for m in found.members
    )
    rows = tuple(proposals)
    return ChamberView(rows, members, (rows, members))
