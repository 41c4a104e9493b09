"""The Podumes of the Knightsbridge 1965 amendments (section 4.2) by name.

Rule 4.2.1 - Podumes: a Podume lies at a Station (like a Token Stack) or is in a player's
possession. The GSD writes the first as an entry of the Token Stacks whose content is the
Podume (``| Arsenal (0) | Spanger Podume |``, as rule 1.4.24 writes the PoID) and the second
as an item of the holder's Luggage Rack. The Hyde Podume carries its Hyde Counters with it,
written as its state: ``Hyde Podume (2 Hyde Counters)`` (rule 4.2.1.5). No Volume 1 rule
writes a Podume, so vanilla GSDs never hold one.
"""

from __future__ import annotations

SPEED, SHIELD, SPANGER, HYDE = "Speed Podume", "Shield Podume", "Spanger Podume", "Hyde Podume"
STATION_PODUMES: tuple[str, ...] = (
    "Terminus Podume",
    "British Rail Podume",
    "Verdant Podume",
    "Compass Podume",
    "A to Z Podume",
)
"""Rule 4.2.1.4's five Station Podumes, in the rule's order."""
PODUMES: tuple[str, ...] = (SPEED, SHIELD, SPANGER, *STATION_PODUMES, HYDE)
"""Every Podume of section 4.2, in the order of its rules."""
_BY_KEY = {" ".join(name.casefold().replace("-", " ").split()): name for name in PODUMES}


def podume_name(text: str) -> str | None:
    """The Podume ``text`` names (case, spacing and a hyphen in "A-to-Z" forgiven), or None."""
    return _BY_KEY.get(" ".join(text.casefold().replace("-", " ").split()))


def hyde_counters_text(count: int) -> str:
    """The Hyde Podume's state as the GSD writes it (rule 4.2.1.5)."""
    return f"{count} Hyde Counter" + ("" if count == 1 else "s")
