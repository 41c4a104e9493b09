"""Raw bytes in, a typed inbound message out: the text a player meant, whatever their client did.

Mail arrives multipart, HTML-only, quoted-printable, base64, in old charsets, top-posted above a
quoted history, with signatures and attachments. ``read_message`` never raises: what it cannot
read it lists in ``problems`` so the runner can answer with something the player can act on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr

from referee.mail.html import html_to_text

_PARSER = BytesParser(policy=policy.default)
_SUBJECT_TAG = re.compile(r"\[MC\s*(\d+)\]", re.IGNORECASE)
_SECRET = re.compile(r"^\s*secret\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_PLAYING_AS = re.compile(r"^\s*playing\s+as\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_ATTRIBUTION = re.compile(r"^\s*(on\b.*\bwrote|.*\bschrieb|le\b.*\ba écrit)\s*:\s*$", re.I)
_ORIGINAL = re.compile(r"^\s*-{2,}\s*(original message|forwarded message)\s*-{2,}\s*$", re.I)
_OUTLOOK = re.compile(r"^\s*_{10,}\s*$")


@dataclass(frozen=True)
class Inbound:
    """What the runner needs to know about one message."""

    message: EmailMessage
    message_id: str | None
    sender: str
    sender_name: str
    recipients: list[str]
    subject: str
    references: list[str]
    body: str
    turn_text: str
    attachments: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    secret: str | None = None
    playing_as: str | None = None

    @property
    def game_tag(self) -> int | None:
        """The game number from an ``[MC n]`` subject tag, if there is one."""
        match = _SUBJECT_TAG.search(self.subject)
        return int(match.group(1)) if match else None


def read_message(raw: bytes, *, rcpt_tos: list[str] | None = None) -> Inbound:
    """Parse ``raw`` into an ``Inbound``; everything unreadable is reported, not raised."""
    message = _PARSER.parsebytes(raw)
    assert isinstance(message, EmailMessage)
    problems: list[str] = []
    sender_name, sender = _address(message, "From")
    if not sender:
        problems.append("the message has no From address the referee can read")
    recipients = [a.lower() for a in rcpt_tos or []]
    for name in ("To", "Cc", "Delivered-To"):
        recipients += [a.lower() for _, a in getaddresses(_all(message, name)) if a]
    body, attachments = _body(message, problems)
    turn_text, secret, playing_as = _turn_text(body)
    message_id = str(message.get("Message-ID", "") or "").strip() or None
    return Inbound(
        message=message,
        message_id=message_id,
        sender=sender.lower(),
        sender_name=sender_name,
        recipients=list(dict.fromkeys(recipients)),
        subject=_header(message, "Subject"),
        references=_references(message),
        body=body,
        turn_text=turn_text,
        attachments=attachments,
        problems=problems,
        secret=secret,
        playing_as=playing_as,
    )


def _all(message: EmailMessage, name: str) -> list[str]:
    try:
        return [str(v) for v in message.get_all(name, [])]
    except Exception:
        return []


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _address(message: EmailMessage, name: str) -> tuple[str, str]:
    display, address = parseaddr(_header(message, name))
    return display, address if "@" in address else ""


def _references(message: EmailMessage) -> list[str]:
    ids = re.findall(r"<[^<>\s]+>", _header(message, "References"))
    parent = message.get("Message-ID")
    if parent:
        ids.append(str(parent).strip())
    return list(dict.fromkeys(ids))


def _body(message: EmailMessage, problems: list[str]) -> tuple[str, list[str]]:
    """The text of the message, preferring text/plain, and the names of everything else."""
    defects = sorted({type(d).__name__ for part in message.walk() for d in part.defects})
    if defects:
        problems.append(f"the message's MIME structure is broken ({', '.join(defects)})")
    try:
        part = message.get_body(preferencelist=("plain", "html"))
    except Exception:
        part = None
    attachments = []
    for each in message.walk():
        if each.is_multipart() or each is part:
            continue
        disposition = each.get_content_disposition()
        if each.get_content_type() in {"text/plain", "text/html"} and disposition != "attachment":
            continue
        attachments.append(each.get_filename() or each.get_content_type())
    if part is None:
        problems.append("the referee found no text in it (no text/plain or text/html part)")
        return "", attachments
    assert isinstance(part, EmailMessage)
    text = _decode(part, problems)
    if part.get_content_type() == "text/html":
        text = html_to_text(text)
    return text.replace("\r\n", "\n").replace("\r", "\n"), attachments


def _decode(part: EmailMessage, problems: list[str]) -> str:
    try:
        content = part.get_content()
        return content if isinstance(content, str) else ""
    except (LookupError, UnicodeError, ValueError, AssertionError):
        payload = part.get_payload(decode=True)
        charset = part.get_content_charset() or "unknown"
        problems.append(
            f"its text is marked with the charset {charset!r}, which the referee cannot read; "
            "please send plain UTF-8"
        )
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""


def _turn_text(body: str) -> tuple[str, str | None, str | None]:
    """The player's own words: no quoted history, no signature, no secret.

    Top-posted replies are cut at the attribution line (``On ... wrote:``) or an
    ``Original Message`` rule; bottom- and inline-quoted lines (``>``) are dropped; the
    signature starts at a line of two dashes.
    """
    kept: list[str] = []
    secret = playing_as = None
    for line in body.split("\n"):
        if line.rstrip() == "--" or _ATTRIBUTION.match(line) or _ORIGINAL.match(line):
            break
        if _OUTLOOK.match(line):
            break
        if line.lstrip().startswith(">"):
            continue
        if match := _SECRET.match(line):
            secret = match.group(1)
            continue
        if match := _PLAYING_AS.match(line):
            playing_as = match.group(1)
            continue
        kept.append(line.rstrip())
    return "\n".join(kept).strip("\n").strip(), secret, playing_as
