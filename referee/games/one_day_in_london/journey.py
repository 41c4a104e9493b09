"""The rules' "Continuous Journey": is a rack of stations, in order, a journey one could ride?

The rules' five sentences, as this module reads them (README "Continuous Journey", C1-C5):

- C1: two stations on the same line are connected, however far apart: each step from one card
  to the next rides one line serving both.
- C2: on one line you may ride as far as you like but never back over it: two steps in a row
  on the same line go the same way along it.
- C3: you may change lines at any station, even to a line running the same way on the same
  track.
- C4: a line or a station may come round again, even going back, once another line has been
  used in between: a change of line frees the direction.
- C5: never the same station twice in a row.

A rack is a journey when some choice of a line for each step obeys all five; the check is a
small dynamic programme over the steps, whose state is the line of the last step. When no
choice works, the first step that cannot be made is the break, and the reason says why.

One reading is a setting (README, R1): whether changing onto a line that runs alongside, only
to go straight back over the track just ridden (Liverpool Street by the Metropolitan to
Moorgate, then the Hammersmith & City back to Liverpool Street), is a change of line (C3, C4)
or backtracking (C2's "sensible journey"). The rules' source implementation refuses it, and so
does the default here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.games.one_day_in_london.network import GameNetwork, load_game_network
from referee.network.lines import LineCode

RACK_SIZE = 10
"""The rules' Goal: a 10 stop trip, one card in each of the rack's 10 spaces."""


class BreakReason(StrEnum):
    """Why a step of a rack cannot be ridden."""

    LENGTH = "length"
    SAME_STATION = "same-station"
    NO_SHARED_LINE = "no-shared-line"
    BACKTRACK = "backtrack"
    TURNS_BACK_ALONGSIDE = "turns-back-alongside"


@dataclass(frozen=True)
class JourneyRules:
    """The settings of the journey check (README, R1)."""

    turn_back_alongside: bool = False
    """Allow changing onto a line alongside only to ride straight back over the same track."""


DEFAULT_RULES = JourneyRules()


@dataclass(frozen=True)
class JourneyBreak:
    """The first step that cannot be made: ``position`` is the 1-based place of the station
    that cannot follow the one before it (0 for a rack of the wrong length)."""

    position: int
    reason: BreakReason
    message: str


@dataclass(frozen=True)
class JourneyCheck:
    """The verdict on a rack: a line for each step when it is a journey, else the break."""

    stations: tuple[str, ...]
    legs: tuple[LineCode, ...] | None
    broken: JourneyBreak | None

    @property
    def journey(self) -> bool:
        return self.broken is None

    def describe(self) -> str:
        """The journey as ``A -District-> B -...`` or the break's sentence."""
        if self.broken is not None:
            return self.broken.message
        assert self.legs is not None
        parts = [self.stations[0]]
        for leg, station in zip(self.legs, self.stations[1:], strict=True):
            parts.append(f"-{leg.line_name}-> {station}")
        return " ".join(parts)


def _toward(network: GameNetwork, code: LineCode, station: str, target: str) -> str:
    """The next station from ``station`` along ``code`` in the direction of ``target``."""
    line = network.line(code)
    at, to = line.position(station), line.position(target)
    return line.stations[at + (1 if to > at else -1)]


def _same_way(network: GameNetwork, code: LineCode, a: str, b: str, c: str) -> bool:
    place = network.positions
    pa, pb, pc = place(a)[code], place(b)[code], place(c)[code]
    return (pb - pa) * (pc - pb) > 0


def _turns_back_alongside(
    network: GameNetwork, before: LineCode, after: LineCode, a: str, b: str, c: str
) -> bool:
    """True when arriving at ``b`` from ``a`` on ``before`` then leaving on ``after`` for ``c``
    goes straight back over the track just ridden on a line running alongside."""
    places = network.positions(a)
    if after not in places or after == before:
        return False
    if _same_way(network, after, a, b, c):
        return False
    return _toward(network, before, b, a) == _toward(network, after, b, a)


