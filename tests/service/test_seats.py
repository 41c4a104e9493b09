"""Players' own steps by mail: take back a turn (1.3.3), resign (1.1.3); points (1.1.9)."""

from __future__ import annotations

from datetime import datetime

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.notation.gsd import GSD
from referee.service.ledger import archive, standing
from referee.store.db import sessions
from referee.store.models import Deadline, Game, Turn
from tests.service.harness import (
    WINNING_PLAY,
    HandClock,
    Table,
    declaring,
    homeward,
    road_to_the_crescent,
    text,
    to,
)

LOUNGE = "mc1@lounge.example.org"
TUESDAY = datetime(2026, 11, 24, 9, 0)


def _address(name: str) -> str:
    return f"{name.lower()}@example.org"


def _game(table: Table, number: int = 1) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game).where(Game.number == number)).one()


def _started(engine: Engine, names: tuple[str, ...] = ("Alice", "Bob", "Carol")) -> Table:
    table = Table(sessions(engine), HandClock(TUESDAY), seed=3)
    table.speaker(f"new-game {LOUNGE}")
    for name in names:
        table.mail(_address(name), f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    return table


def _people_in_order(table: Table) -> list[str]:
    return [n for n in _game(table).order_of_play if n != "Drone"]


def _play(table: Table, name: str, play: str) -> None:
    table.clock.advance(hours=1)
    play = homeward(_game(table).state, name, play)
    table.mail(_address(name), f"{name} : {play}", to=LOUNGE, subject="[MC 1] turn")


def _to_the_brink(table: Table, people: list[str], winner: str) -> None:
    """Play the real road to a win (tests/service/harness.py) up to the winning play."""
    for name, play in road_to_the_crescent(people, winner):
        _play(table, name, play)
    assert _game(table).turn_number == 21, "every play on the road was legal"


def test_1_3_3_a_player_takes_back_eir_most_recent_turn_and_the_gsd_before_it_returns(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    first = _people_in_order(table)[0]
    before = _game(table).state
    _play(table, first, "Euston (VC)")
    assert _game(table).state != before and _game(table).turn_number == 1
    table.sent()
    sent = table.mail(_address(first), "nomic take-back", to=LOUNGE)
    assert to(sent) == [LOUNGE]
    assert "deemed never to have happened" in text(sent[0][1])
    game = _game(table)
    assert (game.state, game.turn_number) == (before, 0)
    with table.factory() as session:
        turn = session.scalars(select(Turn).where(Turn.status == "taken-back")).one()
        assert turn.play == f"{first} : {declaring(first, 'Euston (VC)')}"
        owed = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).one()
    assert owed.owed_by == first, "e owes eir turn again"
    assert owed.due == datetime(2026, 11, 25, 21, 0), "counted from the start, as before"


def test_1_3_3_no_take_back_once_another_player_has_played(sqlite_engine: Engine) -> None:
    table = _started(sqlite_engine)
    first, second = _people_in_order(table)[:2]
    _play(table, first, "Euston (VC)")
    _play(table, second, "Bank (NT)")
    table.sent()
    [(_, refusal)] = table.mail(_address(first), "nomic take-back", to=LOUNGE)
    assert "only while no other player has played since" in text(refusal)
    assert _game(table).turn_number == 2


def test_1_1_3_a_resigning_player_leaves_the_token_table(sqlite_engine: Engine) -> None:
    table = _started(sqlite_engine)
    sent = table.mail(_address("Carol"), "nomic resign I am moving to Swindon", to=LOUNGE)
    assert to(sent) == [LOUNGE]
    assert "Home Station is ownerless (rule 1.1.3)" in text(sent[0][1])
    game = _game(table)
    assert "Carol" not in GSD.parse(game.state or "").player_names
    assert "Carol" not in game.order_of_play and game.status == "running"
    [(_, refusal)] = table.mail(_address("Carol"), "nomic resign", to=LOUNGE)
    assert "You are not seated in game MC 1" in text(refusal)


def test_1_1_3_the_last_non_drone_player_after_a_resignation_has_won(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine, ("Alice", "Bob"))
    sent = table.mail(_address("Bob"), "nomic resign", to=LOUNGE)
    assert to(sent) == [LOUNGE, LOUNGE]
    assert "won by Alice" in text(sent[1][1])
    game = _game(table)
    assert (game.status, game.winner, game.finishers) == ("won", "Alice", ["Alice"])
    [(_, refusal)] = table.mail(_address("Alice"), "Alice : Euston (VC)", to=LOUNGE)
    assert "is won by Alice, so no turn can be played" in " ".join(text(refusal).split())


def test_1_1_1_a_turn_in_a_won_game_is_refused_citing_how_to_win(sqlite_engine: Engine) -> None:
    """A won game takes no turn, and the answer names the winner and the rule that ends the
    game (the kind's own: rule 1.1.1 for Mornington Nomic), leaving the game as it was."""
    table = _started(sqlite_engine, ("Alice", "Bob"))
    table.mail(_address("Bob"), "nomic resign", to=LOUNGE)
    before = _game(table).state
    [(_, refusal)] = table.mail(_address("Alice"), "Alice : Euston (VC)", to=LOUNGE)
    said = " ".join(text(refusal).split())
    assert "Game MC 1 is won by Alice, so no turn can be played in it" in said
    assert "by rule 1.1.1 - How to Win, a game is over once its win stands" in said
    assert _game(table).state == before


def test_1_1_9_points_and_the_grandmaster_across_games_and_1_1_5_the_archive(
    sqlite_engine: Engine, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _started(sqlite_engine, ("Alice", "Bob"))
    table.mail(_address("Bob"), "nomic resign", to=LOUNGE)  # game 1: Alice wins
    table.speaker("new-game mc2@lounge.example.org")
    for name in ("Alice", "Bob", "Carol"):
        table.mail(_address(name), f"nomic join {name}", subject="[MC 2]")
        table.speaker(f"approve 2 {name}")
    table.speaker("start 2")
    table.clock.advance(days=1)
    table.mail(_address("Alice"), "nomic resign", to="mc2@lounge.example.org")
    table.mail(_address("Carol"), "nomic resign", to="mc2@lounge.example.org")  # Bob wins
    with table.factory() as session:
        result = standing(session)
        entries = archive(session)
    # Game 1: Alice 0 -> 2. Game 2: Bob (0) wins alone, nobody ahead of em still in it.
    assert result.points == {"Alice": 2, "Bob": 2}
    assert result.grandmaster is None
    assert [(e.number, e.winner) for e in entries] == [(1, "Alice"), (2, "Bob")]
    assert set(GSD.parse(entries[1].final_gsd).player_names) == {"Drone", "Bob"}
    monkeypatch.setenv("REFEREE_DATABASE_URL", sqlite_url)
    monkeypatch.chdir(sqlite_url.removeprefix("sqlite:///").rpartition("/")[0])
    cli = CliRunner()
    points = cli.invoke(main, ["points"])
    assert points.exit_code == 0 and "2  Alice" in points.output
    assert "Grandmaster: none (the top is shared)" in points.output
    listed = cli.invoke(main, ["archive"])
    assert "MC 1: won, won by Alice" in listed.output
    final = cli.invoke(main, ["archive", "2"])
    assert "Mornington Crescent - Game 2" in final.output
    missing = cli.invoke(main, ["archive", "9"])
    assert missing.exit_code == 1 and "has not ended" in missing.output


def test_1_1_3_when_the_player_who_owes_the_turn_resigns_the_next_owes_it_by_the_same_time(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine, ("Alice", "Bob", "Carol", "Dan"))
    order = _people_in_order(table)
    first, second = order[:2]
    _play(table, first, "Euston (VC)")
    with table.factory() as session:
        [owed] = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).all()
    assert owed.owed_by == second
    table.mail(_address(second), "nomic resign", to=LOUNGE)
    with table.factory() as session:
        [now_owed] = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).all()
    assert now_owed.owed_by == order[(order.index(second) + 1) % len(order)]
    assert now_owed.due == owed.due


