"""A refusal's sentence says whether it gives a position, as ``NotationError`` writes one."""

from __future__ import annotations

import pytest

from referee.notation.errors import NotationError, positioned


@pytest.mark.parametrize(
    ("line", "column"), [(3, 9), (3, None), (None, 9)], ids=["both", "line", "column"]
)
def test_a_described_error_with_a_line_or_column_is_positioned(
    line: int | None, column: int | None
) -> None:
    error = NotationError("'Eustn' is not a station", line=line, column=column)
    assert positioned(error.describe())


def test_a_sentence_with_no_position_is_not_positioned() -> None:
    assert not positioned(NotationError("I found no new play").describe())
    assert not positioned("line up your play after the GSD")
