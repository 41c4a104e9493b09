"""Games, players and turns in the store, and the version check that applies one turn at a time.

Two turns for one game may be judged at once against the same state; ``record_turn`` applies
a turn only if the game's version is still the one it was judged against, with a single
conditional UPDATE, so on SQLite and PostgreSQL alike exactly one of them lands.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, Table, exists, insert, select, update
from sqlalchemy.orm import Session

from referee.store.models import (
    BuzzRecord,
    ChamberRecord,
    Game,
    Membership,
    Player,
    RulesChange,
    Turn,
)
from referee.store.session_cache import cached, prime
from referee.store.status import GameStatus, MembershipStatus, TurnStatus

_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1


def hash_secret(secret: str) -> str:
    """A salted scrypt hash of a player's secret, self-describing so costs can change later."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P)
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${salt.hex()}${digest.hex()}"


def secret_matches(secret: str, stored: str | None) -> bool:
    """Whether ``secret`` is the one hashed in ``stored``, compared in constant time."""
    if not stored:
        return False
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    candidate = hashlib.scrypt(
        secret.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p)
    )
    return hmac.compare_digest(candidate, bytes.fromhex(digest))


def create_game(
    session: Session,
    number: int,
    lounge_address: str,
    now: datetime,
    *,
    name: str = "",
    state: str | None = None,
) -> Game:
    """A new game with its lounge address (stored lower-case, as addresses are compared)."""
    game = Game(
        number=number,
        name=name,
        lounge_address=lounge_address.lower(),
        version=0,
        turn_number=0,
        state=state,
        created_at=now,
    )
    session.add(game)
    session.flush()
    return game


def add_player(session: Session, name: str, address: str, secret: str | None = None) -> Player:
    """Register a player; the secret (set at join) is kept only as a hash."""
    player = Player(
        name=name, address=address.lower(), secret_hash=hash_secret(secret) if secret else None
    )
    session.add(player)
    session.flush()
    return player


def join(
    session: Session,
    game: Game,
    player: Player,
    seat: int = 0,
    *,
    status: str = MembershipStatus.ACTIVE,
    now: datetime | None = None,
) -> Membership:
    """Seat ``player`` in ``game`` (or, with ``status="applied"``, ask the Speaker to)."""
    membership = Membership(
        game_id=game.id, player_id=player.id, seat=seat, status=status, last_move_at=now
    )
    session.add(membership)
    session.flush()
    return membership


HAS_CHAMBER = "has-chamber"
"""The session cache's name for whether a game has a chamber (``chambers``)."""
HAS_OPEN_BUZZ = "has-open-buzz"
"""... whether a buzz of the game is open (``buzzes``)."""
RULES = "rules"
"""... the game's enactments (``rules_changes``), primed only when there are none."""

_FACTS: tuple[tuple[str, type, ColumnElement[bool]], ...] = (
    (HAS_CHAMBER, ChamberRecord, exists().where(ChamberRecord.game_id == Game.id)),
    (
        HAS_OPEN_BUZZ,
        BuzzRecord,
        exists().where(BuzzRecord.game_id == Game.id, BuzzRecord.closed_at.is_(None)),
    ),
    (RULES, RulesChange, exists().where(RulesChange.game_id == Game.id)),
)
"""What every message about a game asks of it before its turn is judged, read with the game
in the same statement and kept in the session (``session_cache``): three queries fewer a
turn, and one snapshot for all four answers."""


def _with_facts(session: Session, where: ColumnElement[bool]) -> Game | None:
    """The game matching ``where``, its facts primed in the session cache."""
    query = select(Game, *(fact.label(name) for name, _, fact in _FACTS)).where(where)
    found = session.execute(query).first()
    if found is None:
        return None
    game = found[0]
    for (name, model, _), value in zip(_FACTS, found[1:], strict=True):
        if name != RULES:
            prime(session, name, game.id, (model,), bool(value))
        elif not value:
            prime(session, name, game.id, (model,), ())
    return game


def game_by_address(session: Session, addresses: list[str]) -> Game | None:
    """The game whose lounge is one of ``addresses``, if any."""
    lowered = [a.lower() for a in addresses]
    if not lowered:
        return None
    return _with_facts(session, Game.lounge_address.in_(lowered))


def game_by_number(session: Session, number: int) -> Game | None:
    """Game ``number``, whatever its kind (numbers are unique across kinds)."""
    return _with_facts(session, Game.number == number)


def player_by_address(session: Session, address: str) -> Player | None:
    """The player registered at ``address``."""
    return session.scalars(select(Player).where(Player.address == address.lower())).first()


def games_played_by(session: Session, address: str) -> list[Game]:
    """The games the player registered at ``address`` is seated in and playing, by number:
    what to name to someone who wrote without saying which game."""
    query = (
        select(Game)
        .join(Membership, Membership.game_id == Game.id)
        .join(Player, Player.id == Membership.player_id)
        .where(
            Player.address == address.lower(),
            Membership.status == MembershipStatus.ACTIVE,
            Game.status.in_((GameStatus.FORMING, GameStatus.RUNNING, GameStatus.WINNING)),
        )
        .order_by(Game.number)
    )
    return list(session.scalars(query))


