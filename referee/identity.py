"""An object as a cache key by its identity, for values that are costly or unable to hash.

A ruleset's tables, its action index and a map are immutable but hold dicts or hundreds of
rows, so hashing one on every Turn would cost more than what is cached from it. Keyed by
``id()`` alone a cache must keep every object it ever saw, or risk answering for a new object
given a dead one's id. :class:`Identity` wraps the object instead: it hashes by identity,
equals only a wrapper of the very same object, and holds the object, so a
``functools.lru_cache`` keyed by it is bounded and its ids are never reused while remembered.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Identity(Generic[T]):
    """``value`` as a key: hashed by its identity, equal only to a key of the same object."""

    __slots__ = ("value",)

    def __init__(self, value: T) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.value is self.value

    def __repr__(self) -> str:
        return f"Identity({type(self.value).__name__} at {id(self.value):#x})"


__all__ = ["Identity"]
