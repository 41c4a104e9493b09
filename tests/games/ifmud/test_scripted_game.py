"""A scripted game of four players and more than sixty turns, played through the kind's seam
with the game's committed dice and a clock that moves with each posting, then replayed from
its record to the same state. What the players agree by consent (the map's first
connections, a toll, a Dark Gift, tokens, and at the end a crown whose scoring wins) is
written as proposals' text in the agreements grammar (rules 25, 43, 54, 127) and made between
postings as the chamber's enactor makes it, and kept in the record with them."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from referee.games.ifmud.agreements import apply_agreements
from referee.games.ifmud.board import neighbours
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState, Where, room
from referee.games.kind import GameView, PlayerView

from .helpers import ADAM, CARL, JOTA, LINKS, ROGER, START

SEED = bytes(range(1, 33))


@dataclass(frozen=True)
class Agreed:
    """A proposal every player agrees (rule 10): its name, and its text in the agreements
    grammar as its proposer words it from the state of the moment."""

    name: str
    words: Callable[[GameState], str]

    def __call__(self, state: GameState) -> GameState:
        """The state once the proposal takes effect; every line of it must be made."""
        after, said = apply_agreements(state, self.words(state))
        assert said and all(line.startswith("made: ") for line in said), said
        return after


def map_words(state: GameState) -> str:
    return "\n".join(
        [
            *(
                f"Connect {one} and {two}"
                for one, two in (*LINKS, ("Embedded CPU", "Lounge"), ("Blasted Heath", "Attic"))
            ),
            "Toll Mailbox Fee of 3 on West of House",
            "Add dark gift Night Sight: sees in the dark",
        ]
    )


agreed_map = Agreed("The first map [AB]", map_words)


OPENING: list[tuple[str, str] | Agreed] = [
    agreed_map,
    (ADAM, "move to Attic\nmove servant to Attic\nend turn"),
    (ROGER, "name servant Jeeves, a valet"),
    (ROGER, "move to Dot-Com Bubble\nend turn"),
    (JOTA, "move to Central Park\nbuy a bomb of 2 days\nrename a bomb to an angry bomb\nend turn"),
    (CARL, "metamorphose into Night Sight\nend turn"),
    (ADAM, "move to West of House\ndrop Adam Biltcliffe's bomb\nend turn"),
    (ROGER, "donate 3 to Admiral Jota"),
    (JOTA, "accept donation from Roger Carbol"),
    (ROGER, "move to Lounge\nmove the kitten\nend turn"),
    (JOTA, "move to The House of Commons\nend turn"),
    (CARL, "create quest red named Grail\nend turn"),
    (ADAM, "xyzzy\nend turn"),
    (ROGER, "robot examine after moving to Lounge\nend turn"),
    (JOTA, "ride the omnibus to Saturn\ncreate pie bomb\nend turn"),
    (CARL, "join the passive turn-takers\nmove to Attic\nend turn"),
]
"""The first rounds, each posting a minute of the game apart."""

UPLINK = "mind-control satellite uplink"


agreed_tokens = Agreed(
    "Tokens [RC]",
    lambda state: "\n".join(
        [
            "The players agree a prize, the uplink and the Lunchbox into the game (rule 54).",
            "Add token golden key | in Lounge | prize 20 | destination Central Park",
            f"Add token {UPLINK} | with {ROGER} | charge 10",
            "Add token The Bus Driver's Lunchbox | in Attic | prize 0 | die d18",
        ]
    ),
)

agreed_pies = Agreed(
    "Pies for all [AJ]",
    lambda state: "\n".join(
        f"Add token a pie | with the servant of {servant.owner} | status pie"
        for servant in state.servants
    ),
)
"""The players agree a pie into each servant's hands (rule 54)."""


SECOND: list[tuple[str, str] | Agreed] = [
    agreed_tokens,
    (ADAM, "end turn"),
    (
        ROGER,
        "pick up golden key\nmove to Central Park\ndrop golden key\n"
        "set destination of golden key to Attic\nend turn",
    ),
    (JOTA, "move to The House of Commons\nend turn"),
    (CARL, "pick up the bus driver's lunchbox\nmove servant to Attic\nend turn"),
    (ADAM, "move to Central Park\npick up golden key\nend turn"),
    (ROGER, "move the monkey to Lounge\nmove to Lounge\nend turn"),
    (JOTA, "move to Central Park\nend turn"),
    (CARL, "end turn"),
    (ADAM, "move to Lounge\nend turn"),
    (ROGER, "move to Attic\nend turn"),
    (JOTA, "end turn"),
    (
        CARL,
        f"steal {UPLINK} from Roger Carbol\nmove the monkey to Attic\n"
        "monkey steal Roger Carbol's bomb from Roger Carbol\nend turn",
    ),
    (ADAM, "move to Attic\ndrop golden key\nend turn"),
    agreed_pies,
]
"""A prize scored and passed on (103, 112), the monkey run by the uplink (71, 85, 101), the
Lunchbox taken up (104-106), a theft with one's servant at hand (64, 67); then every servant
is given a pie, thrown in the rounds that follow when a target stands next door (116)."""


ACTIVE = "(the active player)"


def rounds(count: int) -> list[tuple[str, str] | Agreed]:
    """Then whoever is active walks the circuit, turn after turn; every fifth round passes."""
    script: list[tuple[str, str] | Agreed] = []
    for round_ in range(count):
        script += [(ACTIVE, "end turn" if round_ % 5 == 4 else "step")] * 4
    return script


