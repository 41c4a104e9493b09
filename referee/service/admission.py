"""Players added to a running game by its players' consent, for a kind whose rules are a
legislature (ifMUD Nomic's rule 12): asking, and being seated once admitted.

A game dealt at start takes nobody once it runs (``dealt.approve``), unless its own rules
add players by consent: then anyone may ask (``nomic join NAME``), the lounge is told how
the players agree it (a proposal whose first line is ``Admit: NAME``, or a ratified text that
adds the player to the state), and once they have, :func:`seat` makes em a player of the
game as the seated ones are: a membership, a place in the order of play, the kind's next
time step, eir own notice of how to play, and the new state posted to the lounge; one the
chamber takes off its roll gives up eir seat (:func:`unseat`), and may ask again. The
chamber's roll and the kind's state are the chamber's and the kind's business
(``service/chamber.py``, ``service/ifmud_roll.py``); this module never edits either.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from referee.chamber import cite
from referee.games.kind import GameKind
from referee.service import deadlines, kind_time
from referee.service.game_view import view_of
from referee.service.notices import Audience, CommandError, Notice
from referee.service.seats import registered
from referee.store import games
from referee.store.models import Game, Membership, Player
from referee.store.status import MembershipStatus


def ask(
    session: Session,
    game: Game,
    kind: GameKind,
    name: str,
    address: str,
    secret: str | None,
) -> list[Notice]:
    """``name`` asks to join the running ``game``: registered (with eir secret, hashed) and
    marked as asking, and told, with the lounge, that the players decide (rule 12)."""
    if not name.strip():
        raise CommandError("write 'nomic join YOUR NAME'")
    player = registered(session, name, address, secret)
    seat = games.membership(session, game, player)
    if seat is not None and seat.status == MembershipStatus.ACTIVE:
        raise CommandError(f"{player.name} is already playing game {game.tag}")
    if seat is None:
        games.join(session, game, player, status=MembershipStatus.APPLIED)
    else:
        seat.status, seat.note = MembershipStatus.APPLIED, ""
    how = (
        f"its players add a player by unanimous consent ({cite(12)}): any of them may "
        f"propose it with a message whose first line is 'propose NAME [YOU]' and whose "
        f"text begins 'Admit: {player.name}'"
    )
    values: dict[str, object] = {
        "player": player.name,
        "number": game.number,
        "title": kind.title,
        "how": how,
    }
    return [
        Notice("player.admission-asked", Audience.sender(address), values),
        Notice(
            "lounge.admission-asked",
            Audience.lounge(game.lounge_address),
            values,
            subject=game.tag.subject(f"{player.name} asks to join"),
        ),
    ]


def asking(session: Session, game: Game, name: str) -> Player | None:
    """The player called ``name`` who has asked to join ``game`` and is not yet playing it."""
    player = games.player_by_name(session, name)
    seat = games.membership(session, game, player) if player is not None else None
    if seat is None or seat.status == MembershipStatus.ACTIVE:
        return None
    return player


def seat(session: Session, game: Game, kind: GameKind, name: str, at: datetime) -> list[Notice]:
    """Seat ``name``, whom the players have added to ``game``'s state, as a player: eir
    membership, the order of play, the kind's next time step; e is told privately how to
    play (and any view only e may see), and the lounge is shown the new state."""
    player = games.player_by_name(session, name)
    if player is None:
        return [
            _lounge(
                game,
                f"{name} cannot be seated",
                f"{name} is added to the state of game {game.tag}, but the referee knows "
                f"no player by that name, so nobody can post as {name}: e writes 'nomic join "
                f"{name}' to the game, and the players admit em ({cite(12)}).",
            )
        ]
    membership = games.membership(session, game, player)
    last = session.scalar(select(func.max(Membership.seat)).where(Membership.game_id == game.id))
    if membership is None:
        membership = games.join(session, game, player, (last or 0) + 1, now=at)
    elif membership.status != MembershipStatus.ACTIVE:
        membership.seat = (last or 0) + 1
    membership.status, membership.last_move_at, membership.note = (
        MembershipStatus.ACTIVE,
        at,
        "admitted by consent",
    )
    if player.name not in game.order_of_play:
        game.order_of_play = [*game.order_of_play, player.name]
    game.version += 1
    session.flush()
    kind_time.schedule(session, game, kind, at)
    view = view_of(session, game)
    private = kind.private_view(view, player.name)
    values: dict[str, object] = {
        "player": player.name,
        "number": game.number,
        "title": kind.title,
        "kind": kind.name,
        "address": player.address,
        "secret": player.secret_hash is not None,
        "private": private or "",
        "rule": cite(12),
    }
    return [
        Notice(
            "player.admitted",
            Audience.player(player.address, player.name),
            values,
            subject=game.tag.subject(f"You are playing {kind.title}"),
            capped=False,
        ),
        Notice(
            "lounge.player-admitted",
            Audience.lounge(game.lounge_address),
            {**values, "view": kind.public_view(view)},
            subject=game.tag.subject(f"{player.name} is seated"),
        ),
    ]


def unseat(session: Session, game: Game, kind: GameKind, name: str, at: datetime) -> None:
    """``name`` is no longer a player of ``game`` (e left, rule 13, or was removed, rule 11):
    eir seat is given up and eir deadlines closed, so e may ask to join again (rule 12); the
    chamber has said so in the lounge."""
    player = games.player_by_name(session, name)
    membership = games.membership(session, game, player) if player is not None else None
    if player is None or membership is None or membership.status != MembershipStatus.ACTIVE:
        return
    membership.status, membership.note = MembershipStatus.RESIGNED, "off the chamber's roll"
    game.order_of_play = [n for n in game.order_of_play if n != player.name]
    game.version += 1
    deadlines.close(session, game, at, owed_by=player.name)
    session.flush()
    kind_time.schedule(session, game, kind, at)


def _lounge(game: Game, headline: str, news: str) -> Notice:
    return Notice(
        "lounge.chamber-news",
        Audience.lounge(game.lounge_address),
        {"news": news, "text": "", "lines": []},
        subject=game.tag.subject(headline),
    )