def test_1_3_5_the_lounge_post_of_a_turn_says_who_plays_next_and_by_when(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    first = _people_in_order(table)[0]
    table.clock.advance(hours=1)
    first_play = f"{first} : {declaring(first, 'Euston (VC)')}"
    [(rcpt, post)] = table.mail(_address(first), first_play, to=LOUNGE)
    following = _people_in_order(table)[1]
    assert rcpt == [LOUNGE]
    assert f"{following} is to play by Wednesday 25 November 22:00 UTC (rule 1.3.5)" in text(post)


def test_1_1_1_a_winning_turn_ends_the_game_once_every_other_player_acknowledges_it(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    people = _people_in_order(table)
    first, second, third = people
    _to_the_brink(table, people, first)
    table.clock.advance(hours=1)
    sent = table.mail(_address(first), f"{first} : {WINNING_PLAY}", to=LOUNGE)
    assert to(sent) == [LOUNGE, LOUNGE]
    assert "is to play by" not in text(sent[0][1])
    assert f"{first} has reached Mornington Crescent with turn 22" in text(sent[1][1])
    assert (_game(table).status, _game(table).winner) == ("winning", first)
    [(_, refusal)] = table.mail(_address(second), f"{second} : Bank (NT)", to=LOUNGE)
    assert f"won by {first} unless the winning turn is buzzed (rule 1.1.1)" in text(refusal)
    [(_, own)] = table.mail(_address(first), "nomic acknowledge", to=LOUNGE)
    assert "the winner does not acknowledge eir own win" in text(own)
    [(_, waiting)] = table.mail(_address(second), "nomic acknowledge", to=LOUNGE)
    assert f"Still to acknowledge or buzz: {third}" in text(waiting)
    assert _game(table).status == "winning"
    [(_, over)] = table.mail(_address(third), "nomic acknowledge", to=LOUNGE)
    assert f"won by {first}, every other active player acknowledged" in text(over)
    game = _game(table)
    assert (game.status, game.winner, len(game.finishers)) == ("won", first, 3)
    with table.factory() as session:
        assert standing(session).points[first] == 2
        assert session.scalars(select(Deadline).where(Deadline.closed_at.is_(None))).all() == []
    [(_, refusal)] = table.mail(
        _address(second), "BUZZ that was not legal", to=LOUNGE, subject="Re: [MC 1] Turn 22: x"
    )
    assert "a buzz of a game that has ended is recognised but not yet handled" in text(refusal)


def test_1_1_1_a_winning_turn_buzzed_and_conceded_means_nobody_has_won(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    people = _people_in_order(table)
    first, second, _ = people
    _to_the_brink(table, people, first)
    before = _game(table).state
    _play(table, first, WINNING_PLAY)
    assert _game(table).status == "winning"
    table.sent()
    table.clock.advance(hours=1)
    table.mail(
        _address(second),
        "BUZZ the Northern line is suspended",
        to=LOUNGE,
        subject="Re: [MC 1] Turn 22: x",
    )
    table.clock.advance(hours=1)
    table.mail(_address(first), "CONCEDE", to=LOUNGE, subject="Re: [MC 1] Turn 22: x")
    game = _game(table)
    assert (game.status, game.winner, game.state, game.turn_number) == (
        "running",
        None,
        before,
        21,
    )
    with table.factory() as session:
        [owed] = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).all()
    assert owed.owed_by == first, "the turn fell, so its player owes it again"


def test_1_1_3_when_the_player_who_played_last_resigns_the_game_plays_on(
    sqlite_engine: Engine,
) -> None:
    """Rule 1.1.3: the resigned player's last play stays in the record; the referee still
    reads its own GSD, and the Turn stays with the player after em (rule 1.3.2)."""
    table = _started(sqlite_engine)
    first, second, third = _people_in_order(table)
    _play(table, first, "Euston (VC)")
    table.mail(_address(first), "nomic resign", to=LOUNGE)
    with table.factory() as session:
        [owed] = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).all()
    assert owed.owed_by == second
    table.clock.advance(hours=1)
    second_play = f"{second} : {declaring(second, 'Bank (NT)')}"
    [(rcpt, post)] = table.mail(_address(second), second_play, to=LOUNGE)
    assert rcpt == [LOUNGE] and f"{third} is to play by" in text(post)
    assert _game(table).turn_number == 2
