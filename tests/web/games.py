"""Games to draw: played through the runner by mail, judged by the real engine.

:func:`script_games` leaves three games in an empty, migrated database, so every page kind
has something to show:

- MC 1, won: three players from the opening to a real win (rule 1.1.1, the harness's road to
  the Crescent), a turn taken back on the way (rule 1.3.3), all acknowledged;
- MC 2, running: four first Moves, the fourth buzzed and still open (section 1.16);
- MC 3, forming: one player has asked to join and waits for the Speaker (rule 1.1.8); the
  Speaker set two readings of its rules other than the defaults (:data:`MC3_READINGS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from referee.store.models import Game
from tests.service.harness import (
    WINNING_PLAY,
    HandClock,
    Table,
    declaring,
    road_to_the_crescent,
)

START = datetime(2026, 11, 24, 9, 0)
FIRST_MOVES = ("Euston (VC)", "Bank (NT)", "Brixton (VC)", "Upminster (DS)")
"""MC 2's first Moves onto the Map, in Order of Play (a first Move may go anywhere)."""
MC3_READINGS = ("route_revisits=true", "narg_tolerance_degrees=10.0")
"""Readings the Speaker set for MC 3 (rules 1.5.4 and 1.4.40), each not the default."""
SECRET_NOTE = "my secret is rhubarb"
"""Said only to the Speaker when asking to join: no page may show it."""


@dataclass(frozen=True)
class Scripted:
    factory: sessionmaker[Session]
    won_order: tuple[str, ...]
    winner: str
    running_order: tuple[str, ...]


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def _order(factory: sessionmaker[Session], number: int) -> tuple[str, ...]:
    with factory() as session:
        game = session.scalars(select(Game).where(Game.number == number)).one()
        return tuple(n for n in game.order_of_play if n != "Drone")


def _start(table: Table, number: int, people: tuple[str, ...]) -> tuple[str, ...]:
    lounge = f"mc{number}@lounge.example.org"
    table.speaker(f"new-game {lounge}")
    for name in people:
        table.mail(address(name), f"nomic join {name}", subject=f"[MC {number}]")
        table.speaker(f"approve {number} {name}")
    table.speaker(f"start {number}")
    return _order(table.factory, number)


def _play(table: Table, number: int, name: str, play: str) -> None:
    table.clock.advance(hours=1)
    table.mail(
        address(name),
        f"{name} : {play}",
        to=f"mc{number}@lounge.example.org",
        subject=f"[MC {number}] turn",
    )


def script_games(factory: sessionmaker[Session]) -> Scripted:
    table = Table(factory, HandClock(START), seed=11)
    won = _start(table, 1, ("Alice", "Bob", "Carol"))
    winner = won[0]
    plays = road_to_the_crescent(list(won), winner)
    for index, (name, play) in enumerate(plays):
        _play(table, 1, name, play)
        if index == 1:  # the second player thinks better of eir first Move
            table.clock.advance(hours=1)
            table.mail(
                address(name), "nomic take-back", to="mc1@lounge.example.org", subject="[MC 1]"
            )
            _play(table, 1, name, play)
    _play(table, 1, winner, WINNING_PLAY)
    for name in won[1:]:
        table.mail(
            address(name), "nomic acknowledge", to="mc1@lounge.example.org", subject="[MC 1]"
        )

    running = _start(table, 2, ("Dan", "Erin", "Frank", "Gina"))
    for name, play in zip(running, FIRST_MOVES, strict=True):
        _play(table, 2, name, declaring(name, play))  # a first play declares a Home (1.12.2)
    table.clock.advance(hours=1)
    table.mail(
        address(running[0]),
        "BUZZ Upminster is not where that Move could end",
        to="mc2@lounge.example.org",
        subject="Re: [MC 2] Turn 4: a play",
    )

    table.speaker(f"new-game mc3@lounge.example.org set {' '.join(MC3_READINGS)}")
    table.mail(address("Hugo"), f"nomic join Hugo\n{SECRET_NOTE}", subject="[MC 3]")
    table.sent()
    return Scripted(factory, won, winner, running)
