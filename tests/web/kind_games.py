"""Games of the other kinds to draw, played through the runner by mail and judged by their kinds.

:func:`script_kinds` leaves, in an empty migrated database:

- MC 1, One Day in London, running: dealt by ``speaker start``, set up and some turns played
  by mail (the winning plan of :mod:`tests.service.odil_plan`, stopped half way);
- MC 2, One Day in London, won: the same kind of plan played to its win, every rack revealed;
- MC 3, ifMUD Nomic, running: opened with its seated players and the first map the players
  agreed (the scripted game's, :data:`tests.games.ifmud.test_scripted_game.agreed_map`, made
  by the kind's own agreements), its chamber open, and a round of turns posted by mail.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from referee.games import hosted
from referee.games.ifmud.kind import NAME as IFMUD
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState as IfmudState
from referee.games.one_day_in_london.state import GameState as LondonState
from referee.service import chamber as the_chamber
from referee.service.deadlines import aware
from referee.service.runner import Runner
from referee.store import games
from referee.store.models import Game
from referee.store.status import GameStatus
from tests.games.ifmud.test_scripted_game import agreed_map
from tests.service.harness import HandClock, Table
from tests.service.odil_plan import plan

START = datetime(2026, 11, 23, 12, 0)  # a Monday
LONDON = {"Alice": "alice@example.org", "Bob": "bob@example.org", "Carol": "carol@example.org"}
IFMUD_TURNS = (
    (SEED_PLAYERS[0], "move to Attic\nmove servant to Attic\nend turn"),
    (SEED_PLAYERS[1], "name servant Jeeves, a valet"),
    (SEED_PLAYERS[1], "move to Dot-Com Bubble\nend turn"),
    (SEED_PLAYERS[2], "move to Central Park\nend turn"),
)
"""Adam, Roger and Jota's first turns of the scripted game (rule 27's order by surname)."""


@dataclass(frozen=True)
class Kinds:
    factory: sessionmaker[Session]
    running: int
    won: int
    ifmud: int


def ifmud_address(name: str) -> str:
    return name.lower().replace(" ", ".") + "@example.org"


def state_of(factory: sessionmaker[Session], number: int) -> str:
    with factory() as session:
        text = session.scalars(select(Game.state).where(Game.number == number)).one()
    assert text is not None
    return text


def _london(table: Table, number: int, stop: float) -> None:
    table.speaker(f"new-game odil{number}@lounge.example.org one-day-in-london")
    for name, address in LONDON.items():
        table.mail(address, f"nomic join {name}", subject=f"[MC {number}] join")
        table.speaker(f"approve {number} {name}")
    table.speaker(f"start {number}")
    made = plan(LondonState.parse(state_of(table.factory, number)))
    mails = made.mails[: int(len(made.mails) * stop)]
    for name, text in mails:
        table.clock.advance(minutes=10)
        table.mail(LONDON[name], text, subject=f"[MC {number}] my move")


def _ifmud(table: Table, number: int) -> None:
    lounge = f"ifmud{number}@lounge.example.org"
    now = table.clock()
    with table.factory.begin() as session:
        game = games.create_game(session, number, lounge, now, name="ifMUD Nomic")
        game.kind = IFMUD
        game.status = GameStatus.RUNNING
        game.dice_seed = bytes([2] * 32).hex()
        opening = IfmudNomic(lambda: aware(now)).opening(number, SEED_PLAYERS, random.Random(0))
        game.state = agreed_map(IfmudState.parse(opening)).render()
        for seat, name in enumerate(SEED_PLAYERS, start=1):
            games.join(session, game, games.add_player(session, name, ifmud_address(name)), seat)
        the_chamber.open_chamber(session, game, now, timedelta(hours=12))
    for name, posting in IFMUD_TURNS:
        table.clock.advance(minutes=25)
        table.mail(ifmud_address(name), posting, to=lounge, subject=f"[MC {number}] my turn")


def script_kinds(factory: sessionmaker[Session]) -> Kinds:
    clock = HandClock(START)
    table = Table(factory, clock, seed=14)
    table.runner = Runner(
        factory,
        table.settings,  # type: ignore[arg-type]
        table.desk,
        clock=clock,
        rng=random.Random(14),  # type: ignore[arg-type]
        kinds=hosted(lambda: aware(clock())),
    )
    _london(table, 1, 0.5)
    _london(table, 2, 1.0)
    _ifmud(table, 3)
    table.sent()
    return Kinds(factory, 1, 2, 3)
