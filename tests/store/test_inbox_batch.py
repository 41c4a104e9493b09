"""A batch the listener commits at once keeps each message once: a copy inside the batch, or
of a message stored before, is answered with the row that holds it."""

from __future__ import annotations

from sqlalchemy import Engine, func, select

from referee.store.db import sessions
from referee.store.inbox import Arrival, enqueue, enqueue_many
from referee.store.models import InboxMessage


def _raw(mid: str, body: str = "Rushton : Euston (VC)") -> bytes:
    return f"From: a@example.org\r\nMessage-ID: <{mid}>\r\n\r\n{body}\r\n".encode()


def _arrival(raw: bytes) -> Arrival:
    return Arrival(raw, "a@example.org", ["mc12@lounge.example.org"], "smtp")


def test_copies_in_one_batch_and_of_earlier_mail_are_stored_once(sqlite_engine: Engine) -> None:
    factory = sessions(sqlite_engine)
    earlier = enqueue(factory, _raw("old@x"), mail_from="a@example.org", rcpt_tos=[], source="smtp")
    batch = [
        _raw("new@x"),
        _raw("new@x"),  # the same bytes twice in one batch
        _raw("old@x", "other bytes, the same Message-ID"),
        _raw("third@x"),
    ]
    results = enqueue_many(factory, [_arrival(raw) for raw in batch])
    assert [r.duplicate for r in results] == [False, True, True, False]
    assert results[1].id == results[0].id
    assert results[2].id == earlier.id
    assert len({results[0].id, results[3].id, earlier.id}) == 3
    with factory() as session:
        assert session.scalar(select(func.count()).select_from(InboxMessage)) == 3
