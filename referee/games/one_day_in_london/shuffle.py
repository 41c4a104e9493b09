"""The deal of One Day in London: a shuffle anyone can recompute from a revealed seed.

By mail nobody can watch the referee shuffle, so the referee commits to the shuffle before
the first card is seen and proves it afterwards:

1. At the start the referee draws a secret **seed** (32 random bytes, written as 64 lower-case
   hex digits) and posts its **commitment**, the SHA-256 of the seed's 64 ASCII hex digits,
   in the first post to the lounge.
2. Every shuffle of the game is a Fisher-Yates shuffle driven by a byte stream: block ``n``
   (from 0) of the stream for a ``purpose`` is ``HMAC-SHA256(key=seed bytes, message=
   "one-day-in-london/<purpose>/<n>")``. The stream is read 8 bytes at a time as big-endian
   unsigned integers; a draw below ``k`` rejects any integer at or above the largest multiple
   of ``k`` below 2**64 and takes the next, then uses the remainder by ``k``. For ``i`` from
   the last index down to 1 the shuffle swaps item ``i`` with item ``draw(i + 1)``.
3. The purposes are ``deal`` (the whole deck, in :func:`referee.games.one_day_in_london.cards.
   full_deck` order, before the deal) and ``reshuffle/<n>`` (the n-th time, from 1, the
   discards go back under a new draw pile: see ``rules.py``).
4. At the end the seed is revealed; :func:`verify` checks it against the commitment and
   anyone can deal the game again from it.

By mail the seed is itself one draw of the game's committed dice seed (the Mornington dice
scheme, ``referee.engine.fair_dice``): see ``kind.py`` and rules/one-day-in-london/README.md
(R7) for why the Fisher-Yates stream stays this module's own.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

DOMAIN = "one-day-in-london"
_SEED = re.compile(r"[0-9a-f]{64}")


class SeedError(ValueError):
    """Text that is not a seed of this scheme."""


def new_seed() -> str:
    """A fresh secret seed from the operating system's generator, for a deal outside the
    service (by mail the deal seed is a draw of the game's dice seed instead)."""
    return secrets.token_hex(32)


def check_seed(seed: str) -> str:
    if not _SEED.fullmatch(seed):
        raise SeedError(f"{seed!r} is not a seed: write 64 lower-case hex digits")
    return seed


def commitment(seed: str) -> str:
    """SHA-256 of the seed's ASCII hex digits, in hex: posted first, before any card is seen."""
    return hashlib.sha256(check_seed(seed).encode("ascii")).hexdigest()


def verify(seed: str, committed: str) -> bool:
    """Does the revealed ``seed`` match the commitment posted at the start?"""
    try:
        return hmac.compare_digest(commitment(seed), committed.strip().lower())
    except SeedError:
        return False


def _stream(seed: str, purpose: str) -> Iterator[int]:
    key = bytes.fromhex(check_seed(seed))
    block = 0
    while True:
        message = f"{DOMAIN}/{purpose}/{block}".encode()
        digest = hmac.new(key, message, hashlib.sha256).digest()
        for at in range(0, len(digest), 8):
            yield int.from_bytes(digest[at : at + 8], "big")
        block += 1


def shuffled(items: Sequence[T], seed: str, purpose: str) -> tuple[T, ...]:
    """``items`` in the order the seed's stream for ``purpose`` shuffles them."""
    stream = _stream(seed, purpose)
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        value = next(stream)
        while value >= limit:
            value = next(stream)
        j = value % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result)
