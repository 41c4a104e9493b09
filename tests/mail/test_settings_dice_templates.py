"""Golden files for the posts that show a game's settings and its dice seed.

The first post shows the settings that differ from the defaults and the seed's SHA-256; the
game-over post the seed; ``nomic settings`` every setting. ``REFEREE_UPDATE_GOLDEN=1``
rewrites the files after a deliberate change (then read the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.mail.compose import render

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mail"
SEED = "0f" * 32
COMMITMENT = "5e" * 32
CASES: dict[str, dict[str, object]] = {
    "lounge.game-created": {
        "number": 3,
        "tag": "MC 3",
        "gsd": "(the opening GSD)",
        "speaker": "speaker@example.org",
        "changed": [
            "route_choice = first (default best)",
            "narg_tolerance_degrees = 0.0 (default 22.5)",
        ],
        "commitment": COMMITMENT,
    },
    "lounge.game-over": {
        "winner": "Alice",
        "how": "the last player left (1.1.3)",
        "gsd": "(the final GSD)",
        "seed": SEED,
        "commitment": COMMITMENT,
    },
    "sender.game-settings": {
        "number": 3,
        "tag": "MC 3",
        "lines": ["route_choice = first (default best)", "route_revisits = false"],
        "changed": [],
        "commitment": COMMITMENT,
    },
}


@pytest.mark.parametrize("template", sorted(CASES))
def test_the_post_reads_as_the_golden_file_says(template: str) -> None:
    got = render(template, game="MC 3", attachments=[], sender="", **CASES[template])
    path = GOLDEN / f"{template}.txt"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")
