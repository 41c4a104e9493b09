"""The Game State Document (rule 1.2.0) as one typed value, read from mail and written back.

:meth:`GSD.parse` reads a whole GSD as a player posts it; :func:`read_posting` reads any
posting, which may hold a GSD with a play appended or only play lines (rule 1.3.1). Text
before the GSD and after it (greetings, signatures, rule 1.3.1's e-mail headers) is not part of
it and is skipped; text inside it that is none of its sections is an error, so nothing a
player meant as part of the GSD is silently dropped.

The referee's header line, ``Mornington Crescent - Game 12 - Turn 37 - State 1a2b3c4d``,
carries the game and turn numbers and a short hash of the canonical state (everything but the
header and the comments), so a play made against a stale GSD is recognised however the player's
mail client re-spaced it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import jinja2
from pydantic import BaseModel, ConfigDict

from referee.notation.action_index import ActionIndex
from referee.notation.boxes import box_title, cells, is_border
from referee.notation.disruptions import Disruption, parse_disruptions, render_disruptions
from referee.notation.errors import NotationError
from referee.notation.gametime import GameTime
from referee.notation.luggage import (
    RackEntry,
    parse_lost_and_found,
    parse_rack,
    render_lost_and_found,
    render_rack,
)
from referee.notation.places import parse_station
from referee.notation.plays import Play
from referee.notation.possessions import Possession, split_items
from referee.notation.source import (
    Line,
    clean_lines,
    collector_paused,
    first_characters,
    first_holding,
    read_rows,
)
from referee.notation.stacks import TokenStack, parse_stacks, render_stacks
from referee.notation.table import PlayerRow, parse_table, render_table
from referee.quoting import excerpt
from referee.resources import data_dir


class Comment(BaseModel):
    """A comment in braces among the plays (rule 1.3.1): kept, never interpreted."""

    model_config = ConfigDict(frozen=True)

    text: str

    def render(self) -> str:
        return "{" + self.text + "}"


class GSD(BaseModel):
    """Everything a Game State Document records, in the referee's canonical order."""

    model_config = ConfigDict(frozen=True)

    game: int | None = None
    turn: int | None = None
    players: tuple[PlayerRow, ...] = ()
    disruptions: tuple[Disruption, ...] = ()
    time: GameTime | None = None
    wild: tuple[str, ...] = ()
    courier_pickup: str | None = None
    courier_destination: str | None = None
    stacks: tuple[TokenStack, ...] = ()
    rack: tuple[RackEntry, ...] = ()
    lost_and_found: tuple[Possession, ...] = ()
    record: tuple[Play | Comment, ...] = ()

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def plays(self) -> tuple[Play, ...]:
        return tuple(entry for entry in self.record if isinstance(entry, Play))

    @property
    def bridges_up(self) -> bool:
        """Rule 1.8.3 - Bridges: Up is recorded in Disruptions; otherwise they are Down."""
        return any(d.flag == "Bridges Up" for d in self.disruptions)

    @property
    def in_knip(self) -> bool:
        """Rule 1.8.4 - Knip: recorded in Disruptions as ``In Knip``."""
        return any(d.flag == "In Knip" for d in self.disruptions)

    def state_hash(self) -> str:
        """Eight hex digits of SHA-256 over the canonical state: header and comments left out,
        each play's Actions by index name and values (:meth:`Play.key`), never by the
        pattern's wording, so rewording the action index leaves stored GSDs current."""
        keys = [entry.key() for entry in self.record if isinstance(entry, Play)]
        return _digest(f"{STATE_HASH_VERSION}\n{self.game}/{self.turn}\n", _sections(self), keys)

    def is_state(self, declared: str, index: ActionIndex | None = None) -> bool:
        """Whether a posting's declared hash names this state: the current formula, or the
        first one (the canonical play lines of the vanilla index, no version line) that GSDs
        issued before it carry, so games under way when the formula changed are not stale.
        ``index`` draws the plays for that old formula: a variant's, for Actions only it knows
        (the current formula needs no index)."""
        declared = declared.lower()
        if declared == self.state_hash():
            return True
        lines = [e.render(index) for e in self.record if isinstance(e, Play)]
        return declared == _digest(f"{self.game}/{self.turn}\n", _sections(self), lines)

    def render(self, index: ActionIndex | None = None) -> str:
        """The canonical GSD text (``templates/gsd.txt.j2``); each section is drawn once, for
        the header's state hash and the text alike."""
        sections = _sections(self)
        lines = _record_lines(self.record, index)
        header = None
        if self.game is not None and self.turn is not None:
            keys = [entry.key() for entry in self.record if isinstance(entry, Play)]
            digest = _digest(f"{STATE_HASH_VERSION}\n{self.game}/{self.turn}\n", sections, keys)
            header = f"Mornington Crescent - Game {self.game} - Turn {self.turn} - State {digest}"
        return _fill(sections, header, lines)

    @classmethod
    def parse(cls, text: str, *, index: ActionIndex | None = None, kept: bool = False) -> GSD:
        """Read a GSD from a posting; an error if the posting holds only play lines.

        ``kept`` reads a GSD the referee itself keeps, whose newest play is not a player's new
        play but history: it may be by a player who has since resigned (rule 1.1.3), so it
        is not held to the Token Table as a posted new play is.
        """
        posting = read_posting(text, index=index, kept=kept)
        if posting.gsd is None:
            raise NotationError(
                "this posting holds no GSD: I found no Token Table (rule 1.2.0)", line=1
            )
        return posting.gsd


