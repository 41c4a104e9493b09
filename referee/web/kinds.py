"""Game kinds: each kind supplies the pages of its own games.

The site (:mod:`referee.web.site`) draws what every game shares: the list of games, the points
table and the Game Archive. What a game's own pages hold depends on what is played: a
Mornington Nomic game shows a map and a GSD, another kind will show its own board. A kind is a
:class:`GameKind`: it says which games it draws, lists their pages (paths under
``games/<number>/``) and renders each from the store's public rows; :data:`KINDS` is the
registry, asked in order, the way python-chess finds a variant by name.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from markupsafe import Markup, escape
from sqlalchemy.orm import Session

from referee.engine.history import History, derive
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import whose_turn
from referee.games.mornington import NAME as MORNINGTON
from referee.network.mapfile import load_map
from referee.notation.action_index import ActionIndex
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD
from referee.service import gsd_edits
from referee.service.replaying import Judges
from referee.store.models import Game
from referee.variants import UnknownVariantError, find_variant
from referee.variants.game_settings import GameSettings, catalogue
from referee.web import reading
from referee.web.ifmud import IfmudPages
from referee.web.london import LondonPages
from referee.web.lru import LRU
from referee.web.mapsvg import Marks, draw_map, piece_colours, piece_id, read_marks
from referee.web.moves import move_route
from referee.web.page import GameKind, Page


@dataclass(frozen=True)
class Picture:
    """A GSD as the pages show it: the SVG and the same facts as text."""

    svg: str
    positions: tuple[tuple[str, str, str, str], ...]
    """(piece key, where as text, piece colour, element id), in seat order."""
    unplaced: tuple[str, ...]
    """Players whose Piece is not on the Map yet (rule 1.1.8)."""
    marks: Marks
    whose_turn: str | None
    stacks: tuple[tuple[str, str], ...]


def turn_slug(turn: reading.TurnRow) -> str:
    """``turn-7.html``; a turn later taken back or undone keeps its own page beside the turn
    that replaced it."""
    if turn.status == "applied":
        return f"turn-{turn.number}.html"
    return f"turn-{turn.number}-{turn.status}-{turn.id}.html"


def ruleset_of(game: reading.GameRow) -> Ruleset:
    """The ruleset the game is judged under (rule 1.1.2): the first named variant of a
    Special Rules game, as the turn desk chooses it, else Volume 1."""
    if not game.variants:
        return VANILLA
    try:
        return find_variant(game.variants[0])()
    except UnknownVariantError:
        return VANILLA


def published_ruleset(variants: Sequence[str], stored: Mapping[str, str]) -> Ruleset:
    """The ruleset a game's turns are judged under before any amendment: rule 1.1.2's
    variant, as the turn desk chooses it, with the readings the Speaker set for the game
    (``referee.service.rulebook.judging_ruleset`` makes the same from the stored game)."""
    ruleset = type(gsd_edits.ruleset_of(variants))
    return GameSettings.of_stored(stored, ruleset).changed().only("rules").rules()


def split_record(text: str) -> tuple[str, str]:
    """A canonical GSD cut where its record begins (after the last box): (tables, record)."""
    lines = text.splitlines(keepends=True)
    boxes = [i for i, line in enumerate(lines) if line.startswith(("+", "|"))]
    cut = sum(len(line) for line in lines[: boxes[-1] + 1]) if boxes else 0
    return text[:cut], text[cut:]


def read_on(before_text: str, before: GSD, text: str, index: ActionIndex) -> GSD | None:
    """The GSD of ``text`` read from its tables and only the plays it adds to ``before``'s
    record, which it shares; None when its record does not begin with ``before``'s.

    A turn adds a play to a record of a thousand, and reading those again is most of what a
    page of a long game costs; the earlier plays are the very values already read, so the
    engine's history of them is read on too (:func:`referee.engine.history.derive`).
    """
    _, old = split_record(before_text)
    tables, record = split_record(text)
    if not record.startswith(old) or not record[len(old) :].strip():
        return None
    added = GSD.parse(tables + "\n" + record[len(old) :], index=index, kept=True)
    return added.model_copy(update={"record": before.record + added.record})


@dataclass(frozen=True)
class Reading:
    """One reading of a game's rules as its page lists it: the value the game is judged
    with and the default, as ``set NAME=VALUE`` writes them."""

    name: str
    value: str
    default: str

    @property
    def changed(self) -> bool:
        return self.value != self.default


def game_readings(ruleset: type[Ruleset], stored: Mapping[str, str] | None) -> list[Reading]:
    """The readings a game is judged with (rules/<ruleset>/readings.md): the values the
    Speaker set for it and stored with it, the defaults where it stored none, as the turn
    desk reads them (``referee.service.game_dice.settings_of``)."""
    chosen = GameSettings.of_stored(stored, ruleset)
    return [
        Reading(name.replace("_", " "), setting.render(chosen.get(name)),
                setting.render(setting.default))
        for name, setting in catalogue(ruleset).items()
        if setting.scope == "rules"
    ]  # fmt: skip


def diff_lines(before: str, after: str) -> list[tuple[str, str]]:
    """What a turn changed in the GSD, as (kind, line): ``add``, ``del``, ``hunk``, ``same``."""
    out: list[tuple[str, str]] = []
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
    for line in list(lines)[2:]:
        kind = {"+": "add", "-": "del", "@": "hunk"}.get(line[:1], "same")
        out.append((kind, line))
    return out


class MorningtonNomic(GameKind):
    """Mornington Nomic on the 1999 map: every game the referee runs today."""

    name = "mornington-nomic"
    title = "Mornington Nomic"
    state_is_public = True
    """The GSD is public (rule 1.2.0)."""

    def __init__(self) -> None:
        self._gsds: LRU[tuple[str, str], GSD | None] = LRU(256)
        self._diffs: LRU[tuple[str, int], list[tuple[str, str]]] = LRU(1024)
        self._lines: LRU[tuple[str, int, str, int, bool], str] = LRU(16384)
        self.log = reading.TurnLog()
        self._latest: LRU[tuple[str, int], str] = LRU(1024)
        self._pictures: LRU[tuple[Hashable, ...], Picture | None] = LRU(512)
        self._judges: LRU[tuple[tuple[str, int], int], Judges] = LRU(64)
        self._published: LRU[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], Ruleset] = LRU(64)
        """Version 1 with the readings a game stored, by its variants and those readings."""

    def handles(self, game: reading.GameRow) -> bool:
        return game.kind == MORNINGTON

    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        return [turn_slug(turn) for turn in turns]

    def parse(self, ruleset: Ruleset, text: str | None, *, base: str | None = None) -> GSD | None:
        """The GSD ``text`` holds (kept: the referee's own), cached by its text; read on from
        the GSD of ``base`` (an earlier state of the same game) when that one is cached."""
        if not text:
            return None
        index = ruleset.action_index()

        def make() -> GSD | None:
            known = self._gsds.peek((ruleset.name, base)) if base else None
            try:
                if base and known is not None:
                    found = read_on(base, known, text, index)
                    if found is not None:
                        return found
                return GSD.parse(text, index=index, kept=True)
            except NotationError:
                return None

        return self._gsds.get((ruleset.name, text), make)

    def picture(
        self,
        key: tuple[Hashable, ...],
        ruleset: Ruleset,
        gsd: GSD | None,
        *,
        before: GSD | None = None,
        title: str,
    ) -> Picture | None:
        """The map of ``gsd`` (with the route of its newest play when ``before`` is given),
        made once per ``key``."""
        if gsd is None:
            return None

        def make() -> Picture:
            registry = ruleset.registry()
            history = derive(gsd, registry)
            positions = history.positions
            route: tuple[str, ...] = ()
            if before is not None and gsd.plays:
                play = gsd.plays[-1]
                start = derive(before, registry).positions.get(play.player)
                row = next((r for r in gsd.players if r.name == play.player), None)
                route = move_route(ruleset.network(), start, play, row.lv if row else 0)
            data = load_map(ruleset.map_name)
            table = ruleset.tables().stacks
            svg = draw_map(data, gsd, route, positions=positions, stacks=table, title=title)
            return _picture(gsd, history, svg, read_marks(gsd, table))

        return self._pictures.get(key, make)

    def judged_by(
        self,
        session: Session,
        game: reading.GameRow,
        amendments: Sequence[reading.RulesChangeRow],
        version: int | None = None,
    ) -> Ruleset:
        """The ruleset version ``version`` of the game's rules is (None: the one in force),
        which a page reads a turn's GSD and draws its map under, as the turn was judged: with
        the readings the Speaker set for the game (its network among them, rules 1.17.6 and
        1.5.4), as published while the rules have never been amended."""
        if not amendments:
            stored = reading.settings(session, game.id)
            key = (game.variants, tuple(sorted(stored.items())))
            return self._published.get(key, partial(published_ruleset, game.variants, stored))

        def make() -> Judges:
            return Judges(session, session.get_one(Game, game.id))

        judges = self._judges.get((game.key, len(amendments)), make)
        return judges(version or judges.in_force)

    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        ruleset = ruleset_of(game)
        amendments = reading.rules_changes(session, game.id)
        judged = self.judged_by(session, game, amendments)
        text = reading.state(session, game.id)
        gsd = self.parse(judged, text, base=self._latest.peek(game.key))
        if text:
            self._latest.put(game.key, text)
        title = f"The map of {game.tag} after turn {game.turn_number}"
        picture = self.picture(("game", game.key, game.version), judged, gsd, title=title)
        turns = self.log.rows(session, game)
        return Page(
            "mornington/game.html.j2",
            {
                "game": game,
                "kind": self,
                "ruleset": ruleset,
                "readings": game_readings(type(ruleset), reading.settings(session, game.id)),
                "amendments": amendments,
                "picture": picture,
                "seats": reading.seats(session, game.id),
                "buzzes": reading.buzzes(session, game.id),
                "history": self.history(game, turns, amended=bool(amendments)),
                "gsd": text or "",
                "readable": gsd is not None or not text,
            },
        )

    def history(
        self, game: reading.GameRow, turns: Sequence[reading.TurnRow], *, amended: bool = False
    ) -> Markup:
        """The list of turns, newest first: each line drawn once (a long game's history is
        most of its page, and only its newest line is new after a turn). Once the game's
        rules have been amended each line says the version that judged it."""

        def line(turn: reading.TurnRow) -> str:
            note = f" <em>({turn.status})</em>" if turn.status != "applied" else ""
            if amended and turn.rules_version is not None:
                note += f' <span class="rules-version">rules version {turn.rules_version}</span>'
            return (
                f'<li class="turn-{turn.status}"><a href="{game.number}/{turn_slug(turn)}">'
                f"Turn {turn.number}</a>: <code>{escape(turn.play)}</code>{note}</li>"
            )

        lines = []
        for turn in reversed(turns):
            key = (game.store, turn.id, turn.status, game.number, amended)
            lines.append(self._lines.get(key, partial(line, turn)))
        return Markup("\n".join(lines))

    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        turns = self.log.rows(session, game)
        slugs = [turn_slug(turn) for turn in turns]
        if path not in slugs:
            return None
        index = slugs.index(path)
        turn = turns[index]
        states = reading.turn_states(session, turn.id)
        amendments = reading.rules_changes(session, game.id)
        ruleset = self.judged_by(session, game, amendments, turn.rules_version)
        before = self.parse(ruleset, states.before)
        after = self.parse(ruleset, states.after, base=states.before)
        title = f"The map of {game.tag} after turn {turn.number}: {turn.player} played {turn.play}"
        picture = self.picture(
            ("turn", game.store, turn.id), ruleset, after, before=before, title=title
        )
        applied = [(t, s) for t, s in zip(turns, slugs, strict=True) if t.status == "applied"]
        place = next((i for i, (t, _) in enumerate(applied) if t.id == turn.id), None)
        previous = applied[place - 1][1] if place else None
        following = (
            applied[place + 1][1] if place is not None and place + 1 < len(applied) else None
        )
        return Page(
            "mornington/turn.html.j2",
            {
                "game": game,
                "kind": self,
                "turn": turn,
                "picture": picture,
                "gsd": states.after or "",
                "played_at": states.played_at,
                "readable": after is not None,
                "diff": self._diffs.get(
                    (game.store, turn.id),
                    lambda: diff_lines(states.before or "", states.after or ""),
                ),
                "previous": previous,
                "next": following,
                "buzzes": [
                    b for b in reading.buzzes(session, game.id) if b.turn_number == turn.number
                ],
            },
        )


def _picture(gsd: GSD, history: History, svg: str, marks: Marks) -> Picture:
    positions = history.positions
    colours = piece_colours(gsd.player_names)
    order = {name: index for index, name in enumerate(gsd.player_names)}
    keys = sorted(positions, key=lambda k: (order.get(k.split("/")[0], len(order)), k))
    rows = tuple(
        (key, positions[key].render(), colours.get(key.split("/")[0], "#777"), piece_id(key))
        for key in keys
    )
    placed = {key.split("/")[0] for key in positions}
    unplaced = tuple(name for name in gsd.player_names if name not in placed)
    try:
        turn = whose_turn(gsd, history)
    except (KeyError, ValueError):
        turn = None
    stacks = tuple((s.station, s.content_text()) for s in gsd.stacks)
    return Picture(svg, rows, unplaced, marks, turn, stacks)


class Plain(GameKind):
    """Any other kind of game, until it has pages of its own: its status, seats and the
    plays the lounge was sent, never its stored state (a kind may keep hidden hands there,
    as One Day in London keeps each player's rack; :class:`LondonPages` reads it only
    through that kind's public view)."""

    name = "plain"
    title = "A game"

    def handles(self, game: reading.GameRow) -> bool:
        return True

    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        return []

    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        turns = reading.turns(session, game.id)
        return Page(
            "plain/game.html.j2",
            {
                "game": game,
                "seats": reading.seats(session, game.id),
                "turns": list(reversed(turns)),
            },
        )

    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        return None


def shows_state(game: reading.GameRow) -> bool:
    """Whether a page may print the game's stored state: its kind says so
    (:attr:`GameKind.state_is_public`)."""
    return kind_of(game).state_is_public


KINDS: tuple[GameKind, ...] = (MorningtonNomic(), IfmudPages(), LondonPages(), Plain())
"""Every kind of game the site draws, asked in order."""


def kind_of(game: reading.GameRow) -> GameKind:
    """The kind that draws ``game``."""
    return next(kind for kind in KINDS if kind.handles(game))


__all__ = ["KINDS", "LRU", "GameKind", "MorningtonNomic", "Page", "Plain", "kind_of", "shows_state"]
