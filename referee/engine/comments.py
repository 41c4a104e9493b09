"""Choices a play states in its comment, as ``label: value`` (rules 1.7.27, 1.7.39 ...).

Several rules let the player say in the Turn's comments what an Action chose: which Tokens
were Given (rule 1.7.27), what was Recycled (rule 1.7.39). The referee reads them as labelled
fields separated by semicolons, ``{giving: 2 Re, 1 Bk; stack: Euston}``, the same form as the
paid-token ``stack:`` of rule 1.4.19 (rules/vanilla/readings.md#r1-4-19).
"""

from __future__ import annotations

import re
from functools import cache

from referee.engine.context import TurnContext
from referee.notation.plays import Play


@cache
def _pattern(label: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(label)}\s*:\s*(?P<value>[^;{{}}]+?)\s*(?:;|$)", re.I)


def field(ctx: TurnContext, label: str) -> str | None:
    """The value the play's comment gives ``label``, or None when it gives none."""
    return field_of(ctx.play, label)


def field_of(play: Play, label: str) -> str | None:
    """The value ``play``'s comment gives ``label``: a choice read back from the record."""
    match = _pattern(label).search(play.comment or "")
    return match.group("value") if match else None
