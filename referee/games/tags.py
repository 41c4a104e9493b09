"""A game's name in mail: its kind's short tag and its number, ``[MC 12]`` in a subject.

Players name a game by this tag in the subject of direct mail, and every subject the referee
writes starts with it, so a mail client sorts a game's mail together. Each kind of game has
its own tag (``GameKind.tag``); numbers are unique across kinds, so the number alone decides
the game and the tag only says which kind it is. A subject is read for any tag in ``tags``
(a player copying another game's subject may carry the wrong kind's tag, and is still
understood); the referee always writes the game's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_PATTERN = r"\[\s*({tags})\s*(\d+)\s*\]"


@dataclass(frozen=True)
class GameTag:
    """``MC 12``: the tag of a kind of game and one game's number."""

    kind: str
    number: int

    def __str__(self) -> str:
        """The name a sentence uses: ``game MC 12``."""
        return f"{self.kind} {self.number}"

    def render(self) -> str:
        """The subject tag: ``[MC 12]``."""
        return f"[{self}]"

    def subject(self, text: str) -> str:
        """A subject about this game: ``[MC 12] Game over``."""
        return f"{self.render()} {text}".strip()

    @classmethod
    def parse(cls, subject: str, tags: Iterable[str]) -> GameTag | None:
        """The first tag in ``subject`` whose kind is one of ``tags`` (any case, spaces
        allowed inside the brackets), spelled as ``tags`` spells it; None if there is none."""
        spelling = {tag.upper(): tag for tag in tags}
        match = _pattern(spelling).search(subject)
        return cls(spelling[match.group(1).upper()], int(match.group(2))) if match else None

    def retag(self, subject: str, tags: Iterable[str]) -> str:
        """``subject`` carrying this game's own tag: a tag of any kind in ``tags`` naming this
        game's number is written as this game's (a player copied another kind's subject), and
        a subject with none is given it in front."""
        spelling = {tag.upper(): tag for tag in tags} | {self.kind.upper(): self.kind}
        found = False

        def own(match: re.Match[str]) -> str:
            nonlocal found
            if int(match.group(2)) != self.number:
                return match.group(0)
            found = True
            return self.render()

        written = _pattern(spelling).sub(own, subject)
        return written if found else self.subject(subject)


def _pattern(spelling: dict[str, str]) -> re.Pattern[str]:
    """Any of the tags (longest first, so one that begins another is not cut short)."""
    alternatives = "|".join(re.escape(t) for t in sorted(spelling, key=len, reverse=True))
    return re.compile(_PATTERN.format(tags=alternatives or "(?!)"), re.IGNORECASE)
