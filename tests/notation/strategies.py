"""Hypothesis strategies for every notation value, shared by the round-trip and fuzz tests."""

from __future__ import annotations

import re

from hypothesis import strategies as st

from referee.network.lines import LineCode
from referee.network.names import game_station_names
from referee.notation.action_index import ActionSpec, load_action_index
from referee.notation.actions import SPECIAL_TARGETS, Action, ArgValue, Compass, Direction
from referee.notation.disruptions import (
    FLAGS,
    FUSED,
    MARKERS,
    NEXT_WEEK,
    PLAYER_STATES,
    SEGMENT_MARKERS,
    Disruption,
)
from referee.notation.gametime import Day, GameTime
from referee.notation.gsd import GSD, Comment
from referee.notation.luggage import RackEntry
from referee.notation.places import Destination
from referee.notation.plays import Move, MoveKind, Play
from referee.notation.possessions import KNOWN_NAMES, HatType, Possession
from referee.notation.stacks import TokenStack
from referee.notation.table import PlayerRow
from referee.notation.tokens import Colour, TokenCounts

stations = st.sampled_from(game_station_names().names)
lines = st.sampled_from(list(LineCode))
colours = st.sampled_from(list(Colour))
days = st.sampled_from(list(Day))
words = st.lists(
    st.sampled_from(["Tea", "Kettle", "Otter", "Lambeth", "Nimble", "Quango", "Tiffin", "York"]),
    min_size=1,
    max_size=3,
).map(" ".join)

_RESERVED = re.compile(r"^(time|game|wild|bridges|courier|player|players|name|plays|a|b)$", re.I)
player_names = st.one_of(
    st.sampled_from(["Rushton", "Cryer", "Garden", "Brooke-Taylor", "Mrs. Trellis", "O'Brien"]),
    st.from_regex(r"\A[A-Z][a-z]{1,8}(-[A-Z][a-z]{1,8})?\Z").filter(
        lambda n: not _RESERVED.match(n)
    ),
)


@st.composite
def destinations(draw: st.DrawFn) -> Destination:
    line = draw(st.none() | lines)
    via = tuple(draw(st.lists(lines, max_size=3))) if line is not None else ()
    escalator = draw(st.none() | st.sampled_from(["Bank", "Monument", "Bow Road", "Bow Church"]))
    return Destination(station=draw(stations), line=line, via=via, escalator=escalator)


token_counts = st.builds(
    TokenCounts,
    bk=st.integers(0, 20), bu=st.integers(0, 20), br=st.integers(0, 20), go=st.integers(0, 20),
    gr=st.integers(0, 20), re=st.integers(0, 20), si=st.integers(0, 20),
)  # fmt: skip

_PLAIN_NAMES = [n for n in KNOWN_NAMES if n not in ("Remote Control", "Radio Clamp")]


@st.composite
def possessions(draw: st.DrawFn, *, known: bool = False) -> Possession:
    """Any written item; ``known``: only names the rules define, as a new purchase must use."""
    # A hat is bought by [Purchasing Hat (<type>)], its own index entry (rule 1.4.6): written
    # as [Purchasing Hat (A)] it reads as that entry, so purchases draw no hats.
    kinds = ["plain", "rover", "paper", "numbered", "stub"] + ([] if known else ["odd", "hat"])
    kind = draw(st.sampled_from(kinds))
    fields: dict[str, object] = {
        "worn": draw(st.booleans()),
        "nantucketed": draw(st.booleans()),
        "fill": draw(st.integers(0, 3)),
    }
    if kind == "hat":
        letters = draw(st.sets(st.sampled_from([h.initial for h in HatType]), min_size=1))
        return Possession(name="Hat", hats="".join(sorted(letters)), **fields)  # type: ignore[arg-type]
    state = draw(st.none() | st.sampled_from(["On", "Off", "Dormant", "Primed"]))
    if kind == "rover":
        return Possession(name="Rover Card", stamp=draw(days), state=state, **fields)  # type: ignore[arg-type]
    if kind == "paper":
        return Possession(name="Paper", stamp=draw(days), state=state, **fields)  # type: ignore[arg-type]
    if kind == "numbered":
        name = draw(st.sampled_from(["Remote Control", "Radio Clamp"]))
        number = draw(st.integers(0, 99))
        return Possession(name=name, number=number, state=state, **fields)  # type: ignore[arg-type]
    if kind == "stub":
        return Possession(name="Stub", station=draw(stations), state=state, **fields)  # type: ignore[arg-type]
    name = draw(st.sampled_from(_PLAIN_NAMES) if kind == "plain" else words)
    return Possession(name=name, state=state, **fields)  # type: ignore[arg-type]


def _arg(kind: str, players: list[str]) -> st.SearchStrategy[ArgValue]:
    table: dict[str, st.SearchStrategy[ArgValue]] = {
        "station": stations,
        "destination": destinations(),
        "player": st.sampled_from([*players, *SPECIAL_TARGETS]),
        "colour": colours,
        "tokens": token_counts,
        "n": st.integers(0, 30),
        "line": lines,
        "direction": st.sampled_from(list(Direction)),
        "possession": possessions(),
        "hat": st.sampled_from(list(HatType)),
        "place": words,
        "zone": st.integers(1, 9),
        "compass": st.sampled_from(list(Compass)),
        "name": words,
        "hours": st.integers(0, 12),
        "number": st.integers(0, 99),
    }
    return table[kind]


