"""When the referee must not answer: automatic mail, our own mail coming back, list traffic.

One small check per rule, each returning the reason in words (Mailman's ``rules/`` are the
model), so the inbox row says exactly why a message was left unanswered. RFC 3834 asks
responders not to answer Auto-Submitted mail, Precedence bulk/list/junk or an empty return
path; X-Loop and our own From catch our replies coming back through a list or a forwarder.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import Message
from email.utils import parseaddr

Check = Callable[[Message, "str | None", str], "str | None"]


def _auto_submitted(message: Message, envelope_from: str | None, ours: str) -> str | None:
    value = str(message.get("Auto-Submitted", "") or "").strip()
    if value and value.split(";")[0].strip().lower() != "no":
        return f"it is automatic mail (Auto-Submitted: {value})"
    return None


def _our_x_loop(message: Message, envelope_from: str | None, ours: str) -> str | None:
    for value in message.get_all("X-Loop", []):
        if str(value).strip().lower() == ours.lower():
            return "it carries the referee's own X-Loop header (our mail came back)"
    return None


def _from_ourselves(message: Message, envelope_from: str | None, ours: str) -> str | None:
    if ours and parseaddr(str(message.get("From", "") or ""))[1].lower() == ours.lower():
        return "it is from the referee's own address"
    return None


def _precedence(message: Message, envelope_from: str | None, ours: str) -> str | None:
    value = message.get("Precedence")
    if value is not None:
        return f"it carries Precedence: {str(value).strip()}"
    return None


def _list_headers(message: Message, envelope_from: str | None, ours: str) -> str | None:
    names = sorted({k for k in message if k.lower().startswith("list-")})
    if names:
        return f"it came through a mailing list ({', '.join(names)})"
    return None


def _empty_return_path(message: Message, envelope_from: str | None, ours: str) -> str | None:
    if envelope_from is not None:
        empty = envelope_from.strip() in {"", "<>"}
    else:
        header = message.get("Return-Path")
        empty = header is not None and str(header).strip() in {"", "<>"}
    if empty:
        return "it has an empty return path (a bounce or other delivery report)"
    return None


CHECKS: tuple[Check, ...] = (
    _auto_submitted,
    _our_x_loop,
    _from_ourselves,
    _precedence,
    _list_headers,
    _empty_return_path,
)


AUTOMATIC: tuple[Check, ...] = (
    _auto_submitted,
    _our_x_loop,
    _from_ourselves,
    _empty_return_path,
)


def _run(
    checks: tuple[Check, ...],
    message: Message,
    envelope_from: str | None,
    loop_token: str,
    own_address: str,
) -> str | None:
    for check in checks:
        reason = check(
            message, envelope_from, own_address if check is _from_ourselves else loop_token
        )
        if reason is not None:
            return reason
    return None


def is_automatic(
    message: Message, *, envelope_from: str | None, loop_token: str, own_address: str = ""
) -> str | None:
    """Why ``message`` is machine-made or our own, whatever route it took; None if it is not.

    Such mail is never acted on, not even when it comes through a game's lounge list.
    """
    return _run(AUTOMATIC, message, envelope_from, loop_token, own_address)


def is_list_mail(message: Message) -> bool:
    """Whether ``message`` came through a mailing list (it carries List-* headers)."""
    return _list_headers(message, None, "") is not None


def list_addresses(message: Message) -> list[str]:
    """The posting address a list names in List-Post (``<mailto:...>``), lower-case."""
    found = []
    for value in message.get_all("List-Post", []):
        for part in str(value).split(","):
            address = part.strip().strip("<>")
            if address.lower().startswith("mailto:"):
                found.append(address[7:].split("?")[0].lower())
    return found


def should_not_answer(
    message: Message, *, envelope_from: str | None, loop_token: str, own_address: str = ""
) -> str | None:
    """The first reason not to answer ``message``, or None if answering is safe.

    ``envelope_from`` is the SMTP MAIL FROM (None when the message came by IMAP, in which case
    the Return-Path header stands in for it).
    """
    return _run(CHECKS, message, envelope_from, loop_token, own_address)
