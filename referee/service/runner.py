"""The runner: takes each inbox message exactly once, decides what it is, and answers it.

Claiming a message, everything done about it (turns recorded, replies queued) and marking it
finished happen in one transaction. A crash anywhere before the commit leaves the message
``new`` with nothing else changed, so it is processed again from the start; after the commit
it is never processed again. On PostgreSQL the claim is ``FOR UPDATE SKIP LOCKED`` so several
runners share the queue; on SQLite ``BEGIN IMMEDIATE`` makes runners take turns.
"""

from __future__ import annotations

import logging
import random
import re
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.mail.compose import compose, render, reply_subject, turn_subject
from referee.mail.loops import is_automatic, is_list_mail, list_addresses, should_not_answer
from referee.mail.message import Inbound, read_message
from referee.notation.errors import NotationError
from referee.notation.gsd import read_posting
from referee.service import buzzes, commands, seats
from referee.service.desk import GameView, PlayerView, TurnDesk, TurnOutcome
from referee.service.gsd_edits import GSDUnreadable
from referee.service.identify import find_game, identify
from referee.service.notices import CommandError, Notice
from referee.store import games
from referee.store.models import Game, InboxMessage, Membership, Player
from referee.store.outbox import queue_reply, take_reply_allowance
from referee.store.wall_clock import Clock, utcnow

log = logging.getLogger(__name__)

_SECRET_LINE = re.compile(rb"(?im)^([ \t]*secret[ \t]*:[ \t]*)[^\r\n]*")


@dataclass
class Handling:
    """What became of one message: its final status and note, and the replies to queue."""

    status: str = "done"
    notes: list[str] = field(default_factory=list)
    queued: int = 0
    refused: bool = False


