"""The referee behind a real GNU Mailman 3 list (tests/mailman.py): a player's turn posted to
the lounge list reaches the referee, is judged, and the referee's post goes back through the
list to every member, with no loop. Replies in every corpus shape, through every kind of list,
are tests/mail/test_mailman_lists.py's."""

from __future__ import annotations

import time
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from sqlalchemy import select

from referee.service.app import Service
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import InboxMessage, Turn
from tests.conftest import free_port, make_settings, seed_game
from tests.mail.corpus.build import ALICE_PLAY
from tests.mailman import REFEREE, SERVED_POLL, Mailman, Router
from tests.service.harness import engine_desk

PLAY = ALICE_PLAY
"""Alice's first Turn, declaring her Home as rule 1.12.2 requires."""
WAIT = 60.0
"""Seconds a wait goes on with nothing moving (tests/mailman.py's waits move with the mail)."""


@pytest.fixture
def behind_the_list(mailman: Mailman, sqlite_url: str) -> Iterator[Service]:
    """The referee serving game MC 12, whose lounge is the default list, relaying through
    the router so its posts go back into Mailman."""
    engine = make_engine(sqlite_url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    port = free_port()
    settings = make_settings(
        sqlite_url,
        smtp_port=port,
        relay_port=mailman.smtp_port,
        address=REFEREE,
        worker_poll_seconds=SERVED_POLL,
    )
    service = Service(settings, desk=engine_desk())
    service.start()
    mailman.router.reset(referee_port=port)
    yield service
    service.stop()
    mailman.router.reset(referee_port=None)


def _turn(to: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Alice <alice@example.org>"
    message["To"] = to
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = f"<alice-{time.monotonic_ns()}@example.org>"
    message.set_content(f"{PLAY}\n\n-- \nAlice\n")
    return message


def test_a_turn_posted_to_a_default_list_is_judged_and_posted_back_without_a_loop(
    mailman: Mailman, behind_the_list: Service
) -> None:
    lounge = mailman.lists["default"]
    mailman.post(_turn(lounge), "alice@example.org", lounge)
    router = mailman.router

    def answered(r: Router) -> bool:
        subjects = [str(m["Subject"]) for m in r.copies("bob@example.org")]
        return any(f"Turn 1: {PLAY}" in subject for subject in subjects)

    router.wait(answered, timeout=WAIT)
    mailman.quiet([behind_the_list], stall=WAIT)
    bob = router.copies("bob@example.org")
    assert [str(m["Subject"]) for m in bob] == [
        "[Mc12] [MC 12] my turn",
        f"[Mc12] [MC 12] Turn 1: {PLAY}",
    ]
    assert "Mornington Crescent - Game 12 - Turn 2" in bob[1].get_content()
    assert str(bob[1]["List-Id"]).startswith("<mc12.lounge.example.org>")
    with behind_the_list.factory() as session:
        inbox = list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))
        turns = list(session.scalars(select(Turn)))
    assert [row.status for row in inbox] == ["done", "ignored"], [r.note for r in inbox]
    assert inbox[1].note.startswith("not answered"), "the referee's own post, come back"
    assert [(t.play, t.status) for t in turns] == [(PLAY, "applied")]
    assert len(router.handed) == 2, "the referee got Alice's post and its own, nothing more"


def _post_everywhere(mailman: Mailman) -> dict[str, list[EmailMessage]]:
    """Alice posts once to each list (no referee listening); Bob's copies by list kind, once
    every copy is out (none is left to reach the next test's referee)."""
    mailman.router.reset(referee_port=None)
    for address in mailman.lists.values():
        mailman.post(_turn(address), "alice@example.org", address)
    router = mailman.router
    router.wait(lambda r: len(r.copies("bob@example.org")) >= len(mailman.lists), timeout=WAIT)
    mailman.quiet([], stall=WAIT)
    by_list: dict[str, list[EmailMessage]] = {kind: [] for kind in mailman.lists}
    for copy in router.copies("bob@example.org"):
        for kind, address in mailman.lists.items():
            if str(copy["List-Post"]) == f"<mailto:{address}>":
                by_list[kind].append(copy)
    return by_list


def test_the_lists_are_set_up_as_their_names_say(mailman: Mailman) -> None:
    copies = _post_everywhere(mailman)
    assert all(len(each) == 1 for each in copies.values()), copies
    default, munged = copies["default"][0], copies["munged"][0]
    personal, plain = copies["personal"][0], copies["plain"][0]
    assert str(default["Subject"]) == "[Mc12] [MC 12] my turn"
    assert "mailing list" in default.get_content(), "the default footer"
    assert str(munged["From"]) == f"Alice via Mc13 <{mailman.lists['munged']}>"
    assert "alice@example.org" in str(munged["Reply-To"]) + str(munged["Cc"])
    assert str(plain["Subject"]) == "[MC 12] my turn"
    assert "mailing list" not in plain.get_content(), "no footer"
    with mailman.router.lock:
        personal_deliveries = [
            d
            for d in mailman.router.delivered
            if f"<mailto:{mailman.lists['personal']}>" == str(d.message["List-Post"])
        ]
    assert all(len(d.rcpt_tos) == 1 for d in personal_deliveries), "one copy per member"
    assert str(personal["To"]) == mailman.lists["personal"]
