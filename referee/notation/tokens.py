"""Token colours and counts (rule 1.4.1 - Token Gesture; rule 1.2.0 - the Token Table).

There are seven colours, written in the GSD by two-letter codes in the order of rule 1.2.0's
Token Table: Bk Bu Br Go Gr Re Si. Older texts spell Black 'Bl' (the Token Stack example of
rule 1.14.1) and Gold 'Gd'; players also write the full word. All are read, and the two-letter
code of the table is written back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from referee.notation.errors import NotationError
from referee.quoting import excerpt


class Colour(StrEnum):
    """A Token colour by its Token Table code (rule 1.4.1)."""

    BK = "Bk"
    BU = "Bu"
    BR = "Br"
    GO = "Go"
    GR = "Gr"
    RE = "Re"
    SI = "Si"

    @property
    def word(self) -> str:
        """The colour's name as the rules write it (Black, Blue, ...)."""
        return _WORDS[self]

    @property
    def metallic(self) -> bool:
        """Gold, Silver and Bronze are Metallic; the other four are Plastic (rule 1.4.1)."""
        return self in (Colour.GO, Colour.SI, Colour.BR)

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Read a colour as a code, an old spelling (Bl, Gd) or the full word, any case."""
        found = _ALIASES.get(text.strip().lower())
        if found is None:
            raise NotationError(
                f"'{excerpt(text.strip())}' is not a Token colour; write one of "
                + " ".join(c.value for c in cls)
                + " (or the full word)",
                column=1,
            )
        return found


_WORDS: dict[Colour, str] = {
    Colour.BK: "Black",
    Colour.BU: "Blue",
    Colour.BR: "Bronze",
    Colour.GO: "Gold",
    Colour.GR: "Green",
    Colour.RE: "Red",
    Colour.SI: "Silver",
}

_ALIASES: dict[str, Colour] = {c.value.lower(): c for c in Colour}
_ALIASES.update({w.lower(): c for c, w in _WORDS.items()})
_ALIASES.update({"bl": Colour.BK, "blk": Colour.BK, "gd": Colour.GO, "gld": Colour.GO})

ORDER: tuple[Colour, ...] = tuple(Colour)
"""The column order of the Token Table (rule 1.2.0)."""


class TokenCounts(BaseModel):
    """How many Tokens of each colour a player holds or an action moves (rule 1.2.0)."""

    model_config = ConfigDict(frozen=True)

    bk: int = 0
    bu: int = 0
    br: int = 0
    go: int = 0
    gr: int = 0
    re: int = 0
    si: int = 0

    def __getitem__(self, colour: Colour) -> int:
        value: int = getattr(self, colour.value.lower())
        return value

    def as_tuple(self) -> tuple[int, ...]:
        """The counts in Token Table order."""
        return (self.bk, self.bu, self.br, self.go, self.gr, self.re, self.si)

    @classmethod
    def of(cls, colours: Iterable[Colour]) -> TokenCounts:
        """Count a sequence of tokens."""
        tally = dict.fromkeys(ORDER, 0)
        for colour in colours:
            tally[colour] += 1
        return cls.from_tuple(tuple(tally[c] for c in ORDER))

    @classmethod
    def from_tuple(cls, values: tuple[int, ...]) -> TokenCounts:
        return cls(**{c.value.lower(): v for c, v in zip(ORDER, values, strict=True)})

    def row(self) -> str:
        """The seven counts as the Token Table shows them, right-aligned under the codes."""
        return " ".join(f"{n:>2}" for n in self.as_tuple())

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        """A token list as actions write it: ``2 Bk, 1 Re`` (colour order; ``0`` if empty)."""
        parts = [f"{n} {c.value}" for c, n in zip(ORDER, self.as_tuple(), strict=True) if n]
        return ", ".join(parts) if parts else "0"

    @classmethod
    def parse(cls, text: str) -> TokenCounts:
        """Read a token list in any of the written forms: ``2 Bk, 1 Re``, ``BkBkRe``, ``2Bk``."""
        if text.strip() == "0":
            return cls()
        return cls.of(parse_token_sequence(text))


_TOKEN_ITEM = re.compile(r"\s*(?:(\d+)\s*(?:x\s*)?)?([A-Za-z]+)\s*[,;+&]?\s*")


def parse_token_sequence(text: str) -> tuple[Colour, ...]:
    """Read tokens in the order written: ``BrSiGo``, ``Br Si Go``, ``1 Br, 2 Go``.

    A run of two-letter codes with no spaces (the Token Stack form of rule 1.14.1) is split
    into codes; a count before a colour repeats it. The column of the first unreadable
    token is reported.
    """
    colours: list[Colour] = []
    position = 0
    stripped = text.rstrip()
    if not stripped.strip():
        raise NotationError("expected Tokens here, such as '2 Bk, 1 Re' or 'BkBkRe'", column=1)
    while position < len(stripped):
        match = _TOKEN_ITEM.match(stripped, position)
        if match is None or match.end() == position:
            raise NotationError(
                f"'{excerpt(stripped[position:].strip())}' is not a list of Tokens; write it like "
                "'2 Bk, 1 Re' or 'BkBkRe'",
                column=position + 1,
            )
        count_text, word = match.group(1), match.group(2)
        count = int(count_text) if count_text else 1
        try:
            found = _read_word(word)
        except NotationError as error:
            raise error.shifted(match.start(2)) from None
        if count_text and len(found) != 1:
            raise NotationError(
                f"a count must be followed by one colour, not '{excerpt(word)}'",
                column=match.start(2) + 1,
            )
        colours.extend(found * count)
        position = match.end()
    return tuple(colours)


def _read_word(word: str) -> list[Colour]:
    single = _ALIASES.get(word.lower())
    if single is not None:
        return [single]
    if len(word) % 2 == 0:
        chunks = [word[i : i + 2] for i in range(0, len(word), 2)]
        if all(chunk.lower() in _ALIASES for chunk in chunks):
            return [_ALIASES[chunk.lower()] for chunk in chunks]
    raise NotationError(
        f"'{excerpt(word)}' is not a Token colour; the codes are "
        + " ".join(c.value for c in Colour),
        column=1,
    )


def render_token_sequence(colours: Iterable[Colour]) -> str:
    """Tokens run together bottom to top, as rule 1.14.1's Token Stacks show them."""
    return "".join(c.value for c in colours)
