"""Rule 1.2.1 - Doasyouwouldbedoneby: the player's own update of the GSD, beside the referee's.

Rule 1.2.1 asks the player on eir Turn to bring the GSD up to date with everything the Turn
did. The referee never uses the player's copy (it judges the play against the stored GSD), but
when a player did update the tables and they differ from the referee's result, e is told each
difference as a line e can act on, never as a refusal: the turn stands as the referee judged
it. Tables that are just the stored ones (not updated) draw no remark.

Pure: GSD texts in, sentences out.
"""

from __future__ import annotations

from referee.notation.errors import NotationError
from referee.notation.gsd import GSD, read_posting
from referee.notation.table import PlayerRow
from referee.notation.tokens import ORDER

_FIELDS: tuple[tuple[str, str], ...] = (
    ("LV", "rule 1.6.1 - Line Velocity"),
    ("Charge", "rule 1.19.2 - Charge"),
)


def differences(posted: str, stored: str | None, result: str) -> tuple[str, ...]:
    """Each way the tables in ``posted`` differ from the referee's ``result``, when they
    were updated (differ from ``stored``); nothing when the posting carries no tables or
    either GSD cannot be read."""
    try:
        mine = read_posting(posted).gsd
        if mine is None:  # the play alone: no tables to compare (and no GSD parsed for it)
            return ()
        theirs = GSD.parse(result, kept=True)
        before = GSD.parse(stored, kept=True) if stored else None
    except NotationError:
        return ()
    if before is not None and _tables(mine) == _tables(before):
        return ()
    lines: list[str] = []
    rows = {row.name.lower(): row for row in mine.players}
    for row in theirs.players:
        written = rows.get(row.name.lower())
        if written is not None:
            lines += _row_differences(written, row)
    if mine.time is not None and theirs.time is not None and mine.time != theirs.time:
        lines.append(
            f"Game Time: you wrote {mine.time.render()}, the referee has "
            f"{theirs.time.render()} (rule 1.13.1 - The Richard Whiteley Experience)"
        )
    return tuple(lines)


def _tables(gsd: GSD) -> tuple[object, ...]:
    return (gsd.players, gsd.time)


def _row_differences(written: PlayerRow, kept: PlayerRow) -> list[str]:
    lines = []
    for label, rule in _FIELDS:
        mine, theirs = getattr(written, label.lower()), getattr(kept, label.lower())
        if mine != theirs:
            lines.append(
                f"{kept.name}'s {label}: you wrote {mine}, the referee has {theirs} ({rule})"
            )
    for colour in ORDER:
        mine, theirs = written.tokens[colour], kept.tokens[colour]
        if mine != theirs:
            lines.append(
                f"{kept.name}'s {colour.word} Tokens: you wrote {mine}, the referee has "
                f"{theirs} (rule 1.4.1 - Token Gesture)"
            )
    return lines