@st.composite
def actions(draw: st.DrawFn, players: list[str]) -> Action:
    spec: ActionSpec = draw(st.sampled_from(load_action_index().specs))
    args = tuple(
        draw(possessions(known=True) if kind == "possession" and spec.acquires
             else _arg(kind, players))
        for kind in spec.placeholders
    )  # fmt: skip
    return Action(name=spec.name, args=args)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    kind = draw(st.sampled_from(list(MoveKind)))
    if kind is MoveKind.GO:
        return Move(destination=draw(destinations()))
    if kind is MoveKind.PASS:
        where = draw(st.none() | st.builds(Destination, station=stations, line=lines))
        return Move(kind=kind, destination=where)
    return Move(kind=kind)


comments = st.lists(words, min_size=1, max_size=4).map(" ".join)


@st.composite
def plays(draw: st.DrawFn, players: list[str]) -> Play:
    pre = draw(st.lists(actions(players), max_size=2))
    post = draw(st.lists(actions(players), max_size=2))
    if draw(st.booleans()):
        parts: list[Action | Move] = [*pre, draw(moves()), *post]
    else:
        a, b = draw(moves()), draw(moves())
        between = draw(st.lists(actions(players), max_size=1))
        a = a.model_copy(update={"piece": "A"})
        b = b.model_copy(update={"piece": "B"})
        parts = [*pre, a, *between, b, *post]
    return Play(player=draw(st.sampled_from(players)), parts=tuple(parts),
                comment=draw(st.none() | comments))  # fmt: skip


@st.composite
def disruptions(draw: st.DrawFn) -> Disruption:
    kind = draw(st.sampled_from(["flag", "holiday", "bock", "line", "station", "segment",
                                 "blasted", "sunk", "player_state"]))  # fmt: skip
    if kind == "player_state":
        state = draw(st.sampled_from(PLAYER_STATES))
        return Disruption(
            flag=state,
            player=draw(player_names),
            count=draw(st.integers(0, 10)) if state == FUSED else None,
        )
    if kind == "blasted":
        return Disruption(flag="Blasted", player=draw(player_names))
    if kind == "sunk":
        return Disruption(flag="Sunk", player=draw(player_names), station=draw(stations),
                          line=draw(st.none() | lines))  # fmt: skip
    if kind == "flag":
        return Disruption(flag=draw(st.sampled_from(FLAGS)))
    if kind == "holiday":
        return Disruption(
            flag="Upcoming Holiday", day=draw(days), state=draw(st.sampled_from([None, NEXT_WEEK]))
        )
    if kind == "bock":
        return Disruption(flag="Bock", colour=draw(colours))
    if kind == "line":
        state = draw(st.sampled_from(["Electrified", "Power Failure!", "Soaped", "One Way: E-W",
                                      "One Way: Anti-Clockwise", "Speed Limit: 4"]))  # fmt: skip
        return Disruption(line=draw(lines), state=state)
    if kind == "station":
        return Disruption(station=draw(stations), marker=draw(st.sampled_from(MARKERS)))
    return Disruption(station=draw(stations), segment_end=draw(stations), line=draw(lines),
                      marker=draw(st.sampled_from(SEGMENT_MARKERS)))  # fmt: skip


@st.composite
def stacks(draw: st.DrawFn) -> TokenStack:
    quadrant = draw(st.none() | st.integers(0, 4))
    marker = draw(st.sampled_from([None, None, "Susp Package", "PoID"]))
    tokens = () if marker else tuple(draw(st.lists(colours, min_size=1, max_size=8)))
    return TokenStack(station=draw(stations), quadrant=quadrant, tokens=tokens, marker=marker)


game_times = st.builds(GameTime, day=days, hour=st.integers(0, 23), minute=st.integers(0, 59),
                       night_train=st.booleans())  # fmt: skip


@st.composite
def gsds(draw: st.DrawFn, max_plays: int = 6) -> GSD:
    names = draw(st.lists(player_names, min_size=1, max_size=7, unique_by=lambda n: n.lower()))
    players = tuple(
        PlayerRow(
            name=name,
            inactive=draw(st.booleans()),
            home=draw(st.none() | stations),
            lv=draw(st.integers(0, 12)),
            charge=draw(st.integers(-150, 150)),
            tokens=draw(token_counts),
        )
        for name in names
    )
    rack = tuple(
        RackEntry(player=name, possessions=tuple(draw(st.lists(possessions(), max_size=6))))
        for name in draw(st.lists(st.sampled_from(names), unique=True))
    )
    numbered = draw(st.booleans())
    record = draw(st.lists(st.one_of(plays(names), comments.map(lambda t: Comment(text=t))),
                           max_size=max_plays))  # fmt: skip
    return GSD(
        game=draw(st.integers(1, 999)) if numbered else None,
        turn=draw(st.integers(0, 9999)) if numbered else None,
        players=players,
        disruptions=tuple(draw(st.lists(disruptions(), max_size=5))),
        time=draw(st.none() | game_times),
        wild=tuple(draw(st.lists(stations, max_size=3))),
        courier_pickup=draw(st.none() | stations),
        courier_destination=draw(st.none() | stations),
        stacks=tuple(draw(st.lists(stacks(), max_size=7))),
        rack=rack,
        lost_and_found=tuple(draw(st.lists(possessions(), max_size=4))),
        record=tuple(record),
    )
