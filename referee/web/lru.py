"""A small cache the pages share: each kind keeps what it drew, bounded."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A small thread-safe least-recently-used cache (pages render in uvicorn's threads),
    bounded by a count of entries and, given ``weigh``, by their total weight too."""

    def __init__(
        self, size: int, *, weigh: Callable[[V], int] | None = None, budget: int = 0
    ) -> None:
        self.size = size
        self.weigh = weigh
        self.budget = budget
        self._weight = 0
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        self.put(key, value)
        return value

    def peek(self, key: K) -> V | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            if key in self._items:
                self._weight -= self._weight_of(self._items[key])
            self._items[key] = value
            self._weight += self._weight_of(value)
            self._items.move_to_end(key)
            while len(self._items) > self.size or (
                self.budget and self._weight > self.budget and len(self._items) > 1
            ):
                _, dropped = self._items.popitem(last=False)
                self._weight -= self._weight_of(dropped)

    def _weight_of(self, value: V) -> int:
        return self.weigh(value) if self.weigh is not None else 0

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._weight = 0


__all__ = ["LRU"]
