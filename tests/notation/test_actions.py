"""Reading an Action against a ruleset's action index (referee/notation/actions.py)."""

from __future__ import annotations

import gc
import weakref

from referee.notation.action_index import ActionIndex, load_action_index
from referee.notation.actions import matcher_of


def test_an_index_is_compiled_once_while_it_is_read() -> None:
    index = load_action_index()
    assert matcher_of(index) is matcher_of(index)


def test_an_equal_index_read_afresh_gets_a_matcher_of_its_own() -> None:
    specs = load_action_index().specs[:3]
    one, twin = ActionIndex("vanilla", specs), ActionIndex("vanilla", specs)
    assert matcher_of(one).index is one
    assert matcher_of(twin).index is twin


def test_an_index_no_longer_read_is_let_go_once_enough_others_are() -> None:
    """Each amended rules version may bring its own index (rule 1.7.2): a long-running
    referee must not keep every one it ever compiled."""
    specs = load_action_index().specs[:2]
    first = ActionIndex("vanilla", specs)
    gone = weakref.ref(first)
    matcher_of(first)
    del first
    for _ in range(200):
        matcher_of(ActionIndex("vanilla", specs))
    gc.collect()
    assert gone() is None
