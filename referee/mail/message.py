"""Raw bytes in, a typed inbound message out: the text a player meant, whatever their client did.

Mail arrives multipart, HTML-only, quoted-printable, base64, in old charsets, top-posted above a
quoted history, with signatures and attachments. ``read_message`` never raises: what it cannot
read it lists in ``problems`` so the runner can answer with something the player can act on.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import errors, policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr

from referee.games import GameTag, read_tag
from referee.mail.html import html_to_text

_PARSER = BytesParser(policy=policy.default)
_HEADER_LINE = re.compile(rb"^(?:[!-9;-~]+[ \t]*:|[ \t])")
_BROKEN = (
    errors.StartBoundaryNotFoundDefect,
    errors.NoBoundaryInMultipartDefect,
    errors.MultipartInvariantViolationDefect,
)
"""Defects that leave a multipart's parts unknown. Others (a lost closing boundary, a header
that does not parse, bad base64 padding) still leave the text readable, so it is read."""
_SECRET = re.compile(r"^\s*secret\s*:\s*(\S(?:.*\S)?)\s*$", re.IGNORECASE)
_PLAYING_AS = re.compile(r"^\s*playing\s+as\s*:\s*(\S(?:.*\S)?)\s*$", re.IGNORECASE)
"""The value runs to the line's last non-space character: found by one backward scan, where a
lazy value before trailing spaces re-scanned every run of spaces inside it (quadratic)."""
_SECRET_FIRST = frozenset("sS\u017f")
_PLAYING_AS_FIRST = frozenset("pP")
"""The characters a line can start with (after spaces) to match :data:`_SECRET` and
:data:`_PLAYING_AS` (the long s, U+017F, folds to ``s``), so most lines with a colon are
not matched against them."""
_ATTRIBUTION_LIMIT = 400
"""Longest line looked at as an attribution or a history header: they are short, and a long
line is never matched against the patterns below (reading stays linear in the message)."""
_ATTRIBUTION = re.compile(
    r"^.*\b(?:wrote|writes|schrieb|schreef|a\s+écrit|escribió|ha\s+scritto|escreveu|skrev"
    r"|napisał)\b[^:]{0,200}:$",  # "On <date>, <name> wrote:", "Am <date> schrieb <name>:", ...
    re.IGNORECASE,
)
_ATTRIBUTION_WORD = re.compile(
    r"wrote|writes|schrieb|schreef|écrit|escribió|scritto|escreveu|skrev|napisał"
)
"""A word every :data:`_ATTRIBUTION` holds, whole on one line when a client wrapped it: only
lines holding one (or mutt's, starting with ``*``) are matched against the pattern. Searched
for in the lower-cased body (:func:`_folded`), many times faster than ignoring case."""
_FOLDS = (("\u017f", "s"), ("\u0131", "i"), ("i\u0307", "i"))
"""What ignoring case matches to a letter of :data:`_ATTRIBUTION_WORD` and lower-casing does
not make that letter: the long s, the dotless i, and the dotted capital I, which lower-cases
to ``i`` and a combining dot."""
_DIGIT = re.compile(r"\d")
_TRAILING_SPACE = re.compile(r"[^\S\n](?<![^\S\n]{2})[^\S\n]*+$", re.MULTILINE)
"""The spaces ending a line, matched only from the start of a run of spaces (a run tried from
each of its spaces would be quadratic). The pattern starts with its space, not with the
look back, so the search skips to each space instead of trying every character."""
_LOOKED_AT = re.compile(r"^(?=[^\n])(?:[^\S\n]*+[>\-_bB]|[^\n:]*+:)", re.MULTILINE)
"""The start of a line :func:`_turn_text` must look at: see :func:`_marked_lines`. An empty
line is given up on at its first character (a million of them took five times as long)."""
_DATED = re.compile(r"^(?:on|am|op|le|el|il|em|den|på|\*)\s.*\d", re.IGNORECASE)
"""An attribution that starts as clients write one (``On <date>``, ``Am <date>`` ...) and
holds a date: only such a line, not a player's own "here is what I wrote:", cuts what follows."""
_ORIGINAL = re.compile(
    r"^-{2,}\s*(?:original\s+message|forwarded\s+message|ursprüngliche\s+nachricht"
    r"|weitergeleitete\s+nachricht|message\s+d'origine|message\s+transféré|mensaje\s+original"
    r"|mensaje\s+reenviado|oorspronkelijk\s+bericht|doorgestuurd\s+bericht"
    r"|messaggio\s+originale|messaggio\s+inoltrato)\s*-{2,}$"
    r"|^begin\s+forwarded\s+message:$",
    re.IGNORECASE,
)
_RULE = re.compile(r"^_{10,}$")
_GSD_HEADER = re.compile(r"mornington\s+crescent\b.{0,40}\bgame\b.{0,40}\bturn\b", re.IGNORECASE)
_HEADER_FROM = re.compile(r"^\*?(?:from|von|de|van|da|od|från|fra)\s*+\*?+\s*+:", re.IGNORECASE)
_HEADER_FROM_FIRST = frozenset("*fFvVdDoO")
"""The characters a line can start with to match :data:`_HEADER_FROM`."""
_HEADER_NEXT = re.compile(
    r"^\*?(?:sent|date|to|gesendet|datum|an|envoyé|date|à|enviado(?:\s+el)?|fecha|para"
    r"|verzonden|aan|inviato|data|a|skickat|sendt|wysłano)\s*+\*?+\s*+:",
    re.IGNORECASE,
)


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
    def game_tag(self) -> GameTag | None:
        """The game the subject names by any known kind's tag (``[MC 12]``, ``[ODL 12]``),
        as written; the number decides the game, whatever kind the tag says."""
        return read_tag(self.subject)


def read_message(raw: bytes, *, rcpt_tos: list[str] | None = None) -> Inbound:
    """Parse ``raw`` into an ``Inbound``; everything unreadable is reported, not raised."""
    message = _parse(raw)
    problems: list[str] = []
    sender_name, sender = _address(message, "From")
    if not sender:
        problems.append("the message has no From address the referee can read")
    recipients = [a.lower() for a in rcpt_tos or []]
    for name in ("To", "Cc", "Delivered-To"):
        recipients += [a.lower() for _, a in getaddresses(_all(message, name)) if a]
    body, attachments = _body(_wrapped_original(message, sender) or message, problems)
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


def _parse(raw: bytes) -> EmailMessage:
    """The message, with a stray line among its headers left out.

    A line in the header block that is neither a header nor a folded continuation makes the
    parser take it and every header after it as body text; the line is dropped and the message
    read again, as a mail server's lenient reading would."""
    message = _PARSER.parsebytes(raw)
    assert isinstance(message, EmailMessage)
    if not any(isinstance(d, errors.MissingHeaderBodySeparatorDefect) for d in message.defects):
        return message
    end = re.search(rb"\r?\n\r?\n", raw)
    head, body = (raw[: end.start()], raw[end.start() :]) if end else (raw, b"")
    kept = [line for line in head.splitlines(keepends=True) if _HEADER_LINE.match(line)]
    repaired = _PARSER.parsebytes(b"".join(kept) + body)
    assert isinstance(repaired, EmailMessage)
    return repaired


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
    found = [d for part in message.walk() for d in part.defects]
    broken = sorted({type(d).__name__ for d in found if isinstance(d, _BROKEN)})
    if broken:
        problems.append(f"the message's MIME structure is broken ({', '.join(broken)})")
    try:
        part = _first_text(message)
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


def _first_text(message: EmailMessage) -> EmailMessage | None:
    """The text the sender wrote: in a multipart/mixed, that of its first inline part.

    A list appends its footer to a post that is not plain text as a part of its own, after
    the post (Mailman 3 makes such a post multipart/mixed). Asked for the best text of the
    whole message, the standard library prefers that plain footer to an HTML-only post, so
    the footer would be read as the turn; the post comes first.
    """
    if message.get_content_type() == "multipart/mixed":
        for part in message.iter_parts():
            if not isinstance(part, EmailMessage) or part.is_attachment():
                continue
            if part.get_content_maintype() == "text":
                return part
            if part.get_content_maintype() == "multipart":
                return part.get_body(preferencelist=("plain", "html"))  # type: ignore[return-value]
            break
    return message.get_body(preferencelist=("plain", "html"))  # type: ignore[return-value]


def _wrapped_original(message: EmailMessage, sender: str) -> EmailMessage | None:
    """The poster's own message, when a list wrapped it in one of its own.

    A list mitigating DMARC by wrapping (Mailman 3's ``wrap_message``) sends its own message,
    From its posting address, holding the post as an inline message/rfc822 part (alone, or
    beside a sentence saying why and the list's footer). The player's words are in the post;
    the list's sentence is not a turn. Only a message From the list's own List-Post address
    is unwrapped, so a message a player forwards as an attachment is never read as eir post.
    """
    posting = re.search(r"<mailto:([^>?]+)", _header(message, "List-Post"))
    if not sender or posting is None or posting.group(1).strip().lower() != sender.lower():
        return None
    if message.get_content_type() == "message/rfc822":
        candidates = [message]
    elif message.get_content_type() == "multipart/mixed":
        candidates = [p for p in message.iter_parts() if isinstance(p, EmailMessage)]
    else:
        return None
    for part in candidates:
        if part.get_content_type() != "message/rfc822" or part.is_attachment():
            continue
        inner = part.get_payload(0) if isinstance(part.get_payload(), list) else None
        if isinstance(inner, EmailMessage):
            return inner
    return None


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

    Mail clients introduce what they quote in a few shapes, all read here in one pass:

    - an attribution line (``On <date>, <name> wrote:``, ``Am ... schrieb ...:``, ``Le ... a
      écrit :``, mutt's ``* Name [date]:``), wrapped or not, then lines quoted with ``>``:
      the line is dropped and so are the quoted lines, so a play written below the quote
      (bottom-posted) or between quoted lines (interleaved) is kept;
    - the same line followed by unquoted history, or Outlook's ``-----Original Message-----``
      rule, a line of underscores (also the list's footer), or a ``From:`` line followed by
      ``Sent:``/``Date:``/``To:`` (in several languages): the rest is history and is cut;
    - the signature, from a line of two dashes.

    When nothing unquoted is left, the player wrote inside the quote (a play added to the
    quoted GSD): the quoted text is returned instead, markers kept, for the notation to read.
    """
    lines = body.split("\n")
    marks = _marked_lines(body)
    marked = set(marks)
    holds_word = _word_finder(body, lines, len(marks))
    kept: list[str] = []
    wrote = False
    quoted: list[str] = []
    secret = playing_as = None
    index = 0
    while index < len(lines):
        if index not in marked:
            # Lines no rule below can apply to are the player's own, a run of them at once.
            following = bisect.bisect_left(marks, index)
            end = marks[following] if following < len(marks) else len(lines)
            run = _TRAILING_SPACE.sub("", "\n".join(lines[index:end]))
            kept.append(run)  # as its lines: kept is only ever joined with newlines
            wrote = wrote or bool(run.strip())
            index = end
            continue
        line = lines[index].rstrip()
        if line.lstrip().startswith(">"):
            quoted.append(line)
            index += 1
            continue
        if line == "--":
            break
        colon = ":" in line or _next_ends_with_colon(lines, index)
        maybe = colon and (
            line.lstrip().startswith("*") or holds_word(index) or holds_word(index + 1)
        )
        attribution = _attribution_length(lines, index) if maybe else 0
        if _history_starts(lines, index, attribution):
            if wrote or not _HEADER_FROM.match(line.strip()):
                break
            # Header lines above everything the player wrote are pasted mail headers, which
            # rule 1.3.1 says are no part of the GSD: left out, and the posting read on.
            while index < len(lines) and lines[index].strip():
                index += 1
            continue
        index += 1
        if not colon:
            kept.append(line)
            wrote = wrote or bool(line)
            continue
        if attribution and _quote_follows(lines, index - 1 + attribution):
            index += attribution - 1
            continue
        first = line.lstrip()[:1]
        if first in _SECRET_FIRST and (match := _SECRET.match(line)):
            secret = match.group(1)
            continue
        if first in _PLAYING_AS_FIRST and (match := _PLAYING_AS.match(line)):
            playing_as = match.group(1)
            continue
        kept.append(line)
        wrote = True
    own = "\n".join(kept).strip()
    if not own:
        own = "\n".join(_quoted_turn(quoted)).strip()
    return own, secret, playing_as


_SCAN_BYTES_A_LINE = 100
"""Below this many characters of body a line looked at, the body is searched once for
:data:`_ATTRIBUTION_WORD`; above it (a long letter with few lines worth a look) each line
looked at is searched on its own when asked about."""


def _word_finder(body: str, lines: list[str], looked_at: int) -> Callable[[int], bool]:
    """Whether line ``index`` may hold an :data:`_ATTRIBUTION_WORD`, for the lines
    :func:`_turn_text` looks at: ``False`` only where it holds none (a line longer than any
    attribution is never one, so it is not searched)."""
    if looked_at * _SCAN_BYTES_A_LINE > len(body):
        folded = _folded(body)
        return set(_line_numbers(folded, _ATTRIBUTION_WORD.finditer(folded))).__contains__

    def holds_word(index: int) -> bool:
        if index >= len(lines) or len(line := lines[index].strip()) > _ATTRIBUTION_LIMIT:
            return False
        return _ATTRIBUTION_WORD.search(_folded(line)) is not None

    return holds_word


def _folded(body: str) -> str:
    """``body`` lower-cased, with the letters :data:`_FOLDS` names made plain, and with as many
    newlines in the same order (lower-casing never adds or drops one)."""
    folded = body.lower()
    for letter, plain in _FOLDS:
        if letter in folded:
            folded = folded.replace(letter, plain)
    return folded


def _line_numbers(body: str, matches: Iterator[re.Match[str]]) -> Iterator[int]:
    """The line (0-based) of each match, in order, counting newlines once."""
    line = position = 0
    for match in matches:
        line += body.count("\n", position, match.start())
        position = match.start()
        yield line


def _marked_lines(body: str) -> list[int]:
    """The lines (0-based, in order) :func:`_turn_text` looks at one by one: those that are
    quoted, start like a rule, a signature or a forwarded message (``-``, ``_``, ``b``), or hold
    a colon, and the line before each (an attribution may be wrapped onto the colon's line).
    Every other line is the player's own; finding these with one pattern over the whole body
    lets a long letter or a pasted page be kept without a look at each of its lines."""
    marks: list[int] = []
    for line in _line_numbers(body, _LOOKED_AT.finditer(body)):
        if line and (not marks or marks[-1] < line - 1):
            marks.append(line - 1)
        marks.append(line)
    return marks


def _attribution_length(lines: list[str], index: int) -> int:
    """How many lines (1 or 2, a client may wrap it) the attribution at ``index`` takes; 0
    when there is none there."""
    line = lines[index].strip()
    if not line or len(line) > _ATTRIBUTION_LIMIT:
        return 0
    if line.endswith(":") and _is_attribution(line):
        return 1
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    wrapped = following.endswith(":") and not following.startswith(">")
    if wrapped and len(following) < _ATTRIBUTION_LIMIT:
        return 2 if _is_attribution(f"{line} {following}") else 0
    return 0


def _is_attribution(line: str) -> bool:
    """Whether ``line`` is an attribution: as :data:`_ATTRIBUTION` has it, or mutt's
    ``* Name <addr> [2026-11-25 10:02]:``, a ``[...]`` holding a digit ending the line.

    Mutt's shape is checked by finding its ``[`` (the first after any earlier ``]``) rather
    than by a pattern, which tried every ``[`` against every digit after it (cubic in a line
    of brackets)."""
    if _ATTRIBUTION.match(line):
        return True
    if len(line) < 6 or line[0] != "*" or not line[1].isspace() or not line.endswith("]:"):
        return False
    inner = line[:-2]
    opening = inner.find("[", max(inner.rfind("]") + 1, 3))
    return opening >= 0 and _DIGIT.search(inner, opening + 1) is not None


def _history_starts(lines: list[str], index: int, attribution: int) -> bool:
    """Whether unquoted history (a forwarded or Outlook-style original) starts at ``index``,
    given the :func:`_attribution_length` there (worked out once for both uses)."""
    line = lines[index].strip()
    if not line or len(line) > _ATTRIBUTION_LIMIT:
        return False
    if line[0] in "-_bB" and (_ORIGINAL.match(line) or _RULE.match(line)):
        return True
    if ":" not in line and not _next_ends_with_colon(lines, index):
        return False
    if line[0] in _HEADER_FROM_FIRST and _HEADER_FROM.match(line):
        following = [each.strip() for each in lines[index + 1 : index + 4] if each.strip()]
        return bool(following) and _HEADER_NEXT.match(following[0]) is not None
    if attribution and _DATED.match(line):
        return not _quote_follows(lines, index + attribution)
    return False


def _next_ends_with_colon(lines: list[str], index: int) -> bool:
    """Whether the line after ``index`` may end an attribution wrapped from ``index``."""
    return index + 1 < len(lines) and lines[index + 1].rstrip().endswith(":")


def _quote_follows(lines: list[str], index: int) -> bool:
    """Whether the next written line from ``index`` (within three) is quoted, or none is."""
    after = [each.strip() for each in lines[index : index + 3]]
    first = next((each for each in after if each), "")
    return not first or first.startswith(">")


def _quoted_turn(quoted: list[str]) -> list[str]:
    """The quoted lines a player wrote into: the quoted GSD (from its header line, so the
    post's own first line, which names the last play, is not taken for one) up to the post's
    signature or footer."""
    starts = [n for n, line in enumerate(quoted) if _GSD_HEADER.match(line.lstrip("> "))]
    result = []
    for line in quoted[starts[-1] if starts else 0 :]:
        inner = line.lstrip("> ").rstrip()
        if inner == "--" or _RULE.match(inner):
            break
        result.append(line)
    return result