@dataclass(frozen=True)
class Posting:
    """What one mail body held: a GSD (plays included), or only play lines."""

    gsd: GSD | None
    plays: tuple[Play, ...]
    declared_hash: str | None = None


#: What the state hash covers and how, named in the hashed text: raise it when the formula
#: changes, and let :meth:`GSD.is_state` accept the one before while games carry it.
STATE_HASH_VERSION = "state-hash 2"


def _digest(prefix: str, sections: dict[str, object], plays: list[str]) -> str:
    body = prefix + _fill(sections, None, plays)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:8]


def _sections(gsd: GSD) -> dict[str, object]:
    """Every section but the header and the record, drawn for the template."""
    return {
        "table": render_table(gsd.players),
        "disruptions": render_disruptions(gsd.disruptions),
        "time": gsd.time.render() if gsd.time else None,
        "wild": ", ".join(gsd.wild) or "none",
        "pickup": gsd.courier_pickup or "none",
        "destination": gsd.courier_destination or "none",
        "stacks": render_stacks(gsd.stacks),
        "rack": render_rack(gsd.rack),
        "lost": render_lost_and_found(gsd.lost_and_found),
    }


def _fill(sections: dict[str, object], header: str | None, record: list[str]) -> str:
    text = _template().render(header=header, record=record, **sections)
    return text.rstrip("\n") + "\n"


def _record_lines(record: Sequence[Play | Comment], index: ActionIndex | None) -> list[str]:
    """Each entry's canonical line."""
    return [e.render(index) if isinstance(e, Play) else e.render() for e in record]


@cache
def _template() -> jinja2.Template:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_dir("templates")),
        keep_trailing_newline=True,
        autoescape=False,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template("gsd.txt.j2")


# ---------------------------------------------------------------- reading

_HEADER = re.compile(r"^mornington\s+crescent\b"
                     r"(?>.*?\bgame\s*+(?:no\.?|number|#)?+\s*+(?P<game>\d++))"
                     r"(?>.*?\bturn\s*+(?:no\.?|number|#)?+\s*+(?P<turn>\d++))"
                     r"(?:.*?\bstate\s*+:?+\s*+(?P<hash>[0-9a-fA-F]{4,64}))?", re.I)  # fmt: skip
