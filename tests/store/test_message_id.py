"""The inbox reads a message's Message-ID as the standard library's header parser does.

The listener reads it with two regular expressions instead of a header parse (it is done for
every message before its 250); these tests hold that reading to the parser's on every shape of
header block it treats specially, and on every mail of the reply corpus.
"""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import compat32
from pathlib import Path

import pytest

from referee.store.inbox import message_id_of

CORPUS = Path(__file__).resolve().parent.parent / "mail" / "corpus"


def _by_parser(raw: bytes) -> str | None:
    value = BytesHeaderParser(policy=compat32).parsebytes(raw, headersonly=True).get("Message-ID")
    if value is None:
        return None
    return str(value).strip().strip("<>").strip()[:998] or None


SHAPES = {
    "plain": b"From: a@x\r\nMessage-ID: <one@x>\r\n\r\nbody\r\n",
    "lower case name": b"message-id: <two@x>\r\n\r\nbody",
    "upper case name": b"MESSAGE-ID:<three@x>\r\n\r\n",
    "folded onto the next line": b"Subject: s\r\nMessage-ID:\r\n <four@x>\r\n\r\nbody",
    "folded with a tab, twice": b"Message-ID: <five\r\n\t@x>\r\n \r\nTo: b@x\r\n\r\n",
    "the first of two": b"Message-ID: <first@x>\r\nMessage-Id: <second@x>\r\n\r\n",
    "after an mbox From line": b"From a@x Thu Nov 26 2026\r\nMessage-ID: <six@x>\r\n\r\n",
    "bare line feeds": b"From: a@x\nMessage-ID: <seven@x>\n\nbody\n",
    "bare carriage returns": b"From: a@x\rMessage-ID: <eight@x>\r\rbody\r",
    "no body": b"From: a@x\r\nMessage-ID: <nine@x>",
    "only in the body": b"From: a@x\r\n\r\nMessage-ID: <body@x>\r\n",
    "after a line that is no header": b"From: a@x\r\nnot a header\r\nMessage-ID: <ten@x>\r\n",
    "space before the colon ends the headers": b"Message-ID : <eleven@x>\r\n\r\n",
    "a name with no colon first": b"X-Thing\r\nMessage-ID: <twelve@x>\r\n\r\n",
    "after a field with no name": b":odd\r\nMessage-ID: <thirteen@x>\r\n\r\n",
    "inside another field's value": b"X-Note: Message-ID: <no@x>\r\n\r\n",
    "a longer field name": b"X-Message-ID: <no@x>\r\nResent-Message-ID: <no@x>\r\n\r\n",
    "empty": b"Message-ID:\r\n\r\nbody",
    "only brackets": b"Message-ID: < >\r\n\r\n",
    "no brackets": b"Message-ID: fourteen@x \r\n\r\n",
    "beyond ASCII": "Message-ID: <caf\u00e9@x>\r\n\r\n".encode(),
    "Latin-1 bytes": b"Message-ID: <caf\xe9@x>\r\n\r\n",
    "very long": b"Message-ID: <" + b"x" * 2000 + b"@x>\r\n\r\n",
    "no headers at all": b"",
    "a blank first line": b"\r\nMessage-ID: <fifteen@x>\r\n",
}


@pytest.mark.parametrize("raw", SHAPES.values(), ids=SHAPES.keys())
def test_message_id_is_read_as_the_header_parser_reads_it(raw: bytes) -> None:
    assert message_id_of(raw) == _by_parser(raw)


def test_every_corpus_mail_gives_the_parsers_message_id() -> None:
    mails = sorted(CORPUS.glob("*.eml"))
    assert mails
    for mail in mails:
        raw = mail.read_bytes()
        assert message_id_of(raw) == _by_parser(raw), mail.name


def test_a_folded_message_id_is_read_whole() -> None:
    assert message_id_of(b"Message-ID:\r\n <folded@x>\r\n\r\n") == "folded@x"


def test_a_message_id_in_the_body_is_not_read() -> None:
    assert message_id_of(b"Subject: s\r\n\r\nMessage-ID: <body@x>\r\n") is None
