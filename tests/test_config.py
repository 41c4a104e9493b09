"""The operator configures everything from ``REFEREE_*`` variables, so the README's table of
them is the only manual: every setting the service reads is in it."""

from __future__ import annotations

import re
from pathlib import Path

from referee.config import Settings

README = Path(__file__).resolve().parents[1] / "README.md"


def _table_rows() -> str:
    text = README.read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if line.startswith("| `REFEREE_"))


def _named(field: str, rows: str) -> bool:
    """A row names ``REFEREE_X`` itself, or as ``_X`` beside its family's first name."""
    variable = f"REFEREE_{field.upper()}"
    if f"`{variable}`" in rows:
        return True
    family, _, rest = field.partition("_")
    return bool(re.search(rf"`REFEREE_{family.upper()}_[A-Z_]+`.*`_{rest.upper()}`", rows))


def test_every_setting_is_in_the_readmes_table_of_variables() -> None:
    rows = _table_rows()
    missing = [name for name in Settings.model_fields if not _named(name, rows)]
    assert missing == []
