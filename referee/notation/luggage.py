"""The Luggage Rack (rule 1.4.12 - The Luggage) and the Lost & Found box (rule 1.7.53).

The Luggage Rack is a two-column table: a player's name and eir possessions, separated by
commas. A long list continues on rows whose name cell is blank (the referee wraps at the
table's width). The Lost & Found box is a queue (rule 1.7.53): items in order, front first.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from referee.notation.boxes import border, cells, row, titled_box, wrap_list
from referee.notation.errors import NotationError
from referee.notation.possessions import Possession, parse_possessions
from referee.notation.source import Line, read_rows
from referee.quoting import excerpt

RACK_WIDTH = 56
"""Minimum inner width of the possessions column, as in rule 1.4.12's example."""


class RackEntry(BaseModel):
    """One player's possessions, in the order written."""

    model_config = ConfigDict(frozen=True)

    player: str
    possessions: tuple[Possession, ...] = ()


def parse_rack(lines: Sequence[Line], players: Sequence[str] | None) -> tuple[RackEntry, ...]:
    """Read a Luggage Rack block; with ``players``, each name must be a player of the table."""
    gathered: list[tuple[Line, int, str, list[tuple[Line, int, str]]]] = []
    for line in lines:
        if not line.stripped().startswith("|"):
            continue
        row_cells = cells(line.text)
        if len(row_cells) == 1:  # a row a mail client wrapped after its name, or a bare '|'
            row_cells = [*row_cells, (row_cells[0][0], "")]
        if len(row_cells) != 2:
            raise NotationError(
                "a Luggage Rack row has two cells: | Player | Possessions |",
                line=line.number,
                column=line.column_of(0),
            )
        (name_col, name), (items_col, items) = row_cells
        if name:
            gathered.append((line, name_col, name, [(line, items_col, items)]))
        elif gathered:
            gathered[-1][3].append((line, items_col, items))
        elif items:
            raise NotationError(
                "this Luggage Rack row names no player",
                line=line.number,
                column=line.column_of(name_col),
            )
    entries = []
    for line, name_col, name, parts in gathered:
        player = _player(name, players, line, name_col)
        filled = [part for part in parts if part[2]]
        possessions = read_rows(parse_possessions, filled) if filled else ()
        entries.append(RackEntry(player=player, possessions=possessions))
    return tuple(entries)


def _player(name: str, players: Sequence[str] | None, line: Line, column: int) -> str:
    from referee.notation.actions import parse_player

    clean = " ".join(name.lstrip("*").split())
    if players is None:
        return clean
    try:
        found = parse_player(clean, players)
    except NotationError as error:
        raise error.located(line.number, line.column_of(column) - 1) from None
    if found not in players:
        raise NotationError(
            f"'{excerpt(clean)}' is not a player in this game",
            line=line.number,
            column=line.column_of(column),
        )
    return found


def render_rack(entries: Sequence[RackEntry]) -> list[str]:
    """The canonical Luggage Rack: rule 1.4.12's two columns, long lists wrapped."""
    name_width = max([15, *(len(e.player) + 2 for e in entries)])
    items_width = max([RACK_WIDTH, *(len(p.render()) + 3 for e in entries for p in e.possessions)])
    widths = (name_width, items_width)
    lines = [border(widths)]
    for entry in entries:
        wrapped = wrap_list([p.render() for p in entry.possessions], items_width - 2)
        for number, part in enumerate(wrapped):
            lines.append(row([entry.player if number == 0 else "", part], widths))
    lines.append(border(widths))
    return lines


def parse_lost_and_found(text: str) -> tuple[Possession, ...]:
    """Read the Lost & Found box's items (its rows joined), front of the queue first."""
    return parse_possessions(text)


def render_lost_and_found(items: Sequence[Possession]) -> list[str]:
    """The canonical Lost & Found box of rule 1.7.53."""
    return titled_box("Lost & Found", [item.render() for item in items])
