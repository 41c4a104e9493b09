"""The state of a game of ifMUD Nomic (rule 7 and the rules that add to it) as plain values,
and its text notation.

Everything the rules make part of the state is here: players and their tallies (28, 41,
136), the active player and the turn (27, 47), the map with its rooms, connections, tolls,
tax havens, high-security areas and tallies (14, 25, 38, 43, 68, 74, 75, 97, 129), servants
(44, 45), tokens (54 and the kinds later rules define), the monkey, the Magic Omnibus, the
pieman, the robot and the kitten (71, 80, 114, 155), the Passive Voters and Passive
Turn-Takers (31, 91, 96), Dark Gifts (124), the Roster of Quests (139), the Table of
Synonyms (72), the game's name (37) and the current time (117). What a turn has done so far
(the once-per-turn limits) is kept too, so a turn may span several mails.

The notation is one line per fact, ``Kind: fields`` with fields split by `` | `` and lists by
``; ``; :meth:`GameState.parse` and :meth:`GameState.render` are a pair
(rules/ifmud-nomic/README.md, "The state document").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Literal

HEADER = "ifMUD Nomic state"
NONE = "-"
FIELD = " | "
ITEM = "; "
TIME_FORMAT = "%Y-%m-%d %H:%M:%S UTC"
FORBIDDEN = ("|", ";", ">", "\n")
"""Characters no name may hold: they separate the notation's fields and lists."""


class NotationError(ValueError):
    """Text that is not an ifMUD Nomic state; the message quotes the line."""


def check_name(name: str) -> str:
    """``name`` if the notation can hold it, else :class:`ValueError` saying why."""
    if not name.strip() or name != name.strip() or name == NONE:
        raise ValueError(f"{name!r} cannot be a name in the game: it is empty or padded")
    for mark in FORBIDDEN:
        if mark in name:
            raise ValueError(f"{name!r} cannot be a name in the game: it holds {mark!r}")
    return name


def render_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(TIME_FORMAT)


def parse_time(text: str) -> datetime:
    try:
        return datetime.strptime(text, TIME_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        raise NotationError(f"{text!r} is not a time like 2026-01-31 18:00:00 UTC") from None


def _items(text: str) -> tuple[str, ...]:
    return () if text == NONE else tuple(text.split(ITEM))


def _render_items(items: tuple[str, ...]) -> str:
    return ITEM.join(items) if items else NONE


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what} must be a whole number, not {text!r}") from None


def _after(fields: list[str], prefix: str) -> str | None:
    """The rest of the field starting with ``prefix``, removed from ``fields``."""
    for at, text in enumerate(fields):
        if text.startswith(prefix):
            del fields[at]
            return text[len(prefix) :]
    return None


def _flag(fields: list[str], word: str) -> bool:
    if word in fields:
        fields.remove(word)
        return True
    return False


def _done(fields: list[str], line: str) -> None:
    if fields:
        raise NotationError(f"{line!r}: cannot read {FIELD.join(fields)!r}")


@dataclass(frozen=True)
class Player:
    """A player: where they are, their tallies (28, 136), their Dark Gifts (124), how many
    more of their own turn ends they stay "chatting their life away" (62), and whether they
    are asleep at the switch (92, 96)."""

    name: str
    location: str
    demerits: int = 0
    brownie: int = 0
    puissance: int = 1
    gifts: tuple[str, ...] = ()
    chatting: int = 0
    asleep: bool = False

    def render(self) -> str:
        parts = [
            self.name,
            f"at {self.location}",
            f"demerits {self.demerits}",
            f"brownie points {self.brownie}",
            f"puissance {self.puissance}",
            f"gifts {_render_items(self.gifts)}",
        ]
        if self.chatting:
            parts.append(f"chatting {self.chatting}")
        if self.asleep:
            parts.append("asleep at the switch")
        return FIELD.join(parts)

    @classmethod
    def parse(cls, line: str) -> Player:
        name, *fields = line.split(FIELD)
        location = _after(fields, "at ")
        demerits = _after(fields, "demerits ")
        brownie = _after(fields, "brownie points ")
        puissance = _after(fields, "puissance ")
        gifts = _after(fields, "gifts ")
        if None in (location, demerits, brownie, puissance, gifts):
            raise NotationError(
                f"{line!r}: a player needs at, demerits, brownie points, puissance and gifts"
            )
        chatting = _after(fields, "chatting ")
        asleep = _flag(fields, "asleep at the switch")
        _done(fields, line)
        return cls(
            name,
            str(location),
            _int(str(demerits), "demerits"),
            _int(str(brownie), "brownie points"),
            _int(str(puissance), "puissance"),
            _items(str(gifts)),
            _int(chatting, "chatting") if chatting is not None else 0,
            asleep,
        )


