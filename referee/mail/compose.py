"""Outgoing mail: rendered from templates, threaded, and marked so nobody answers it.

Every message the referee sends carries In-Reply-To and References (so it lands in the
player's thread), ``Auto-Submitted: auto-replied`` (RFC 3834: do not answer me) and our
``X-Loop`` (so we recognise it if it comes back). Templates live in ``templates/mail`` and are
named ``<audience>.<event>.txt`` as Mailman names its own.
"""

from __future__ import annotations

import functools
import re
import secrets
import socket
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from referee.games import GameTag, own_tag
from referee.resources import data_dir

QUOTE_LINES = 30


def new_message_id(sender: str) -> str:
    """A short Message-ID no other message of ours can share.

    ``make_msgid`` draws on the ``random`` module, which anything in the process may reseed
    (hypothesis does, per example): two replies in one hundredth of a second then got the same
    id and the outbox's unique constraint refused the second. Its ids are also long enough to
    be folded onto a continuation line, which some readers keep in the value. Ours take their
    unique part from ``secrets`` and stay well inside one header line.
    """
    domain = sender.rpartition("@")[2] or socket.getfqdn()
    return f"<referee.{secrets.token_hex(12)}@{domain}>"


def quote(text: str, limit: int = QUOTE_LINES) -> str:
    """``text`` marked ``> `` as mail clients quote, keeping only its last ``limit`` lines.

    A turn is a GSD with the play at the end; the play is what the player needs to see again,
    so a long GSD is cut from the top and the cut is said.
    """
    lines = text.splitlines()
    cut = max(0, len(lines) - limit)
    quoted = [f"> {line}".rstrip() for line in lines[cut:]]
    if cut:
        quoted.insert(0, f"> [{cut} earlier line{'s' if cut > 1 else ''} not quoted]")
    return "\n".join(quoted) or ">"


@functools.cache
def _templates() -> Environment:
    environment = Environment(
        loader=FileSystemLoader(data_dir("templates") / "mail"),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["quote"] = quote
    return environment


def render(template: str, **context: Any) -> str:
    """The text of ``templates/mail/<template>.txt`` with ``context``."""
    return _templates().get_template(f"{template}.txt").render(**context)


def turn_subject(game: GameTag, turn: int, play: str) -> str:
    """``[MC 12] Turn 34: Rushton : Euston (VC via: CN,NT)``; a play of several lines (an
    ifMUD Nomic posting's actions) is joined with semicolons, since a header has one line."""
    one_line = "; ".join(line.strip() for line in play.splitlines() if line.strip())
    return game.subject(f"Turn {turn}: {one_line}")


def refusal_subject(game: GameTag, reason: str, turn: int | None = None) -> str:
    """The subject of an answer saying a turn was not applied, recognisable from the subject
    alone: ``[MC 12] Turn 3 not applied: illegal``. Without ``turn`` (no turn could be
    played at all) the subject names no turn number."""
    return game.subject(f"Turn{f' {turn}' if turn is not None else ''} not applied: {reason}")


def reply_subject(original: str, game: GameTag | None) -> str:
    """``Re:`` the original subject once, carrying the game's own tag: added if it had none,
    and written as the game's where the player used another kind's tag for its number."""
    subject = re.sub(r"^(\s*(re|aw|sv)\s*:\s*)+", "", original, flags=re.IGNORECASE).strip()
    if game is not None:
        subject = own_tag(game, subject)
    return f"Re: {subject}" if subject else "Re: your message to the referee"


def compose(
    *,
    sender: str,
    sender_name: str,
    to: list[str],
    subject: str,
    body: str,
    loop_token: str,
    in_reply_to: str | None,
    references: list[str],
    now: datetime | None = None,
) -> EmailMessage:
    """A threaded, loop-safe plain-text message ready for the outbox. A subject quoting a
    play of several lines (an ifMUD Nomic posting) is put on one line: a header cannot hold
    a line break."""
    message = EmailMessage()
    headers = [
        ("From", formataddr((sender_name, sender))),
        ("To", ", ".join(to)),
        ("Subject", " ".join(subject.split())),
        ("Date", format_datetime((now or datetime.now(UTC)).replace(tzinfo=UTC))),
        ("Message-ID", new_message_id(sender)),
        *([("In-Reply-To", in_reply_to)] if in_reply_to else []),
        *([("References", " ".join(references))] if references else []),
        ("Auto-Submitted", "auto-replied"),
        ("X-Loop", loop_token),
    ]
    for name, value in headers:
        if _written_as_is(name, value, message.policy.max_line_length):
            message.set_raw(name, value)
        else:
            message[name] = value
    message.set_content(body)
    return message


_AS_IS = re.compile(r"[ -~]*")
"""Printable ASCII, no line break."""


def _written_as_is(name: str, value: str, limit: int | None) -> bool:
    """Whether the header ``name: value`` goes out exactly as written, so it need not be parsed
    now (the email package parses a header set by name, to fold or encode it when written; it
    writes an unparsed one as it stands when its line fits). True for a line of printable ASCII
    that fits, neither empty nor padded with spaces, and holds no encoded word to re-encode:
    most headers of most replies."""
    return (
        value == value.strip() != ""
        and len(name) + 2 + len(value) <= (limit or 78)
        and _AS_IS.fullmatch(value) is not None
        and "=?" not in value
    )
