"""The seven Token colours (rule 1.4.1 - Token Gesture), as the tables need them.

Rule 1.4.1: three colours are Metallic (Gold, Silver, Bronze) and four Plastic (Black, Blue,
Green, Red). The values are the Token Table codes of rule 1.2.0, so this type and the
notation's own colour type agree value for value and can be unified.
"""

from __future__ import annotations

from enum import StrEnum


class Colour(StrEnum):
    """A Token colour by its Token Table code."""

    BK = "Bk"
    BU = "Bu"
    BR = "Br"
    GO = "Go"
    GR = "Gr"
    RE = "Re"
    SI = "Si"

    @property
    def metallic(self) -> bool:
        """Gold, Silver and Bronze are Metallic (rule 1.4.1)."""
        return self in METALLIC

    @property
    def word(self) -> str:
        """The colour as the rules write it: Black, Blue, Bronze, ..."""
        return WORDS[self]

    @classmethod
    def from_text(cls, text: str) -> Colour:
        """A colour from its code or its full word, any case ("re", "Red")."""
        wanted = text.strip().casefold()
        for colour in cls:
            if wanted in (colour.value.casefold(), WORDS[colour].casefold()):
                return colour
        codes = " ".join(colour.value for colour in cls)
        raise ValueError(f"{text.strip()!r} is not a Token colour; write one of {codes}")


WORDS: dict[Colour, str] = {
    Colour.BK: "Black",
    Colour.BU: "Blue",
    Colour.BR: "Bronze",
    Colour.GO: "Gold",
    Colour.GR: "Green",
    Colour.RE: "Red",
    Colour.SI: "Silver",
}
METALLIC = frozenset({Colour.GO, Colour.SI, Colour.BR})
PLASTIC = frozenset({Colour.BK, Colour.BU, Colour.GR, Colour.RE})
