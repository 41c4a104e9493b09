"""The identity cache key (referee/identity.py)."""

from __future__ import annotations

from functools import lru_cache

from referee.identity import Identity


def test_a_key_equals_only_a_key_of_the_very_same_object() -> None:
    one, twin = [1, 2], [1, 2]
    assert Identity(one) == Identity(one)
    assert hash(Identity(one)) == hash(Identity(one))
    assert Identity(one) != Identity(twin)
    assert Identity(one) != one


def test_a_cache_keyed_by_identity_keeps_equal_values_apart() -> None:
    """Two equal tables are two entries: what is cached is the object, not its value."""
    made: list[int] = []

    @lru_cache(maxsize=4)
    def length(key: Identity[list[int]]) -> int:
        made.append(id(key.value))
        return len(key.value)

    one, twin = [1, 2], [1, 2]
    assert length(Identity(one)) == length(Identity(twin)) == 2
    assert length(Identity(one)) == 2
    assert made == [id(one), id(twin)]


def test_a_remembered_object_is_held_so_its_id_is_not_given_to_another() -> None:
    seen = []
    for _ in range(100):
        key = Identity([0])
        seen.append(key)
    assert len({hash(key) for key in seen}) == len(seen)
