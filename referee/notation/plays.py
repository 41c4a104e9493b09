"""Plays: what a player writes against eir name at the foot of the GSD (rule 1.2.0; rule 1.3.0).

The form of rule 1.2.0 is ``Name : [Action] [Action] Station (LC via: LC,LC) [Action]``: actions
before the move are Pre-Move, after it Post-Move, each in its own brackets, in the order they
happen. Besides a station the move may be ``Pass`` with the player's current station and line
(rule 1.2.0), ``Timeout`` (rule 1.3.5), ``Farkle`` (rule 1.5.12) or the Escalator Link form
``Monument (for Bank)``. A Bifurcated player (rule 1.7.42 - Me and My Shadow) labels eir two
moves ``A:`` and ``B:``, with Neutral actions allowed between them. A comment in braces may
close the play (rule 1.3.1).

The canonical form puts one space either side of the name's colon, one space between parts,
``A: `` before a labelled move, and the comment last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from referee.notation.action_index import ActionIndex, load_action_index
from referee.notation.actions import Action, Matcher, matcher_of, read_action
from referee.notation.errors import NotationError
from referee.notation.places import Destination, parse_line, parse_station
from referee.notation.source import clean_lines, join_parts, read_joined
from referee.quoting import excerpt


class MoveKind(StrEnum):
    """The kinds of Move rule 1.2.0 and its neighbours define."""

    GO = "go"
    PASS = "Pass"
    TIMEOUT = "Timeout"
    FARKLE = "Farkle"


Piece = Literal["A", "B"]

_KEYWORD = re.compile(r"^\s*(pass|timeout|time-out|time out|farkle)\b\s*(.*?)\s*$", re.I | re.S)
_PASS_GROUP = re.compile(r"^\(\s*(.*?)\s*\)$", re.S)
_PASS_SPLIT = re.compile(r"^(.*?)[\s,]+([A-Za-z]{2})$", re.S)


class Move(BaseModel):
    """A piece's Move: to a destination, or Pass (at a stated station), Timeout or Farkle."""

    model_config = ConfigDict(frozen=True)

    kind: MoveKind = MoveKind.GO
    destination: Destination | None = None
    piece: Piece | None = None

    @classmethod
    def parse(cls, text: str, piece: Piece | None = None) -> Move:
        """Read a move without its label: ``Euston (VC via: CN,NT)``, ``Pass Holborn (CN)``."""
        keyword = _KEYWORD.match(text)
        if keyword is None:
            return cls(destination=Destination.parse(text), piece=piece)
        word = keyword.group(1).lower().replace("-", "").replace(" ", "")
        rest, rest_column = keyword.group(2), keyword.start(2)
        if word == "pass":
            where = _pass_location(rest, rest_column) if rest else None
            return cls(kind=MoveKind.PASS, destination=where, piece=piece)
        if rest:
            raise NotationError(
                f"'{excerpt(keyword.group(1))}' takes nothing after it; remove '{excerpt(rest)}'",
                column=rest_column + 1,
            )
        kind = MoveKind.TIMEOUT if word == "timeout" else MoveKind.FARKLE
        return cls(kind=kind, piece=piece)

    def render(self) -> str:
        """Canonical text, with the piece label when the player is Bifurcated."""
        label = f"{self.piece}: " if self.piece else ""
        if self.kind is MoveKind.GO:
            assert self.destination is not None
            return label + self.destination.render()
        text = self.kind.value
        if self.destination is not None:
            text += " " + self.destination.render()
        return label + text

    def __str__(self) -> str:
        return self.render()


def _pass_location(text: str, column: int) -> Destination:
    """Rule 1.2.0: a Pass names the station and line the player is at.

    Read ``Holborn (CN)`` (canonical), ``(Holborn (CN))``, ``(Holborn, CN)`` and ``(Holborn CN)``.
    """
    try:
        group = _PASS_GROUP.match(text)
        inner = group.group(1) if group else text
        offset = column + (group.start(1) if group else 0)
        if group and "(" not in inner:
            split = _PASS_SPLIT.match(inner)
            if split:
                try:
                    line = parse_line(split.group(2))
                except NotationError:
                    line = None
                if line is not None:
                    station = parse_station(split.group(1))
                    return Destination(station=station, line=line)
        try:
            return Destination.parse(inner)
        except NotationError as error:
            raise error.shifted(offset) from None
    except NotationError as error:
        if error.column is None:
            raise error.shifted(column) from None
        raise


