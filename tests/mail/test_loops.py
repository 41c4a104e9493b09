"""Loop protection: mail the referee must never answer, one case per rule."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from referee.mail.loops import should_not_answer

OURS = "referee@example.org"


def _message(**headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content("Euston")
    return message


def _reason(message: EmailMessage, envelope_from: str | None = "alice@example.org") -> str | None:
    return should_not_answer(
        message, envelope_from=envelope_from, loop_token=OURS, own_address=OURS
    )


def test_ordinary_mail_may_be_answered() -> None:
    assert _reason(_message()) is None


def test_auto_submitted_no_may_be_answered() -> None:
    assert _reason(_message(Auto_Submitted="no")) is None


@pytest.mark.parametrize("value", ["auto-replied", "auto-generated", "auto-notified; owner=x"])
def test_auto_submitted_is_not_answered(value: str) -> None:
    assert "Auto-Submitted" in (_reason(_message(Auto_Submitted=value)) or "")


def test_our_own_x_loop_is_not_answered() -> None:
    assert "X-Loop" in (_reason(_message(X_Loop="Referee@Example.org")) or "")


def test_someone_elses_x_loop_may_be_answered() -> None:
    assert _reason(_message(X_Loop="other@example.net")) is None


@pytest.mark.parametrize("value", ["bulk", "junk", "list"])
def test_precedence_is_not_answered(value: str) -> None:
    assert "Precedence" in (_reason(_message(Precedence=value)) or "")


@pytest.mark.parametrize("name", ["List-Id", "List-Unsubscribe", "List-Post"])
def test_list_headers_are_not_answered(name: str) -> None:
    assert name in (_reason(_message(**{name: "<x.example.org>"})) or "")


@pytest.mark.parametrize("envelope", ["", "<>"])
def test_empty_envelope_sender_is_not_answered(envelope: str) -> None:
    assert "empty return path" in (_reason(_message(), envelope) or "")


def test_empty_return_path_header_is_not_answered_for_imap_mail() -> None:
    assert "empty return path" in (_reason(_message(Return_Path="<>"), None) or "")
    assert _reason(_message(Return_Path="<alice@example.org>"), None) is None


def test_mail_from_the_referee_itself_is_not_answered() -> None:
    message = _message()
    message.replace_header("From", f"Referee <{OURS}>")
    assert "referee's own address" in (_reason(message) or "")
