"""Issue 16, done when: one scripted game of at least sixty turns with four players plays
every family of rules the referee adjudicates by mail, and replays from its record.

A game of ifMUD Nomic with the four seed players, through the same SMTP path as
test_ifmud_by_mail.py (smtplib -> listener -> runner -> outbox -> sender -> relay). Its
postings are chosen from the state as the game goes (the dice are the game's committed seed,
so where a roll decides, the next posting follows what it decided), and everything the players
agree (the map, tolls, a Dark Gift, tokens: a prize, a time bomb, a pie, the uplink, the
Lunchbox, a protected token, a banana, the teleporter changed; the roads of two Quests, a room
removed, at the end a crown) is proposed, voted, ratified and made by the enactor from the
proposal's text. After the first Quest, Admiral Jota joins the Passive Turn-Takers, lets a
turn time out after 24 hours and so is asleep at the switch, lets the next time out after six,
then says he is awake and leaves the list (91-93, 96); Carl follows a second Quest and the
others walk the map.

Coverage is checked from the record, not claimed: the rule numbers the applied postings'
effects cite, the rules of their actions and of their dice are collected from the stored
turns and from the deadline runner's posts as the outbox keeps them, and every family the
issue lists must appear. So are the turns (rule 27): every turn ended, by `end turn` or by
time-out, is counted from those effects, must match the stored state's count and be at least
sixty. Each family also has a posting refused by mail citing its rule, which leaves the stored
state as it was. The game replays from its record (judged postings and proposals in effect)
to the same state, and once it is won every roll checks against the revealed seed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from email import message_from_bytes
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.board import carried_by, connected
from referee.games.ifmud.handlers.robot import entities_in
from referee.games.ifmud.state import GameState, Where
from referee.service.game_dice import verify
from referee.store.models import OutboxMessage, Turn
from tests.conftest import MailPath
from tests.games.ifmud.helpers import ADAM, CARL, JOTA, ROGER
from tests.games.ifmud.test_scripted_game import Agreed
from tests.service.harness import text
from tests.service.test_ifmud_by_mail import (
    SEED,
    Table,
    lounge,
    private,
    replay,
    seeded_table,
)

FAMILIES: dict[str, frozenset[int]] = {
    "movement of self and servant": frozenset({26, 30, 46, 87, 88, 89}),
    "xyzzy": frozenset({62}),
    "picking up, dropping and stealing": frozenset({55, 56, 57, 64, 65, 66, 67, 84, 100}),
    "the bubble": frozenset({29}),
    "tolls": frozenset({43}),
    "the Omnibus": frozenset({51, 80}),
    "bombs and esploding": frozenset({70, 77, 90, 111, 118, 119, 120, 134}),
    "damage": frozenset({75, 76, 77, 78, 121}),
    "brownie points for visits and prize tokens": frozenset(
        {97, 98, 99, 103, 104, 105, 106, 112, 143, 144, 145}
    ),
    "donations": frozenset({113}),
    "pies": frozenset({114, 115, 116, 132, 133}),
    "winning and honours": frozenset({33, 148, 149, 150, 153}),
    "the robot and the kitten": frozenset({155, 157, 160}),
    "Dark Gifts": frozenset({124, 127, 135, 136, 137}),
    "quests": frozenset({139, 140, 141, 142, 151}),
    "Random Selection and Standard Order": frozenset({94, 95}),
    "dice": frozenset({79, 102, 159}),
}
"""The families of rules the issue lists, each by the rules that make it up."""

TURN_ENDED = re.compile(r"'s turn ends(?: \(\d+ hours passed\))?; .+ is active \(rule 27\)")
"""An effect ending a turn (rule 27), by announcement or by time-out."""

CITED = re.compile(r"\brules? (\d+(?:(?:, | and | to |-)\d+)*)")


def cited(line: str) -> set[int]:
    """Every rule number ``line`` cites: "rule 29", "rules 148, 33", "rules 104 and 105"."""
    found: set[int] = set()
    for match in CITED.finditer(line):
        for number in re.findall(r"\d+", match.group(1)):
            found.add(int(number))
    return found


def missing(applied: set[int]) -> list[str]:
    """The families none of whose rules is in ``applied``."""
    return [name for name, rules in FAMILIES.items() if not rules & applied]


SEEN = frozenset(
    {29, 43, 51, 62, 70, 76, 77, 78, 79, 84, 88, 90, 95, 99, 103, 104, 105, 111, 113, 116, 159}
    | {120, 132, 133, 135, 137, 141, 142, 148, 153, 157, 160}
    | {92, 93}
)
"""Rules this game's script sets out to apply, each of which the record must show (more
than one of a family where the family's rules do different things)."""

