"""Outgoing mail: threading and loop headers, subjects, and quoting only what is needed."""

from __future__ import annotations

import random
import string
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GameTag
from referee.mail.compose import (
    compose,
    new_message_id,
    quote,
    refusal_subject,
    reply_subject,
    turn_subject,
)

MC12 = GameTag("MC", 12)
ODL14 = GameTag("ODL", 14)


def test_turn_subject_names_game_turn_and_play() -> None:
    assert turn_subject(MC12, 34, "Rushton : Euston (VC via: CN,NT)") == (
        "[MC 12] Turn 34: Rushton : Euston (VC via: CN,NT)"
    )


def test_turn_subject_of_another_kind_carries_that_kinds_tag() -> None:
    assert turn_subject(ODL14, 3, "take Bank") == "[ODL 14] Turn 3: take Bank"


def test_refusal_subject_says_not_applied_under_the_games_own_tag() -> None:
    assert refusal_subject(ODL14, "illegal", 3) == "[ODL 14] Turn 3 not applied: illegal"
    assert refusal_subject(MC12, "the game is won") == "[MC 12] Turn not applied: the game is won"


def test_reply_subject_adds_one_re_and_the_game_tag() -> None:
    assert reply_subject("Re: RE: turn", MC12) == "Re: [MC 12] turn"
    assert reply_subject("[MC 12] turn", MC12) == "Re: [MC 12] turn"
    assert reply_subject("", None) == "Re: your message to the referee"


def test_reply_subject_writes_the_games_own_tag_over_another_kinds() -> None:
    """A player who copied a Mornington subject for One Day in London game 14 is answered
    under [ODL 14]; a tag naming another game's number is left as the player wrote it."""
    assert reply_subject("Re: [MC 14] my go", ODL14) == "Re: [ODL 14] my go"
    assert reply_subject("[mc 14] my go (see [MC 12])", ODL14) == "Re: [ODL 14] my go (see [MC 12])"
    assert reply_subject("[odl 14] my go", ODL14) == "Re: [ODL 14] my go"


def test_quote_keeps_a_short_turn_whole() -> None:
    assert quote("Holborn : Euston\n\nmore") == "> Holborn : Euston\n>\n> more"


def test_quote_cuts_a_long_gsd_from_the_top_and_says_so() -> None:
    text = "\n".join(f"line {n}" for n in range(100))
    quoted = quote(text).splitlines()
    assert quoted[0] == "> [70 earlier lines not quoted]"
    assert quoted[1:] == [f"> line {n}" for n in range(70, 100)]


def test_compose_threads_and_marks_the_reply() -> None:
    message = compose(
        sender="referee@example.org",
        sender_name="Referee",
        to=["alice@example.org"],
        subject="s",
        body="b",
        loop_token="referee@example.org",
        in_reply_to="<a@x>",
        references=["<z@x>", "<a@x>"],
    )
    assert message["In-Reply-To"] == "<a@x>"
    assert message["References"] == "<z@x> <a@x>"
    assert message["Auto-Submitted"] == "auto-replied"
    assert message["X-Loop"] == "referee@example.org"
    assert str(message["Message-ID"]).endswith("@example.org>")


def test_message_ids_stay_unique_when_the_random_module_is_reseeded() -> None:
    """Hypothesis and other libraries reseed ``random``; our ids must not repeat with it."""
    ids = set()
    for _ in range(50):
        random.seed(0)
        ids.add(new_message_id("referee@example.org"))
    assert len(ids) == 50
    assert all(i.endswith("@example.org>") for i in ids)
    assert all(len(f"Message-ID: {i}") <= 78 for i in ids), "a folded id reaches readers with CRLF"


def test_a_message_id_header_fits_on_one_line_so_it_is_never_folded() -> None:
    """RFC 5322 folds a header longer than 78 characters: an id a little too long went out
    folded onto its own line and came back from the relay with the fold in its value, so it
    no longer matched the one stored. Ours stay short enough for one line."""
    for _ in range(20):
        message = compose(
            sender="referee@example.org",
            sender_name="The Mornington Nomic referee",
            to=["alice@example.org"],
            subject="[MC 12] Turn 1: Alice : Euston (VC)",
            body="Alice played turn 1.",
            loop_token="referee@example.org",
            in_reply_to=None,
            references=[],
        )
        raw = message.as_bytes(policy=message.policy.clone(linesep="\r\n"))  # as the outbox
        line = raw.split(b"\r\nMessage-ID:", 1)[1].split(b"\r\n", 1)[0]
        assert line == b" " + str(message["Message-ID"]).encode()


def test_a_subject_quoting_a_play_of_several_lines_is_one_header_line() -> None:
    message = compose(
        sender="referee@example.org",
        sender_name="Referee",
        to=["a@example.org"],
        subject="[MC 9] Turn 1: move to Attic\nend turn",
        body="x",
        loop_token="t",
        in_reply_to=None,
        references=[],
    )
    assert message["Subject"] == "[MC 9] Turn 1: move to Attic end turn"


def _parsed_by_name(headers: list[tuple[str, str]], body: str) -> bytes:
    """A message with every header set by name (parsed), as the email package writes it."""
    message = EmailMessage()
    for name, value in headers:
        message[name] = value
    message.set_content(body)
    return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))


_HEADER_TEXT = st.lists(
    st.sampled_from([*string.printable[:95], "é", "Ω", "=?", "=?utf-8?q?x?=", " ", '"', "\\"]),
    max_size=60,
).map("".join)
"""Header text around the line's limit, with what makes a header be encoded or quoted."""
_LOCAL = st.from_regex(r"[a-z0-9.+-]{1,40}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(name=_HEADER_TEXT, subject=_HEADER_TEXT, local=_LOCAL)
def test_a_reply_is_written_byte_for_byte_as_if_each_header_were_parsed(
    name: str, subject: str, local: str
) -> None:
    """Headers that fit on a line in printable ASCII are stored unparsed to save the runner
    the parsing; the bytes queued must be those the email package writes for parsed ones."""
    now = datetime(2026, 11, 25, 10, 2, tzinfo=UTC)
    message = compose(
        sender=f"{local}@example.org",
        sender_name=name,
        to=[f"{local}@players.example.org", "lounge@example.org"],
        subject=subject,
        body="Alice : Euston (VC)\n",
        loop_token="referee@example.org",
        in_reply_to=f"<{local}@x>",
        references=[f"<{local}@x>", "<z@x>"],
        now=now,
    )
    written = message.as_bytes(policy=message.policy.clone(linesep="\r\n"))
    parsed = [
        ("From", formataddr((name, f"{local}@example.org"))),
        ("To", f"{local}@players.example.org, lounge@example.org"),
        ("Subject", " ".join(subject.split())),
        ("Date", format_datetime(now)),
        ("Message-ID", str(message["Message-ID"])),
        ("In-Reply-To", f"<{local}@x>"),
        ("References", f"<{local}@x> <z@x>"),
        ("Auto-Submitted", "auto-replied"),
        ("X-Loop", "referee@example.org"),
    ]
    assert written == _parsed_by_name(parsed, "Alice : Euston (VC)\n")
