"""Actions: the text in a play's square brackets, matched against the index of rule 1.7.2.

Rule 1.7.2 - Actions lists every Action a play may name; ``rules/<ruleset>/actions.toml`` holds
that index with one bracket pattern per Action (``Shunting {player} to {destination}``). A
typed :class:`Action` is the matched index name plus its parameters, each read by the type its
placeholder names, and renders back to the canonical bracket text.

Matching forgives case and spacing (``[lv + 3]`` is ``[LV+3]``, ``[into knip]`` is
``[Into Knip]``) and an optional hyphen (``De-Radiating``). When several patterns fit, the one
with the most literal text wins (``[Eating Overpriced Baguette]`` is that Action, not
``Eating {possession}``); among equals the index order decides. Text that fits no pattern is an
error naming the closest Actions of the index.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from referee.identity import Identity
from referee.network.lines import LineCode
from referee.notation.action_index import (
    ActionIndex,
    ActionSpec,
    load_action_index,
    named_station,
    placeholders_of,
)
from referee.notation.errors import NotationError
from referee.notation.places import Destination, parse_line, parse_station
from referee.notation.podumes import PODUMES
from referee.notation.possession_names import load_possession_names
from referee.notation.possessions import HatType, Possession
from referee.notation.tokens import Colour, TokenCounts
from referee.quoting import excerpt


class Direction(StrEnum):
    """A One Way direction of rule 1.20.2 - And Where Might YOU Be Going?."""

    N_S = "N-S"
    S_N = "S-N"
    E_W = "E-W"
    W_E = "W-E"
    CLOCKWISE = "Clockwise"
    ANTI_CLOCKWISE = "Anti-Clockwise"

    @classmethod
    def parse(cls, text: str) -> Direction:
        key = re.sub(r"[^a-z]", "", text.lower())
        for direction in cls:
            if key == re.sub(r"[^a-z]", "", direction.value.lower()):
                return direction
        names = ", ".join(d.value for d in cls)
        raise NotationError(
            f"'{excerpt(text.strip())}' is not a One Way direction; write one of {names}", column=1
        )


class Compass(StrEnum):
    """A compass Half (rule 1.17.2), as the Wormholes of rule 1.7.13 name them."""

    NORTH = "North"
    SOUTH = "South"
    EAST = "East"
    WEST = "West"

    @classmethod
    def parse(cls, text: str) -> Compass:
        key = text.strip().lower()
        for point in cls:
            if key in (point.value.lower(), point.value[0].lower()):
                return point
        raise NotationError(
            f"'{excerpt(text.strip())}' is not North, South, East or West", column=1
        )


ArgValue = (
    Destination | Possession | TokenCounts | Colour | LineCode | Direction | HatType | Compass
    | int | str
)  # fmt: skip
"""What one parameter of an Action can hold, by the type of its placeholder."""

SPECIAL_TARGETS: tuple[str, ...] = ("Token Stack", "Suspect Package", "PoID", "Drone", *PODUMES)
"""Names that stand for a player in targeting Actions (rules 1.4.7, 1.4.24, 1.10.1, 1.15.1;
and rule 4.2.1 of the Knightsbridge 1965 amendments: a Podume lying at a Station)."""


def _words(text: str) -> str:
    return " ".join(text.split())


def _whole_number(text: str) -> int:
    stripped = text.strip()
    if not stripped.isdigit():
        raise NotationError(f"'{excerpt(stripped)}' is not a whole number", column=1)
    return int(stripped)


_HOURS = re.compile(r"^\s*\+?\s*(\d{1,2})\s*:?\s*(\d{2})\s*$")


def _hours(text: str) -> int:
    """Rule 1.7.51 - Long Lunch: ``+0x00`` extends the Turn by x whole hours."""
    match = _HOURS.match(text)
    if match is None or match.group(2) != "00":
        raise NotationError(
            f"'{excerpt(text.strip())}' is not a number of hours; write it like '+0200'", column=1
        )
    return int(match.group(1))


def _render(value: ArgValue, kind: str) -> str:
    if kind == "hours" and isinstance(value, int):
        return f"+{value:02d}00"
    if isinstance(value, BaseModel):
        render: Callable[[], str] = value.render
        return render()
    if isinstance(value, StrEnum):
        return value.value
    return str(value)


_READERS: dict[str, Callable[[str], ArgValue]] = {
    "station": parse_station,
    "destination": Destination.parse,
    "colour": Colour.parse,
    "tokens": TokenCounts.parse,
    "n": _whole_number,
    "line": parse_line,
    "direction": Direction.parse,
    "possession": Possession.parse,
    "hat": HatType.parse,
    "place": _words,
    "zone": _whole_number,
    "compass": Compass.parse,
    "name": _words,
    "hours": _hours,
    "number": _whole_number,
}


@dataclass(frozen=True)
class _Compiled:
    spec: ActionSpec
    regex: re.Pattern[str]
    literal_length: int
    skeleton: str
    kinds: tuple[str, ...]
    named: int | None = None
    canonical: bool = True


_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_STAND_INS = "|".join(
    r"\s+".join(re.escape(word) for word in name.split()) for name in SPECIAL_TARGETS
)
_NUMBERS = frozenset({"n", "number"})


def _compile(spec: ActionSpec, pattern: str) -> _Compiled:
    """One wording of ``spec`` (its pattern or an alias) as a regex over the bracket text."""
    parts: list[str] = []
    literal = 0
    position = 0
    for index, match in enumerate(_PLACEHOLDER.finditer(pattern)):
        between = pattern[position : match.start()]
        parts.append(_literal_regex(between))
        literal += len(between.strip())
        if index and not between.strip() and match.group(1) in _NUMBERS:
            # Right after another placeholder only digits can tell where that one ends
            # ("Block {station} {n}": Tottenham Court Road 2).
            parts.append(rf"\s*(?P<a{index}>\d+)\s*")
        elif match.group(1) == "player":
            # A stand-in may hold a word of the pattern ("A to Z Podume" in "{player} to"):
            # the stand-ins are tried whole before the shortest text.
            parts.append(rf"\s*(?P<a{index}>{_STAND_INS}|.+?)\s*")
        else:
            parts.append(rf"\s*(?P<a{index}>.+?)\s*")
        position = match.end()
    tail = pattern[position:]
    parts.append(_literal_regex(tail))
    literal += len(tail.strip())
    regex = re.compile(r"^\s*" + "".join(parts) + r"\s*$", re.IGNORECASE | re.DOTALL)
    skeleton = _PLACEHOLDER.sub(lambda m: f"<{m.group(1)}>", pattern)
    kinds = placeholders_of(pattern)
    named = None if kinds == spec.placeholders else named_station(kinds, spec.placeholders)
    return _Compiled(spec, regex, literal, skeleton, kinds, named, pattern == spec.pattern)


def _literal_regex(text: str) -> str:
    out: list[str] = []
    for number, char in enumerate(text):
        if char.isspace():
            before = text[number - 1] if number else "}"
            after = text[number + 1] if number + 1 < len(text) else "{"
            # Words stay apart (so '{possession} On' cannot eat 'Euston'); punctuation may touch.
            joined = before.isalnum() and after.isalnum()
            out.append(r"\s*" if not joined else r"\s+")
            if before in "}{" or after in "}{":
                out[-1] = r"\s+"
        elif char == "-":
            out.append(r"\s*-?\s*")
        elif char.isalnum():
            out.append(re.escape(char))
        else:
            out.append(rf"\s*{re.escape(char)}\s*")
    return "".join(out)


@dataclass(frozen=True, eq=False)
class Matcher:
    """An index compiled once: every pattern, and the patterns filed by their first letters."""

    index: ActionIndex
    compiled: tuple[_Compiled, ...]
    by_key: dict[str, tuple[tuple[int, _Compiled], ...]]
    anywhere: tuple[tuple[int, _Compiled], ...]

    def candidates(self, text: str) -> list[tuple[int, _Compiled]]:
        """The patterns that can match ``text``, in index order."""
        found = [*self.by_key.get(_key(text), ()), *self.anywhere]
        found.sort(key=lambda pair: pair[0])
        return found


def _key(text: str) -> str:
    """The first two letters or digits, lower case: what a pattern's literal start must share."""
    return "".join(c for c in text[:12] if c.isalnum())[:2].lower()


