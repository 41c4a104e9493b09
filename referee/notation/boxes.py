"""The box drawing of the GSD: ``+---+`` borders, ``| cell |`` rows and titled boxes.

Rule 1.2.0 draws the Token Table with ``+``, ``-`` and ``|``; rules 1.2.2 and 1.7.53 draw
titled boxes (``+- Disruptions ----+``, ``+Lost & Found ----+``). These helpers read rows into
cells with their columns and draw the canonical boxes; the sections that use them decide what
the cells mean.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

BOX_WIDTH = 73
"""The width of the titled boxes, as in the Disruptions example of rule 1.2.2."""

_BORDER = re.compile(r"^\+[-+ =]*\+?$")
_TITLED = re.compile(r"^\+\s*+-*+\s*+(?P<title>[A-Za-z&][A-Za-z&' ]*+)\s*-+\s*\+?$")
"""The title takes every letter and space up to the dashes (:func:`box_title` strips the
spaces); taken lazily, each space of a long run was tried with the rest of the run after it,
quadratic in a border line of spaces."""


def is_border(text: str) -> bool:
    """An untitled border line, such as ``+-----+----+`` (also two boxes side by side)."""
    return bool(_BORDER.match(text.strip())) and "-" in text


def box_title(text: str) -> str | None:
    """The title of a titled border line (``+- Disruptions ---+`` gives ``Disruptions``)."""
    match = _TITLED.match(text.strip())
    return match.group("title").strip() if match else None


def cells(text: str) -> list[tuple[int, str]]:
    """The cells of a ``| a | b |`` row as (0-based column of the cell's text, stripped text)."""
    stripped = text.rstrip()
    start = len(text) - len(text.lstrip())
    inner = stripped[start:]
    if inner.startswith("|"):
        inner, start = inner[1:], start + 1
    if inner.endswith("|"):
        inner = inner[:-1]
    result: list[tuple[int, str]] = []
    position = start
    for part in inner.split("|"):
        lead = len(part) - len(part.lstrip())
        result.append((position + lead, part.strip()))
        position += len(part) + 1
    return result


def border(widths: Sequence[int]) -> str:
    """``+-----+----+`` for columns of these inner widths (padding included)."""
    return "+" + "+".join("-" * w for w in widths) + "+"


def row(values: Sequence[str], widths: Sequence[int]) -> str:
    """``| a   | b  |``: each value after one space, padded to its column."""
    return "|" + "|".join(" " + v.ljust(w - 1) for v, w in zip(values, widths, strict=True)) + "|"


def titled_box(title: str, entries: Sequence[str], width: int = BOX_WIDTH) -> list[str]:
    """A titled box holding ``entries`` separated by commas, wrapped to the box's width."""
    top = f"+- {title} "
    lines = [top + "-" * (width - len(top) - 1) + "+"]
    inner = width - 4
    lines.extend(f"| {part.ljust(inner)} |" for part in wrap_list(entries, inner))
    lines.append("+" + "-" * (width - 2) + "+")
    return lines


def wrap_list(entries: Sequence[str], width: int) -> list[str]:
    """Entries joined by ', ' and wrapped to ``width``, breaking only between entries."""
    glued = [entry.replace(" ", "\x00") for entry in entries]
    wrapped = textwrap.wrap(", ".join(glued), width, break_long_words=False,
                            break_on_hyphens=False)  # fmt: skip
    return [part.replace("\x00", " ") for part in wrapped] or [""]
