"""What a page is and what a kind of game supplies: the web's own seam for kinds of game.

Kept apart from :mod:`referee.web.kinds` (the registry) so each kind's pages may live in a
module of its own (:mod:`referee.web.ifmud`, :mod:`referee.web.london`) and the registry
import them all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sqlalchemy.orm import Session

from referee.web import reading


@dataclass(frozen=True)
class Page:
    """A page to render: a template under ``templates/web/`` and what it shows."""

    template: str
    context: dict[str, Any]


class GameKind(ABC):
    """The pages of one kind of game; :class:`referee.web.kinds.MorningtonNomic` is the
    first kind."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""

    @abstractmethod
    def handles(self, game: reading.GameRow) -> bool:
        """Whether this kind draws ``game``."""

    @abstractmethod
    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        """The pages of ``game`` besides its main page, relative to ``games/<number>/``."""

    @abstractmethod
    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        """The game's main page, ``games/<number>.html``."""

    @abstractmethod
    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        """One of :meth:`paths`, or None for a path the game does not have."""


__all__ = ["GameKind", "Page"]