def matcher_of(index: ActionIndex) -> Matcher:
    """``index`` compiled, once per index read: keyed by identity, since hashing a whole index
    on every Action would cost more than matching."""
    return _matcher(Identity(index))


@lru_cache(maxsize=64)
def _matcher(key: Identity[ActionIndex]) -> Matcher:
    index = key.value
    compiled = tuple(
        _compile(spec, pattern) for spec in index for pattern in (spec.pattern, *spec.aliases)
    )
    by_key: dict[str, list[tuple[int, _Compiled]]] = {}
    anywhere: list[tuple[int, _Compiled]] = []
    for order, item in enumerate(compiled):
        prefix = item.skeleton.split("<", 1)[0]
        if sum(c.isalnum() for c in prefix) >= 2:
            by_key.setdefault(_key(prefix), []).append((order, item))
        else:
            anywhere.append((order, item))
    return Matcher(index, compiled, {k: tuple(v) for k, v in by_key.items()}, tuple(anywhere))


def _compiled(index: ActionIndex) -> tuple[_Compiled, ...]:
    return matcher_of(index).compiled


class Action(BaseModel):
    """One Action of a play: the index's name for it and its typed parameters in pattern order."""

    model_config = ConfigDict(frozen=True)

    name: str
    args: tuple[ArgValue, ...] = ()

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        players: Sequence[str] | None = None,
        index: ActionIndex | None = None,
        strict: bool = True,
    ) -> Action:
        """Read the text inside one pair of square brackets (without the brackets).

        ``players`` are the GSD's players, when a GSD is at hand: a ``{player}`` parameter
        must then name one of them (or a stand-in of :data:`SPECIAL_TARGETS`). With
        ``strict=False`` a known name still takes the GSD's spelling but another is kept as
        written (old plays may name players who have since resigned, rule 1.1.3).
        """
        return read_action(text, players=players, index=index, strict=strict)[0]

    def spec(self, index: ActionIndex | None = None) -> ActionSpec:
        """The index entry this Action was matched to."""
        return (index or load_action_index())[self.name]

    def render(self, index: ActionIndex | None = None) -> str:
        """The canonical bracket text, brackets included: ``[Shunting Garden to Moorgate (NT)]``."""
        spec = self.spec(index)
        values = iter(zip(spec.placeholders, self.args, strict=True))

        def fill(match: re.Match[str]) -> str:
            kind, value = next(values)
            return _render(value, kind)

        return "[" + _PLACEHOLDER.sub(fill, spec.pattern) + "]"

    def key(self) -> str:
        """The Action as the state hash sees it: the index's name and the typed values, not
        the pattern's wording, so rewording a pattern (or adding an alias) leaves the hash of
        every stored GSD as it was. Only renaming an entry, which the engine keys on too,
        changes it."""
        return "<" + " | ".join((self.name, *(_value_text(a) for a in self.args))) + ">"

    def __str__(self) -> str:
        return self.render()


