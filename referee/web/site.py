"""The site: every page by its path, cached, served live or written out as static files.

Paths are file names (``index.html``, ``games/12.html``, ``games/12/turn-3.html``,
``games/12/chamber.html`` for a game with a chamber) and every
link is relative, so the very same bytes work behind ``referee web`` and from a folder any web
server publishes (``referee web build DIR``).

Caching: a page is kept with its *stamp*, everything it shows that can change (a game's
version, status, deadline, buzzes, seats), read afresh with a few small queries on each
request; a page whose stamp has not moved is served as it was rendered. Underneath, each GSD is
parsed once per text and each map drawn once per game version or turn, so a page that must be
rendered again (a new turn moves the game's stamp) reuses the turns it shares with the last.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from sqlalchemy.orm import Session, sessionmaker

from referee.resources import data_dir
from referee.service import ledger
from referee.store.wall_clock import Clock, utcnow
from referee.web import reading
from referee.web.kinds import LRU, Page, kind_of, shows_state

CSS = "site.css"
CHAMBER = "chamber.html"
"""A game's chamber page (ifMUD Nomic rules 10-42, 128), under ``games/<number>/``."""
PAGE_BUDGET = 64 * 1024 * 1024
"""Bytes of rendered pages kept: a long game's turn pages are some 100 kB each."""
_GAME = re.compile(r"^games/(?P<number>\d+)\.html$")
_SUB = re.compile(r"^games/(?P<number>\d+)/(?P<page>[A-Za-z0-9._-]+\.html)$")
MEDIA = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True)
class Rendered:
    body: bytes
    media_type: str


def when(moment: datetime | None) -> str:
    """A stored (naive UTC) time as the pages print it."""
    return "" if moment is None else f"{moment:%Y-%m-%d %H:%M} UTC"


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_dir("templates") / "web"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = when
    return env


class Site:
    """Every public page of the games in one database."""

    def __init__(
        self, factory: sessionmaker[Session], *, base_url: str = "", clock: Clock = utcnow
    ) -> None:
        self.factory = factory
        self.base_url = base_url.rstrip("/")
        self.clock = clock
        """The moment a chamber's tally is read at: silence counts as aye after 72 hours."""
        self._pages: LRU[str, tuple[Hashable, Rendered]] = LRU(
            4096, weigh=lambda entry: len(entry[1].body), budget=PAGE_BUDGET
        )

    def render(self, path: str) -> Rendered | None:
        """The page at ``path`` (``""`` is the list of games), or None if there is none."""
        path = path.lstrip("/") or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if path == CSS:
            return Rendered(_css(), MEDIA[".css"])
        with self.factory() as session:
            found = self._page(session, path)
            if found is None:
                return None
            stamp, make = found
            cached = self._pages.peek(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
            page = make()
            if page is None:
                return None
            rendered = Rendered(self._fill(path, page).encode(), MEDIA[".html"])
        self._pages.put(path, (stamp, rendered))
        return rendered

    def _page(
        self, session: Session, path: str
    ) -> tuple[Hashable, Callable[[], Page | None]] | None:
        if path == "index.html":
            games = reading.games(session)
            listed = tuple((g.id, g.stamp) for g in games)
            return listed, lambda: Page("index.html.j2", {"games": games})
        if path == "points.html":
            ended = _ended_stamp(session)
            return ended, lambda: Page("points.html.j2", {"standing": ledger.standing(session)})
        if path == "archive.html":
            ended = _ended_stamp(session)
            return ended, lambda: Page("archive.html.j2", {"entries": _archive(session)})
        match = _GAME.match(path) or _SUB.match(path)
        if match is None:
            return None
        game = reading.game(session, int(match.group("number")))
        if game is None:
            return None
        chamber = reading.chamber(session, game.id, self.clock())
        stamp = (
            game.stamp,
            tuple(reading.buzzes(session, game.id)),
            tuple(reading.seats(session, game.id)),
            chamber.stamp if chamber is not None else None,
        )
        kind = kind_of(game)
        if "page" not in match.groupdict():
            return stamp, lambda: _with_chamber(kind.game_page(session, game), chamber)
        sub = match.group("page")
        if sub == CHAMBER:
            if chamber is None:
                return None
            context = {"game": game, "chamber": chamber, "rulebook": shows_state(game)}
            return stamp, lambda: Page("chamber.html.j2", context)
        return stamp, lambda: kind.sub_page(session, game, sub)

    def _fill(self, path: str, page: Page) -> str:
        depth = path.count("/")
        context: dict[str, Any] = {
            "root": "../" * depth,
            "path": path,
            "base_url": self.base_url,
            **page.context,
        }
        return environment().get_template(page.template).render(**context)

    def paths(self) -> list[str]:
        """Every page of the site, for a static build."""
        found = ["index.html", "points.html", "archive.html", CSS]
        with self.factory() as session:
            for game in reading.games(session):
                found.append(f"games/{game.number}.html")
                turns = reading.turns(session, game.id)
                kind = kind_of(game)
                found += [f"games/{game.number}/{sub}" for sub in kind.paths(game, turns)]
                if reading.chamber(session, game.id, self.clock()) is not None:
                    found.append(f"games/{game.number}/{CHAMBER}")
        return found

    def build(self, directory: Path) -> list[Path]:
        """Write every page under ``directory``; the files written."""
        written: list[Path] = []
        for path in self.paths():
            rendered = self.render(path)
            if rendered is None:
                continue
            target = directory / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(rendered.body)
            written.append(target)
        return written


def _with_chamber(page: Page, chamber: reading.ChamberView | None) -> Page:
    """A game's main page, with a link to its chamber's page when it has one."""
    return Page(page.template, {**page.context, "chamber": chamber})


def _archive(session: Session) -> list[tuple[ledger.ArchiveEntry, bool]]:
    """The Game Archive (rule 1.1.5), each entry with whether its final state may be shown."""
    shown = {g.number: shows_state(g) for g in reading.games(session)}
    return [(entry, shown.get(entry.number, False)) for entry in ledger.archive(session)]


def _ended_stamp(session: Session) -> Hashable:
    return tuple(
        (g.id, g.status, g.ended_at, g.winner, g.version)
        for g in reading.games(session)
        if g.phase == "ended"
    )


@cache
def _css() -> bytes:
    return (data_dir("templates") / "web" / CSS).read_bytes()
