"""Notes the referee writes into a play's comment, and the player's own words beside them.

Some outcomes a later reader of the record cannot work out from the play alone, because they
hung on the dice or on the Token Table of that moment. The referee writes them into the
comment of the play that made them, as a summary posted with the Turn would be:

- ``destroyed: Rushton's B (upkeep unpaid)`` (rule 1.7.42 - Me and My Shadow): the Pieces of
  Bifurcated players the play destroyed, each with why;
- ``found: 47 (Sent to the Tower)`` (rule 1.7.53 - Lost & Found): the roll at the Lost
  Property Office and what it found;
- ``skidded: Bond Street (CN)`` (rule 1.20.6 - Soap on the Tracks): where a Shunter who
  skidded along a Soaped Line with the Shunted ended, since whether the Line was Soaped then
  is not in the play.

A note is a segment of the comment (segments are separated by ``;``) that begins with its
label. :class:`NotedComment` splits a comment into the player's words and the referee's
notes and renders them back, the words first and the notes in the order written. Only the
referee writes a note: the engine strips every segment that carries a note's label from the
comment a player posts before it judges the Turn (readable or not), so a note can never be
forged. (Rule 1.9.6's Kafka Sinkhole writes its outcome in Disruptions, ``Sunk:``, which no
player writes at all: see :mod:`referee.notation.disruptions`.)
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from referee.notation.errors import NotationError
from referee.quoting import excerpt


class NoteKind(StrEnum):
    """The kinds of note, by the label they are written with."""

    DESTROYED = "destroyed"
    FOUND = "found"
    SKIDDED = "skidded"


_SEGMENT = re.compile(r"(?:^|;)\s*(?:destroyed|found|skidded)\s*:[^;]*", re.I)
_LABEL = re.compile(r"^\s*(?P<label>destroyed|found|skidded)\s*:\s*(?P<body>.*?)\s*$", re.I)
_LOST = re.compile(r"\s*(?P<player>[^,;:{}()]+?)'s (?P<piece>[AB]) \((?P<why>[^;{}()]*)\)\s*")
_FOUND = re.compile(r"(?P<roll>\d+)\s*\((?P<what>[^;{}]*)\)")


class LostPiece(BaseModel):
    """One destroyed Piece of a Bifurcated player (rule 1.7.42): ``Rushton's B (why)``."""

    model_config = ConfigDict(frozen=True)

    player: str
    piece: Literal["A", "B"]
    why: str

    def render(self) -> str:
        return f"{self.player}'s {self.piece} ({self.why})"


class RefereeNote(BaseModel):
    """One note of the referee: its ``kind`` and the fields that kind uses (``lost`` for
    ``destroyed:``; ``roll`` and ``found`` for ``found:``)."""

    model_config = ConfigDict(frozen=True)

    kind: NoteKind
    lost: tuple[LostPiece, ...] = ()
    roll: int = 0
    found: str = ""
    place: str = ""

    @classmethod
    def destroyed(cls, lost: tuple[LostPiece, ...]) -> RefereeNote:
        return cls(kind=NoteKind.DESTROYED, lost=lost)

    @classmethod
    def finding(cls, roll: int, found: str) -> RefereeNote:
        return cls(kind=NoteKind.FOUND, roll=roll, found=found)

    @classmethod
    def skidded(cls, place: str) -> RefereeNote:
        return cls(kind=NoteKind.SKIDDED, place=place)

    @classmethod
    def parse(cls, text: str) -> RefereeNote:
        """Read one note, ``destroyed: Rushton's B (upkeep unpaid)`` or ``found: 47 (...)``."""
        labelled = _LABEL.match(text)
        if labelled is None:
            raise NotationError(f"{excerpt(text)!r} is not a referee's note")
        body = labelled.group("body")
        if labelled.group("label").casefold() == NoteKind.SKIDDED:
            if not body:
                raise NotationError(f"a skid is noted as 'skidded: Bond Street (CN)', not {text!r}")
            return cls.skidded(body)
        if labelled.group("label").casefold() == NoteKind.FOUND:
            found = _FOUND.fullmatch(body)
            if found is None:
                raise NotationError(f"a find is noted as 'found: 47 (what)', not {excerpt(text)!r}")
            return cls.finding(int(found.group("roll")), found.group("what"))
        items = body.split(", ")
        lost = [_LOST.fullmatch(item) for item in items]
        if not body or any(m is None for m in lost):
            raise NotationError(f"a destruction is noted as \"destroyed: Rushton's B (why)\", "
                                f"not {excerpt(text)!r}")  # fmt: skip
        return cls.destroyed(tuple(
            LostPiece(player=m.group("player"), piece=m.group("piece"),
                      why=m.group("why"))
            for m in lost if m is not None
        ))  # fmt: skip

    def render(self) -> str:
        if self.kind is NoteKind.FOUND:
            return f"found: {self.roll} ({self.found})"
        if self.kind is NoteKind.SKIDDED:
            return f"skidded: {self.place}"
        return "destroyed: " + ", ".join(item.render() for item in self.lost)


class NotedComment(BaseModel):
    """A play's comment as the player's ``words`` and the referee's ``notes``."""

    model_config = ConfigDict(frozen=True)

    words: str | None = None
    notes: tuple[RefereeNote, ...] = ()

    @classmethod
    def parse(cls, comment: str | None) -> NotedComment:
        """Split ``comment``: the segments labelled as notes are the referee's (one that does
        not read as a note is dropped, never left among the words), the rest the player's."""
        if not comment:
            return cls(words=comment)
        notes: list[RefereeNote] = []
        for segment in _SEGMENT.finditer(comment):
            try:
                notes.append(RefereeNote.parse(segment.group().lstrip(";")))
            except NotationError:
                continue
        words = _SEGMENT.sub("", comment).strip().strip(";").strip()
        return cls(words=words or None, notes=tuple(notes))

    def render(self) -> str | None:
        parts = [*([self.words] if self.words else []), *(note.render() for note in self.notes)]
        return "; ".join(parts) or None

    def note(self, kind: NoteKind) -> RefereeNote | None:
        """The note of ``kind``, if the referee wrote one."""
        return next((n for n in self.notes if n.kind is kind), None)

    def with_note(self, note: RefereeNote) -> NotedComment:
        """These words and notes with ``note`` in place of any of its kind, written last."""
        kept = tuple(n for n in self.notes if n.kind is not note.kind)
        return self.model_copy(update={"notes": (*kept, note)})

    def without_notes(self) -> NotedComment:
        return self.model_copy(update={"notes": ()})


def has_note_label(comment: str | None) -> bool:
    """Whether ``comment`` has a segment labelled as a referee's note (cheap pre-check)."""
    return bool(comment) and _SEGMENT.search(comment or "") is not None


__all__ = ["LostPiece", "NoteKind", "NotedComment", "RefereeNote", "has_note_label"]
