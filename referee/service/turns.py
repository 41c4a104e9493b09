"""A seated player's turn: handed to the game's kind, recorded, and the notices it calls for.

The use case behind the classification chain's last rule. Like the seats and buzzes use
cases it is a plain function over one session that returns :class:`Notice` values; the
runner words and queues them inside the message's transaction. What the turn means is the
kind's (:mod:`referee.games.kind`); what the referee does about a judgement (one applied
turn per game version, the pending win of rule 1.1.1, the players' buzz mode of rule 1.16,
deadlines, who is told what) is here, the same for every kind.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from referee.games import MORNINGTON
from referee.games.kind import GameKind, GameView, Judgement, PlayerView
from referee.mail.compose import refusal_subject, turn_subject
from referee.notation.errors import positioned
from referee.service import buzzes, chamber, deadlines, dealt, roster, rulebook, seats
from referee.service.game_view import view_of
from referee.service.notices import Audience, Notice
from referee.service.roster import SILENCE_REMINDER
from referee.store import games
from referee.store.models import Game, Player
from referee.store.status import GameStatus, InboxStatus, TurnStatus


@dataclass
class Decided:
    """What became of the message carrying the turn, and the notices to send."""

    status: InboxStatus
    note: str
    notices: list[Notice] = field(default_factory=list)


@dataclass(frozen=True)
class Posted:
    """One turn as it arrived: who, what, and the message it came in."""

    game: Game
    player: Player
    text: str
    inbox_id: int
    thread: str | None
    now: datetime


def take_turn(
    session: Session,
    kind: GameKind,
    turn: Posted,
    *,
    buzz_mode: str,
    rng: random.Random,
    timing: roster.Timing,
) -> Decided:
    """Refuse a turn the game cannot take now; else have ``kind`` judge it and act on that."""
    game, player, text = turn.game, turn.player, turn.text
    if not text:
        return Decided(
            InboxStatus.QUARANTINED,
            "no turn text after quotes and signature",
            [
                _answer(
                    "sender.no-turn",
                    subject=game.tag.subject("No turn found in your message"),
                    player=player.name,
                    move=kind.wording.move,
                )
            ],
        )
    if game.status != GameStatus.RUNNING:
        status, ended = game.status, ""
        if game.status == GameStatus.WINNING:
            status = f"won by {game.winner} unless the winning turn is buzzed (rule 1.1.1)"
        elif game.status == GameStatus.WON:
            status, ended = f"won by {game.winner}", kind.game_end
        return Decided(
            InboxStatus.DONE,
            f"turn for a game that is {game.status}",
            [
                _answer(
                    "sender.game-not-running",
                    subject=refusal_subject(game.tag, f"the game is {game.status}"),
                    player=player.name,
                    status=status,
                    ended=ended,
                )
            ],
        )
    if (questionable := buzzes.open_in(session, game)) is not None:
        notice = _answer(
            "sender.game-paused",
            subject=refusal_subject(
                game.tag, "play waits for a buzz (rule 1.16.1)", game.turn_number + 1
            ),
            player=player.name,
            turn=questionable.turn_number,
            turn_text=text,
        )
        return Decided(InboxStatus.DONE, "turn while a buzz is open: play waits (1.16.1)", [notice])
    view = view_of(session, game, posting=turn.inbox_id)
    seat = games.seat_of(session, game, player)
    try:
        move = kind.read(view, text)
    except ValueError as error:
        unreadable = Judgement("unreadable", violations=(str(error),), explanation=str(error))
        return judged(session, kind, turn, unreadable, buzz_mode=buzz_mode, timing=timing)
    judgement = kind.judge(view, PlayerView(player.name, player.address, seat), move, rng)
    return judged(session, kind, turn, judgement, buzz_mode=buzz_mode, timing=timing)


def judged(
    session: Session,
    kind: GameKind,
    turn: Posted,
    outcome: Judgement,
    *,
    buzz_mode: str,
    timing: roster.Timing,
) -> Decided:
    """Record ``outcome`` and say so: the lounge hears an applied turn (and each player eir
    private view), the poster hears a refusal."""
    game, player, text, now = turn.game, turn.player, turn.text, turn.now
    play = outcome.play or _last_line(text)
    common: dict[str, object] = {
        "player": player.name,
        "turn_text": text,
        "explanation": outcome.explanation,
        "turn": play,
        "violations": list(outcome.violations),
        "positioned": any(positioned(v) for v in outcome.violations),
        "wording": kind.wording,
    }
    posted_illegal = _players_style_state(outcome, buzz_mode)
    rules_version = rulebook.number_in_force(session, game)
    before = game.state
    departures: list[Notice] = []
    if outcome.verdict == "legal" or posted_illegal is not None:
        if posted_illegal is not None:
            outcome = Judgement(
                "illegal",
                play=outcome.play,
                new_state=posted_illegal,
                violations=outcome.violations,
            )
        recorded = games.record_turn(
            session,
            game_id=game.id,
            judged_version=game.version,
            player_id=player.id,
            inbox_id=turn.inbox_id,
            raw_text=text,
            play=outcome.play,
            new_state=outcome.new_state,
            now=now,
            state_before=game.state,
            rolls=list(outcome.rolls),
            rules_version=rules_version,
        )
        if not (recorded.applied and recorded.number is not None):
            stale = refusal_subject(game.tag, _REASONS["stale"], game.turn_number + 1)
            return Decided(
                InboxStatus.DONE,
                "stale: another turn was applied first",
                [
                    Notice(
                        "player.turn-stale",
                        Audience.poster(),
                        common,
                        subject=stale,
                    )
                ],
            )
        number = recorded.number
        after = view_of(session, game, state=outcome.new_state)
        owing = kind.owed(view_of(session, game))
        if kind.dealt_at_start:
            owed = None
            deadlines.heard(
                session, game, kind.silence, player.name, now, reminder_lead=SILENCE_REMINDER
            )
            waiting = ", ".join(dealt.owe(session, game, kind, now, timing))
            departures = chamber.follow_state(session, game, kind, before, now)
        else:
            owed = seats.turn_applied(
                session,
                game,
                player.name,
                now,
                timing,
                following=owing[0].owed_by if owing else None,
            )
            waiting = ""
        notices = [
            Notice(
                "lounge.turn-applied",
                Audience.lounge(game.lounge_address),
                {
                    "turn": number,
                    "play": play,
                    "gsd": kind.public_view(after) or "",
                    "player": player.name,
                    "next": owed.owed_by if owed is not None and not outcome.winner else "",
                    "due": f"{owed.due:%A %d %B %H:%M}" if owed is not None else "",
                    "waiting": waiting,
                    "rules_version": rules_version,
                },
                subject=turn_subject(game.tag, number, play),
            ),
            *_private_views(session, kind, game, after, number, play),
            *departures,
        ]
        if outcome.differences:
            notices.append(
                Notice(
                    "player.gsd-differences",
                    Audience.poster(),
                    {**common, "turn": number, "differences": list(outcome.differences)},
                    subject=game.tag.subject(f"Turn {number} applied: your tables differ"),
                )
            )
        if outcome.winner and kind.wins_are_final:
            session.refresh(game)
            how = f"{kind.title}: the referee checked the winning position"
            shown = kind.public_view(view_of(session, game))
            notices += seats.finish(
                session, game, now, winner=outcome.winner, status=GameStatus.WON, how=how,
                shown=shown, archive=kind.name == MORNINGTON,
            )  # fmt: skip
            return Decided(InboxStatus.DONE, f"turn {number} wins", notices)
        if outcome.winner:
            session.refresh(game)
            notices += seats.claim_win(session, game, outcome.winner, number, play, now)
            return Decided(InboxStatus.DONE, f"turn {number} wins, pending (1.1.1)", notices)
        if posted_illegal is not None:
            notices += _referee_buzzes(session, game, number, outcome, turn, timing)
            return Decided(InboxStatus.DONE, f"turn {number} posted and buzzed", notices)
        return Decided(InboxStatus.DONE, f"turn {number} applied", notices)
    status = TurnStatus.RECEIVED if outcome.verdict == "not_adjudicated" else outcome.verdict
    games.keep_turn(
        session,
        game_id=game.id,
        player_id=player.id,
        inbox_id=turn.inbox_id,
        raw_text=text,
        play=outcome.play,
        status=status,
        violations=list(outcome.violations),
        now=now,
        rolls=list(outcome.rolls),
        rules_version=rules_version,
    )
    template = {
        "illegal": "player.turn-illegal",
        "stale": "player.turn-stale",
        "out_of_turn": "player.turn-out-of-turn",
        "not_adjudicated": "player.turn-received",
        "unreadable": "player.turn-unreadable",
    }[outcome.verdict]
    subject = refusal_subject(game.tag, _REASONS[outcome.verdict], game.turn_number + 1)
    to = Audience.player(player.address, player.name) if outcome.private else Audience.poster()
    return Decided(
        InboxStatus.DONE,
        f"turn {status}",
        [Notice(template, to, common, subject=subject)],
    )


_REASONS = {
    "illegal": "illegal",
    "stale": "another turn came first",
    "out_of_turn": "out of turn",
    "not_adjudicated": "kept, not adjudicated",
    "unreadable": "unreadable",
}
"""The short reason in the subject of each refusal, so a refused turn is never titled as an
applied one."""


def _answer(template: str, *, subject: str, **values: object) -> Notice:
    """A refusal, answered where the turn was posted (in the lounge for list mail)."""
    return Notice(template, Audience.poster(), values, subject=subject)


def _players_style_state(outcome: Judgement, buzz_mode: str) -> str | None:
    """In a ``players`` buzz-mode game, the state an illegal turn is posted with, if any.

    The kind's own state when it gives one, else the state the player's posting claims; a
    turn with neither is refused as in strict mode, since the referee will not invent one.
    """
    if outcome.verdict != "illegal" or buzz_mode != "players":
        return None
    return outcome.new_state or outcome.claimed_state


def _private_views(
    session: Session, kind: GameKind, game: Game, after: GameView, number: int, play: str
) -> list[Notice]:
    """Each player's private view after turn ``number``, to that player's own address only."""
    notices = []
    for member in games.members(session, game):
        view = kind.private_view(after, member.name)
        if view is None:
            continue
        notices.append(
            Notice(
                "player.private-view",
                Audience.player(member.address, member.name),
                {"player": member.name, "turn": number, "view": view},
                subject=game.tag.subject(f"Turn {number}: your own view"),
                capped=False,
            )
        )
    return notices


def _referee_buzzes(
    session: Session,
    game: Game,
    number: int,
    outcome: Judgement,
    turn: Posted,
    timing: roster.Timing,
) -> list[Notice]:
    """The referee's own check in the players' style: post the turn, then buzz it."""
    reason = "; ".join(outcome.violations) or "the referee finds this turn illegal"
    session.refresh(game)
    return buzzes.buzz_turn(
        session,
        game,
        buzzes.REFEREE,
        number,
        reason,
        turn.now,
        thread=turn.thread,
        timing=timing,
    )


def _last_line(text: str) -> str:
    """The play, as far as the mail service can tell without the notation: a turn is a GSD
    with the play appended, or the play alone, so it is the last line written."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:72] if lines else ""
