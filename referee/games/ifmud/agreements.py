"""What a ratified proposal changes in the state, read from the proposal's text: the seam the
nomic chamber's enactor calls when a proposal of ifMUD Nomic takes effect.

A proposal's text may hold, one a line, changes the rules put to consent, in a short
grammar (rules/ifmud-nomic/README.md, "Agreements"); :func:`parse_agreements` reads them and
:func:`apply_agreements` makes them in order through :mod:`referee.games.ifmud.consent`.
Lines that are not changes of the state (a new rule's own text) are left to the rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from referee.games.ifmud import consent
from referee.games.ifmud.state import GameState

Change = Callable[[GameState], GameState]


@dataclass(frozen=True)
class Form:
    """One form of agreement: its pattern, the rule that puts it to consent, and the change."""

    pattern: str
    rule: int
    make: Callable[[dict[str, str]], Change]


FORMS: tuple[Form, ...] = (
    Form(r"add room (?P<a>.+)", 20, lambda g: lambda s: consent.add_room(s, g["a"])),
    Form(r"remove room (?P<a>.+)", 20, lambda g: lambda s: consent.remove_room(s, g["a"])),
    Form(
        r"connect (?P<a>.+?) (?:and|with|to) (?P<b>.+)",
        25,
        lambda g: lambda s: consent.connect(s, g["a"], g["b"]),
    ),
    Form(
        r"disconnect (?P<a>.+?) (?:and|from) (?P<b>.+)",
        20,
        lambda g: lambda s: consent.disconnect(s, g["a"], g["b"]),
    ),
    Form(
        r"toll (?P<n>.+?) of (?P<v>-?\d+) on (?P<a>.+)",
        43,
        lambda g: lambda s: consent.set_toll(s, g["a"], g["n"], int(g["v"])),
    ),
    Form(r"tax haven (?P<a>.+)", 68, lambda g: lambda s: consent.set_tax_haven(s, g["a"])),
    Form(
        r"high-security area (?P<a>.+)",
        74,
        lambda g: lambda s: consent.set_high_security(s, g["a"]),
    ),
    Form(r"rename the game to (?P<a>.+)", 37, lambda g: lambda s: consent.rename_game(s, g["a"])),
    Form(
        r"add dark gift (?P<a>.+?): (?P<b>.+)",
        127,
        lambda g: lambda s: consent.add_dark_gift(s, g["a"], g["b"]),
    ),
    Form(
        r"remove dark gift (?P<a>.+)", 127, lambda g: lambda s: consent.remove_dark_gift(s, g["a"])
    ),
    Form(
        r"synonyms (?P<a>.+)",
        72,
        lambda g: lambda s: consent.add_synonyms(s, tuple(w.strip() for w in g["a"].split(";"))),
    ),
    Form(r"add player (?P<a>.+)", 12, lambda g: lambda s: consent.add_player(s, g["a"])),
    Form(
        r"demerit for (?P<a>.+?)(?: for (?P<b>.+))?",
        22,
        lambda g: lambda s: consent.give_demerit(s, g["a"], g["b"] or "agreed by consent"),
    ),
    Form(r"passive voter (?P<a>.+)", 40, lambda g: lambda s: consent.add_passive_voter(s, g["a"])),
    Form(
        r"name the servant of (?P<a>.+?): (?P<b>.+), (?:a |an |the )?(?P<c>.+)",
        45,
        lambda g: lambda s: consent.name_servant(s, g["a"], g["b"], g["c"]),
    ),
)
"""The forms of agreement, most specific first."""

_COMPILED = tuple((form, re.compile(form.pattern, re.IGNORECASE)) for form in FORMS)


def parse_agreement(line: str) -> Change | None:
    """The change ``line`` states, or None when it states none of the forms."""
    text = " ".join(line.strip().rstrip(".").split())
    for form, pattern in _COMPILED:
        match = pattern.fullmatch(text)
        if match:
            found = {k: v for k, v in match.groupdict().items() if v is not None}
            found.setdefault("b", "")
            return form.make(found)
    return None


def parse_agreements(text: str) -> list[tuple[str, Change]]:
    """Every change a proposal's text states, with its line."""
    found = []
    for line in text.splitlines():
        change = parse_agreement(line)
        if change is not None:
            found.append((line.strip(), change))
    return found


def apply_agreements(state: GameState, text: str) -> tuple[GameState, list[str]]:
    """The state once every change ``text`` states is made, in order, and a line per change
    saying it was made or why it could not be (a change that cannot be made is skipped; the
    rest still take effect, as the players agreed them one by one)."""
    said = []
    for line, change in parse_agreements(text):
        try:
            state = change(state)
            said.append(f"made: {line}")
        except (ValueError, KeyError) as error:
            said.append(f"not made: {line} ({error})")
    return state, said