def _value_text(value: ArgValue) -> str:
    if isinstance(value, BaseModel):
        render: Callable[[], str] = value.render
        return render()
    if isinstance(value, StrEnum):
        return value.value
    return str(value)


def read_action(
    text: str,
    *,
    players: Sequence[str] | None = None,
    index: ActionIndex | None = None,
    strict: bool = True,
) -> tuple[Action, str | None]:
    """:meth:`Action.parse`, with the station an alias named for the Move (``[Walking to
    Euston]``) that the canonical form leaves to the Move; None when no such station was
    written. The play checks that its Move goes there, since the canonical text drops it."""
    matcher = matcher_of(index or load_action_index())
    roster = None if players is None else tuple(players)
    return _parse_action(text, roster, matcher, strict)


@lru_cache(maxsize=8192)
def _parse_action(
    text: str, players: tuple[str, ...] | None, matcher: Matcher, strict: bool
) -> tuple[Action, str | None]:
    """Match one bracket text; cached, since plays repeat the same few actions all game."""
    best: tuple[int, int, Action, str | None] | None = None
    first_error: NotationError | None = None
    for order, compiled in matcher.candidates(text):
        if best is not None and compiled.literal_length <= best[0]:
            continue
        match = compiled.regex.match(text)
        if match is None:
            continue
        try:
            values = [
                _read_arg(kind, match.group(f"a{i}"), match.start(f"a{i}"), players, strict)
                for i, kind in enumerate(compiled.kinds)
            ]
            if strict and compiled.spec.acquires:
                _check_new_possessions(match, values, matcher.index.ruleset)
        except NotationError as error:
            if first_error is None:
                first_error = error
            continue
        named = None if compiled.named is None else str(values.pop(compiled.named))
        action = Action(name=compiled.spec.name, args=tuple(values))
        candidate = (compiled.literal_length, -order, action, named)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    if best is not None:
        return best[2], best[3]
    if first_error is not None:
        raise first_error
    raise NotationError(_unknown(text, matcher.index), column=1)


