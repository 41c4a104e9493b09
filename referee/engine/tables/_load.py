"""Reading one table file of ``rules/<ruleset>/`` and turning its mistakes into clear errors.

Every table is a small TOML file a person can read and diff. A mistake in one must stop the
referee at start-up with the file and the entry named, not surface mid-game as a wrong
price, so each loader validates the whole file through a frozen pydantic model here.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from referee.resources import data_dir

M = TypeVar("M", bound=BaseModel)


class TableError(ValueError):
    """A ruleset table file is malformed; the message names the file and the entry."""


class Row(BaseModel):
    """Base of every table row: immutable, and unknown keys are mistakes, not extras."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def table_path(ruleset: str, filename: str) -> Path:
    """Where ``filename`` of ``ruleset`` lives (installed or in a checkout)."""
    return data_dir("rules") / ruleset / filename


def _where(data: Any, loc: tuple[int | str, ...]) -> str:
    """Describe a pydantic error location, naming list entries by their ``name`` if any."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int) and isinstance(node, list) and key < len(node):
            node = node[key]
            label = f"#{key + 1}"
            if isinstance(node, dict) and "name" in node:
                label += f" ({node['name']!r})"
            parts[-1:] = [f"{parts[-1] if parts else ''} {label}".strip()]
            continue
        parts.append(str(key))
        node = node.get(key) if isinstance(node, dict) else None
    return ": ".join(parts) or "top level"


def parse_table(model: type[M], path: Path, data: dict[str, Any]) -> M:
    """Validate already-read ``data`` from ``path`` as ``model``."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{_where(data, tuple(item['loc']))}: {item['msg']}" for item in error.errors()
        )
        raise TableError(f"{path}: {problems}") from None


def read_table(model: type[M], path: Path) -> M:
    """Read and validate one TOML table file."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise TableError(f"{path}: not valid TOML: {error}") from None
    return parse_table(model, path, data)