REFUSED_BY = {"tolls": frozenset({42})}
"""A family whose refusal cites a rule that bounds it from outside: a toll one cannot pay
is refused by rule 42 (no action of one's own may take a tally below nothing)."""

UNREFUSABLE = {
    "the bubble": "it pays whoever enters; no action of its own can be refused",
    "Random Selection and Standard Order": "the referee selects; no player acts",
    "dice": "the referee rolls; no player acts",
}
"""Families no posting can break, and why."""

LIMITS = (
    "you have already moved yourself this turn",
    "you have already moved your servant this turn",
    "you may steal only once a turn",
    "you have taken two robot and kitten actions this turn already",
)
"""The once-per-turn and at-most-two limits, in the words their refusals use."""


@dataclass
class Record:
    """What the players were told: each refusal's answer, by the rule it cited."""

    refused: dict[int, list[str]] = field(default_factory=dict)


Posting = str | Callable[[GameState], str]


class Families:
    """The families game's players: they post, agree and check refusals by mail."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.record = Record()

    def post(self, name: str, posting: Posting) -> list[str]:
        state = self.table.state()
        words = posting(state) if callable(posting) else posting
        self.table.clock.advance(minutes=25)
        before = self.table.game().turn_number
        sent = self.table.post(name, words)
        said = [" ".join(text(m).split()) for m in sent]
        assert self.table.game().turn_number == before + 1, (name, words, said)
        return lounge(sent)

    def turn(self, posting: Posting) -> list[str]:
        """The active player's posting, applied."""
        return self.post(self.table.state().active or "", posting)

    def refuse(self, posting: Posting, rule: int, name: str | None = None) -> str:
        """A posting refused citing ``rule``, answered to its poster alone; the stored state
        (and so every tally, token and place) is as it was."""
        who = name or self.table.state().active or ""
        state = self.table.state()
        words = posting(state) if callable(posting) else posting
        before = self.table.game().state
        self.table.clock.advance(minutes=5)
        sent = self.table.post(who, words)
        assert self.table.game().state == before, words
        assert not lounge(sent), words
        [answer] = private(sent, who)
        flat = " ".join(answer.split())
        assert f"rule {rule}:" in flat, (rule, words, flat)
        self.record.refused.setdefault(rule, []).append(flat)
        return flat

    def lapse(self, hours: int) -> list[str]:
        """Nobody posts: the deadline runner, run a minute after ``hours`` from the start of
        the active player's turn, ends it by time-out (27, 92) and posts what happened."""
        state = self.table.state()
        assert state.turn_began is not None and state.active is not None
        late = state.turn_began.replace(tzinfo=None) + timedelta(hours=hours, minutes=1)
        assert self.table.clock.now < late
        posted = lounge(self.table.deadlines(late))
        assert any("Time has passed" in post for post in posted), posted
        assert self.table.state().active != state.active
        assert self.table.state().turn == state.turn + 1
        return posted

    def agree(self, proposal: Agreed) -> list[str]:
        """A proposal agreed by all by mail and made by the enactor when it takes effect;
        returns the lounge's posts meanwhile (the deadline runner's among them)."""
        words = proposal.words(self.table.state())
        made = lounge(self.table.enact(proposal.name, words))
        [enacted] = [m for m in made if "changes of the state" in m]
        assert "not made" not in enacted, enacted
        return made

    def state(self) -> GameState:
        return self.table.state()


HUB = (
    "Attic",
    "Central Park",
    "Dot-Com Bubble",
    "Servants' Quarters",
    "West of House",
    "Saturn",
    "Embedded CPU",
    "The North Pole",
    "Washington, DC",
    "The House of Commons",
    "Zrblm",
    "Blasted Heath",
    "West of Nowhere",
    "Jaws of Death",
    "Under the High Wall (on a resting)",
)
"""Rooms the first proposal connects to the Lounge, the hub of the map (and Mornington
Crescent, whose entry wins it and so loses the game, 16; not Brigadoon)."""

