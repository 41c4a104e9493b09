"""rules/ifmud-nomic/rules.md accounts for every rule of the ruleset, once, and every test it
cites exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[3]
RULES = ROOT / "rules" / "ifmud-nomic" / "rules.md"
FILES = {
    "state": "test_state.py",
    "move": "test_movement.py",
    "tok": "test_tokens.py",
    "pts": "test_points.py",
    "bomb": "test_bombs.py",
    "pie": "test_pieman.py",
    "more": "test_beings_gifts_quests.py",
    "kind": "test_kind.py",
    "consent": "test_consent.py",
    "game": "test_scripted_game.py",
}


def rows() -> list[tuple[str, str]]:
    found = []
    for line in RULES.read_text("utf-8").splitlines():
        match = re.match(r"\| (\d[\d, -]*) \| [^|]+ \| (.+) \|$", line)
        if match:
            found.append((match[1], match[2]))
    return found


def numbers(cell: str) -> list[int]:
    out: list[int] = []
    for part in cell.split(","):
        first, _, last = part.strip().partition("-")
        out += list(range(int(first), int(last or first) + 1))
    return out


def test_every_rule_from_1_to_160_has_exactly_one_row() -> None:
    listed = [n for cell, _ in rows() for n in numbers(cell)]
    assert sorted(listed) == list(range(1, 161))


def test_every_cited_test_exists_in_its_file() -> None:
    here = Path(__file__).parent
    cited = 0
    for _, treatment in rows():
        for tag, prefix in re.findall(
            r"\b(state|move|tok|pts|bomb|pie|more|kind|consent) `(test_\w+?)(?:\.\.\.)?`", treatment
        ):
            source = (here / FILES[tag]).read_text("utf-8")
            assert f"def {prefix}" in source, f"{prefix} is not in {FILES[tag]}"
            cited += 1
    assert cited > 100
