"""Reading a GSD on from the one before it gives the very GSD a full reading gives."""

from __future__ import annotations

from itertools import pairwise

from referee.engine.turn import adjudicate
from referee.notation.action_index import load_action_index
from referee.notation.gsd import GSD
from referee.web.kinds import read_on, split_record
from tests.engine.scripted import scripted_game


def test_each_turn_read_on_from_the_last_equals_a_full_reading() -> None:
    start, final = scripted_game(40, 3, win=False)
    index = load_action_index("vanilla")
    texts = [start.render()]
    state = start
    for play in final.plays:
        state = adjudicate(state, play).state
        texts.append(state.render())
    before = GSD.parse(texts[0], kept=True)
    for number, (old, new) in enumerate(pairwise(texts), 1):
        found = read_on(old, before, new, index)
        assert found is not None, number
        assert found == GSD.parse(new, kept=True), number
        assert found.render() == new
        before = found


def test_a_record_that_does_not_go_on_from_the_last_is_read_whole() -> None:
    start, final = scripted_game(6, 3, win=False)
    index = load_action_index("vanilla")
    first = adjudicate(start, final.plays[0]).state
    second = adjudicate(first, final.plays[1]).state
    taken_back = first.render()
    assert read_on(second.render(), second, taken_back, index) is None
    assert read_on(first.render(), first, first.render(), index) is None


def test_the_record_begins_after_the_last_box() -> None:
    tables, record = split_record("+--+\n|a |\n+--+\n\nAlice : Pass\n")
    assert tables == "+--+\n|a |\n+--+\n" and record == "\nAlice : Pass\n"