def _check_new_possessions(match: re.Match[str], values: list[ArgValue], ruleset: str) -> None:
    """A new play's purchase must name a Possession the rules define (rule 1.4.18 and the
    rules that bring the others into play); older plays and Racks keep what they wrote."""
    names = load_possession_names(ruleset)
    for number, value in enumerate(values):
        if isinstance(value, Possession):
            try:
                names.check(value.name)
            except NotationError as error:
                raise error.shifted(match.start(f"a{number}")) from None


def _read_arg(
    kind: str, text: str, start: int, players: Sequence[str] | None, strict: bool
) -> ArgValue:
    try:
        if kind == "player":
            return parse_player(text, players, strict=strict)
        reader = _READERS.get(kind)
        if reader is None:
            raise NotationError(
                f"the action index uses a placeholder {{{kind}}} I cannot read", column=1
            )
        return reader(text)
    except NotationError as error:
        raise error.shifted(start) from None


def parse_player(text: str, players: Sequence[str] | None, *, strict: bool = True) -> str:
    """A player's name as the GSD spells it; without a GSD, the name as written (spaces tidied).

    Not ``strict``: a name the GSD does not know is kept as written instead of refused.
    """
    name = _words(text)
    if not name:
        raise NotationError("expected a player's name here", column=1)
    if players is None:
        return name
    known = [*players, *SPECIAL_TARGETS]
    folded = {p.lower(): p for p in known}
    found = folded.get(name.lower())
    if found is not None:
        return found
    if not strict:
        return name
    close = difflib.get_close_matches(name.lower(), list(folded), n=3, cutoff=0.6)
    hint = "; did you mean " + " or ".join(folded[c] for c in close) + "?" if close else ""
    raise NotationError(f"'{excerpt(name)}' is not a player in this game{hint}", column=1)


def _unknown(text: str, index: ActionIndex) -> str:
    written = " ".join(text.split())
    # Aliases are matched too, but the suggestion is always the wording the referee writes.
    written_as = {c.spec.name: c.skeleton for c in _compiled(index) if c.canonical}
    skeletons = {c.skeleton.lower(): written_as[c.spec.name] for c in _compiled(index)}
    names = {name.lower(): f"[{skeleton}]" for name, skeleton in written_as.items()}
    close = difflib.get_close_matches(written.lower(), list(skeletons), n=6, cutoff=0.4)
    suggestions = list(dict.fromkeys(f"[{skeletons[c]}]" for c in close))[:3]
    if not suggestions:
        first = written.split(" ")[0].lower() if written else ""
        suggestions = [v for k, v in names.items() if k.startswith(first[:4])][:3] if first else []
    hint = " Closest: " + ", ".join(suggestions) + "." if suggestions else ""
    return f"[{written}] is not an Action of the index of rule 1.7.2.{hint}"


def forget_readings() -> None:
    """Forget memoised Action readings (for cold-cache benchmarks and tests)."""
    _parse_action.cache_clear()
