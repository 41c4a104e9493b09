"""The player's text as an answer quotes it: whole when short, its start and a mark when long."""

from __future__ import annotations

from referee.quoting import CUT, EXCERPT_LENGTH, excerpt


def test_short_text_is_quoted_whole() -> None:
    text = "x" * EXCERPT_LENGTH
    assert excerpt(text) == text
    assert excerpt("Eustn") == "Eustn"


def test_long_text_is_cut_to_its_start_and_the_cut_marked() -> None:
    text = "Tottenham Court Road " * 10_000
    quoted = excerpt(text)
    assert quoted.endswith(CUT) and len(quoted) <= EXCERPT_LENGTH + len(CUT)
    assert text.startswith(quoted.removesuffix(CUT))
    assert not quoted.removesuffix(CUT).endswith(" ")