class Runner:
    """Processes the inbox one message per transaction, handing turns to a ``TurnDesk``."""

    def __init__(
        self,
        factory: sessionmaker[Session],
        settings: Settings,
        desk: TurnDesk,
        *,
        clock: Clock = utcnow,
        on_queued: threading.Event | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.factory = factory
        self.settings = settings
        self.desk = desk
        self.clock = clock
        self.on_queued = on_queued
        self.rng = rng or random.Random()
        self.timing = seats.Timing(timedelta(hours=settings.reminder_lead_hours))

    def process_one(self) -> bool:
        """Process the oldest new message; False when there was none."""
        claimed: int | None = None
        try:
            with self.factory.begin() as session:
                row = self._claim(session)
                if row is None:
                    return False
                claimed = row.id
                handling = _Work(self, session, row).run()
                row.status = handling.status
                row.note = "; ".join([*handling.notes, row.note] if row.note else handling.notes)
                row.processed_at = self.clock()
        except OperationalError:
            raise  # the database is unwell, not the message: leave it new and retry later
        except Exception:
            if claimed is None:
                raise
            log.exception("runner: inbox %s could not be processed; quarantining it", claimed)
            self._quarantine_after_crash(claimed)
            return True
        if handling.queued and self.on_queued is not None:
            self.on_queued.set()
        return True

    def drain(self) -> int:
        """Process until the inbox has nothing new; the number processed."""
        count = 0
        while self.process_one():
            count += 1
        return count

    def run(self, stop: threading.Event, wake: threading.Event) -> None:
        """Work until ``stop``; sleep on ``wake`` (set by the listener) between batches."""
        while not stop.is_set():
            try:
                busy = self.process_one()
            except Exception:
                log.exception("runner: cannot reach the inbox; retrying")
                busy = False
            if not busy:
                wake.wait(self.settings.worker_poll_seconds)
                wake.clear()

    def _claim(self, session: Session) -> InboxMessage | None:
        query = (
            select(InboxMessage)
            .where(InboxMessage.status == "new")
            .order_by(InboxMessage.id)
            .limit(1)
            .with_for_update(skip_locked=True)
        )
        return session.scalars(query).first()

    def _quarantine_after_crash(self, inbox_id: int) -> None:
        """A message that makes the runner fail is kept aside, not retried forever."""
        with self.factory.begin() as session:
            row = session.get(InboxMessage, inbox_id, with_for_update=True)
            if row is not None and row.status == "new":
                row.status = "quarantined"
                row.note = "the runner failed on this message; see the service log"
                row.processed_at = self.clock()


class _Work:
    """Everything done about one message inside its transaction."""

    def __init__(self, runner: Runner, session: Session, row: InboxMessage) -> None:
        self.runner = runner
        self.settings = runner.settings
        self.session = session
        self.row = row
        self.now: datetime = runner.clock()
        self.handling = Handling()
        self.inbound: Inbound = read_message(row.raw, rcpt_tos=list(row.rcpt_tos))
        self.game: Game | None = None
        self.via_list = False

    def _from_a_lounge_list(self, envelope_from: str | None) -> bool:
        """Whether this is list mail from a game's own lounge that we should act on.

        Players post turns to their Game Lounge list, and the list marks what it relays with
        List-* headers. Such mail is acted on when it is not automatic or our own and the
        list is a lounge we know; every answer then goes to the lounge, never privately, so
        nothing a list relays is ever answered to its sender.
        """
        message = self.inbound.message
        if not self.settings.lounge_list_mail or not is_list_mail(message):
            return False
        if is_automatic(
            message,
            envelope_from=envelope_from,
            loop_token=self.settings.loop_token,
            own_address=self.settings.address,
        ):
            return False
        addresses = [*list_addresses(message), *self.inbound.recipients]
        self.game = games.game_by_address(self.session, addresses)
        return self.game is not None

    def run(self) -> Handling:
        inbound = self.inbound
        if inbound.secret:
            self._redact_secret()
        envelope_from = self.row.mail_from if self.row.source == "smtp" else None
        reason = should_not_answer(
            inbound.message,
            envelope_from=envelope_from,
            loop_token=self.settings.loop_token,
            own_address=self.settings.address,
        )
        if reason is not None:
            if not self._from_a_lounge_list(envelope_from):
                return self._finish("ignored", f"not answered: {reason}")
            self.via_list = True
            self.handling.notes.append("came through the lounge list: answered only there")
        else:
            self.game = find_game(self.session, inbound, inbound.recipients)
        if inbound.problems:
            self._reply("sender.quarantined", problems=inbound.problems)
            return self._finish("quarantined", "; ".join(inbound.problems))
        words = commands.words_of(inbound.turn_text)
        first = words[0].lower().strip("[]:!") if words else ""
        if first == "speaker" and not self.via_list:
            return self._speaker(words)
        joining = first == "nomic" and len(words) > 1 and words[1].lower() == "join"
        if joining and self.game is not None and not self.via_list:
            return self._command(commands.PLAYER_COMMANDS, words, "nomic", None)
        if self.game is None:
            self._reply("sender.unknown-game")
            return self._finish("quarantined", "no game by lounge address or [MC n] tag")
        player = self._identify(self.game)
        if player is None:
            return self.handling
        return self._act(self.game, player)

    def _redact_secret(self) -> None:
        """Keep the player's secret out of the stored message: only its hash is kept anywhere.

        The line is rewritten in the raw bytes, which covers plain, 8-bit and quoted-printable
        text; a base64 body hides it from a byte search, and the note says so.
        """
        redacted = _SECRET_LINE.sub(rb"\1[redacted by the referee]", self.row.raw)
        self.row.raw = redacted
        if read_message(redacted).secret not in (None, "[redacted by the referee]"):
            self.handling.notes.append("a secret in an encoded body could not be redacted")

    def _identify(self, game: Game) -> Player | None:
        """The player behind this message; when in doubt, answer and quarantine instead."""
        identity = identify(self.session, game, self.inbound)
        if identity.player is not None:
            return identity.player
        sender, claimed = self.inbound.sender, identity.claimed
        if identity.doubt == "not-seated" and claimed is not None:
            self._reply("sender.not-seated", player=claimed.name)
            self._finish("quarantined", f"{claimed.name} is not seated in this game")
        elif identity.doubt == "forged" and claimed is not None:
            given = identity.secret_given
            self._reply("sender.forged", player=claimed.name, secret_given=given)
            self._reply(
                "player.forged", to=claimed.address, player=claimed.name, secret_given=given
            )
            self._finish(
                "quarantined",
                f"{sender} claimed to be {claimed.name} {'with a wrong' if given else 'without a'}"
                " secret",
            )
        else:
            self._reply("sender.unknown-player")
            self._finish("quarantined", f"{sender} is not a registered address")
        return None

    def _act(self, game: Game, player: Player) -> Handling:
        text = self.inbound.turn_text
        first_word = text.split(maxsplit=1)[0].lower().strip("[]:!") if text else ""
        if first_word in commands.BUZZ_COMMANDS:
            return self._command(commands.BUZZ_COMMANDS, commands.words_of(text), "", player)
        if first_word == "nomic":
            words = commands.words_of(text)
            handled = self._command(commands.PLAYER_COMMANDS, words, "nomic", player)
            rest = _after_first_line(text)
            if rest and [w.lower() for w in words[1:2]] == ["timeout"] and not handled.refused:
                self.session.refresh(game)
                return self._turn(game, player, rest)
            return handled
        if first_word == "speaker":  # reached only by list mail: the Speaker mails us directly
            return self._finish("ignored", "Speaker commands are not taken from list mail")
        return self._turn(game, player, text)

    def _turn(self, game: Game, player: Player, text: str) -> Handling:
        """Hand a turn to the desk, unless the game is not being played or play waits."""
        if not text:
            self._reply("sender.no-turn", player=player.name)
            return self._finish("quarantined", "no turn text after quotes and signature")
        if game.status != "running":
            status = (
                f"won by {game.winner} unless the winning turn is buzzed (rule 1.1.1)"
                if game.status == seats.WINNING
                else game.status
            )
            self._reply("sender.game-not-running", player=player.name, status=status)
            return self._finish("done", f"turn for a game that is {game.status}")
        if (questionable := buzzes.open_in(self.session, game)) is not None:
            self._reply(
                "sender.game-paused",
                player=player.name,
                turn=questionable.turn_number,
                turn_text=text,
            )
            return self._finish("done", "turn while a buzz is open: play waits (1.16.1)")
        view = _game_view(self.session, game)
        seat = self.session.scalars(
            select(Membership.seat).where(
                Membership.game_id == game.id, Membership.player_id == player.id
            )
        ).one()
        outcome = self.runner.desk.submit(view, PlayerView(player.name, player.address, seat), text)
        return self._judged(game, player, text, outcome)

    def _judged(self, game: Game, player: Player, text: str, outcome: TurnOutcome) -> Handling:
        play = outcome.play or _last_line(text)
        common: dict[str, object] = {
            "player": player.name,
            "turn_text": text,
            "explanation": outcome.explanation,
            "turn": play,
            "violations": list(outcome.violations),
        }
        players_state = self._players_style_state(game, text, outcome)
        if outcome.verdict == "legal" or players_state is not None:
            if players_state is not None:
                outcome = TurnOutcome(
                    "illegal",
                    play=outcome.play,
                    new_state=players_state,
                    violations=outcome.violations,
                )
            recorded = games.record_turn(
                self.session,
                game_id=game.id,
                judged_version=game.version,
                player_id=player.id,
                inbox_id=self.row.id,
                raw_text=text,
                play=outcome.play,
                new_state=outcome.new_state,
                now=self.now,
                state_before=game.state,
                rolls=list(outcome.rolls),
            )
            if recorded.applied and recorded.number is not None:
                owed = seats.turn_applied(
                    self.session, game, player.name, self.now, self.runner.timing
                )
                self._reply(
                    "lounge.turn-applied",
                    to=game.lounge_address,
                    capped=False,
                    subject=turn_subject(game.number, recorded.number, play),
                    turn=recorded.number,
                    play=play,
                    gsd=outcome.new_state or "",
                    player=player.name,
                    next=owed.owed_by if owed is not None and not outcome.winner else "",
                    due=f"{owed.due:%A %d %B %H:%M}" if owed is not None else "",
                )
                if outcome.winner:
                    self.session.refresh(game)
                    for notice in seats.claim_win(
                        self.session, game, outcome.winner, recorded.number, play, self.now
                    ):
                        self.send(notice)
                    return self._finish("done", f"turn {recorded.number} wins, pending (1.1.1)")
                if players_state is not None:
                    self._referee_buzzes(game, recorded.number, outcome)
                    return self._finish("done", f"turn {recorded.number} posted and buzzed")
                return self._finish("done", f"turn {recorded.number} applied")
            self._reply("player.turn-stale", context=common)
            return self._finish("done", "stale: another turn was applied first")
        status = {"not_adjudicated": "received"}.get(outcome.verdict, outcome.verdict)
        games.keep_turn(
            self.session,
            game_id=game.id,
            player_id=player.id,
            inbox_id=self.row.id,
            raw_text=text,
            play=outcome.play,
            status=status,
            violations=list(outcome.violations),
            now=self.now,
            rolls=list(outcome.rolls),
        )
        template = {
            "illegal": "player.turn-illegal",
            "stale": "player.turn-stale",
            "out_of_turn": "player.turn-out-of-turn",
            "not_adjudicated": "player.turn-received",
            "unreadable": "player.turn-unreadable",
        }[outcome.verdict]
        self._reply(
            template,
            subject=turn_subject(game.number, game.turn_number + 1, play),
            context=common,
        )
        return self._finish("done", f"turn {status}")

    def _players_style_state(self, game: Game, text: str, outcome: TurnOutcome) -> str | None:
        """In a ``players`` buzz-mode game, the GSD an illegal turn is posted with, if any.

        The engine's own state when it gives one, else the GSD the player posted; a turn
        with neither is refused as in strict mode, since the referee will not invent a state.
        """
        if outcome.verdict != "illegal" or game.buzz_mode != "players":
            return None
        if outcome.new_state:
            return outcome.new_state
        try:
            posted = read_posting(text).gsd
        except NotationError:
            return None
        return posted.render() if posted is not None else None

    def _referee_buzzes(self, game: Game, number: int, outcome: TurnOutcome) -> None:
        """The referee's own check in the players' style: post the turn, then buzz it."""
        reason = "; ".join(outcome.violations) or "the referee finds this turn illegal"
        self.session.refresh(game)
        notices = buzzes.buzz_turn(
            self.session,
            game,
            buzzes.REFEREE,
            number,
            reason,
            self.now,
            thread=self.inbound.message_id,
            timing=self.runner.timing,
        )
        for notice in notices:
            self.send(notice)

    def _speaker(self, words: list[str]) -> Handling:
        """A Speaker command: done only from the Speaker's address with the Speaker's secret."""
        if commands.is_speaker(self.settings, self.inbound.sender, self.inbound.secret):
            return self._command(commands.SPEAKER_COMMANDS, words, "speaker", None)
        self._reply("sender.speaker-refused")
        if self.settings.speaker_address:
            self._reply(
                "speaker.command-refused",
                to=self.settings.speaker_address,
                command=" ".join(words[:2]),
                secret_given=self.inbound.secret is not None,
            )
        return self._finish("quarantined", f"Speaker command from {self.inbound.sender} refused")

    def _command(
        self,
        table: dict[str, commands.Command],
        words: list[str],
        prefix: str,
        player: Player | None,
    ) -> Handling:
        """Run one mail command in a savepoint: all of it happens, or (refused) none of it."""
        ctx = commands.Context(
            session=self.session,
            settings=self.settings,
            sender=self.inbound.sender,
            now=self.now,
            rng=self.runner.rng,
            timing=self.runner.timing,
            game=self.game,
            player=player,
            secret=self.inbound.secret,
            subject=self.inbound.subject,
            thread=self.inbound.message_id,
        )
        if self.game is not None:  # the deadline runner locks it too (timekeeper.run_due)
            self.session.refresh(self.game, with_for_update=True)
        try:
            with self.session.begin_nested():
                note = commands.run(table, ctx, words, prefix)
        except (CommandError, GSDUnreadable) as error:
            self._reply(
                "sender.command-refused",
                command=" ".join(words[:2]),
                reason=str(error),
                player=player.name if player is not None else "",
            )
            self.handling.refused = True
            return self._finish("done", f"{' '.join(words[:2])} refused: {error}")
        self.game = ctx.game
        for notice in ctx.notices:
            self.send(notice)
        return self._finish("done", note)

    def send(self, notice: Notice) -> None:
        """Queue a use case's notice: answers in the sender's thread, lounge posts uncapped."""
        self._reply(
            notice.template,
            to=None if notice.reply else notice.to,
            capped=not notice.lounge,
            subject=notice.subject,
            context=dict(notice.values),
        )

    def _reply(
        self,
        template: str,
        *,
        to: str | None = None,
        capped: bool = True,
        subject: str | None = None,
        context: dict[str, object] | None = None,
        **values: object,
    ) -> None:
        """Queue one reply in this transaction, unless the daily cap for its address is met."""
        context = {**(context or {}), **values}
        address = to or self.inbound.sender
        if self.via_list and self.game is not None:
            if template.startswith("player.turn-"):
                address, capped = self.game.lounge_address, False
            elif not template.startswith("lounge."):
                self.handling.notes.append(
                    f"{template} not sent: list mail is answered only in its lounge"
                )
                return
        if not address:
            self.handling.notes.append(f"{template}: no address to answer")
            return
        if capped and not take_reply_allowance(
            self.session, address, self.now, self.settings.daily_reply_cap
        ):
            self.handling.notes.append(f"{template} to {address} withheld: daily reply cap")
            return
        number = self.game.number if self.game is not None else None
        body = render(
            template,
            game=f"MC {number}" if number is not None else "",
            sender=self.inbound.sender,
            attachments=self.inbound.attachments,
            **context,
        )
        message = compose(
            sender=self.settings.address,
            sender_name=self.settings.display_name,
            to=[address],
            subject=subject or reply_subject(self.inbound.subject, number),
            body=body,
            loop_token=self.settings.loop_token,
            in_reply_to=self.inbound.message_id,
            references=self.inbound.references,
            now=self.now,
        )
        queue_reply(
            self.session,
            message,
            mail_from=self.settings.address,
            rcpt_tos=[address],
            inbox_id=self.row.id,
            now=self.now,
        )
        self.handling.queued += 1

    def _finish(self, status: str, note: str) -> Handling:
        self.handling.status = status
        self.handling.notes.insert(0, note)
        return self.handling


def _last_line(text: str) -> str:
    """The play, as far as the mail service can tell without the notation: a turn is a GSD
    with the play appended, or the play alone, so it is the last line written."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:72] if lines else ""


def _after_first_line(text: str) -> str:
    """What follows a command's line: rule 1.3.5 lets the player who forces a Timeout send
    eir own turn in the same message when e plays next."""
    lines = text.strip().splitlines()
    return "\n".join(lines[1:]).strip()


def _game_view(session: Session, game: Game) -> GameView:
    names = tuple(p.name for p in games.members(session, game))
    return GameView(game.number, game.version, game.turn_number, game.state, names,
                    tuple(game.variants or ()))  # fmt: skip