@dataclass
class Record:
    """What the service keeps of each judged posting: who, when, what, and the verdict."""

    player: str
    at: str
    text: str
    verdict: str


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def crown_words(state: GameState) -> str:
    """At the end the players agree a crown worth 400 into the active player's hands, bound
    for the first room next to them (rule 54)."""
    name = state.active or ""
    goal = sorted(neighbours(state, state.player(name).location))[0]
    return f"Add token crown | with {name} | prize 400 | destination {goal}"


agreed_crown = Agreed("The crown [CM]", crown_words)

agreed_teleporter = Agreed(
    "A charged teleporter [RC]",
    lambda state: (
        "Change token personal teleporter to personal teleporter "
        f"| with {state.active} | status fully charged"
    ),
)
"""The players agree the teleporter, charged, into the active player's hands (rule 54)."""


FINALE: list[tuple[str, str] | Agreed] = [
    agreed_teleporter,
    (ACTIVE, "teleport to The North Pole\nend turn"),
    agreed_crown,
    (ACTIVE, "win"),
]
"""A teleport (110); then scoring the crown wins the game (103, 148) and ends it (33)."""


def throw(state: GameState, name: str) -> str:
    """A pie thrown by ``name``'s servant at someone in a room next to it, if it has one."""
    servant = state.servant(name)
    if not any(t.status == "pie" and t.where == Where("servant", name) for t in state.tokens):
        return ""
    around = neighbours(state, servant.location)
    targets = sorted(p.name for p in state.players if p.location in around and p.name != name)
    return f"throw pie at {targets[0]}\n" if targets else ""


def step(state: GameState, name: str) -> str:
    """The next move on the circuit from where ``name`` stands, or xyzzy home; a pie first
    when the servant has one and a target."""
    here = state.player(name).location
    if state.player(name).chatting:
        return "end turn"
    return throw(state, name) + walk(state, name, here)


def walk(state: GameState, name: str, here: str) -> str:
    if state.room("West of House").damage and state.player(name).brownie >= 2:
        return "repair West of House letter 1 as V\nend turn"
    if here == "Lounge":
        return "move to Central Park\nend turn"
    if here == "Central Park":
        return "move to Washington, DC\nend turn"
    if here == "Washington, DC":
        return "move to Central Park\nend turn"
    return "xyzzy\nend turn"


def play(script: list[tuple[str, str] | Agreed]) -> tuple[GameState, list[Record | str]]:
    """Play the script; the record holds each judged posting and the text of each proposal
    that took effect, where it fell."""
    clock = Clock()
    kind = IfmudNomic(clock)
    text = kind.opening(4, SEED_PLAYERS, random.Random(0))
    records: list[Record | str] = []
    for number, entry in enumerate(script, 1):
        if isinstance(entry, Agreed):
            words = entry.words(GameState.parse(text))
            text = entry(GameState.parse(text)).render()
            records.append(words)
            continue
        name, posting = entry
        state = GameState.parse(text)
        if name == ACTIVE:
            name = state.active or ""
        if posting == "step":
            posting = step(state, name)
        if posting == "win":
            crown = next(t for t in state.tokens if t.name == "crown")
            posting = f"move to {crown.destination}\ndrop crown"
        clock.now = max(clock.now + timedelta(minutes=25), state.turn_began or START)
        game = GameView(4, number, number, text, SEED_PLAYERS, seed=SEED, draw=f"message {number}")
        player = PlayerView(name, f"{name}@example.org", SEED_PLAYERS.index(name) + 1)
        judged = kind.judge(game, player, kind.read(game, posting), random.Random(0))
        records.append(Record(name, clock.now.isoformat(), posting, judged.verdict))
        assert judged.verdict == "legal", (number, name, posting, judged)
        assert judged.new_state is not None
        text = judged.new_state
    return GameState.parse(text), records


def replay(records: list[Record | str]) -> GameState:
    """Judge the recorded postings again, at their recorded times, from a fresh opening, with
    the recorded agreements applied where they fell."""
    clock = Clock()
    kind = IfmudNomic(clock)
    text = kind.opening(4, SEED_PLAYERS, random.Random(0))
    for number, record in enumerate(records, 1):
        if isinstance(record, str):
            text = apply_agreements(GameState.parse(text), record)[0].render()
            continue
        clock.now = datetime.fromisoformat(record.at)
        game = GameView(4, number, number, text, SEED_PLAYERS, seed=SEED, draw=f"message {number}")
        player = PlayerView(record.player, "", SEED_PLAYERS.index(record.player) + 1)
        judged = kind.judge(game, player, kind.read(game, record.text), random.Random(0))
        assert judged.verdict == record.verdict
        text = judged.new_state or text
    return GameState.parse(text)


def test_a_four_player_game_of_sixty_turns_is_won_and_replays_from_its_record() -> None:
    final, records = play(OPENING + SECOND + rounds(14) + FINALE)
    assert final.turn > 60
    assert final.winner is not None and final.active is None
    assert final.player(final.winner).brownie >= 350
    assert final.player(CARL).gifts == ("Night Sight",)
    assert final.room("West of House").damage == 0
    assert final.room("West of House").connectivity_name == "Vest of House"
    assert sum(r.visits for r in final.rooms) > 40
    assert len(final.quests) == 1 and final.bubble_next == 2
    key = next(t for t in final.tokens if t.name == "golden key")
    assert key.barred == ADAM and key.where == room("Attic")
    assert next(t for t in final.tokens if t.name == f"{ROGER}'s bomb").where == Where("monkey")
    assert not any(t.status == "pie" and t.where.kind == "servant" for t in final.tokens)
    teleporter = next(t for t in final.tokens if t.name == "personal teleporter")
    assert teleporter.status == "burned out" and teleporter.where.kind == "room"
    assert replay(records) == final
