"""Untidy mail read into the text a player meant: MIME, encodings, quoting, signatures."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GameTag
from referee.mail.message import read_message

TURN = "Rushton : Euston (VC via: CN,NT)"


def _plain(body: str, **headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Alice Rushton <Alice@Example.org>"
    message["To"] = "mc12@lounge.example.org"
    message["Subject"] = headers.pop("Subject", "[MC 12] my turn")
    message["Message-ID"] = "<t1@example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


def test_plain_text_is_read_with_sender_game_tag_and_recipients() -> None:
    inbound = read_message(bytes(_plain(TURN)), rcpt_tos=["MC12@lounge.example.org"])
    assert inbound.sender == "alice@example.org"
    assert inbound.sender_name == "Alice Rushton"
    assert inbound.game_tag == GameTag("MC", 12)
    assert inbound.recipients == ["mc12@lounge.example.org"]
    assert inbound.turn_text == TURN
    assert inbound.references == ["<t1@example.org>"]
    assert inbound.problems == [] and inbound.attachments == []


def test_multipart_alternative_prefers_the_text_part() -> None:
    message = _plain(TURN)
    message.add_alternative("<p>something else entirely</p>", subtype="html")
    assert read_message(bytes(message)).turn_text == TURN


def test_html_only_mail_is_converted_and_its_quoted_history_dropped() -> None:
    message = _plain("")
    message.set_content(
        f"<html><body><div>{TURN}</div><blockquote>old GSD</blockquote></body></html>",
        subtype="html",
    )
    assert read_message(bytes(message)).turn_text == TURN


@pytest.mark.parametrize("cte", ["quoted-printable", "base64"])
def test_transfer_encodings_are_decoded(cte: str) -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message.set_content("Bank : Mornington Crescent — «vite»", cte=cte)
    raw = bytes(message)
    assert cte.encode() in raw
    assert read_message(raw).turn_text == "Bank : Mornington Crescent — «vite»"


@pytest.mark.parametrize("charset", ["iso-8859-1", "windows-1252", "iso-8859-15"])
def test_charsets_other_than_utf8_are_decoded(charset: str) -> None:
    raw = (
        f"From: alice@example.org\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: text/plain; charset={charset}\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\nCaf\xe9 : Euston\r\n"
    ).encode("latin-1")
    assert read_message(raw).turn_text == "Café : Euston"


def test_an_unknown_charset_is_reported_not_guessed_silently() -> None:
    raw = (
        b"From: alice@example.org\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\nEuston\r\n"
    )
    inbound = read_message(raw)
    assert inbound.turn_text == "Euston"
    assert any("x-klingon" in p for p in inbound.problems)


def test_signature_is_stripped() -> None:
    inbound = read_message(bytes(_plain(f"{TURN}\n\n-- \nAlice\nSent from my Psion\n")))
    assert inbound.turn_text == TURN


def test_top_posted_reply_keeps_only_the_new_text() -> None:
    body = f"{TURN}\n\nOn Mon, 1 Mar 1999, Referee wrote:\n> GSD for turn 33\n> Bob : Bank\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_outlook_original_message_is_cut() -> None:
    body = f"{TURN}\n\n-----Original Message-----\nFrom: referee\nGSD for turn 33\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_bottom_quoted_history_is_dropped() -> None:
    body = f"> GSD for turn 33\n> Bob : Bank\n\n{TURN}\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_attachments_are_noted_and_ignored() -> None:
    message = _plain(TURN)
    message.add_attachment(b"\x89PNG...", maintype="image", subtype="png", filename="map.png")
    inbound = read_message(bytes(message))
    assert inbound.turn_text == TURN
    assert inbound.attachments == ["map.png"]


def test_secret_and_playing_as_lines_are_taken_out_of_the_turn() -> None:
    inbound = read_message(bytes(_plain(f"Playing as: Alice\nSecret: orange peel\n{TURN}\n")))
    assert (inbound.playing_as, inbound.secret, inbound.turn_text) == (
        "Alice",
        "orange peel",
        TURN,
    )


def test_malformed_mime_is_reported() -> None:
    raw = (
        b"From: alice@example.org\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="never-used"\r\n\r\n'
        b"Euston\r\n"
    )
    inbound = read_message(raw)
    assert inbound.problems
    assert any("MIME structure is broken" in p or "no text" in p for p in inbound.problems)


def test_attachment_only_mail_says_there_is_no_text() -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message.add_attachment(b"data", maintype="application", subtype="pdf", filename="turn.pdf")
    inbound = read_message(bytes(message))
    assert inbound.attachments == ["turn.pdf"]
    assert any("no text" in p for p in inbound.problems)


def test_missing_from_is_a_problem() -> None:
    inbound = read_message(b"Subject: hi\r\n\r\nEuston\r\n")
    assert inbound.sender == ""
    assert any("From" in p for p in inbound.problems)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_any_bytes_at_all_are_read_without_raising(raw: bytes) -> None:
    inbound = read_message(raw)
    assert isinstance(inbound.turn_text, str)
    assert inbound.sender == "" or "@" in inbound.sender


_HEADER_LINES = st.sampled_from(
    [
        b"From: Alice <alice@example.org>",
        b"From: =?utf-8?q?=E2=98=83?= <snow@example.org>",
        b"From: \xff\xfe broken",
        b"Subject: =?iso-8859-1?q?caf=E9?=",
        b"Content-Type: multipart/alternative; boundary=b",
        b"Content-Type: text/html; charset=koi8-r",
        b"Content-Type: text/plain; charset=",
        b"Content-Transfer-Encoding: base64",
        b"Content-Transfer-Encoding: quoted-printable",
        b"Content-Disposition: attachment; filename*=x''%ff",
        b"MIME-Version: 1.0",
        b"--b",
        b"--b--",
        b"",
        b"=E9=",
        b"SGVsbG8=",
        b"<p>Euston</p>",
        b"> quoted",
        b"-- ",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_HEADER_LINES, max_size=30))
def test_mime_shaped_garbage_is_read_without_raising(lines: list[bytes]) -> None:
    inbound = read_message(b"\r\n".join(lines))
    assert isinstance(inbound.body, str) and isinstance(inbound.problems, list)


def test_a_bottom_posted_reply_keeps_the_play_under_the_attribution() -> None:
    body = f"On Mon, 1 Mar 1999 at 10:02, Referee <r@x.org> wrote:\n> Bob : Bank\n\n{TURN}\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_an_attribution_over_unquoted_history_cuts_the_history() -> None:
    body = f"{TURN}\n\nOn Mon, 1 Mar 1999 at 10:02, Referee wrote:\n\nBob : Bank\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_a_players_own_line_ending_in_wrote_is_not_history() -> None:
    body = f"Here is what I wrote:\n{TURN}\n"
    assert read_message(bytes(_plain(body))).turn_text == body.strip()


def test_outlook_header_block_without_a_rule_is_cut() -> None:
    body = f"{TURN}\n\nFrom: Referee <r@x.org>\nSent: Monday, 1 March 1999 10:02\nBob : Bank\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_a_play_written_inside_the_quote_is_read_from_the_quote() -> None:
    body = "On Mon, 1 Mar 1999, Referee wrote:\n> Turn 3 for Bob\n> Bob : Bank\n> " + TURN
    assert read_message(bytes(_plain(body))).turn_text.splitlines()[-1] == "> " + TURN


def test_the_lists_footer_under_the_play_is_not_read() -> None:
    body = f"{TURN}\n{'_' * 47}\nMc12 mailing list -- mc12@lounge.example.org\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def test_a_multipart_that_lost_only_its_closing_boundary_is_read() -> None:
    raw = (
        b"From: alice@example.org\r\nMIME-Version: 1.0\r\nSubject: [MC 12] t\r\n"
        b'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n'
        b"--b1\r\nContent-Type: text/plain\r\n\r\n" + TURN.encode() + b"\r\n"
        b"--b1\r\nContent-Type: text/html\r\n\r\n<p>" + TURN.encode() + b"</p>\r\n"
    )
    inbound = read_message(raw)
    assert (inbound.turn_text, inbound.problems) == (TURN, [])


def test_a_stray_line_among_the_headers_is_left_out_and_the_rest_read() -> None:
    raw = (
        b"From: alice@example.org\r\nSubject: [MC 12] t\r\nthis line is no header\r\n"
        b"To: mc12@lounge.example.org\r\nContent-Type: text/plain\r\n\r\n" + TURN.encode()
    )
    inbound = read_message(raw)
    assert (inbound.turn_text, inbound.problems) == (TURN, [])
    assert inbound.recipients == ["mc12@lounge.example.org"]


def test_1_3_1_mail_headers_pasted_above_the_turn_are_left_out() -> None:
    body = f"From: Alice <alice@example.org>\nDate: Mon, 1 Mar 1999 10:02\n\n{TURN}\n"
    assert read_message(bytes(_plain(body))).turn_text == TURN


def _wrapped(original: EmailMessage, *, explained: bool) -> EmailMessage:
    """``original`` as a list mitigating DMARC by wrapping delivers it (Mailman 3's
    ``wrap_message``): From and List-Post are the list, the post an inline message/rfc822
    part, beside the list's sentence saying why (when it has one) and its footer."""
    lounge = "mc12@lounge.example.org"
    wrapper = EmailMessage()
    wrapper["From"] = f"Alice Rushton via Mc12 <{lounge}>"
    wrapper["Reply-To"] = str(original["From"])
    wrapper["To"] = lounge
    wrapper["Subject"] = f"[Mc12] {original['Subject']}"
    wrapper["List-Post"] = f"<mailto:{lounge}>"
    if not explained:
        wrapper.set_content(original)
        return wrapper
    wrapper.set_content("The list wrapped this message because of the sender's DMARC policy.")
    wrapper.add_attachment(original, disposition="inline")
    wrapper.add_attachment(f"{'_' * 47}\nMc12 mailing list -- {lounge}\n", disposition="inline")
    return wrapper