class Play(BaseModel):
    """One player's play: eir name, then actions and moves in the order performed."""

    model_config = ConfigDict(frozen=True)

    player: str
    parts: tuple[Action | Move, ...]
    comment: str | None = None

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(p for p in self.parts if isinstance(p, Move))

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(p for p in self.parts if isinstance(p, Action))

    @property
    def pre_move_actions(self) -> tuple[Action, ...]:
        """Actions written before the first move (rule 1.3.4: the Pre-Move phase)."""
        first = next(i for i, p in enumerate(self.parts) if isinstance(p, Move))
        return tuple(p for p in self.parts[:first] if isinstance(p, Action))

    @property
    def post_move_actions(self) -> tuple[Action, ...]:
        """Actions written after the last move (rule 1.3.4: the Post-Move phase)."""
        last = max(i for i, p in enumerate(self.parts) if isinstance(p, Move))
        return tuple(p for p in self.parts[last + 1 :] if isinstance(p, Action))

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        players: Sequence[str] | None = None,
        index: ActionIndex | None = None,
        strict: bool = True,
    ) -> Play:
        """Read one play as a player writes it, e.g. ``Rushton : [LV+3] Mornington Crescent (NT)``.

        With ``players`` (the GSD's), the name and every ``{player}`` parameter must be one of
        them; with ``strict=False`` known names take the GSD's spelling and others are kept
        (a record's older plays may name resigned players). Columns in errors count from the
        start of ``text``.
        """
        if "\n" in text or "\r" in text or text.lstrip().startswith(">"):
            return cls._parse_mail(text, players, index, strict)
        if cls is not Play:
            return cls._parse_line(text, players, index, strict)
        roster = None if players is None else tuple(players)
        return _parse_play_line(text, roster, matcher_of(index or load_action_index()), strict)

    @classmethod
    def _parse_line(
        cls, text: str, players: Sequence[str] | None, index: ActionIndex | None, strict: bool
    ) -> Play:
        """One line of play text, uncached."""
        colon = _name_colon(text)
        if colon is None:
            raise NotationError(
                "a play starts with the player's name and a colon, e.g. "
                "'Rushton : Euston (VC via: CN,NT)'",
                column=1,
            )
        player = _play_name(text[:colon], players, strict)
        parts, comment = _parse_body(text, colon + 1, players, index, strict)
        return cls(player=player, parts=parts, comment=comment)

    @classmethod
    def _parse_mail(
        cls, text: str, players: Sequence[str] | None, index: ActionIndex | None, strict: bool
    ) -> Play:
        """A play as pasted from mail: quoted, or wrapped over lines; errors name the line."""
        lines = [line for line in clean_lines(text) if line.text.strip()]
        if not lines:
            raise NotationError("expected a play here, e.g. 'Rushton : Euston (VC)'", line=1)
        joined, spans = join_parts([(line, 0, line.text) for line in lines])
        return read_joined(
            lambda t: cls.parse(t, players=players, index=index, strict=strict), joined, spans
        )

    def render(self, index: ActionIndex | None = None) -> str:
        """The canonical play line (remembered: see :func:`_drawn`)."""
        return _drawn(self, index if index is not None else load_action_index())

    def key(self) -> str:
        """The play as the state hash sees it: each Action by :meth:`Action.key`, not by its
        pattern's wording (remembered like :meth:`render`)."""
        return _drawn(self, None)

    def _draw(self, index: ActionIndex | None) -> str:
        """The canonical line under ``index``; with None, the hash's key form."""
        body = " ".join(
            (p.render(index) if index is not None else p.key()) if isinstance(p, Action)
            else p.render()
            for p in self.parts
        )  # fmt: skip
        text = f"{self.player} : {body}"
        if self.comment is not None:
            text += " {" + self.comment + "}"
        return text

    def __str__(self) -> str:
        return self.render()


@lru_cache(maxsize=16384)
def _parse_play_line(
    text: str, players: tuple[str, ...] | None, compiled: Matcher, strict: bool
) -> Play:
    """Play.parse of one line, cached by its text and reading context: a GSD is read afresh
    every Turn and its record repeats the lines already read (a Play is immutable, so one
    value can serve every reading; errors are raised afresh, never cached)."""
    return Play._parse_line(text, players, compiled.index, strict)


_DRAWN: dict[tuple[int, int], tuple[Play, ActionIndex | None, str]] = {}
_DRAWN_SIZE = 16384


def _drawn(play: Play, index: ActionIndex | None) -> str:
    """``play``'s canonical line under ``index`` (None: its key form), remembered by the
    identities of both (held, so neither identity is reused while remembered): each Turn's GSD
    shares every earlier play with the GSD before it, and the GSD and the desk would otherwise
    draw them all again."""
    key = (id(play), id(index))
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) >= _DRAWN_SIZE:  # start afresh: one step, safe across threads
            _DRAWN.clear()
        found = (play, index, play._draw(index))
        _DRAWN[key] = found
    return found[2]


_COLON_OR_OPENING = re.compile(r"[:\[{(]")
_BRACKET = re.compile(r"[\[{\]}]")


def _name_colon(text: str) -> int | None:
    """Where the name's colon is: the first colon, if no bracket opens before it."""
    found = _COLON_OR_OPENING.search(text)
    return found.start() if found is not None and found.group() == ":" else None


