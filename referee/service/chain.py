"""The classification chain: an ordered list of small named rules, run by a small interpreter.

As in Mailman 3's ``rules/`` and ``chains/``, what is done with a message is data: the
:data:`referee.service.classify.CHAIN` tuple names each rule in the order it is tried. A rule
has a ``name``, a ``description`` (why it exists, by rule number where one applies) and an
``apply`` that either decides the message (returns the :class:`Handling`) or lets the next
rule try (returns None), having perhaps learned something on the way (the game, the player).

The message is read (:func:`read_letter`) before any database transaction opens; the rules
then run inside the one transaction that claims the message, records what it does and marks
it finished (see :mod:`referee.service.runner`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.games import Kinds
from referee.mail.compose import compose, render, reply_subject
from referee.mail.message import Inbound, read_message
from referee.service import roster
from referee.service.commands import words_of
from referee.service.enactment import Enactor, RecordOnly
from referee.service.notices import Notice, Role
from referee.service.proof import split_code
from referee.service.rulebook import RulebookEnactor
from referee.store.models import Game, InboxMessage, Player
from referee.store.outbox import queue_reply, take_reply_allowance
from referee.store.status import InboxStatus

_SECRET_LINE = re.compile(rb"(?im)^([ \t]*secret[ \t]*:[ \t]*)[^\r\n]*")
REDACTED = "[redacted by the referee]"


@dataclass(frozen=True)
class Letter:
    """One inbox message as read, with no database open: the parsed mail, the raw bytes with
    any secret redacted, and its command words (the first line, split)."""

    inbox_id: int
    inbound: Inbound
    raw: bytes
    envelope_from: str | None
    words: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The player's own words without any ``Code:`` line (a proof, not part of a turn)."""
        return split_code(self.inbound.turn_text)[0]

    @property
    def code(self) -> str | None:
        """The proof code written in a ``Code:`` line, if any (see :mod:`.proof`)."""
        return split_code(self.inbound.turn_text)[1]

    @property
    def verb(self) -> str:
        """The first word, as a command is recognised: lower case, brackets and marks off."""
        return self.words[0].lower().strip("[]:!") if self.words else ""


def read_letter(
    inbox_id: int, raw: bytes, *, rcpt_tos: Sequence[str], mail_from: str, source: str
) -> Letter:
    """Read one stored message: parse it, redact its secret, find its command words.

    The secret line is rewritten in the raw bytes (which covers plain, 8-bit and
    quoted-printable text) so only its hash is kept anywhere; a base64 body hides it from a
    byte search, and a note says so.
    """
    inbound = read_message(raw, rcpt_tos=list(rcpt_tos))
    notes: list[str] = []
    if inbound.secret:
        raw = _SECRET_LINE.sub(rb"\1" + REDACTED.encode(), raw)
        if read_message(raw).secret not in (None, REDACTED):
            notes.append("a secret in an encoded body could not be redacted")
    return Letter(
        inbox_id=inbox_id,
        inbound=inbound,
        raw=raw,
        envelope_from=mail_from if source == "smtp" else None,
        words=tuple(words_of(split_code(inbound.turn_text)[0])),
        notes=tuple(notes),
    )


@dataclass
class Handling:
    """What became of one message: its final status and note, and the replies queued."""

    status: InboxStatus = InboxStatus.DONE
    notes: list[str] = field(default_factory=list)
    queued: int = 0
    refused: bool = False