FIRST_MAP = Agreed(
    "The families' map [AB]",
    lambda state: "\n".join(
        [
            *(f"Connect Lounge and {room}" for room in HUB),
            "Connect Lounge and Mornington Crescent",
            "Connect Attic and West of House",
            "Connect Servants' Quarters and Attic",
            "Connect Central Park and Washington, DC",
            "Connect Central Park and The House of Commons",
            "Connect The House of Commons and Saturn",
            "Toll Mailbox Fee of 3 on West of House",
            "Toll Ring Fee of 500 on Saturn",
            "Add dark gift Night Sight: sees in the dark",
            "Synonyms Attic; loft",
        ]
    ),
)

TOKENS = Agreed(
    "Things [RC]",
    lambda state: "\n".join(
        [
            "Add token golden key | in Lounge | prize 20 | destination Attic",
            f"Add token mind-control satellite uplink | with {ROGER} | charge 10",
            "Add token The Bus Driver's Lunchbox | in Attic | prize 0 | die d18",
            f"Add token a short fuse bomb | with {CARL} | time bomb 2h",
            f"Add token a pie | with the servant of {CARL} | status pie",
            "Add token the Crown Jewels | in Blasted Heath | protected",
            "Add token a ripe banana | in Central Park",
            "Change token personal teleporter to personal teleporter | in Central Park "
            "| status burned out",
        ]
    ),
)


def quest_roads(state: GameState, colour: str = "red", fee: bool = True) -> str:
    """The roads of Carl's Quest of ``colour``: from him to its home, home to locate, locate
    to goal (rule 25), and (with ``fee``) Saturn's ring fee waived so no leg is barred by
    rule 42."""
    quest = next(q for q in state.quests if q.colour == colour)
    here = state.player(CARL).location
    legs = [(here, quest.home), (quest.home, quest.locate), (quest.locate, quest.goal)]
    lines = ["Toll Ring Fee of 0 on Saturn"] if fee else []
    for one, two in legs:
        road = f"Connect {one} and {two}"
        if one != two and not connected(state, one, two) and road not in lines:
            lines.append(road)
    return "\n".join(lines)


def removed_room(state: GameState) -> str:
    """A room of the blue Quest that the players and the hub can spare."""
    blue = next(q for q in state.quests if q.colour == "blue")
    keep = {"Lounge", "Servants' Quarters"} | {p.location for p in state.players}
    rather = {"Attic", "Central Park", "The House of Commons", "Saturn"}
    rather |= {state.omnibus, state.monkey, state.pieman, state.robot, state.kitten}
    spare = [r for r in (blue.home, blue.locate, blue.goal) if r not in keep]
    assert spare, (blue, keep)
    return sorted(spare, key=lambda r: r in rather)[0]


def quest_step(state: GameState, colour: str = "red") -> str:
    """Carl's next step on his Quest of ``colour`` (141): to its home, picking up the primary
    token that appears there, to its locate, then to its goal; a step at a time (30)."""
    quest = next((q for q in state.quests if q.colour == colour), None)
    if quest is None:
        return "end turn"
    mine = [state.tokens[i].name for i in carried_by(state, Where("player", CARL))]
    here = state.player(CARL).location
    if f"{colour} secondary" in mine:
        target, then = quest.goal, ""
    elif f"{colour} primary" in mine:
        target, then = quest.locate, ""
    else:
        target, then = quest.home, f"\npick up {colour} primary"
    if here == target:
        return "move to Lounge\nend turn"
    return f"move to {target}{then}\nend turn"


def towards(state: GameState, name: str, room: str) -> str:
    """The room ``name`` moves to on the way to ``room``: it, or the Lounge, the hub."""
    return room if connected(state, state.player(name).location, room) else "Lounge"


def lonely(state: GameState) -> str | None:
    """A robot examination (160) of a room holding one entity alone, so its Random Selection
    (95) rolls a one-sided die, which shows 1 (159); None if the robot can reach none."""
    rooms = [state.robot, *(r for r in HUB if connected(state, state.robot, r))]
    for room in rooms:
        if len(entities_in(state, room)) == 1:
            return (
                "robot examine" if room == state.robot else f"robot examine after moving to {room}"
            )
    return None


def monkey_has_banana(state: GameState) -> bool:
    return any(t.name == "a ripe banana" and t.where == Where("monkey") for t in state.tokens)


