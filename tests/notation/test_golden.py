"""Golden files: each GSD section and each play form, as players send them and as the referee
writes them back. The ``.canonical`` files are the contract the mail templates quote; set
REFEREE_UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then review the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.notation.gsd import GSD, read_posting

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "notation"
INPUTS = sorted(GOLDEN.glob("*.gsd"))


def _canonical(source: Path) -> str:
    posting = read_posting(source.read_text(encoding="utf-8"))
    if posting.gsd is not None:
        return posting.gsd.render()
    return "".join(play.render() + "\n" for play in posting.plays)


@pytest.mark.parametrize("source", INPUTS, ids=[p.stem for p in INPUTS])
def test_golden_render(source: Path) -> None:
    expected_path = source.with_suffix(".canonical")
    actual = _canonical(source)
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        expected_path.write_text(actual, encoding="utf-8")
    assert actual == expected_path.read_text(encoding="utf-8")


@pytest.mark.parametrize("source", INPUTS, ids=[p.stem for p in INPUTS])
def test_golden_canonical_is_a_fixed_point(source: Path) -> None:
    canonical = source.with_suffix(".canonical").read_text(encoding="utf-8")
    posting = read_posting(canonical)
    if posting.gsd is not None:
        assert posting.gsd.render() == canonical
        assert GSD.parse(canonical) == read_posting(source.read_text(encoding="utf-8")).gsd


def test_golden_files_cover_every_play_form() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.canonical"))
    for form in (" : Pass ", " : Timeout", " : Farkle", "(for Bank)", " A: ", " B: ", "via: ",
                 "] Euston", "{"):  # fmt: skip
        assert form in text, form
