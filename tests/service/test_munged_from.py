"""Lounge lists that rewrite From (DMARC mitigation): the poster is read from Reply-To or Cc.

The messages are shaped as GNU Mailman 3's ``munge_from`` mitigation writes them: From is the
list's posting address with "NAME via LIST" as its display name, and the original From goes
first in Reply-To, or in Cc when the list sets Reply-To to itself (``reply_goes_to_list``).
"""

from __future__ import annotations

from email import message_from_bytes

from sqlalchemy import select

from referee.service import classify
from referee.service.chain import run_chain
from referee.store.models import OutboxMessage
from referee.store.status import InboxStatus
from tests.conftest import LOUNGE, REFEREE, Seeded
from tests.service.test_classify import LIST_HEADERS, _mail, _work

MUNGED = "Alice via Mc12 <mc12@lounge.example.org>"


def _munged(body: str, **headers: str) -> bytes:
    return _mail(body, sender=MUNGED, subject="[Mc12] [MC 12] my turn", **LIST_HEADERS, **headers)


def test_a_munged_post_with_the_poster_in_reply_to_is_alices(seeded: Seeded) -> None:
    raw = _munged("nomic acknowledge", **{"Reply-To": "Alice <alice@example.org>"})
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert work.player is not None and work.player.name == "Alice"
        assert "From rewritten by the list: poster alice@example.org" in handled.notes
        work.session.flush()
        [row] = work.session.scalars(select(OutboxMessage))
        assert row.rcpt_tos == [LOUNGE]  # answered where it was posted, never privately


def test_a_munged_post_with_reply_to_the_list_takes_the_poster_from_cc(seeded: Seeded) -> None:
    headers = {"Reply-To": LOUNGE, "Cc": "Alice <alice@example.org>"}
    with _work(seeded, _munged("nomic acknowledge", **headers)) as work:
        run_chain(classify.CHAIN, work)
        assert work.player is not None and work.player.name == "Alice"


def test_a_munged_turn_is_judged_as_the_posters(seeded: Seeded) -> None:
    raw = _munged("Pass", **{"Reply-To": "Alice <alice@example.org>"})
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.notes[0] == "turn received"
        work.session.flush()
        [row] = work.session.scalars(select(OutboxMessage))
        assert row.rcpt_tos == [LOUNGE]


def test_an_unregistered_poster_behind_a_munged_from_is_not_trusted(seeded: Seeded) -> None:
    raw = _munged("Pass", **{"Reply-To": "Mallory <mallory@example.net>"})
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.status is InboxStatus.QUARANTINED and work.player is None
        work.session.flush()
        assert list(work.session.scalars(select(OutboxMessage))) == []


def test_a_munged_post_claiming_alice_from_another_address_is_a_forgery(seeded: Seeded) -> None:
    raw = _munged("Pass", **{"Reply-To": "Alice <mallory@example.net>"})
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.status is InboxStatus.QUARANTINED and work.player is None
        work.session.flush()
        rows = list(work.session.scalars(select(OutboxMessage)))
        assert [row.rcpt_tos for row in rows] == [["alice@example.org"]]  # only the claimed


def test_our_own_post_given_back_with_from_rewritten_is_not_answered(seeded: Seeded) -> None:
    raw = _mail(
        "[MC 12] Turn 1: Alice : Pass",
        sender="Mornington Referee via Mc12 <mc12@lounge.example.org>",
        **LIST_HEADERS,
        **{"Reply-To": f"Mornington Referee <{REFEREE}>"},
    )
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.status is InboxStatus.IGNORED
        assert "our own post" in handled.notes[0]


def test_a_munged_post_naming_nobody_is_not_answered(seeded: Seeded) -> None:
    with _work(seeded, _munged("Pass")) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.status is InboxStatus.IGNORED


def test_reply_to_is_read_only_when_from_is_the_lounge(seeded: Seeded) -> None:
    raw = _mail("Pass", **LIST_HEADERS, **{"Reply-To": "Bob <bob@example.org>"})
    with _work(seeded, raw) as work:
        run_chain(classify.CHAIN, work)
        assert work.player is not None and work.player.name == "Alice"
        assert message_from_bytes(raw)["From"] == "Alice <alice@example.org>"
