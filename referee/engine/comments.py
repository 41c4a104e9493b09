"""Choices a play states in its comment, as ``label: value`` (rules 1.7.27, 1.7.39 ...).

Several rules let the player say in the Turn's comments what an Action chose: which Tokens
were Given (rule 1.7.27), what was Recycled (rule 1.7.39). The referee reads them as labelled
fields separated by semicolons, ``{giving: 2 Re, 1 Bk; stack: Euston}``, the same form as the
paid-token ``stack:`` of rule 1.4.19 (rules/vanilla/readings.md#r1-4-19).

The referee writes notes of its own there too (``destroyed:``, rule 1.7.42; ``found:``, rule
1.7.53): typed as :class:`~referee.notation.notes.RefereeNote`, written with
:func:`write_note`, read back from the record with :func:`note_of`. The pipeline strips them
from a posted play (:func:`strip_notes`) before judging it, so a player cannot forge one.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from referee.engine.context import TurnContext
from referee.notation.notes import NotedComment, NoteKind, RefereeNote, has_note_label
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


@lru_cache(maxsize=1024)
def _noted(comment: str | None) -> NotedComment:
    return NotedComment.parse(comment)


def noted(play: Play) -> NotedComment:
    """``play``'s comment as the player's words and the referee's notes."""
    return _noted(play.comment)


def note_of(play: Play, kind: NoteKind) -> RefereeNote | None:
    """The referee's note of ``kind`` on ``play`` (only the referee writes one: see
    :func:`strip_notes`), or None."""
    if not has_note_label(play.comment):
        return None
    return noted(play).note(kind)


def write_note(ctx: TurnContext, note: RefereeNote) -> None:
    """Write ``note`` into the play's comment, in place of any earlier note of its kind."""
    comment = noted(ctx.play).with_note(note).render()
    ctx.play = ctx.play.model_copy(update={"comment": comment})


def strip_notes(play: Play) -> Play:
    """``play`` without any segment of its comment labelled as a referee's note: the one
    place a note a player wrote is dropped, before the Turn is judged, so none is forged."""
    if not has_note_label(play.comment):
        return play
    return play.model_copy(update={"comment": noted(play).without_notes().render()})
