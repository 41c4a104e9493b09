"""What one transaction reads once: a game's roster or its enactments, asked for many times.

A message's transaction asks who is seated in its game when it identifies the sender, when it
builds the game's view before and after the turn, and when it sends each player eir own view;
each asking was a query. Here the first answer is kept in the session (``Session.info``) and
handed out again until something could make it wrong:

- the transaction ends (commit, rollback, or a savepoint released or rolled back), since what
  another transaction committed, or what a rolled-back savepoint wrote, is not in it;
- the session flushes, or bulk-updates or deletes, a row of a table the answer came from;
- the session holds a new, changed or deleted row of such a table not yet flushed (the query
  would have flushed it first, through autoflush, and seen it).

Nothing is kept between transactions: two runners never share a stale roster.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction
from sqlalchemy.orm.session import ORMExecuteState

T = TypeVar("T")

_KEY = "referee.session_cache"


def _entries(session: Session) -> dict[tuple[str, Hashable], tuple[tuple[type, ...], Any]]:
    found = session.info.get(_KEY)
    if found is None:
        found = session.info[_KEY] = {}
    return cast(dict[tuple[str, Hashable], tuple[tuple[type, ...], Any]], found)


def _pending(session: Session, models: tuple[type, ...]) -> bool:
    """Whether the session holds unflushed rows of ``models`` a query would flush first."""
    for objects in (session.new, session.dirty, session.deleted):
        if any(type(obj) in models for obj in objects):  # mapped classes, never subclassed
            return True
    return False


def cached(
    session: Session,
    name: str,
    key: Hashable,
    models: tuple[type, ...],
    load: Callable[[], T],
) -> T:
    """``load()``'s answer for (``name``, ``key``), read once in this transaction while no row
    of ``models`` (the tables it reads) changes in the session."""
    entries = _entries(session)
    slot = (name, key)
    if slot in entries and not _pending(session, models):
        return cast(T, entries[slot][1])
    entries.pop(slot, None)
    value = load()
    entries[slot] = (models, value)
    return value


def prime(
    session: Session, name: str, key: Hashable, models: tuple[type, ...], value: object
) -> None:
    """Keep ``value`` as the answer ``cached`` would load for (``name``, ``key``): for a fact a
    query that had to be sent anyway read with it, under the same rules of forgetting."""
    if not _pending(session, models):
        _entries(session)[(name, key)] = (models, value)


def forget(session: Session, changed: tuple[type, ...] | None = None) -> None:
    """Drop what was read from ``changed`` tables (every answer when None)."""
    entries = session.info.get(_KEY)
    if not entries:
        return
    if changed is None:
        entries.clear()
        return
    for slot, (models, _) in list(entries.items()):
        if any(model in models for model in changed):
            del entries[slot]


@event.listens_for(Session, "after_transaction_end")
def _transaction_ended(session: Session, transaction: SessionTransaction) -> None:
    if transaction.nested or transaction.parent is None:  # not a flush's own subtransaction
        forget(session)


@event.listens_for(Session, "after_flush")
def _flushed(session: Session, _context: object) -> None:
    written = {type(obj) for objects in (session.new, session.dirty, session.deleted)
               for obj in objects}  # fmt: skip
    if written:
        forget(session, tuple(written))


@event.listens_for(Session, "do_orm_execute")
def _bulk_write(state: ORMExecuteState) -> None:
    if state.is_update or state.is_delete or state.is_insert:
        forget(state.session, tuple(mapper.class_ for mapper in state.all_mappers))
