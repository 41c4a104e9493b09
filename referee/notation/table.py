"""The Token Table at the top of the GSD (rule 1.2.0 - The Game State Document).

One row per player in order of play (rule 1.1.8: the table's order is the Playing Order):
name, with ``*`` before an Inactive player's name; Home station; Line Velocity; Charge
(rule 1.19.2); and the seven token counts under the column codes Bk Bu Br Go Gr Re Si. The
header's colour row is read for the column order, so a table written with old spellings
(``Bl``, ``Gd``) or another order is read correctly; the referee writes rule 1.2.0's order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from referee.notation.boxes import border, cells, row
from referee.notation.errors import NotationError
from referee.notation.places import parse_station
from referee.notation.source import Line
from referee.notation.tokens import ORDER, Colour, TokenCounts
from referee.quoting import excerpt

CHARGE_LIMIT = 999
"""Rule 1.19.2 - Charge: a signed whole percentage held between -999% and 999%."""


class PlayerRow(BaseModel):
    """One player's line of the Token Table; Charge is the percentage of rule 1.19.2."""

    model_config = ConfigDict(frozen=True)

    name: str
    inactive: bool = False
    home: str | None = None
    lv: int = 0
    charge: int = Field(default=0, ge=-CHARGE_LIMIT, le=CHARGE_LIMIT)
    tokens: TokenCounts = TokenCounts()


_INT = re.compile(r"^[+-]?\d+$")
_MIN_WIDTHS = (15, 19, 4, 4, 22)


def parse_table(lines: Sequence[Line]) -> tuple[PlayerRow, ...]:
    """Read the rows of a Token Table block (borders, header and player rows)."""
    order: tuple[Colour, ...] = ORDER
    players: list[PlayerRow] = []
    seen: set[str] = set()
    for line in lines:
        if not line.stripped().startswith("|"):
            continue
        row_cells = cells(line.text)
        first = row_cells[0][1].lower() if row_cells else ""
        # The colour codes sit in the Tokens column, or in seven columns of their own.
        codes = _colour_header(" ".join(text for _, text in row_cells[4:])) or _colour_header(
            row_cells[-1][1]
        )
        if first in ("player", "players", "name") or (not first and codes):
            if codes:
                order = codes
            continue
        if not any(text for _, text in row_cells):
            continue
        player = _parse_row(line, row_cells, order)
        if player.name.lower() in seen:
            raise NotationError(
                f"'{excerpt(player.name)}' has two rows in the Token Table",
                line=line.number,
                column=1,
            )
        seen.add(player.name.lower())
        players.append(player)
    return tuple(players)


def _colour_header(text: str) -> tuple[Colour, ...] | None:
    words = text.split()
    if len(words) != 7:
        return None
    try:
        colours = tuple(Colour.parse(word) for word in words)
    except NotationError:
        return None
    return colours if len(set(colours)) == 7 else None


def _parse_row(
    line: Line, row_cells: list[tuple[int, str]], order: tuple[Colour, ...]
) -> PlayerRow:
    if len(row_cells) > 5:
        rest = row_cells[4:]
        joined = " ".join(text for _, text in rest)
        row_cells = [*row_cells[:4], (rest[0][0], joined)]
    if len(row_cells) != 5:
        raise NotationError(
            "a Token Table row has five columns: | Player | Home | LV | Ch | Tokens |",
            line=line.number,
            column=line.column_of(0),
        )
    (name_col, name), (home_col, home), (lv_col, lv), (ch_col, charge) = row_cells[:4]
    tok_col, tokens = row_cells[4]
    inactive = name.startswith("*")
    name = " ".join(name.lstrip("*").split())
    if not name:
        raise NotationError(
            "this Token Table row has no player name",
            line=line.number,
            column=line.column_of(name_col),
        )
    home_station = None
    if home and home != "-":
        try:
            home_station = parse_station(home)
        except NotationError as error:
            raise error.located(line.number, line.column_of(home_col) - 1) from None
    numbers = []
    for column, text, what in ((lv_col, lv, "LV"), (ch_col, charge, "Charge")):
        value = text.replace(" ", "") or "0"
        if what == "Charge":
            value = value.removesuffix("%")  # rule 1.19.2: a signed whole percentage
        if not _INT.match(value):
            raise NotationError(
                f"the {what} of {name} must be a whole number, not '{excerpt(text)}'",
                line=line.number,
                column=line.column_of(column),
            )
        if what == "Charge" and abs(int(value)) > CHARGE_LIMIT:
            raise NotationError(
                f"the Charge of {name} is {value}%, beyond the {CHARGE_LIMIT}% of rule 1.19.2",
                line=line.number,
                column=line.column_of(column),
            )
        numbers.append(int(value))
    counts = tokens.split()
    if len(counts) != 7 or not all(c.isdigit() for c in counts):
        raise NotationError(
            f"{name}'s Tokens must be seven whole numbers under Bk Bu Br Go Gr Re Si, "
            f"not '{excerpt(tokens)}'",
            line=line.number,
            column=line.column_of(tok_col),
        )
    by_colour = dict(zip(order, (int(c) for c in counts), strict=True))
    return PlayerRow(
        name=name,
        inactive=inactive,
        home=home_station,
        lv=numbers[0],
        charge=numbers[1],
        tokens=TokenCounts.from_tuple(tuple(by_colour[c] for c in ORDER)),
    )


def render_table(players: Sequence[PlayerRow]) -> list[str]:
    """The canonical Token Table: rule 1.2.0's columns, widened to fit the longest entry."""
    columns = [
        [p.name for p in players],
        [p.home or "" for p in players],
        [str(p.lv) for p in players],
        [str(p.charge) for p in players],
        [p.tokens.row() for p in players],
    ]
    widths = [
        max([minimum, *(len(text) + 2 for text in texts)])
        for minimum, texts in zip(_MIN_WIDTHS, columns, strict=True)
    ]
    lines = [border(widths)]
    lines.append(row(["Player", "Home", "LV", "Ch", "Tokens"], widths))
    lines.append(row(["", "", "", "", " ".join(f"{c.value:>2}" for c in ORDER)], widths))
    lines.append(border(widths))
    for player in players:
        values = [
            "",
            player.home or "",
            str(player.lv).rjust(widths[2] - 2),
            str(player.charge).rjust(widths[3] - 2),
            player.tokens.row(),
        ]
        text = row(values, widths)
        mark = "*" if player.inactive else " "
        lines.append("|" + mark + player.name.ljust(widths[0] - 1) + text[widths[0] + 1 :])
    lines.append(border(widths))
    return lines