@pytest.mark.parametrize("explained", [True, False])
def test_a_post_the_list_wrapped_is_read_from_the_original_inside(explained: bool) -> None:
    original = _plain(f"{TURN}\n\n-- \nAlice\n")
    inbound = read_message(bytes(_wrapped(original, explained=explained)))
    assert (inbound.turn_text, inbound.problems, inbound.attachments) == (TURN, [], [])
    assert inbound.sender == "mc12@lounge.example.org", "the poster is named by Reply-To"


def test_a_forwarded_message_attached_by_a_player_is_not_read_as_the_post() -> None:
    forwarded = _plain("Bob : Bank (NT)")
    message = _plain(TURN)
    message.add_attachment(forwarded, disposition="inline")
    assert read_message(bytes(message)).turn_text == TURN


def test_an_html_post_with_the_lists_plain_footer_is_read_from_the_post() -> None:
    """Mailman appends its footer to an HTML-only post as a plain part after it."""
    post = EmailMessage()
    post["From"] = "Alice Rushton <alice@example.org>"
    post["Subject"] = "[Mc12] [MC 12] my turn"
    post.set_content(f"<div>{TURN}</div><div>-- <br>Alice</div>", subtype="html")
    post.make_mixed()
    post.add_attachment(
        f"{'_' * 47}\nMc12 mailing list -- mc12@lounge.example.org\n", disposition="inline"
    )
    inbound = read_message(bytes(post))
    assert (inbound.turn_text, inbound.problems, inbound.attachments) == (TURN, [], [])


@pytest.mark.parametrize(
    ("subject", "tag"),
    [
        ("[ODL 14] take Bank", GameTag("ODL", 14)),
        ("Re: [ifmud 15] go north", GameTag("ifMUD", 15)),
        ("Re: [ mc12 ] my turn", GameTag("MC", 12)),
        ("[XY 12] my turn", None),
        ("MC 12 my turn", None),
    ],
)
def test_a_subject_tag_of_any_known_kind_is_read_as_written(
    subject: str, tag: GameTag | None
) -> None:
    """Each kind's own tag names a game; one no kind uses names none."""
    inbound = read_message(bytes(_plain(TURN, Subject=subject)))
    assert inbound.game_tag == tag
