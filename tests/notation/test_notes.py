"""Referee's notes in a play's comment (rules 1.7.42, 1.7.53): parse and render as a pair, and
the comments the referee wrote before they were typed read and render the same."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.notation.errors import NotationError
from referee.notation.notes import LostPiece, NotedComment, NoteKind, RefereeNote
from tests.notation import strategies as gen

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_why = st.sampled_from(["upkeep unpaid", "Piece A moved onto Earl's Court",
                        "Piece B was put on it at Angel"])  # fmt: skip
_found = st.sampled_from(["nothing", "Sent to the Tower", "2 Br", "Hat (B)", "Drone Stick",
                          "nothing: the Lost & Found Box is empty"])  # fmt: skip
_lost = st.builds(LostPiece, player=gen.player_names, piece=st.sampled_from(["A", "B"]), why=_why)
notes = st.one_of(
    st.lists(_lost, min_size=1, max_size=3).map(lambda items: RefereeNote.destroyed(tuple(items))),
    st.builds(RefereeNote.finding, st.integers(0, 120), _found),
    st.builds(RefereeNote.skidded, st.sampled_from(["Holborn (CN)", "Bond Street (JL)"])),
)
player_words = st.one_of(
    st.none(),
    st.sampled_from(["upkeep: Bk", "finding: 40", "stack: Euston; giving: 2 Re", "well played"]),
    gen.words,
)


@SETTINGS
@given(notes)
def test_1_7_42_1_7_53_note_round_trip(note: RefereeNote) -> None:
    assert RefereeNote.parse(note.render()) == note


@SETTINGS
@given(player_words, st.lists(notes, max_size=2, unique_by=lambda n: n.kind))
def test_1_7_42_1_7_53_noted_comment_round_trip(
    words: str | None, written: list[RefereeNote]
) -> None:
    comment = NotedComment(words=words, notes=tuple(written))
    assert NotedComment.parse(comment.render()) == comment


@pytest.mark.parametrize("stored", [
    "destroyed: Rushton's B (upkeep unpaid)",
    "upkeep: Bk; destroyed: Rushton's B (upkeep unpaid), Cryer's A (Piece B moved through Bank)",
    "found: 47 (Sent to the Tower)",
    "finding: 40; found: 3 (nothing)",
    "found: 95 (Hat (B)); destroyed: O'Brien's B (Piece A was put on it at Earl's Court)",
    "claim: Red from Cryer; skidded: Holborn (CN)",
])  # fmt: skip
def test_1_7_42_1_7_53_stored_notes_read_and_render_the_same(stored: str) -> None:
    """A comment the referee wrote before notes were typed is read into notes and renders
    back character for character (stored GSDs read the same)."""
    comment = NotedComment.parse(stored)
    assert comment.notes
    assert comment.render() == stored


def test_1_7_53_a_note_is_read_by_kind() -> None:
    comment = NotedComment.parse("stack: Euston; found: 47 (Sent to the Tower)")
    assert comment.words == "stack: Euston"
    assert comment.note(NoteKind.FOUND) == RefereeNote.finding(47, "Sent to the Tower")
    assert comment.note(NoteKind.DESTROYED) is None


def test_1_7_53_a_new_note_replaces_one_of_its_kind_and_goes_last() -> None:
    comment = NotedComment.parse("found: 1 (nothing); destroyed: Rushton's B (upkeep unpaid)")
    later = comment.with_note(RefereeNote.finding(20, "nothing")).render()
    assert later == "destroyed: Rushton's B (upkeep unpaid); found: 20 (nothing)"


def test_1_7_42_an_unreadable_note_is_not_left_among_the_words() -> None:
    """A segment labelled as a note that does not read as one is neither a note nor the
    player's words: stripping it is how a forged note is dropped."""
    comment = NotedComment.parse("hello; destroyed: everything; found: lots")
    assert comment == NotedComment(words="hello")


@pytest.mark.parametrize("text", ["destroyed:", "found: many (things)", "lost: 3 (x)",
                                  "destroyed: Rushton's C (why)", "skidded:"])  # fmt: skip
def test_1_7_42_1_7_53_malformed_notes_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        RefereeNote.parse(text)
