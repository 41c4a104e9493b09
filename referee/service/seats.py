"""Players' own steps in a game: join, resign, take back a turn, force a Timeout.

Each use case is a plain function over one session; the runner calls it inside the
message's transaction (a savepoint around it), so it either happens whole or, on a
:class:`CommandError`, not at all. Each returns the notices to send.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engine.drone import is_drone
from referee.engine.fair_dice import commitment
from referee.games import MORNINGTON
from referee.quoting import excerpt
from referee.service import deadlines, gsd_edits, rulebook
from referee.service.buzzes import open_in, party_left, was_buzzed
from referee.service.notices import Audience, CommandError, Notice
from referee.service.roster import SILENCE_REMINDER, WINNING, Timing, active_names
from referee.store import games
from referee.store.models import Deadline, Game, Membership, Player, Turn
from referee.store.status import GameStatus, MembershipStatus, TurnStatus


def _require_running(game: Game) -> None:
    if game.status == GameStatus.WINNING:
        raise CommandError(
            f"{game.winner} has won game {game.tag} unless the turn is buzzed; "
            "acknowledge it ('nomic acknowledge') or buzz it (rule 1.1.1)"
        )
    if game.status != GameStatus.RUNNING:
        raise CommandError(f"game {game.tag} is {game.status}, not being played")


def registered(session: Session, name: str, address: str, secret: str | None) -> Player:
    """The player who writes from ``address``, registered as ``name`` (with eir secret) if
    the address is new: a name belongs to one address, so a name another address holds is
    refused."""
    player = games.player_by_address(session, address)
    if player is None:
        if games.player_by_name(session, name) is not None:
            raise CommandError(
                f"the name {excerpt(name)} is taken by another address; choose another"
            )
        player = games.add_player(session, name.strip(), address, secret)
    return player


def request_join(
    session: Session,
    game: Game,
    name: str,
    address: str,
    secret: str | None,
    speaker: str,
    *,
    rule: str = "",
) -> list[Notice]:
    """Rule 1.1.8 - Joining In: a player asks the Speaker for a place in a current game.
    ``rule`` is the rule of the game's kind that the application comes under, cited in both
    answers (Mornington's 1.1.8; none for a kind whose rules say nothing of joining)."""
    if game.status not in {GameStatus.FORMING, GameStatus.RUNNING}:
        raise CommandError(f"game {game.tag} is {game.status}; only a current game")
    if not name.strip() or is_drone(name):
        taken = (
            "the Drone's name is taken (1.15.1)"
            if game.kind == MORNINGTON
            else "the name Drone is kept for Mornington Nomic's Drone (its rule 1.15.1), and a "
            "player has one name in every game"
        )
        raise CommandError(f"write 'nomic join YOUR NAME'; {taken}")
    player = registered(session, name, address, secret)
    existing = games.membership(session, game, player)
    held = (MembershipStatus.APPLIED, MembershipStatus.ACTIVE)
    if existing is not None and existing.status in held:
        raise CommandError(f"{player.name} has already {existing.status} for game {game.tag}")
    if existing is not None:
        existing.status, existing.note = MembershipStatus.APPLIED, ""
    else:
        games.join(session, game, player, status=MembershipStatus.APPLIED)
    values: dict[str, object] = {
        "player": player.name,
        "number": game.number,
        "tag": str(game.tag),
        "rule": rule,
    }
    return [
        Notice("player.join-requested", Audience.sender(address), values),
        Notice("speaker.join-requested", Audience.speaker(speaker), {**values, "address": address}),
    ]


def resign(
    session: Session,
    game: Game,
    player: Player,
    now: datetime,
    why: str,
    *,
    rng: random.Random | None = None,
    timing: Timing | None = None,
) -> list[Notice]:
    """Rule 1.1.3 - Resignation: the player leaves the Token Table and the Luggage Rack, and
    eir Home Station and Possessions (Ticket Stubs too) are ownerless (``gsd_edits``).

    A buzz e is party to or judging is settled first (see ``buzzes.party_left``). If one
    non-Drone player is left, e has won (rule 1.1.3), and the game ends.
    """
    _require_running(game)
    seat = games.membership(session, game, player)
    if seat is None or seat.status != MembershipStatus.ACTIVE:
        raise CommandError(f"{player.name} is not playing game {game.tag}")
    settled = party_left(
        session, game, player.name, now, rng or random.Random(), timing or Timing()
    )
    seat.status, seat.note = MembershipStatus.RESIGNED, why
    home, possessions = gsd_edits.owned_by(game.state, player.name)
    game.state = gsd_edits.without_player(
        game.state, player.name, gsd_edits.ruleset_of(game.variants)
    )
    game.version += 1
    owed = deadlines.unclosed(session, game, kind=deadlines.TURN, owed_by=player.name)
    following = gsd_edits.to_play(game.state)
    game.order_of_play = [n for n in game.order_of_play if n != player.name]
    deadlines.close(session, game, now, owed_by=player.name)
    for row in owed:
        row.closed_at = now
        if following is not None and following != player.name:
            deadlines.open_deadline(
                session,
                game,
                deadlines.TURN,
                following,
                row.due,
                now,
                reminder_lead=row.due - row.remind_at if row.remind_at else None,
            )
    notices = [
        *settled,
        Notice(
            "lounge.player-resigned",
            Audience.lounge(game.lounge_address),
            {
                "player": player.name,
                "why": why,
                "home": home or "",
                "possessions": list(possessions),
                "gsd": game.state,
            },
            subject=game.tag.subject(f"{player.name} resigns"),
        ),
    ]
    left = gsd_edits.non_drone(active_names(session, game))
    if len(left) == 1:
        how = "the last player left (1.1.3)"
        notices += finish(session, game, now, winner=left[0], status=GameStatus.WON, how=how)
    return notices


def finish(
    session: Session,
    game: Game,
    now: datetime,
    *,
    winner: str | None,
    status: str,
    how: str,
    shown: str | None = None,
    archive: bool = True,
) -> list[Notice]:
    """End ``game``: won (rule 1.1.3 or by play), a stalemate (1.1.11) or void (1.1.2).

    Who was still in it is kept for the points of rule 1.1.9; its last GSD is its entry in
    the Game Archive (rule 1.1.5) when ``archive`` (a Mornington game). ``shown`` is what the
    last post shows in place of the stored state, for a kind whose state holds hidden parts
    (its final public view).
    """
    game.finishers = gsd_edits.non_drone(active_names(session, game))
    game.status = status
    game.winner = winner
    game.ended_at = now
    deadlines.close(session, game, now)
    return [
        Notice(
            "lounge.game-over",
            Audience.lounge(game.lounge_address),
            {
                "winner": winner,
                "how": how,
                "gsd": game.state or "" if shown is None else shown,
                "archive": archive,
                **_revealed(game),
            },
            subject=game.tag.subject("Game over"),
        )
    ]


def _revealed(game: Game) -> dict[str, str]:
    """The dice seed of a game that has ended, and the commitment it answers."""
    if not game.dice_seed:
        return {"seed": "", "commitment": ""}
    return {"seed": game.dice_seed, "commitment": commitment(bytes.fromhex(game.dice_seed))}


def turn_applied(
    session: Session,
    game: Game,
    player: str,
    now: datetime,
    timing: Timing,
    *,
    following: str | Literal["from-gsd"] | None = "from-gsd",
) -> Deadline | None:
    """After a turn lands: the next player owes one (1.3.5), the mover's silence resets (1.1.10).

    Who is next is the game kind's answer for the new state (``following``; for Mornington
    the engine's reading of the GSD, rule 1.3.2), the one source of truth. Returns the next
    turn's deadline, for the lounge post to announce.
    """
    if following == "from-gsd":
        following = gsd_edits.to_play(game.state)
    deadlines.close_each(session, game, now, (deadlines.TURN, None), (deadlines.SILENCE, player))
    owed = deadlines.next_turn(
        session, game, following, now, now, reminder_lead=timing.turn_reminder
    )
    deadlines.silence_from(session, game, player, now, reminder_lead=SILENCE_REMINDER)
    return owed


def claim_win(
    session: Session, game: Game, winner: str, number: int, play: str, now: datetime
) -> list[Notice]:
    """Rule 1.1.1 - How to Win: a turn that ends at Mornington Crescent wins, but the game
    ends only once every other active player has said e will not buzz it; until then the
    turn may be buzzed (rule 1.16.2) and no further turn is played."""
    game.status, game.winner, game.acknowledged = WINNING, winner, []
    deadlines.close(session, game, now, kind=deadlines.TURN)
    others = [n for n in gsd_edits.non_drone(active_names(session, game)) if n != winner]
    return [
        Notice(
            "lounge.win-claimed",
            Audience.lounge(game.lounge_address),
            {"winner": winner, "turn": number, "play": play, "others": others},
            subject=game.tag.subject(f"Turn {number}: {winner} wins?"),
        )
    ]


def acknowledge(session: Session, game: Game, player: Player, now: datetime) -> list[Notice]:
    """Rule 1.1.1: ``player`` will not buzz the winning turn; the last such word ends the game."""
    if game.status != WINNING or game.winner is None:
        raise CommandError(f"nobody has won game {game.tag}: there is nothing to acknowledge")
    if player.name == game.winner:
        raise CommandError("the winner does not acknowledge eir own win; the others do (1.1.1)")
    if open_in(session, game) is not None:
        raise CommandError("the winning turn is being buzzed; acknowledge once that is settled")
    game.acknowledged = sorted({*game.acknowledged, player.name})
    others = [n for n in gsd_edits.non_drone(active_names(session, game)) if n != game.winner]
    waiting = [n for n in others if n not in game.acknowledged]
    if waiting:
        return [
            Notice(
                "lounge.win-acknowledged",
                Audience.lounge(game.lounge_address),
                {"player": player.name, "winner": game.winner, "waiting": waiting},
                subject=game.tag.subject(f"{player.name} acknowledges {game.winner}'s win"),
            )
        ]
    return finish(
        session,
        game,
        now,
        winner=game.winner,
        status=GameStatus.WON,
        how="every other active player acknowledged the win (1.1.1)",
    )


def _latest_applied(session: Session, game: Game) -> Turn | None:
    query = (
        select(Turn)
        .where(Turn.game_id == game.id, Turn.status == TurnStatus.APPLIED)
        .order_by(Turn.number.desc(), Turn.id.desc())
    )
    return session.scalars(query).first()


def take_back(
    session: Session, game: Game, player: Player, now: datetime, timing: Timing
) -> list[Notice]:
    """Rule 1.3.3 - Blue. No, Yelloaaarggghh...: undo one's own most recent turn.

    Allowed only while it is still the latest turn (nobody has played since) and nobody has
    buzzed it; the turn is deemed never to have happened, so the GSD before it is restored
    from its snapshot and the player owes a turn again, counted as before it.
    """
    _require_running(game)
    latest = _latest_applied(session, game)
    if latest is None or latest.player_id != player.id:
        raise CommandError(
            "only your most recent turn can be taken back, and only while no other player "
            "has played since"
        )
    if was_buzzed(session, latest):
        raise CommandError(f"turn {latest.number} has been buzzed, so it cannot be taken back")
    if latest.state_before is None:
        raise CommandError(f"turn {latest.number} has no GSD kept from before it to restore")
    latest.status = TurnStatus.TAKEN_BACK
    game.state = latest.state_before
    game.turn_number -= 1
    game.version += 1
    previous = _latest_applied(session, game)
    since = previous.created_at if previous is not None else (game.started_at or now)
    deadlines.turn_owed(session, game, player.name, since, now, reminder_lead=timing.turn_reminder)
    return [
        Notice(
            "lounge.turn-taken-back",
            Audience.lounge(game.lounge_address),
            {
                "player": player.name,
                "turn": latest.number,
                "play": latest.play or "",
                "gsd": game.state,
            },
        )
    ]


def timeout(
    session: Session, game: Game, forcing: Player, late_name: str, now: datetime, timing: Timing
) -> list[Notice]:
    """Rule 1.3.5 - Timing is Everything: once a player's 36 hours are out, anyone in the
    game may play Timeout for em, which only advances the Game Time by an hour.

    The Drone's late Turn (rule 1.15.1) is timed out the same way; having no address of its
    own, its Timeout is kept under the player who forced it.
    """
    _require_running(game)
    late = games.player_by_name(session, late_name)
    if late is None and not is_drone(late_name):
        raise CommandError(f"there is no player called {excerpt(late_name)!r} in game {game.tag}")
    name = late.name if late is not None else late_name
    owed = deadlines.unclosed(session, game, kind=deadlines.TURN, owed_by=name)
    if not owed:
        raise CommandError(f"it is not {name}'s turn, so no Timeout can be forced for em")
    due = min(row.due for row in owed)
    if now < due:
        raise CommandError(
            f"{name} has until {due:%A %d %B %H:%M} UTC to play; Timeout can be forced only "
            "after that"
        )
    before = game.state
    new_state = gsd_edits.after_timeout(before, name, rulebook.ruleset_in_force(session, game))
    play = f"{name} : Timeout"
    recorded = games.record_turn(
        session,
        game_id=game.id,
        judged_version=game.version,
        player_id=(late or forcing).id,
        inbox_id=None,
        raw_text=f"{play}\n(forced by {forcing.name})",
        play=play,
        new_state=new_state,
        now=now,
        state_before=before,
        rules_version=rulebook.number_in_force(session, game),
    )
    if not recorded.applied or recorded.number is None:
        raise CommandError("the game moved on while the Timeout was being recorded; try again")
    session.refresh(game)
    following = gsd_edits.to_play(game.state)
    deadlines.turn_owed(session, game, following, now, now, reminder_lead=timing.turn_reminder)
    return [
        Notice(
            "lounge.turn-timeout",
            Audience.lounge(game.lounge_address),
            {
                "player": name,
                "forcing": forcing.name,
                "turn": recorded.number,
                "gsd": new_state,
                "next": following or "",
            },
            subject=game.tag.subject(f"Turn {recorded.number}: {play}"),
        )
    ]


def seat_of(session: Session, game: Game, player: Player) -> Membership | None:
    """``player``'s membership of ``game``, if e is active in it."""
    seat = games.membership(session, game, player)
    return seat if seat is not None and seat.status == MembershipStatus.ACTIVE else None