"""The first ``game`` number, the first ``turn`` number after it and the first ``state`` hash
after that. Atomic groups and possessive spaces keep the match linear in the line: a line of
repeated ``game 12`` with no turn (or a word followed by a run of spaces) is given up on in one
pass instead of being re-scanned from each occurrence."""
_KEY = re.compile(
    r"^(?P<key>game\s*time|time|wild(?:\s*stations?)?|courier\s*+pick\s*+-?+\s*+up(?:\s*station)?"
    r"|courier\s*destination(?:\s*station)?|bridges)\s*:\s*(?P<value>.*)$",
    re.I,
)
_LABEL = re.compile(
    r"^(?P<label>token\s*stacks?|luggage(?:\s*rack)?|lost\s*(?:&|and)\s*found|disruptions"
    r"|disrupted\s*services|plays)\s*+:?+\s*+$",
    re.I,
)
_HEADER_FIRST = frozenset("mM")
_BLOCK_FIRST = frozenset("+|")
_NOT_BLOCK = re.compile(r"[^+|]")
_EDGE = re.compile(r"\+")
_LABEL_FIRST = frozenset("tTlLdDpP")
_KEY_FIRST = frozenset("gGtTwWcCbB")
"""The characters a stripped line can start with to match :data:`_HEADER`, a box, :data:`_LABEL`
and :data:`_KEY` (their words start with none of the letters that case-fold from others)."""
_NONE = {"", "none", "-", "n/a", "nil", "nothing", "undefined"}
_SIGNATURE = ("-- ", "--")
WRAP_LIMIT = 2000
"""Most characters a play or key line and the lines a mail client wrapped it onto may hold.

A wrapped line is read by trying its possible tails longest first; without a bound, a play
followed by a long paragraph made reading quadratic in the paragraph's lines. Mail clients wrap
at 72 to 80 columns, so this is some 25 wrapped lines: far more than any play needs."""
_BRACKETS = frozenset("[]{}()")