def banana_hunt(state: GameState) -> str:
    """Roger, who holds the uplink, steals the banana from the monkey (84, 86), going to it
    first (by the hub if need be)."""
    here, monkey = state.player(ROGER).location, state.monkey
    steal = "steal a ripe banana from the monkey\nend turn"
    if here == monkey:
        return steal
    if connected(state, here, monkey):
        return f"move to {monkey}\n{steal}"
    return "move to Lounge\nend turn"


WANDER = (
    "Attic",
    "Central Park",
    "Dot-Com Bubble",
    "The North Pole",
    "Washington, DC",
    "Zrblm",
    "Blasted Heath",
    "Embedded CPU",
)
"""Rooms off the Lounge a player walks to for their visits (98): none with a toll, none
that ends the game (16) or costs a turn's end (131)."""


def wander(state: GameState) -> str:
    """The active player's walk: out of the Lounge to a room of :data:`WANDER` (chosen by the
    turn, so the players spread over the map), back to the Lounge from anywhere else."""
    name = state.active or ""
    if state.player(name).chatting:
        return "end turn"
    here = state.player(name).location
    if here != "Lounge":
        return "move to Lounge\nend turn" if connected(state, here, "Lounge") else "end turn"
    rooms = [r for r in WANDER if state.has_room(r) and connected(state, "Lounge", r)]
    return f"move to {rooms[state.turn % len(rooms)]}\nend turn"


def second_half(game: Families) -> list[str]:
    """After the first Quest: Jota asleep at the switch (91-93, 96), Carl's second Quest
    (141, 142) and rounds of walking the map until well over sixty turns have ended."""
    posts: list[str] = []
    # Jota joins the Passive Turn-Takers on another's turn (91), once (91); he is not asleep
    # at the switch, so cannot wake (93).
    while game.state().active == JOTA:
        posts += game.turn(wander)
    posts += game.post(JOTA, "join the passive turn-takers")
    assert JOTA in game.state().passive_turn_takers
    game.refuse("join the passive turn-takers", 91, name=JOTA)
    game.refuse("i am awake", 93, name=JOTA)
    slept = 0
    awake = quest = False
    for _ in range(16):
        for _seat in range(4):
            state = game.state()
            active = state.active
            if active == JOTA and slept == 0:
                # His turn, in which he does nothing, times out after 24 hours (27, 92).
                assert not state.player(JOTA).asleep
                posts += game.lapse(24)
                assert game.state().player(JOTA).asleep, "not asleep at the switch (92)"
                assert "asleep at the switch" in game.table.game().state or ""  # rule 96
                slept = 1
            elif active == JOTA and slept == 1:
                # Asleep, his next turn times out after six hours (92).
                posts += game.lapse(6)
                slept = 2
            elif slept == 2 and not awake and active != JOTA:
                # He says he is awake (93) and leaves the list (91), on another's turn.
                posts += game.post(JOTA, "i am awake")
                assert not game.state().player(JOTA).asleep
                posts += game.post(JOTA, "leave the passive turn-takers")
                assert JOTA not in game.state().passive_turn_takers
                awake = True
                posts += game.turn(wander)
            elif active == CARL and not quest:
                posts += game.turn("create quest green named Fleece\nend turn")
                if quest_roads(game.state(), "green", fee=False):
                    posts += game.agree(
                        Agreed("The Fleece's roads [CM]", lambda s: quest_roads(s, "green", False))
                    )
                quest = True
            elif active == CARL and any(q.colour == "green" for q in state.quests):
                posts += game.turn(lambda s: quest_step(s, "green"))
            else:
                posts += game.turn(wander)
        state = game.state()
        if (
            awake
            and quest
            and state.turn > 66
            and not any(q.colour == "green" for q in state.quests)
        ):
            break
    assert awake and not any(q.colour == "green" for q in game.state().quests)
    return posts


def crown(state: GameState) -> str:
    """At the end the players agree a crown worth 400 into the active player's hands, bound
    for the Lounge or, from the Lounge, the Attic (54, 57)."""
    name = state.active or ""
    goal = "Attic" if state.player(name).location == "Lounge" else "Lounge"
    return f"Add token crown | with {name} | prize 400 | destination {goal}"