@dataclass(frozen=True)
class Servant:
    """A player's servant (44): its owner, location and, once given, name and species (45)."""

    owner: str
    location: str
    name: str = ""
    species: str = ""

    def render(self) -> str:
        parts = [self.owner, f"at {self.location}"]
        if self.name:
            parts.append(f"name {self.name}")
        if self.species:
            parts.append(f"species {self.species}")
        return FIELD.join(parts)

    @classmethod
    def parse(cls, line: str) -> Servant:
        owner, *fields = line.split(FIELD)
        location = _after(fields, "at ")
        if location is None:
            raise NotationError(f"{line!r}: a servant needs a location (at ROOM)")
        name = _after(fields, "name ") or ""
        species = _after(fields, "species ") or ""
        _done(fields, line)
        return cls(owner, location, name, species)


@dataclass(frozen=True)
class Toll:
    """A toll or tax of a room (43): its name and value."""

    name: str
    value: int


@dataclass(frozen=True)
class Room:
    """A room of the map with its details: its name for connectivity purposes (129), its
    tolls (43), whether it is a tax haven (68) or high-security area (74), and its damage
    (75) and visits (97) tallies."""

    name: str
    connectivity: str = ""
    tolls: tuple[Toll, ...] = ()
    haven: bool = False
    secure: bool = False
    damage: int = 0
    visits: int = 0

    @property
    def connectivity_name(self) -> str:
        return self.connectivity or self.name

    def render(self) -> str:
        parts = [self.name, f"visits {self.visits}", f"damage {self.damage}"]
        if self.connectivity:
            parts.append(f"connectivity name {self.connectivity}")
        parts.extend(f"toll {toll.name} = {toll.value}" for toll in self.tolls)
        if self.haven:
            parts.append("tax haven")
        if self.secure:
            parts.append("high-security area")
        return FIELD.join(parts)

    @classmethod
    def parse(cls, line: str) -> Room:
        name, *fields = line.split(FIELD)
        visits = _after(fields, "visits ")
        damage = _after(fields, "damage ")
        if visits is None or damage is None:
            raise NotationError(f"{line!r}: a room needs its visits and damage tallies")
        connectivity = _after(fields, "connectivity name ") or ""
        tolls: list[Toll] = []
        while (toll := _after(fields, "toll ")) is not None:
            toll_name, equals, value = toll.rpartition(" = ")
            if not equals:
                raise NotationError(f"{line!r}: a toll is written 'toll NAME = VALUE'")
            tolls.append(Toll(toll_name, _int(value, "a toll's value")))
        haven = _flag(fields, "tax haven")
        secure = _flag(fields, "high-security area")
        _done(fields, line)
        return cls(
            name,
            connectivity,
            tuple(tolls),
            haven,
            secure,
            _int(damage, "damage"),
            _int(visits, "visits"),
        )


Holder = Literal["room", "player", "servant", "monkey"]


@dataclass(frozen=True)
class Where:
    """A token's location (54): a room, a player, a player's servant, or the monkey (84)."""

    kind: Holder
    name: str = ""

    def render(self) -> str:
        if self.kind == "room":
            return f"in {self.name}"
        if self.kind == "player":
            return f"with {self.name}"
        if self.kind == "servant":
            return f"with the servant of {self.name}"
        return "with the monkey"

    @classmethod
    def parse(cls, text: str) -> Where:
        if text == "with the monkey":
            return cls("monkey")
        if text.startswith("with the servant of "):
            return cls("servant", text.removeprefix("with the servant of "))
        if text.startswith("with "):
            return cls("player", text.removeprefix("with "))
        if text.startswith("in "):
            return cls("room", text.removeprefix("in "))
        raise NotationError(f"{text!r} is not a token's location (in ROOM, with PLAYER, ...)")


def room(name: str) -> Where:
    return Where("room", name)