@dataclass
class Work:
    """One message's classification in progress, inside its transaction.

    Rules read the ``letter`` and fill in what they learn: the ``game`` it is for, whether it
    came through that game's lounge list (``via_list``), the ``player`` who sent it, and the
    ``turn_text`` the last rule hands to the game's kind.
    """

    letter: Letter
    session: Session
    settings: Settings
    kinds: Kinds
    now: datetime
    rng: random.Random
    timing: roster.Timing
    row: InboxMessage
    game: Game | None = None
    player: Player | None = None
    via_list: bool = False
    turn_text: str = ""
    handling: Handling = field(default_factory=Handling)
    enactor: Enactor = field(default_factory=lambda: RulebookEnactor(RecordOnly()))
    deferred: bool = False
    """Carrying out a statement of intent at its time (:mod:`.intents`): answers still
    thread under the message it came in, but belong to the deadline run, not that message."""

    @property
    def the_game(self) -> Game:
        """The game, for a rule placed after ``unknown-game`` (which decides without one)."""
        if self.game is None:
            raise ChainOrderError("a rule that needs the game runs before unknown-game")
        return self.game

    @property
    def the_player(self) -> Player:
        """The sender as a seated player, for a rule placed after ``identify``."""
        if self.player is None:
            raise ChainOrderError("a rule that needs the player runs before identify")
        return self.player

    def finish(self, status: InboxStatus, note: str) -> Handling:
        """Decide the message: its status, with ``note`` first among the notes."""
        self.handling.status = status
        self.handling.notes.insert(0, note)
        return self.handling

    def send(self, notice: Notice) -> None:
        """Queue ``notice`` in this transaction, addressed by its audience.

        Answers go to the sender in the thread of eir message; lounge posts (and notices
        made with ``capped=False``, a kind's private view after a turn) are never capped,
        everything else is, by the daily reply cap. Mail the lounge list relayed is answered
        in that lounge: a verdict or refusal (``POSTER``) is posted there, and nothing is
        answered privately to the address the list mail came from. A notice for one
        ``PLAYER`` still goes to eir registered address, which the referee knows and the list
        mail does not choose (a warning about a secret posted to the list, a forgery report).
        """
        audience = notice.audience
        inbound = self.letter.inbound
        address = audience.address or inbound.sender
        capped = audience.role is not Role.LOUNGE and notice.capped
        if self.via_list and self.game is not None:
            if audience.role is Role.POSTER:
                address, capped = self.game.lounge_address, False
            elif audience.role not in (Role.LOUNGE, Role.PLAYER):
                self.handling.notes.append(
                    f"{notice.template} not sent: list mail is answered only in its lounge"
                )
                return
        if not address:
            self.handling.notes.append(f"{notice.template}: no address to answer")
            return
        if capped and not take_reply_allowance(
            self.session, address, self.now, self.settings.daily_reply_cap
        ):
            self.handling.notes.append(f"{notice.template} to {address} withheld: daily reply cap")
            return
        number = self.game.number if self.game is not None else None
        tag = self.game.tag if self.game is not None else None
        body = render(
            notice.template,
            game=str(tag) if tag is not None else "",
            sender=inbound.sender,
            attachments=inbound.attachments,
            page=self.settings.game_page_url(number) if number is not None else "",
            **notice.values,
        )
        message = compose(
            sender=self.settings.address,
            sender_name=self.settings.display_name,
            to=[address],
            subject=notice.subject or reply_subject(inbound.subject, tag),
            body=body,
            loop_token=self.settings.loop_token,
            in_reply_to=inbound.message_id,
            references=inbound.references,
            now=self.now,
        )
        queue_reply(
            self.session,
            message,
            mail_from=self.settings.address,
            rcpt_tos=[address],
            inbox_id=None if self.deferred else self.row.id,
            now=self.now,
        )
        self.handling.queued += 1

    def send_all(self, notices: Sequence[Notice]) -> None:
        for notice in notices:
            self.send(notice)


class Rule(Protocol):
    """One step of classification: decides the message, or passes it on (None)."""

    name: str
    description: str

    def apply(self, work: Work) -> Handling | None: ...


class ChainEnded(RuntimeError):
    """No rule decided the message: the chain's last rule must always decide."""


class ChainOrderError(RuntimeError):
    """A rule ran before the rule that learns what it needs: the chain is misordered."""


def run_chain(chain: Sequence[Rule], work: Work) -> Handling:
    """Try each rule in order until one decides the message."""
    for rule in chain:
        handled = rule.apply(work)
        if handled is not None:
            return handled
    raise ChainEnded(f"no rule of {[rule.name for rule in chain]} decided inbox {work.row.id}")