def collect(table: Table) -> tuple[set[int], list[str]]:
    """The rules the record shows applied: those the effects of every applied posting cite
    (its stored state's Happened lines), those of its actions and of its dice, and those the
    effects of time cite in the deadline runner's posts as the outbox keeps them (their
    state's Happened lines); with every effect line. Nothing else a post says (the chamber's
    citations, the order of turns) counts."""
    applied: set[int] = set()
    lines: list[str] = []
    with table.path.service.factory() as session:
        for turn in session.scalars(select(Turn).order_by(Turn.id)):
            if turn.status != "applied":
                continue
            news = happened(turn.state or "")
            lines += news
            for line in news:
                applied |= cited(line)
            applied |= {action.rule for action in parse_actions(turn.raw_text)}
            for roll in turn.rolls or []:
                applied |= cited(str(roll.get("why", "")))
                if roll.get("label"):
                    applied.add(79)
                if roll.get("sides") == 1:
                    assert roll.get("value") == 1, roll
                    applied.add(159)
        for kept in session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)):
            post = message_from_bytes(kept.raw)
            if kept.inbox_id is None and str(post["Subject"]).startswith("[ifMUD 1] Time passes"):
                body = post.get_payload(decode=True)
                assert isinstance(body, bytes)
                news = happened(body.decode())
                lines += news
                for line in news:
                    applied |= cited(line)
    return applied, lines


def happened(document: str) -> list[str]:
    """The effects a state document's Happened lines record, in order."""
    return [
        line.removeprefix("Happened: ")
        for line in document.splitlines()
        if line.startswith("Happened: ")
    ]


