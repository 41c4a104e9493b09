"""The pages of an ifMUD Nomic game: its whole state, since the rules hide nothing.

Rule 7 has the players keep the game's state in their posts to the list, and the referee
posts the state document to the lounge after every turn, so the page may print it whole and
draw from it: the players with their tallies (28, 41, 136) and servants (44, 45), the map
(:mod:`referee.web.roomsvg`), the tokens (54), the Roster of Quests (139) and, turn by turn,
who moved where. A turn's "moves" are read from the state documents before and after it, both
posted to the lounge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from referee.games.ifmud.effects import savage_wilderness
from referee.games.ifmud.kind import NAME as IFMUD_NOMIC
from referee.games.ifmud.state import FIELD, GameState, NotationError, Player, Servant, Token
from referee.games.ifmud.turns import turn_order
from referee.web import reading
from referee.web.lru import LRU
from referee.web.page import GameKind, Page
from referee.web.roomsvg import draw_rooms, room_marks


@dataclass(frozen=True)
class PlayerRow:
    name: str
    location: str
    demerits: int
    brownie: int
    puissance: int
    servant: str
    gifts: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class TokenRow:
    name: str
    where: str
    details: str


@dataclass(frozen=True)
class TurnLine:
    """A turn as the page lists it: who played what, and who or what changed room."""

    number: int
    player: str
    play: str
    status: str
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """What the game page shows of one state document."""

    svg: str
    players: tuple[PlayerRow, ...]
    tokens: tuple[TokenRow, ...]
    marks: tuple[tuple[str, tuple[str, ...]], ...]
    order: tuple[str, ...]
    wilderness: str | None


def read_state(text: str | None) -> GameState | None:
    """The state document ``text`` as values, or None when there is none or it cannot be
    read (the page then prints it as it is)."""
    if not text:
        return None
    try:
        return GameState.parse(text)
    except (NotationError, ValueError):
        return None


def board(state: GameState, title: str) -> Board:
    servants = {s.owner: s for s in state.servants}
    players = []
    for p in state.players:
        servant = servants.get(p.name)
        if servant is None:
            described = "-"
        else:
            who = servant.name or "unnamed"
            kind = f", {servant.species}" if servant.species else ""
            described = f"{who}{kind}, in {servant.location}"
        notes = []
        if p.name == state.active:
            notes.append("active (rule 27)")
        if p.name in state.passive_voters:
            notes.append("Passive Voter (rule 31)")
        if p.name in state.passive_turn_takers:
            notes.append("Passive Turn-Taker (rule 96)")
        if p.chatting:
            notes.append(f"chatting for {p.chatting} more turn ends (rule 62)")
        if p.asleep:
            notes.append("asleep at the switch (rule 92)")
        players.append(
            PlayerRow(
                p.name,
                p.location,
                p.demerits,
                p.brownie,
                p.puissance,
                described,
                p.gifts,
                tuple(notes),
            )
        )
    tokens = tuple(_token_row(token) for token in state.tokens)
    marks = tuple((name, tuple(found)) for name, found in room_marks(state))
    order = tuple(turn_order([p.name for p in state.players]))
    svg = draw_rooms(state, title=title)
    return Board(svg, tuple(players), tokens, marks, order, savage_wilderness(state))


def _token_row(token: Token) -> TokenRow:
    parts = token.render().split(FIELD)
    return TokenRow(token.name, token.where.render(), ", ".join(parts[2:]) or "-")


BEINGS = {
    "Monkey": "the monkey",
    "Pieman": "the pieman",
    "Omnibus": "the Magic Omnibus",
    "Robot": "the robot",
    "Kitten": "the kitten",
}
"""The state document's lines for the beings the rules move (71, 80, 114, 155)."""


def whereabouts(text: str | None) -> tuple[tuple[str, str], ...]:
    """Who is in which room in the state document ``text``: players, servants, then the
    beings, as (who, room). Read from those lines alone, with the notation's own readers:
    a page lists a turn's moves for every turn, and the whole document is mostly else."""
    if not text:
        return ()
    players: list[tuple[str, str]] = []
    servants: list[tuple[str, str]] = []
    beings: list[tuple[str, str]] = []
    try:
        for line in text.splitlines():
            key, _, rest = line.partition(": ")
            if key == "Player":
                player = Player.parse(rest)
                players.append((player.name, player.location))
            elif key == "Servant":
                servant = Servant.parse(rest)
                servants.append((f"{servant.owner}'s servant", servant.location))
            elif key in BEINGS:
                beings.append((BEINGS[key], rest.split(FIELD)[0]))
    except (NotationError, ValueError):
        return ()
    return (*players, *servants, *beings)


def moves(before: Sequence[tuple[str, str]], after: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """Who changed room from one state to the next, as ``who: from to there``."""
    was = dict(before)
    return tuple(
        f"{who}: {was[who]} to {room}" for who, room in after if who in was and was[who] != room
    )


class IfmudPages(GameKind):
    """ifMUD Nomic: one page per game, everything on it public (rule 7)."""

    name = IFMUD_NOMIC
    title = "ifMUD Nomic"
    state_is_public = True
    """The players keep the whole state in their posts (rule 7)."""

    def __init__(self) -> None:
        self.log = reading.TurnLog()
        self._boards: LRU[tuple[tuple[str, int], int], Board | None] = LRU(256)
        self._lines: LRU[tuple[str, int, str], TurnLine] = LRU(16384)
        self._whereabouts: LRU[str, tuple[tuple[str, str], ...]] = LRU(64)

    def _where(self, text: str | None) -> tuple[tuple[str, str], ...]:
        """:func:`whereabouts`, kept for a few texts: a turn's state before is the state
        after the turn before it."""
        if not text:
            return ()
        return self._whereabouts.get(text, lambda: whereabouts(text))

    def handles(self, game: reading.GameRow) -> bool:
        return game.kind == IFMUD_NOMIC

    def paths(self, game: reading.GameRow, turns: Sequence[reading.TurnRow]) -> list[str]:
        return []

    def game_page(self, session: Session, game: reading.GameRow) -> Page:
        text = reading.state(session, game.id)
        state = read_state(text)
        title = f"The map of {game.tag} after turn {game.turn_number}"

        def make() -> Board | None:
            return board(state, title) if state is not None else None

        drawn = self._boards.get((game.key, game.version), make)
        turns = self.log.rows(session, game)
        return Page(
            "ifmud/game.html.j2",
            {
                "game": game,
                "kind": self,
                "state": state,
                "board": drawn,
                "document": text or "",
                "seats": reading.seats(session, game.id),
                "turns": [self._line(session, game, turn) for turn in reversed(turns)],
            },
        )

    def _line(self, session: Session, game: reading.GameRow, turn: reading.TurnRow) -> TurnLine:
        def make() -> TurnLine:
            found: tuple[str, ...] = ()
            if turn.status == "applied":
                states = reading.turn_states(session, turn.id)
                found = moves(self._where(states.before), self._where(states.after))
            return TurnLine(turn.number, turn.player, turn.play, turn.status, found)

        return self._lines.get((game.store, turn.id, turn.status), make)

    def sub_page(self, session: Session, game: reading.GameRow, path: str) -> Page | None:
        return None