def _play_name(text: str, players: Sequence[str] | None, strict: bool) -> str:
    name = " ".join(text.split())
    if not name:
        raise NotationError("a play starts with the player's name before the colon", column=1)
    if players is None:
        return name
    folded = {p.lower(): p for p in players}
    found = folded.get(name.lower())
    if found is None and not strict:
        return name
    if found is None:
        from referee.notation.actions import parse_player

        parse_player(name, list(players))  # raises with suggestions
        raise NotationError(f"'{excerpt(name)}' is not a player in this game", column=1)
    return found


_LABEL = re.compile(r"(?:(?<=\s)|^)([ABab])\s*:\s*")


def _parse_body(
    text: str, start: int, players: Sequence[str] | None, index: ActionIndex | None, strict: bool
) -> tuple[tuple[Action | Move, ...], str | None]:
    parts: list[Action | Move] = []
    named: list[tuple[int, str, int]] = []  # (part, station an alias named, column)
    comment: str | None = None
    position = start
    length = len(text)
    while position < length:
        char = text[position]
        if char.isspace():
            position += 1
            continue
        if comment is not None:
            raise NotationError(
                "nothing may follow the comment in a play; move the braces to the end",
                column=position + 1,
            )
        if char == "[":
            close = text.find("]", position + 1)
            if close < 0:
                raise NotationError("this '[' has no closing ']'", column=position + 1)
            inner = text[position + 1 : close]
            if "[" in inner:
                raise NotationError("an Action's '[' was not closed", column=position + 1)
            try:
                action, station = read_action(inner, players=players, index=index, strict=strict)
            except NotationError as error:
                raise error.shifted(position + 1) from None
            if station is not None:
                named.append((len(parts), station, position + 2))
            parts.append(action)
            position = close + 1
        elif char == "{":
            close = text.rfind("}")
            if close < position:
                raise NotationError("this '{' has no closing '}'", column=position + 1)
            comment = " ".join(text[position + 1 : close].split())
            position = close + 1
        elif char in "]}":
            raise NotationError(f"this '{char}' closes nothing", column=position + 1)
        else:
            bracket = _BRACKET.search(text, position)
            end = bracket.start() if bracket is not None else length
            parts.extend(_parse_moves(text[position:end], position))
            position = end
    _check_moves(parts, start)
    _check_named(parts, named, index)
    return tuple(parts), comment


def _check_named(
    parts: list[Action | Move], named: list[tuple[int, str, int]], index: ActionIndex | None
) -> None:
    """An index wording such as ``[Walking to Euston]`` names the station of the Special Move
    it permits (rules 1.7.10, 1.7.12); the canonical ``[Walking]`` leaves that to the Move, so
    the named station must be where the next Move goes, or the play contradicts itself."""
    for part, station, column in named:
        move = next((p for p in parts[part + 1 :] if isinstance(p, Move)), None)
        going = (
            move.destination.station
            if move and move.kind is MoveKind.GO and move.destination
            else None
        )
        if going != station:
            action = parts[part]
            assert isinstance(action, Action)
            where = f"the Move goes to {going}" if going else "no Move goes to a station after it"
            raise NotationError(
                f"this Action names {station} but {where}; write {action.render(index)} "
                "before the Move, which names the station",
                column=column,
            )


def _parse_moves(segment: str, offset: int) -> list[Move]:
    labels = list(_LABEL.finditer(segment))
    if not labels:
        try:
            return [Move.parse(segment)]
        except NotationError as error:
            raise error.shifted(offset) from None
    moves: list[Move] = []
    if segment[: labels[0].start()].strip():
        raise NotationError(
            "a Bifurcated player labels each move 'A:' or 'B:' (rule 1.7.42)", column=offset + 1
        )
    for number, label in enumerate(labels):
        end = labels[number + 1].start() if number + 1 < len(labels) else len(segment)
        piece: Piece = "A" if label.group(1).upper() == "A" else "B"
        try:
            moves.append(Move.parse(segment[label.end() : end], piece))
        except NotationError as error:
            raise error.shifted(offset + label.end()) from None
    return moves


def _check_moves(parts: list[Action | Move], column: int) -> None:
    moves = [p for p in parts if isinstance(p, Move)]
    if not moves:
        raise NotationError(
            "this play has no Move; write a station, 'Pass', 'Timeout' or 'Farkle' (rule 1.2.0)",
            column=column + 1,
        )
    pieces = [m.piece for m in moves]
    if None in pieces and len(moves) > 1:
        raise NotationError(
            "a play has one Move, or two labelled 'A:' and 'B:' when Bifurcated (rule 1.7.42)",
            column=column + 1,
        )
    if len(set(pieces)) != len(pieces):
        raise NotationError("each Piece moves at most once a Turn (rule 1.7.42)", column=column + 1)


def forget_readings() -> None:
    """Forget memoised play readings and drawn play lines (for cold-cache benchmarks and
    tests)."""
    _parse_play_line.cache_clear()
    _DRAWN.clear()
