"""Lists of items (a Disruptions box, a Luggage Rack entry, Lost & Found) cut as before.

``split_items`` cuts a list whose brackets hold no comma at every comma at once (a box may
hold some 58,000 entries, bench/reading.py); the reference is the character-by-character
reading it replaced, kept here, and hypothesis draws lists from the pieces that matter.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation.possessions import split_items


def reference_split_items(text: str) -> list[tuple[int, str]]:
    """split_items as it was: every character looked at, brackets counted (never below 0)."""
    items: list[tuple[int, str]] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            items.append((start, text[start:index]))
            start = index + 1
    items.append((start, text[start:]))
    return [
        (column + len(item) - len(item.lstrip()), item.strip())
        for column, item in items
        if item.strip()
    ]


PIECES = ["Euston", " ", "  ", ",", ", ", "(", ")", "(Peg)", "(NT)", "a", "\t", "(x, y)", "))"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
def test_a_list_is_cut_into_items_as_character_by_character(text: str) -> None:
    assert split_items(text) == reference_split_items(text)


def test_a_comma_inside_brackets_does_not_cut() -> None:
    assert split_items("Angel to Bank (NT) (Peg), Sunk: Bob (at Angel, NT), Bank (Peg)") == [
        (0, "Angel to Bank (NT) (Peg)"),
        (26, "Sunk: Bob (at Angel, NT)"),
        (52, "Bank (Peg)"),
    ]