@pytest.fixture
def table(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Table:
    return seeded_table(tmp_path / "families.sqlite3", mail_path)


def play(game: Families) -> list[str]:
    """The families game, turn by turn; returns every lounge post read."""
    posts = game.agree(FIRST_MAP)

    # Adam: movement (26, 30, 46, 87) and the Omnibus (80) refused; one who has lost (by
    # entering Mornington Crescent, 16) acts no more (33); then a move of each.
    game.refuse("move to Brigadoon", 26)
    game.refuse("move to Mornington Crescent\nend turn", 33)
    game.refuse("move to Attic\nmove to West of House", 30)
    game.refuse("move servant to Attic\nmove servant to Servants' Quarters", 46)
    game.refuse("move servant to Lounge", 87)
    game.refuse("ride the omnibus to Saturn", 80)
    game.refuse("end turn", 27, name=CARL)
    posts += game.turn("move to loft\nmove servant to Attic\nend turn")
    # Roger: a donation offered (113) and a move into the Attic, beside Adam's servant.
    posts += game.turn("donate 5 to Admiral Jota\nmove to Attic\nend turn")
    # Jota: no pie without one's servant at the pieman (115), no donation not offered (113).
    game.refuse("buy a pie", 115)
    game.refuse(f"accept donation from {CARL}", 113)
    posts += game.turn(
        f"accept donation from {ROGER}\nmove to Central Park\nbuy a bomb of 2 days\n"
        "rename a bomb to an angry bomb\nend turn"
    )
    # Carl: metamorphosing takes the whole turn (135).
    game.refuse("move to Attic\nmetamorphose into Night Sight", 135)
    posts += game.turn("metamorphose into Night Sight\nend turn")
    posts += game.agree(TOKENS)
    banana = next(t for t in game.state().tokens if t.name == "a ripe banana")
    assert banana.where == Where("monkey")  # rule 138: the monkey in Central Park takes it

    # Adam steals with his servant at hand (64, 67), once (64); his servant, sharing the
    # Attic with Roger at the turn's end, goes home (88).
    game.refuse(
        f"steal {ROGER}'s bomb from {ROGER}\nsteal mind-control satellite uplink from {ROGER}", 64
    )
    posts += game.turn(f"steal {ROGER}'s bomb from {ROGER}\nend turn")
    # Roger: at most two robot and kitten actions (160); the golden key picked up (55).
    game.refuse("move the kitten\nmove the kitten\nmove the kitten", 160)
    posts += game.turn(
        "move to Lounge\npick up golden key\nmove the kitten\n"
        "robot examine after moving to Lounge\nend turn"
    )
    # Jota walks to the Omnibus.
    posts += game.turn("move to The House of Commons\nend turn")
    # Carl: a pie flies only into a connected room (116); no damage to spend yet (76). His
    # servant throws at Adam in the Attic (116), and he leaves a short fuse in Central Park,
    # where the monkey and the teleporter are (70, 90, 111).
    game.refuse(f"throw pie at {JOTA}", 116)
    game.refuse("damage Central Park letter 1", 76)
    posts += game.turn(
        f"throw pie at {ADAM}\nmove to Central Park\ndrop a short fuse bomb\nend turn"
    )

    # Adam: no Lunchbox to sacrifice (143); he takes it up towards the Omnibus (106).
    game.refuse("sacrifice the lunchbox", 143)
    posts += game.turn("pick up the bus driver's lunchbox\nmove to Lounge\nend turn")
    # Roger scores the golden key (103) and may not take it back (112).
    posts += game.turn(
        "move to Attic\ndrop golden key\nset destination of golden key to West of House"
    )
    game.refuse("pick up golden key", 112)
    game.refuse("set destination of golden key to Lounge", 103)
    posts += game.turn("end turn")
    # Jota: Saturn's ring fee of 500 would take him below nothing (43, 42); he rides the
    # Omnibus into the bubble instead (51, 80, 29).
    game.refuse("move to Saturn", 42)
    posts += game.turn("ride the omnibus to Dot-Com Bubble\nend turn")
    # Carl creates a Quest (142); a second of its colour is refused (142).
    posts += game.turn("create quest red named Grail")
    game.refuse("create quest red", 142)
    posts += game.turn("end turn")
    posts += game.agree(Agreed("The Grail's roads [CM]", quest_roads))

    # Adam: xyzzy may not follow a move (62). He carries the Lunchbox to the Omnibus in
    # the bubble (29, 104, 105), and offers Carl ten points. The bomb has esploded by now
    # (70, 75, 77): Central Park is damaged.
    game.refuse("move to Dot-Com Bubble\nxyzzy", 62)
    assert game.state().room("Central Park").damage, "the short fuse has not esploded"
    posts += game.turn(
        f"donate 10 to {CARL}\nmove to Dot-Com Bubble\ndrop the bus driver's lunchbox\nend turn"
    )
    # Roger says xyzzy (62) and so chats through his next turn.
    posts += game.turn("xyzzy\nend turn")
    # Jota creates the pie bomb (120); there is only one (120).
    posts += game.turn("create pie bomb")
    game.refuse("create pie bomb", 120)
    posts += game.turn("end turn")
    # Carl sets out on the Quest, and abandons his Dark Gift (137), once (137).
    posts += game.turn(
        lambda s: f"accept donation from {ADAM}\nabandon Night Sight\n{quest_step(s)}"
    )
    game.refuse("abandon Night Sight", 137, name=CARL)

    # Round by round: Carl follows the Quest to its end; Roger, chatting, may only end his
    # turn (62), has the robot examine a room holding one thing alone (a d1, 159), and goes
    # through Central Park's Death Toll (78) to steal the banana from the monkey (84, 86);
    # Jota creates a second Quest; Adam then spends Central Park's damage on a letter (76),
    # once a turn (76), and takes the golden key on past the toll (43).
    examined = False
    for _ in range(8):
        for _seat in range(4):
            state = game.state()
            active = state.active
            if active == ROGER and state.player(ROGER).chatting:
                if 62 not in game.record.refused or len(game.record.refused[62]) < 2:
                    game.refuse("move to Attic", 62)
                posts += game.turn("end turn")
            elif active == CARL:
                posts += game.turn(quest_step)
            elif active == JOTA and not any(q.colour == "blue" for q in state.quests):
                posts += game.turn("create quest blue\nend turn")
            elif active == ADAM and state.player(ADAM).location != "Attic":
                posts += game.turn(lambda s: f"move to {towards(s, ADAM, 'Attic')}\nend turn")
            elif active == ADAM and any(
                t.name == "golden key" and t.where == Where("room", "Attic") for t in state.tokens
            ):
                posts += game.turn(
                    "pick up golden key\nmove to West of House\ndrop golden key\nend turn"
                )
            elif active == ROGER and not examined and lonely(state):
                posts += game.turn(f"{lonely(state)}\nend turn")
                examined = True
            elif active == ROGER and monkey_has_banana(state):
                posts += game.turn(banana_hunt)
            elif (
                active == ADAM
                and not monkey_has_banana(state)
                and state.room("Central Park").damage
            ):
                game.refuse("damage Central Park letter 1\ndamage Central Park letter 2", 76)
                posts += game.turn("damage Central Park letter 1")
            else:
                posts += game.turn("end turn")
        state = game.state()
        key = next(t for t in state.tokens if t.name == "golden key")
        if (
            not any(q.colour == "red" for q in state.quests)
            and key.barred == ADAM
            and examined
            and state.room("Central Park").damage == 0
        ):
            break
    assert not any(q.colour == "red" for q in game.state().quests), "the Quest is not done"
    gone = removed_room(game.state())
    posts += game.agree(
        Agreed("Less map [JA]", lambda s: f"Remove room {gone}\nRemove token the Crown Jewels")
    )
    assert not any(q.colour == "blue" for q in game.state().quests)  # rule 151
    jewels = next(t for t in game.state().tokens if t.name == "the Crown Jewels")
    assert jewels.where == Where("room", "Jaws of Death")  # rule 154
    posts += second_half(game)

    # The end: a crown agreed into the active player's hands, scored, wins (103, 148, 153, 33).
    while game.state().player(game.state().active or "").chatting:
        posts += game.turn("end turn")
    posts += game.agree(Agreed("The crown [AB]", crown))
    winner = game.state().active or ""
    goal = next(t for t in game.state().tokens if t.name == "crown").destination
    won = game.turn(f"move to {goal}\ndrop crown")
    posts += won
    assert game.table.game().status == "won" and game.state().winner == winner
    assert any(f"The dice seed of this game was {SEED.hex()}" in post for post in won)
    loser = next(name for name in (ADAM, ROGER, JOTA, CARL) if name != winner)
    before = game.table.game().state
    [answer] = private(game.table.post(loser, "end turn"), loser)
    said = " ".join(answer.split())
    assert f"is won by {winner}, so no turn can be played in it" in said
    assert "by rule 33 a win ends the game at once (rule 148: 350 brownie points win it)" in said
    assert game.table.game().state == before
    return posts


def test_every_adjudicated_family_is_played_and_refused_by_mail_and_replays(
    table: Table,
) -> None:
    game = Families(table)
    posts = play(game)
    final = table.state()

    applied, lines = collect(table)
    assert missing(applied) == [], (sorted(applied), lines)
    assert any("the red Quest, rule 141" in line for line in lines), lines
    assert any("Lunchbox (rule 104)" in line for line in lines), lines
    assert any("connectivity name is now _entral Park" in line for line in lines), lines

    assert not SEEN - applied, sorted(SEEN - applied)
    assert any("the green Quest, rule 141" in line for line in lines), lines

    # Rule 27: the turns the record shows ended, by announcement or by time-out; as many as
    # the stored state has counted, and at least sixty of them.
    ended = [line for line in lines if TURN_ENDED.search(line)]
    assert len(ended) == final.turn - 1, (len(ended), final.turn)
    assert len(ended) >= 60, len(ended)
    timed_out = [line for line in ended if "hours passed" in line]
    assert len(timed_out) >= 2, ended
    assert any(f"{JOTA}'s turn ends (24 hours passed)" in line for line in timed_out), ended
    assert any(f"{JOTA}'s turn ends (6 hours passed)" in line for line in timed_out), ended  # 92
    assert sum("Time has passed" in post for post in posts) >= len(timed_out), "unposted"

    refused = game.record.refused
    for name, rules in FAMILIES.items():
        if name not in UNREFUSABLE:
            assert (rules | REFUSED_BY.get(name, frozenset())) & set(refused), name
    limits = " ".join(" ".join(refused[rule]) for rule in (30, 46, 64, 160))
    for limit in LIMITS:
        assert limit in limits, limit

    assert replay(table) == final
    with table.path.service.factory() as session:
        checked = verify(session, 1)
    assert checked.ok and checked.rolls > 10 and checked.seed == SEED.hex()


def test_a_family_missing_from_the_record_is_named() -> None:
    everything = set().union(*FAMILIES.values())
    assert missing(everything) == []
    assert missing(everything - {29}) == ["the bubble"]
    assert missing(everything - FAMILIES["quests"]) == ["quests"]


def test_the_rules_an_effect_cites_are_read_in_every_form_the_game_writes() -> None:
    assert cited("gains 1 brownie points (entering the bubble, rule 29)") == {29}
    assert cited("wins (rules 148, 33)") == {148, 33}
    assert cited("its die is now a d17 (rules 104, 105)") == {104, 105}
    assert cited("rule 95: where the kitten goes, rule 160") == {95, 160}
    assert cited("the Lunchbox goes to Zrblm (rules 144, 145)") == {144, 145}
    assert cited("Adam is now in Attic") == set()