@dataclass(frozen=True)
class Token:
    """A token (54) and whatever later rules add to it: a prize token's value and
    destination (57), a time bomb's delay in hours and the time it came to rest in its room
    (70), protection (154), the colour of its Quest (140), the teleporter's status (109),
    the uplink's charge (101), the die of the Lunchbox (105), the player whose action last
    moved it (90), and the player barred from
    taking it back (112, 145)."""

    name: str
    where: Where
    value: int | None = None
    destination: str | None = None
    delay: int | None = None
    since: datetime | None = None
    protected: bool = False
    quest: str | None = None
    status: str | None = None
    charge: int | None = None
    die: int | None = None
    barred: str | None = None
    moved_by: str | None = None

    @property
    def is_prize(self) -> bool:
        return self.value is not None

    @property
    def is_time_bomb(self) -> bool:
        return self.delay is not None

    @property
    def is_banana(self) -> bool:
        """Rule 138: its name, in lower case, contains "banana"."""
        return "banana" in self.name.lower()

    def render(self) -> str:
        parts = [self.name, self.where.render()]
        if self.value is not None:
            parts.append(f"prize {self.value}")
        if self.destination is not None:
            parts.append(f"destination {self.destination}")
        if self.delay is not None:
            parts.append(f"time bomb {self.delay}h")
        if self.since is not None:
            parts.append(f"resting since {render_time(self.since)}")
        if self.protected:
            parts.append("protected")
        if self.quest is not None:
            parts.append(f"quest {self.quest}")
        if self.status is not None:
            parts.append(f"status {self.status}")
        if self.charge is not None:
            parts.append(f"charge {self.charge}")
        if self.die is not None:
            parts.append(f"die d{self.die}")
        if self.barred is not None:
            parts.append(f"barred {self.barred}")
        if self.moved_by is not None:
            parts.append(f"moved by {self.moved_by}")
        return FIELD.join(parts)

    @classmethod
    def parse(cls, line: str) -> Token:
        parts = line.split(FIELD)
        if len(parts) < 2:
            raise NotationError(f"{line!r}: a token needs a location")
        name, where, *fields = parts
        value = _after(fields, "prize ")
        destination = _after(fields, "destination ")
        delay = _after(fields, "time bomb ")
        since = _after(fields, "resting since ")
        protected = _flag(fields, "protected")
        quest = _after(fields, "quest ")
        status = _after(fields, "status ")
        charge = _after(fields, "charge ")
        die = _after(fields, "die d")
        barred = _after(fields, "barred ")
        moved_by = _after(fields, "moved by ")
        _done(fields, line)
        if delay is not None and not delay.endswith("h"):
            raise NotationError(f"{line!r}: a time bomb's delay is in hours, like 24h")
        return cls(
            name,
            Where.parse(where),
            _int(value, "a prize's value") if value is not None else None,
            destination,
            _int(delay[:-1], "a delay") if delay is not None else None,
            parse_time(since) if since is not None else None,
            protected,
            quest,
            status,
            _int(charge, "a charge") if charge is not None else None,
            _int(die, "a die") if die is not None else None,
            barred,
            moved_by,
        )


@dataclass(frozen=True)
class Quest:
    """A Quest on the Roster (139): its colour, optional name, three rooms and its value in
    brownie points or, when ``puissance``, in points of Puissance (142)."""

    colour: str
    home: str
    locate: str
    goal: str
    value: int
    puissance: bool = False
    name: str = ""

    def render(self) -> str:
        worth = f"{self.value} puissance" if self.puissance else f"{self.value} brownie points"
        parts = [
            self.colour,
            f"home {self.home}",
            f"locate {self.locate}",
            f"goal {self.goal}",
            f"value {worth}",
        ]
        if self.name:
            parts.append(f"name {self.name}")
        return FIELD.join(parts)

    @classmethod
    def parse(cls, line: str) -> Quest:
        colour, *fields = line.split(FIELD)
        home = _after(fields, "home ")
        locate = _after(fields, "locate ")
        goal = _after(fields, "goal ")
        value = _after(fields, "value ")
        name = _after(fields, "name ") or ""
        _done(fields, line)
        if home is None or locate is None or goal is None or value is None:
            raise NotationError(f"{line!r}: a Quest needs home, locate, goal and value")
        number, _, unit = value.partition(" ")
        if unit not in ("puissance", "brownie points"):
            raise NotationError(f"{line!r}: a Quest is worth brownie points or puissance")
        return cls(colour, home, locate, goal, _int(number, "a value"), unit == "puissance", name)


@dataclass(frozen=True)
class Gift:
    """A Dark Gift on the list (124): its name and what it does, in the players' words."""

    name: str
    description: str


@dataclass(frozen=True)
class Donation:
    """An offered donation not yet accepted (113)."""

    donor: str
    recipient: str
    amount: int


