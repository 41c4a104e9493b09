"""Where the data folders (maps/, rules/, templates/) are, installed or in a checkout.

The folders live at the top of the repository so a person can read and diff them; a wheel
carries them under ``referee/_data``. Code asks here rather than guessing paths.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

DataFolder = Literal["maps", "rules", "templates"]

_PACKAGE = Path(__file__).resolve().parent


def data_dir(folder: DataFolder) -> Path:
    """Return the directory holding one of the project's data folders.

    An installed wheel has them under ``referee/_data``; an editable install or a checkout
    has them beside the package.
    """
    for candidate in (_PACKAGE / "_data" / folder, _PACKAGE.parent / folder):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {folder}/ data folder is not installed with referee")