def members(session: Session, game: Game) -> list[Player]:
    """The players seated and playing in ``game``, by seat."""
    return [player for _, player in seated(session, game)]


def seated(session: Session, game: Game) -> list[tuple[int, Player]]:
    """Each player seated and playing in ``game`` with eir seat, by seat: read once per
    transaction (a message asks it when it identifies the sender, judges, and answers), and
    again whenever the transaction changes a seat or a player (``session_cache``)."""

    def load() -> list[tuple[int, Player]]:
        query = (
            select(Membership.seat, Player)
            .join(Membership, Membership.player_id == Player.id)
            .where(Membership.game_id == game.id, Membership.status == MembershipStatus.ACTIVE)
            .order_by(Membership.seat, Player.id)
        )
        return [(seat, player) for seat, player in session.execute(query)]

    return list(cached(session, "seated", game.id, (Membership, Player), load))


def seat_of(session: Session, game: Game, player: Player) -> int:
    """``player``'s seat in ``game``, whatever eir standing (a seated player's from the roster
    already read)."""
    for seat, member in seated(session, game):
        if member.id == player.id:
            return seat
    return session.scalars(
        select(Membership.seat).where(
            Membership.game_id == game.id, Membership.player_id == player.id
        )
    ).one()


def membership(session: Session, game: Game, player: Player) -> Membership | None:
    """``player``'s place in ``game``, whatever its standing."""
    return session.scalars(
        select(Membership).where(Membership.game_id == game.id, Membership.player_id == player.id)
    ).first()


def player_by_name(session: Session, name: str) -> Player | None:
    """The player called ``name``, however it was capitalised."""
    lowered = name.strip().lower()
    for player in session.scalars(select(Player)):
        if player.name.lower() == lowered:
            return player
    return None


def lounge_addresses(session: Session) -> set[str]:
    """Every lounge address the listener should accept mail for."""
    return set(session.scalars(select(Game.lounge_address)))


@dataclass(frozen=True)
class Recorded:
    """What ``record_turn`` did: applied at ``number``, or refused because the game moved on."""

    applied: bool
    number: int | None


def record_turn(
    session: Session,
    *,
    game_id: int,
    judged_version: int,
    player_id: int,
    inbox_id: int | None,
    raw_text: str,
    play: str | None,
    new_state: str | None,
    now: datetime,
    state_before: str | None = None,
    rolls: list[dict[str, object]] | None = None,
    rules_version: int | None = None,
) -> Recorded:
    """Apply a legal turn if ``game_id`` is still at ``judged_version``; keep the turn either way.

    The conditional UPDATE is the whole guarantee: whichever transaction updates the row first
    wins; the other matches no row (PostgreSQL re-checks the condition after the winner
    commits; SQLite serialises writers) and its turn is kept as ``stale``. ``rules_version``
    is the version of the game's rules that judged it (an enactment moves ``version`` on too,
    so an applied turn's rules are still the ones in force).
    """
    result = session.execute(
        update(Game)
        .where(Game.id == game_id, Game.version == judged_version)
        .values(version=Game.version + 1, turn_number=Game.turn_number + 1, state=new_state)
        .returning(Game.turn_number)
    )
    number = result.scalar_one_or_none()
    # Written at once as a row, not as an object for the flush: nothing reads it back as one.
    session.execute(
        insert(cast(Table, Turn.__table__)).values(
            game_id=game_id,
            player_id=player_id,
            inbox_id=inbox_id,
            number=number,
            raw_text=raw_text,
            play=play,
            status=TurnStatus.APPLIED if number is not None else TurnStatus.STALE,
            violations=[],
            state=new_state if number is not None else None,
            state_before=state_before,
            rolls=rolls or [],
            rules_version=rules_version,
            created_at=now,
        )
    )
    return Recorded(applied=number is not None, number=number)


def keep_turn(
    session: Session,
    *,
    game_id: int,
    player_id: int,
    inbox_id: int | None,
    raw_text: str,
    play: str | None,
    status: str,
    violations: list[str],
    now: datetime,
    rolls: list[dict[str, object]] | None = None,
    rules_version: int | None = None,
) -> Turn:
    """Keep a turn that changes nothing (illegal, stale, out of turn, not adjudicated), with
    the version of the game's rules that judged it."""
    turn = Turn(
        game_id=game_id,
        player_id=player_id,
        inbox_id=inbox_id,
        number=None,
        raw_text=raw_text,
        play=play,
        status=status,
        violations=violations,
        state=None,
        rolls=rolls or [],
        rules_version=rules_version,
        created_at=now,
    )
    session.add(turn)
    session.flush()
    return turn
