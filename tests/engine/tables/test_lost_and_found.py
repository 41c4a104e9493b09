"""Lost & Found (rule 1.7.53)."""

from __future__ import annotations

import pytest

from referee.engine.tables.lost_and_found import load_lost_and_found

MON, FRI, SAT = 0, 4, 5


@pytest.mark.parametrize(
    ("roll", "kind", "item"),
    [
        (1, "nothing", ""),
        (44, "nothing", ""),
        (45, "tower", ""),
        (52, "tower", ""),
        (53, "package", "Suspect Package"),
        (55, "possession", "Velocity Bomb (Dormant)"),
        (57, "possession", "Zone 2 Pass"),
        (63, "possession", "Glove (Right Hand)"),
        (65, "possession", "Glove (Left Hand)"),
        (74, "possession", "Piano"),
        (81, "possession", "Hat (Silly)"),
        (84, "possession", "Newspaper"),
        (92, "tokens", ""),
        (93, "box", "first item in the Box"),
        (100, "box", "first item in the Box"),
    ],
)
def test_1_7_53_roll_ranges(roll: int, kind: str, item: str) -> None:
    row = load_lost_and_found().find(roll)
    assert (row.kind, row.item) == (kind, item)


def test_1_7_53_newspapers_of_two_days() -> None:
    table = load_lost_and_found()
    assert "Yesterday's" in table.find(83).qualities
    assert "Today's" in table.find(85).qualities


def test_1_7_53_tokens_found() -> None:
    assert load_lost_and_found().find(86).tokens == "2Bk"
    assert load_lost_and_found().find(92).tokens == "1Go"


def test_1_7_53_starred_items_are_found_once() -> None:
    table = load_lost_and_found()
    assert table.find(56).once and table.find(67).once and table.find(75).once
    assert not table.find(59).once


def test_1_7_53_paddington_window_weekdays_0930_to_1400() -> None:
    window = load_lost_and_found().paddington
    assert window.applies("Paddington", MON, 9 * 60 + 30)
    assert window.applies("Paddington", FRI, 14 * 60)
    assert not window.applies("Paddington", FRI, 14 * 60 + 1)
    assert not window.applies("Paddington", SAT, 12 * 60)
    assert not window.applies("Paddington", MON, 12 * 60, holiday=True)
    assert not window.applies("Euston", MON, 12 * 60)


def test_1_7_53_four_or_less_unmodified() -> None:
    table = load_lost_and_found()
    assert table.modified_roll(4, 80) == 4
    assert table.modified_roll(5, 80) == 85
    assert table.modified_roll(20, 80) == 100
    assert table.modified_roll(1, 0) == 1


def test_1_7_53_the_modified_roll_is_checked() -> None:
    table = load_lost_and_found()
    with pytest.raises(ValueError, match="0 to 80"):
        table.modified_roll(5, 81)
    with pytest.raises(ValueError, match="d20"):
        table.modified_roll(21, 0)