class _Reader:
    """One pass over a posting's lines, building the GSD section by section."""

    def __init__(
        self,
        lines: list[Line],
        index: ActionIndex | None,
        known: Sequence[str] | None,
        *,
        kept: bool = False,
        colons: bool = True,
    ) -> None:
        self.lines = lines
        self.kept = kept
        self.colons = colons
        """Whether any line may hold a colon (``False`` when the posting holds none)."""
        self.index = index
        self.known = None if known is None else list(known)
        self.position = 0
        self.fields: dict[str, object] = {}
        self.players: tuple[PlayerRow, ...] | None = None
        self.record: list[Play | Comment] = []
        self.declared_hash: str | None = None
        self.stray: Line | None = None
        self.label: str | None = None
        self.started = False
        self.firsts = first_characters(lines)
        """Each line's first character: where a run of rows and borders ends is searched for."""
        self.not_a_block = -1
        """Where the last run of ``+``/``|`` lines without a border ended: none inside it
        starts a box, so they are not scanned again one by one."""
        self.last_play: tuple[str, Line, int] | None = None
        self._roster: tuple[tuple[PlayerRow, ...] | None, list[str] | None, frozenset[str]] = (
            None, self.known, frozenset(n.lower() for n in self.known or [])
        )  # fmt: skip

    # A GSD element after text that is no part of the GSD makes that text an error.
    def _element(self) -> None:
        if self.stray is not None:
            raise NotationError(
                f"I cannot read '{excerpt(self.stray.stripped())}' as part of the GSD; put remarks "
                "in braces {like this} (rule 1.3.1)",
                line=self.stray.number,
                column=self.stray.column_of(len(self.stray.text) - len(self.stray.text.lstrip())),
            )
        self.started = True

    def read(self) -> Posting:
        lines = self.lines
        while self.position < len(lines):
            if self.position < self.not_a_block:
                self._skip_rows()
                if self.position >= len(lines):
                    break
            line = lines[self.position]
            text = line.text.strip()
            if text in _SIGNATURE and self.started:
                break
            if not text:
                self.position += 1
                continue
            first = text[0]
            # Each reader is tried only where its first character (or a colon) allows it, so
            # a line that can be none of them (most of a pasted page) costs a few tests.
            if first in _HEADER_FIRST and self._try_header(line):
                continue
            block = first in _BLOCK_FIRST and self.position >= self.not_a_block
            if block and self._try_block(line):
                continue
            if first == "{" and self._try_comment(line):
                continue
            colon = ":" in text
            if (first in _LABEL_FIRST or (colon and first in _KEY_FIRST)) and self._try_key(line):
                continue
            if colon and self._try_play(line):
                continue
            if self.started and self.stray is None:
                self.stray = line
            self.position += 1
        if not self.kept:
            self._check_last_play()
        if self.players is None:
            plays = tuple(e for e in self.record if isinstance(e, Play))
            return Posting(gsd=None, plays=plays, declared_hash=self.declared_hash)
        gsd = GSD(players=self.players, record=tuple(self.record), **self.fields)
        return Posting(gsd=gsd, plays=gsd.plays, declared_hash=self.declared_hash)

    def _skip_rows(self) -> None:
        """Pass the lines of a run found to hold no box up to the next one with a colon.

        Every line of such a run starts with ``+`` or ``|``, so it is no header, box, comment,
        label or key; without a colon it is no play either, only text that is no part of the
        GSD (the first such line after the GSD started is the one an error names)."""
        start = self.position
        end = self.not_a_block
        stop = first_holding(self.lines, start, end, ":") if self.colons else end
        if stop > start and self.started and self.stray is None:
            self.stray = self.lines[start]
        self.position = stop

    def _try_header(self, line: Line) -> bool:
        match = _HEADER.match(line.stripped())
        if match is None:
            return False
        if "game" in self.fields:
            raise NotationError(
                "this posting holds two GSD headers; send one GSD", line=line.number
            )
        self._element()
        self.fields["game"] = int(match.group("game"))
        self.fields["turn"] = int(match.group("turn"))
        self.declared_hash = match.group("hash").lower() if match.group("hash") else None
        self.position += 1
        return True

    def _try_block(self, line: Line) -> bool:
        if self.position < self.not_a_block or not line.stripped().startswith(("+", "|")):
            return False
        start = self.position
        after = _NOT_BLOCK.search(self.firsts, start)
        end = after.start() if after else len(self.lines)
        edges = (self.lines[edge.start()].text for edge in _EDGE.finditer(self.firsts, start, end))
        if not any(is_border(edge) or box_title(edge) for edge in edges):
            self.not_a_block = end
            return False
        block = self.lines[start:end]
        self.position = end
        self._element()
        self._read_block(block)
        return True

    def _read_block(self, block: list[Line]) -> None:
        title = box_title(block[0].text) if not is_border(block[0].text) else None
        kind = _kind(title) if title else self.label
        self.label = None
        rows = [b for b in block if b.stripped().startswith("|")]
        if kind is None:
            first_cells = [cells(r.text)[0][1].lower() for r in rows]
            if self.players is None or any(c in ("player", "players") for c in first_cells):
                kind = "table"
            elif self._is_rack(rows):
                kind = "rack"
            else:
                kind = "stacks"
        if kind == "table":
            if self.players is not None:
                raise NotationError(
                    "this posting holds two Token Tables; send one GSD", line=block[0].number
                )
            self.players = parse_table(block)
        elif kind == "disruptions":
            self._once("disruptions", block[0])
            self.fields["disruptions"] = read_rows(parse_disruptions, _row_parts(rows))
        elif kind == "lost":
            self._once("lost_and_found", block[0])
            self.fields["lost_and_found"] = read_rows(parse_lost_and_found, _row_parts(rows))
        elif kind == "rack":
            self._once("rack", block[0])
            self.fields["rack"] = parse_rack(block, self._names())
        else:
            self._once("stacks", block[0])
            self.fields["stacks"] = parse_stacks(block)

    def _once(self, field: str, line: Line) -> None:
        if field in self.fields:
            raise NotationError(
                f"this GSD has two {field.replace('_', ' ')} sections", line=line.number
            )

    def _names(self) -> list[str] | None:
        """The Token Table's players; before (or without) a table, the players the caller knows."""
        return self._known_names()[0]

    def _folded_names(self) -> frozenset[str]:
        """:meth:`_names` in lower case, to test a line's name against."""
        return self._known_names()[1]

    def _known_names(self) -> tuple[list[str] | None, frozenset[str]]:
        # Read on every line of the record, so worked out once per Token Table.
        table, names, folded = self._roster
        if table is not self.players:
            names = self.known if self.players is None else [p.name for p in self.players]
            folded = frozenset(n.lower() for n in names or [])
            self._roster = (self.players, names, folded)
        return names, folded

    def _is_rack(self, rows: list[Line]) -> bool:
        names = self._folded_names()
        firsts = [cells(r.text)[0][1] for r in rows]
        named = [f.lstrip("*").strip().lower() for f in firsts if f]
        return (
            bool(named)
            and all(len(cells(r.text)) == 2 for r in rows)
            and all(n in names for n in named)
        )

    def _try_comment(self, line: Line) -> bool:
        text = line.stripped()
        if not text.startswith("{"):
            return False
        self._element()
        parts = []
        start = line
        while self.position < len(self.lines):
            current = self.lines[self.position]
            parts.append(current.stripped())
            self.position += 1
            if "}" in current.text:
                break
        else:
            raise NotationError(
                "this '{' has no closing '}'",
                line=start.number,
                column=start.column_of(start.text.index("{")),
            )
        joined = " ".join(parts)
        close = joined.rindex("}")
        if joined[close + 1 :].strip():
            raise NotationError(
                "nothing may follow a comment's '}' on its line",
                line=self.lines[self.position - 1].number,
            )
        self.record.append(Comment(text=" ".join(joined[1:close].split())))
        return True

    def _try_key(self, line: Line) -> bool:
        text = line.stripped()
        label = _LABEL.match(text)
        if label:
            self.label = _kind(label.group("label"))
            if self.label is not None:
                self._element()
            self.position += 1
            return True
        match = _KEY.match(text)
        if match is None or (self.players is None and not self.started):
            return False
        if " ".join(text[: text.index(":")].split()).lower() in self._folded_names():
            return False  # a play by a player whose name looks like a key
        self._element()
        key = match.group("key").lower().replace(" ", "")
        value = match.group("value")
        column = line.column_of(line.text.index(text) + match.start("value")) - 1
        following = self._continuation(self.position + 1)
        for count in range(len(following), -1, -1):  # a value wrapped onto following lines
            joined = " ".join([value, *(f.stripped() for f in following[:count])])
            try:
                self._set(key, joined)
            except NotationError as error:
                if count == 0:
                    raise error.located(line.number, column) from None
                continue
            self.position += 1 + count
            return True
        return True

    def _continuation(self, start: int) -> list[Line]:
        """Lines from ``start`` that can only be the wrapped tail of the line before them, as
        many as fit in :data:`WRAP_LIMIT` characters."""
        following: list[Line] = []
        look = start
        budget = WRAP_LIMIT
        while look < len(self.lines):
            candidate = self.lines[look]
            ctext = candidate.stripped()
            if (not ctext or ctext in _SIGNATURE or ctext.startswith(("{", "|"))
                    or is_border(ctext) or box_title(ctext) is not None
                    or _HEADER.match(ctext) or self._is_player_line(ctext)
                    or _KEY.match(ctext) or _LABEL.match(ctext)):  # fmt: skip
                break
            budget -= len(ctext) + 1
            if budget < 0:
                break
            following.append(candidate)
            look += 1
        return following

    def _set(self, key: str, value: str) -> None:
        empty = value.strip().lower() in _NONE
        if key in ("gametime", "time"):
            self.fields["time"] = GameTime.parse(value)
        elif key.startswith("wild"):
            self.fields["wild"] = () if empty else _stations(value)
        elif key.startswith("courierpick"):
            self.fields["courier_pickup"] = None if empty else parse_station(value)
        elif key.startswith("courierdest"):
            self.fields["courier_destination"] = None if empty else parse_station(value)
        else:  # Bridges: Up / Down (rule 1.8.3), recorded canonically in Disruptions
            state = value.strip().lower()
            if state not in ("up", "down"):
                raise NotationError(
                    f"Bridges are Up or Down, not '{excerpt(value.strip())}'", column=1
                )
            found = self.fields.get("disruptions", ())
            current = tuple(d for d in found if isinstance(d, Disruption))  # type: ignore[attr-defined]
            has = any(d.flag == "Bridges Up" for d in current)
            if state == "up" and not has:
                self.fields["disruptions"] = (*current, Disruption(flag="Bridges Up"))

    def _play_name(self, text: str) -> str | None:
        """The name before the colon if the line is a play: by a player, or shaped like one."""
        colon = text.find(":")
        if colon <= 0 or not _BRACKETS.isdisjoint(text[:colon]) or not text[colon + 1 :].strip():
            return None
        name = " ".join(text[:colon].split())
        if name.upper() in ("A", "B"):  # a Bifurcated move label (rule 1.7.42), not a name
            return None
        if self._names() is not None and name.lower() in self._folded_names():
            return name
        return name if _looks_like_play(text) else None

    def _is_player_line(self, text: str) -> bool:
        """Whether a line starts with a Token Table player's name and a colon."""
        colon = text.find(":")
        return colon > 0 and " ".join(text[:colon].split()).lower() in self._folded_names()

    def _try_play(self, line: Line) -> bool:
        """Read a play and any lines a mail client wrapped it onto.

        Plays are read leniently (a record's older plays may name players who have since
        resigned, rule 1.1.3); :meth:`read` checks the last play strictly.
        """
        text = line.stripped()
        if self._play_name(text) is None:
            return False
        self._element()
        following = self._continuation(self.position + 1)
        first_error: NotationError | None = None
        lead = len(line.text) - len(line.text.lstrip())
        for count in range(len(following), -1, -1):
            joined = " ".join([text, *(f.stripped() for f in following[:count])])
            try:
                play = Play.parse(joined, players=self._names(), index=self.index, strict=False)
            except NotationError as error:
                if count == 0:
                    first_error = error
                continue
            self.record.append(play)
            self.last_play = (joined, line, line.offset + lead)
            self.position += 1 + count
            return True
        assert first_error is not None
        raise first_error.located(line.number, line.offset + lead)

    def _check_last_play(self) -> None:
        """The newest play must name players of the Token Table, in its name and its actions."""
        if self._names() is None or self.last_play is None:
            return
        text, line, offset = self.last_play
        try:
            strict = Play.parse(text, players=self._names(), index=self.index)
        except NotationError as error:
            raise error.located(line.number, offset) from None
        position = max(i for i, e in enumerate(self.record) if isinstance(e, Play))
        if strict != self.record[position]:  # an equal value stays the one read (and cached)
            self.record[position] = strict


