"""Golden error messages: what a player is told for each kind of unreadable play or GSD line.

The mail templates quote these sentences, so they are a contract like the canonical GSD;
REFEREE_UPDATE_GOLDEN=1 rewrites ``tests/golden/notation/errors.txt`` after a deliberate change.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.notation.errors import NotationError
from referee.notation.gsd import GSD
from referee.notation.plays import Play

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "notation"
PLAYERS = ["Rushton", "Cryer", "Garden"]

BAD_PLAYS = [
    "Rushton : Eustn (VC)",
    "Rushton : Euston (XX)",
    "Rushton : Euston (VC via: CN,QQ)",
    "Rushton : [Blockign Euston] Euston (VC)",
    "Rushton : [Sgronk] Euston (VC)",
    "Rushton : Euston (VC) [Shunting Gardn to Moorgate (NT)]",
    "Rushton : Euston (VC) [Purple Token on Euston]",
    "Rushton : Euston (VC) [Duration: +0230]",
    "Rushton : [LV+1]",
    "Rushton : Timeout Euston",
    "Rushton : A: Bank (CN) A: Moorgate (NT)",
    "Rushton : [LV+1 Euston (VC)",
    "Rushton : Euston (VC) {fine} [LV+1]",
    "Rushtn : Euston (VC)",
    "Rushton : [Walking to Euston] Holborn (CN)",
    "Rushton : Euston (VC) [Purchasing Scraf]",
    "Euston (VC)",
]

GSD_EDITS = [
    ("Game Time: Thursday 0020*", "Game Time: Thursday 2460"),
    ("Game Time: Thursday 0020*", "Game Time: Thirsday 0020"),
    ("Wild Stations: Epping", "Wild Stations: Eping"),
    ("|  3 | -17 |", "|  3 | lots |"),
    ("|  2  0  7  0  4  0  0 |", "|  2  0  7  0  4  0 |"),
    ("| Dollis Hill (1)    | BrSiGo       |", "| Dollis Hill (1)    | BrSiPu       |"),
    ("Gapminding", "Gap Minding"),
    ("Paddington (Maelberg)", "Paddington (Maelberged)"),
    ("Charing Cross Stub", "Charring Cross Stub"),
    ("Token Stacks:", "By the way, I moved.\n\nToken Stacks:"),
]


def _messages() -> str:
    out = []
    for text in BAD_PLAYS:
        try:
            Play.parse(text, players=PLAYERS)
            message = "(read without error)"
        except NotationError as error:
            message = error.describe()
        out.append(f"play: {text}\n  => {message}\n")
    base = (GOLDEN / "every_section.canonical").read_text(encoding="utf-8")
    for old, new in GSD_EDITS:
        assert old in base, old
        try:
            GSD.parse(base.replace(old, new, 1))
            message = "(read without error)"
        except NotationError as error:
            message = error.describe()
        out.append(f"gsd: {old!r} -> {new!r}\n  => {message}\n")
    return "".join(out)


def test_golden_error_messages() -> None:
    path = GOLDEN / "errors.txt"
    actual = _messages()
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(actual, encoding="utf-8")
    assert actual == path.read_text(encoding="utf-8")
    assert "(read without error)" not in actual