def _where(names: tuple[str, ...], step: int) -> str:
    return f"station {step + 1} ({names[step]}) cannot follow station {step} ({names[step - 1]})"


def _broken(names: tuple[str, ...], broken: JourneyBreak) -> JourneyCheck:
    return JourneyCheck(names, None, broken)


def _turning_back(
    names: tuple[str, ...],
    step: int,
    reach: dict[LineCode, LineCode | None],
    refusals: set[BreakReason],
) -> JourneyBreak:
    where = _where(names, step)
    came, a, b = names[step - 2], names[step - 1], names[step]
    rode = " or the ".join(code.line_name for code in reach)
    if refusals == {BreakReason.BACKTRACK}:
        message = (
            f"{where}: the journey came into {a} from {came} on the {rode}, and going on to {b} "
            "turns back along it; a journey may go back along a line only after riding "
            "another line in between"
        )
        return JourneyBreak(step + 1, BreakReason.BACKTRACK, message)
    message = (
        f"{where}: the journey came into {a} from {came}, and every line from {a} to {b} goes "
        "straight back over the track it came in on (back along the same line, or on a line "
        "running alongside it); a journey may go back only after riding another line in between"
    )
    return JourneyBreak(step + 1, BreakReason.TURNS_BACK_ALONGSIDE, message)


def check_journey(
    stations: Sequence[str],
    network: GameNetwork | None = None,
    rules: JourneyRules = DEFAULT_RULES,
    length: int | None = RACK_SIZE,
) -> JourneyCheck:
    """Check ``stations`` (game station names, in rack order) against C1-C5.

    ``length`` is the number of stations a journey must have (the rules' 10; None for any).
    Raises ValueError for a name that is not a station of the game (resolve names first).
    """
    network = network or load_game_network()
    names = tuple(stations)
    for name in names:
        if name not in network:
            raise ValueError(f"{name!r} is not a station of One Day in London")
    if length is not None and len(names) != length:
        message = f"a journey has {length} stations; this one has {len(names)}"
        return _broken(names, JourneyBreak(0, BreakReason.LENGTH, message))
    # reach[line] = the line of the step before, for every line the last step can ride
    reach: dict[LineCode, LineCode | None] = {}
    history: list[dict[LineCode, LineCode | None]] = []
    for step in range(1, len(names)):
        a, b = names[step - 1], names[step]
        if a == b:
            where = _where(names, step)
            message = f"{where}: the same station twice in a row is not a journey"
            return _broken(names, JourneyBreak(step + 1, BreakReason.SAME_STATION, message))
        shared = [code for code in network.lines_at(a) if code in network.positions(b)]
        if not shared:
            message = f"{_where(names, step)}: they share no line"
            return _broken(names, JourneyBreak(step + 1, BreakReason.NO_SHARED_LINE, message))
        following: dict[LineCode, LineCode | None] = {}
        refusals: set[BreakReason] = set()
        for code in shared:
            if step == 1:
                following[code] = None
                continue
            came = names[step - 2]
            for previous in reach:
                if previous == code and not _same_way(network, code, came, a, b):
                    refusals.add(BreakReason.BACKTRACK)
                elif (
                    previous != code
                    and not rules.turn_back_alongside
                    and _turns_back_alongside(network, previous, code, came, a, b)
                ):
                    refusals.add(BreakReason.TURNS_BACK_ALONGSIDE)
                else:
                    following[code] = previous
                    break
        if not following:
            return _broken(names, _turning_back(names, step, reach, refusals))
        history.append(following)
        reach = following
    legs: list[LineCode] = []
    if history:
        line: LineCode | None = next(iter(history[-1]))
        for following in reversed(history):
            assert line is not None
            legs.append(line)
            line = following[line]
    return JourneyCheck(names, tuple(reversed(legs)), None)