def _looks_like_play(text: str) -> bool:
    body = text.split(":", 1)[1]
    return "[" in body or "(" in body or bool(re.match(r"\s*(pass|timeout|farkle)\b", body, re.I))


def _kind(label: str) -> str | None:
    key = label.lower()
    if "disrupt" in key:
        return "disruptions"
    if "lost" in key:
        return "lost"
    if "luggage" in key:
        return "rack"
    if "stack" in key:
        return "stacks"
    if "player" in key or "token table" in key:
        return "table"
    return None


def _stations(text: str) -> tuple[str, ...]:
    result = []
    for column, item in split_items(text):
        try:
            result.append(parse_station(item))
        except NotationError as error:
            raise error.shifted(column) from None
    return tuple(result)


def _row_parts(rows: Sequence[Line]) -> list[tuple[Line, int, str]]:
    """Each row of a titled box with where its text starts."""
    parts = []
    for row_line in rows:
        row_cells = cells(row_line.text)
        parts.append((row_line, row_cells[0][0], " ".join(c for _, c in row_cells).strip()))
    return parts


_TABLE_HEAD = re.compile(r"\s*\|\s*players?\s*\|", re.I)
_PLAYER = re.compile("player", re.I)
"""A word every :data:`_TABLE_HEAD` holds: a posting without it (a BOM, which is dropped,
could split it) has one Token Table at most, and is not looked at line by line for more."""


