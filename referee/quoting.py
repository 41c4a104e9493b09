"""Player text as an answer quotes it back: the start of it, never the whole.

A refusal names what it could not read or accept ("'Eustn' is not a station"), so the player
sees what to fix. A player may paste a whole letter on one line, up to the listener's size
limit; quoted whole, the answer would carry the megabyte back to the player (and, from a
list, to every member). Every refusal quotes the player's words through :func:`excerpt`,
which keeps enough of the start to recognise and marks the cut.
"""

from __future__ import annotations

EXCERPT_LENGTH = 80
"""Most characters of the player's text an answer quotes: a line and a little of a mail."""
CUT = "..."
"""What ends an excerpt that left text out (plain ASCII, as every answer is readable as)."""


def excerpt(text: str, length: int = EXCERPT_LENGTH) -> str:
    """``text`` as an answer quotes it: whole up to ``length`` characters, else its first
    ``length`` characters (trailing spaces dropped) followed by :data:`CUT`."""
    if len(text) <= length:
        return text
    return text[:length].rstrip() + CUT
