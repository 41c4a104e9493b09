"""The wall clock: the one the mail service reads (never the engine, which keeps Game Time),
so tests can move time without sleeping."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    """Naive UTC now: what every stored time means."""
    return datetime.now(UTC).replace(tzinfo=None)