def _newest_gsd(lines: list[Line]) -> list[Line]:
    """The lines of the GSD the player wrote, when a reply also quotes an older one.

    A player who replies to the last turn may quote the previous GSD under (or over) eir own.
    When Token Tables stand at different quote depths, the least quoted is the player's and
    the lines at other depths are set aside; an inline reply (one quoted GSD with the play
    added unquoted) has one table and is read whole.
    """
    depths = {line.depth for line in lines if _TABLE_HEAD.match(line.text)}
    if len(depths) < 2:
        return lines
    keep = min(depths)
    return [line for line in lines if line.depth == keep]


def read_posting(
    text: str,
    *,
    index: ActionIndex | None = None,
    players: Sequence[str] | None = None,
    kept: bool = False,
) -> Posting:
    """Read a mail body: a whole GSD (with any play appended) or only play lines.

    ``players`` are the game's players as the referee knows them; a posting of play lines
    alone is then checked against them as a GSD's plays are against its Token Table.
    Raises :class:`NotationError` (and nothing else) for anything unreadable.
    """
    try:
        with collector_paused():
            lines = clean_lines(text)
            if _PLAYER.search(text) or "\ufeff" in text:  # no table head without the word
                lines = _newest_gsd(lines)
            return _Reader(lines, index, players, kept=kept, colons=":" in text).read()
    except NotationError:
        raise
    except (ValueError, LookupError, TypeError) as error:
        # A last resort so a player never sees a traceback; it carries no line, and the fuzz
        # test fails on any error without one, so reaching it is a bug to fix.
        raise NotationError(f"I cannot read this GSD ({type(error).__name__})") from None
