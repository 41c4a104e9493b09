"""Golden files for the posts of a game dealt at start (One Day in London's by mail):
the first post with the seed's commitment, the deal's lounge post, a player's own cards, and
a turn's lounge post naming who the game waits for. ``REFEREE_UPDATE_GOLDEN=1`` rewrites them
after a deliberate change (then read the diff)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.games.one_day_in_london.rules import new_game
from referee.games.one_day_in_london.views import private_view, public_view
from referee.mail.compose import render

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mail"
DEALT = new_game(("Alice", "Bob", "Carol"), "0f" * 32)
CASES: dict[str, dict[str, object]] = {
    "lounge.dealt-game-created": {
        "number": 3,
        "tag": "ODL 3",
        "title": "One Day in London",
        "wording": OneDayInLondon.wording,
        "kind": "one-day-in-london",
        "least": 2,
        "most": 4,
        "lounge": "odil3@lounge.example.org",
        "speaker": "speaker@example.org",
        "commitment": "5e" * 32,
        "settings": ["turn_back_alongside = true (default false)"],
    },
    "lounge.dealt-game-started": {
        "order": ["Alice", "Bob", "Carol"],
        "view": public_view(DEALT).render(),
        "owing": ["Alice by Monday 23 November 22:00 UTC", "Bob by Monday 23 November 22:00 UTC"],
        "title": "One Day in London",
        "private": True,
    },
    "player.dealt-private-view": {
        "player": "Bob",
        "after": "the deal",
        "view": private_view(DEALT, "Bob").render(),
    },
}


@pytest.mark.parametrize("template", sorted(CASES))
def test_the_dealt_game_post_reads_as_the_golden_file_says(template: str) -> None:
    got = render(template, game="ODL 3", attachments=[], sender="", **CASES[template])
    path = GOLDEN / f"{template}.txt"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")