@dataclass(frozen=True)
class TurnLog:
    """What the current turn has done: the once-per-turn actions taken (``done``), the rooms
    players entered (rule 98 counts them at its end), how many robot and kitten actions
    were taken (160), and choices still open to the active player (103, 108, 133, 144)."""

    done: tuple[str, ...] = ()
    entered: tuple[tuple[str, str], ...] = ()
    critters: int = 0
    open: tuple[str, ...] = ()

    def did(self, what: str) -> bool:
        return what in self.done

    def doing(self, what: str) -> TurnLog:
        return self if what in self.done else replace(self, done=(*self.done, what))


@dataclass(frozen=True)
class GameState:
    """The game at one moment. Players are listed in the order they were seated; the order
    of turns is rule 27's and is computed (:func:`referee.games.ifmud.turns.turn_order`)."""

    time: datetime
    players: tuple[Player, ...]
    servants: tuple[Servant, ...]
    rooms: tuple[Room, ...]
    connections: tuple[tuple[str, str], ...] = ()
    tokens: tuple[Token, ...] = ()
    name: str = "ifMUD Nomic"
    turn: int = 1
    active: str | None = None
    turn_began: datetime | None = None
    monkey: str = "Central Park"
    monkey_moved: tuple[str, datetime] | None = None
    """Who last moved the monkey, and when (rule 90)."""
    omnibus: str = "House of Commons"
    pieman: str = "Central Park"
    robot: str = "Embedded CPU"
    kitten: str = "Lounge"
    passive_voters: tuple[str, ...] = ()
    passive_turn_takers: tuple[str, ...] = ()
    gifts: tuple[Gift, ...] = ()
    quests: tuple[Quest, ...] = ()
    synonyms: tuple[tuple[str, ...], ...] = ()
    donations: tuple[Donation, ...] = ()
    bubble_next: int = 1
    bubble_last: str | None = None
    honours: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    winner: str | None = None
    log: TurnLog = field(default_factory=TurnLog)
    last_cigar: Token | None = None
    """The esploding cigar as it last existed (152)."""
    news: tuple[str, ...] = ()
    """What the last judged posting did, for the lounge to read with the state."""

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def servant(self, owner: str) -> Servant:
        for servant in self.servants:
            if servant.owner == owner:
                return servant
        raise KeyError(owner)

    def room(self, name: str) -> Room:
        for candidate in self.rooms:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    def has_room(self, name: str) -> bool:
        return any(candidate.name == name for candidate in self.rooms)

    def render(self) -> str:
        lines = [
            HEADER,
            f"Game: {self.name}",
            f"Time: {render_time(self.time)}",
            f"Turn: {self.turn}",
            f"Active: {self.active or NONE}",
            f"Turn began: {render_time(self.turn_began) if self.turn_began else NONE}",
        ]
        lines += [f"Player: {player.render()}" for player in self.players]
        lines += [f"Servant: {servant.render()}" for servant in self.servants]
        lines += [f"Room: {each.render()}" for each in self.rooms]
        lines += [f"Connection: {one}{FIELD}{two}" for one, two in self.connections]
        lines += [f"Token: {token.render()}" for token in self.tokens]
        lines += [
            f"Monkey: {self.monkey}"
            + (
                f"{FIELD}moved by {self.monkey_moved[0]} at {render_time(self.monkey_moved[1])}"
                if self.monkey_moved
                else ""
            ),
            f"Omnibus: {self.omnibus}",
            f"Pieman: {self.pieman}",
            f"Robot: {self.robot}",
            f"Kitten: {self.kitten}",
            f"Passive Voters: {_render_items(self.passive_voters)}",
            f"Passive Turn-Takers: {_render_items(self.passive_turn_takers)}",
        ]
        lines += [f"Dark Gift: {gift.name}{FIELD}{gift.description}" for gift in self.gifts]
        lines += [f"Quest: {quest.render()}" for quest in self.quests]
        lines += [f"Synonyms: {ITEM.join(row)}" for row in self.synonyms]
        lines += [
            f"Donation: {d.donor}{FIELD}{d.recipient}{FIELD}{d.amount}" for d in self.donations
        ]
        lines += [
            f"Bubble: next {self.bubble_next}{FIELD}last {self.bubble_last or NONE}",
            f"Honours: {_render_items(self.honours)}",
            f"Lost: {_render_items(self.lost)}",
            f"Winner: {self.winner or NONE}",
            f"Last cigar: {self.last_cigar.render() if self.last_cigar else NONE}",
            f"Done this turn: {_render_items(self.log.done)}",
            "Entered this turn: "
            + _render_items(tuple(f"{who} > {where}" for who, where in self.log.entered)),
            f"Robot and kitten actions this turn: {self.log.critters}",
            f"Open choices: {_render_items(self.log.open)}",
        ]
        lines += [f"Happened: {line}" for line in self.news]
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameState:
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines or lines[0] != HEADER:
            raise NotationError(f"an ifMUD Nomic state begins with the line {HEADER!r}")
        single: dict[str, str] = {}
        many: dict[str, list[str]] = {}
        repeated = {
            "Player",
            "Servant",
            "Room",
            "Connection",
            "Token",
            "Dark Gift",
            "Quest",
            "Synonyms",
            "Donation",
            "Happened",
        }
        for line in lines[1:]:
            key, colon, rest = line.partition(": ")
            if not colon:
                key, colon, rest = line.partition(":")
            if not colon:
                raise NotationError(f"{line!r} is not 'Kind: fields'")
            if key in repeated:
                many.setdefault(key, []).append(rest)
            elif key in single:
                raise NotationError(f"{line!r}: {key} is given twice")
            else:
                single[key] = rest.strip()

        def one(key: str) -> str:
            try:
                return single.pop(key)
            except KeyError:
                raise NotationError(f"the state has no {key!r} line") from None

        def pair(line: str, what: str) -> tuple[str, str]:
            first, sep, second = line.partition(FIELD)
            if not sep or FIELD in second:
                raise NotationError(f"{line!r}: {what} has two fields")
            return first, second

        began = one("Turn began")
        monkey, _, moved = one("Monkey").partition(FIELD)
        monkey_moved = None
        if moved:
            who, at, when = moved.removeprefix("moved by ").rpartition(" at ")
            if not at or not moved.startswith("moved by "):
                raise NotationError(f"{moved!r}: the monkey's mover reads 'moved by NAME at TIME'")
            monkey_moved = (who, parse_time(when))
        bubble = one("Bubble").split(FIELD)
        if (
            len(bubble) != 2
            or not bubble[0].startswith("next ")
            or not bubble[1].startswith("last ")
        ):
            raise NotationError("the Bubble line reads 'next N | last PLAYER'")
        entered: list[tuple[str, str]] = []
        for item in _items(one("Entered this turn")):
            who, arrow, where = item.partition(" > ")
            if not arrow:
                raise NotationError(f"{item!r}: entered rooms read 'PLAYER > ROOM'")
            entered.append((who, where))
        donations = []
        for line in many.get("Donation", []):
            parts = line.split(FIELD)
            if len(parts) != 3:
                raise NotationError(f"{line!r}: a donation reads 'DONOR | RECIPIENT | AMOUNT'")
            donor, recipient, amount = parts
            donations.append(Donation(donor, recipient, _int(amount, "a donation")))
        state = cls(
            time=parse_time(one("Time")),
            players=tuple(Player.parse(line) for line in many.get("Player", [])),
            servants=tuple(Servant.parse(line) for line in many.get("Servant", [])),
            rooms=tuple(Room.parse(line) for line in many.get("Room", [])),
            connections=tuple(pair(line, "a connection") for line in many.get("Connection", [])),
            tokens=tuple(Token.parse(line) for line in many.get("Token", [])),
            name=one("Game"),
            turn=_int(one("Turn"), "the turn"),
            active=None if (active := one("Active")) == NONE else active,
            turn_began=None if began == NONE else parse_time(began),
            monkey=monkey,
            monkey_moved=monkey_moved,
            omnibus=one("Omnibus"),
            pieman=one("Pieman"),
            robot=one("Robot"),
            kitten=one("Kitten"),
            passive_voters=_items(one("Passive Voters")),
            passive_turn_takers=_items(one("Passive Turn-Takers")),
            gifts=tuple(Gift(*pair(line, "a Dark Gift")) for line in many.get("Dark Gift", [])),
            quests=tuple(Quest.parse(line) for line in many.get("Quest", [])),
            synonyms=tuple(_items(line) for line in many.get("Synonyms", [])),
            donations=tuple(donations),
            bubble_next=_int(bubble[0].removeprefix("next "), "the bubble's next award"),
            bubble_last=None if bubble[1] == "last -" else bubble[1].removeprefix("last "),
            honours=_items(one("Honours")),
            lost=_items(one("Lost")),
            winner=None if (winner := one("Winner")) == NONE else winner,
            last_cigar=None if (cigar := one("Last cigar")) == NONE else Token.parse(cigar),
            log=TurnLog(
                _items(one("Done this turn")),
                tuple(entered),
                _int(one("Robot and kitten actions this turn"), "robot and kitten actions"),
                _items(one("Open choices")),
            ),
            news=tuple(many.get("Happened", [])),
        )
        if single:
            raise NotationError(f"the state has lines no rule keeps: {', '.join(single)}")
        return state
