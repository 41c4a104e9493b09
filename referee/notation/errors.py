"""The one error type of the notation: where the text is unreadable and what to write instead.

Every parser in this package raises :class:`NotationError` and nothing else, so the mail
service can answer a player with the message as it stands. A value parser (a colour, a time,
a play) knows only the text it was given, so it records a column within that text; the GSD
reader then places the error on the line of the posting it came from.
"""

from __future__ import annotations

import re


class NotationError(ValueError):
    """Text a player wrote that the referee cannot read, with where and why.

    ``line`` and ``column`` are 1-based and refer to the text as the player sent it (before
    quote prefixes were stripped); either is ``None`` when not known. ``reason`` is a sentence
    a player can act on; ``str(error)`` prefixes it with the position.
    """

    def __init__(self, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(self.describe())

    def describe(self) -> str:
        """The message as a player reads it: ``line 14, column 9: 'Eustn' is not a station...``."""
        if self.line is None:
            if self.column is None:
                return self.reason
            return f"column {self.column}: {self.reason}"
        if self.column is None:
            return f"line {self.line}: {self.reason}"
        return f"line {self.line}, column {self.column}: {self.reason}"

    def shifted(self, columns: int) -> NotationError:
        """The same error for text that started ``columns`` characters further right."""
        column = None if self.column is None else self.column + columns
        return NotationError(self.reason, line=self.line, column=column)

    def located(self, line: int, column_offset: int = 0) -> NotationError:
        """Place an error from a value parser on ``line`` of the posting.

        ``column_offset`` is where the value's text began on that line (0-based).
        """
        if self.line is not None:
            return self
        column = column_offset + (self.column or 1)
        return NotationError(self.reason, line=line, column=column)


_POSITION = re.compile(r"(line|column) \d+[,:]")


def positioned(sentence: str) -> bool:
    """Whether a refusal's sentence gives a position, as :meth:`NotationError.describe` writes
    one, so that an answer explains how positions count only when there is one to read."""
    return _POSITION.match(sentence) is not None
