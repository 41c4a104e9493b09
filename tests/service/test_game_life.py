"""A game's life by mail, continued (issue 6): the Drone's late Turn (rules 1.15.1, 1.3.5),
resignation with possessions (1.1.3), and deadlines racing turns on PostgreSQL."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from sqlalchemy import text as sql

from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import parse_possessions
from referee.service import deadlines, gsd_edits, roster, seats
from referee.service.desk import GameView, PlayerView, TurnOutcome
from referee.service.runner import Runner
from referee.service.timekeeper import run_due
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.inbox import enqueue
from referee.store.models import Deadline, Game, Membership, Turn
from tests.service.harness import HandClock, Table, homeward, text, to

LOUNGE = "mc1@lounge.example.org"
LEAD = timedelta(hours=12)
FRIDAY_10AM = datetime(2026, 11, 20, 10, 0)
MONDAY_10PM = datetime(2026, 11, 23, 22, 0)
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mail"


def _address(name: str) -> str:
    return f"{name.lower()}@example.org"


def _started(engine: Engine) -> Table:
    """Game MC 1 with Alice, Bob and Carol, begun on Friday at 10am, on the real engine."""
    table = Table(sessions(engine), HandClock(FRIDAY_10AM))
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob", "Carol"):
        table.mail(_address(name), f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    return table


FIRST_MOVES = ("Euston (VC)", "Bank (NT)", "Brixton (VC)", "Upminster (DS)")


def _play_until(table: Table, stop: Callable[[str | None, int], bool]) -> int:
    """Play first Moves by mail, each player in turn as the engine says, until ``stop``
    (whose turn, turns played) is true; the number of turns played."""
    played = 0
    moves = iter(FIRST_MOVES)
    while not stop(who := gsd_edits.to_play(_game(table).state), played):
        assert who is not None
        table.clock.advance(hours=1)
        move = homeward(_game(table).state, who, next(moves))
        sent = table.mail(_address(who), f"{who} : {move}", to=LOUNGE, subject="[MC 1]")
        assert to(sent) == [LOUNGE], f"{who}'s first Move was applied: {text(sent[0][1])}"
        played += 1
    table.sent()
    return played


def _game(table: Table) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game)).one()


def _give(table: Table, owner: str, possessions: str, *, home: str | None = None) -> None:
    """Set up the stored GSD: ``owner`` carries ``possessions`` (the Drone plays if the Drone
    Stick is among them) and has ``home`` as Home Station."""
    with table.factory.begin() as session:
        game = session.scalars(select(Game)).one()
        gsd = GSD.parse(game.state or "")
        carries = "drone stick" in possessions.lower()
        rows = tuple(
            row.model_copy(update={"inactive": False} if carries else {})
            if row.name == "Drone"
            else row.model_copy(update={"home": home} if row.name == owner else {})
            for row in gsd.players
        )
        rack = (RackEntry(player=owner, possessions=parse_possessions(possessions)),)
        game.state = gsd.model_copy(update={"players": rows, "rack": rack}).render()


def _drone_owes_a_turn(table: Table) -> Deadline:
    """Alice has carried the Drone Stick since the start, so the Drone is Active (1.15.1);
    turns are played until it is the Drone's, whose deadline the service opens itself."""
    _give(table, "Alice", "Drone Stick")
    with table.factory.begin() as session:
        game = session.scalars(select(Game)).one()
        first = gsd_edits.to_play(game.state)
        deadlines.turn_owed(session, game, first, FRIDAY_10AM, FRIDAY_10AM, reminder_lead=LEAD)
    _play_until(table, lambda who, _: who == "Drone")
    with table.factory() as session:
        return session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).one()


def test_1_15_1_the_drones_deadline_is_reminded_to_the_stick_carrier_only(
    engine: Engine,
) -> None:
    table = _started(engine)
    owed = _drone_owes_a_turn(table)
    assert owed.owed_by == "Drone" and owed.remind_at is not None
    run_due(table.factory, table.settings, owed.remind_at)  # type: ignore[arg-type]
    [(rcpt, reminder)] = table.sent()
    assert rcpt == [_address("Alice")], "the carrier posts the Drone's Turn, so e is reminded"
    assert "Dear Alice" in text(reminder) and "the Drone's turn" in text(reminder)
    assert "carrier of the Drone Stick" in text(reminder)
    run_due(table.factory, table.settings, owed.due)  # type: ignore[arg-type]
    [(rcpt, passed)] = table.sent()
    assert rcpt == [_address("Alice")]
    assert "play Timeout for the Drone (rule 1.3.5) by writing 'nomic timeout Drone'" in text(
        passed
    )


def test_1_15_1_no_one_is_reminded_of_the_drones_turn_when_no_one_carries_the_stick(
    sqlite_engine: Engine,
) -> None:
    """Defensive: a Drone deadline left open with no carrier mails nobody."""
    table = _started(sqlite_engine)
    with table.factory.begin() as session:
        game = session.scalars(select(Game)).one()
        deadlines.turn_owed(session, game, "Drone", FRIDAY_10AM, FRIDAY_10AM, reminder_lead=LEAD)
    done = run_due(table.factory, table.settings, MONDAY_10PM)  # type: ignore[arg-type]
    assert done.passed == 1 and table.sent() == [], "the Drone has no address of its own"


def test_1_3_5_any_player_times_out_the_drones_late_turn_and_play_goes_on(
    engine: Engine,
) -> None:
    table = _started(engine)
    owed = _drone_owes_a_turn(table)
    forcer = next(n for n in ("Bob", "Carol") if n != gsd_edits.to_play(_game(table).state))
    table.clock.now = owed.due - timedelta(minutes=1)
    [(rcpt, early)] = table.mail(_address(forcer), "nomic timeout Drone", to=LOUNGE)
    assert rcpt == [_address(forcer)] and "Timeout can be forced only after that" in text(early)
    table.clock.now = owed.due
    [(rcpt, post)] = table.mail(_address(forcer), "nomic timeout Drone", to=LOUNGE)
    assert rcpt == [LOUNGE] and "Drone : Timeout" in post["Subject"]
    game = _game(table)
    gsd = GSD.parse(game.state or "", kept=True)
    assert gsd.plays[-1].render() == "Drone : Timeout", "the Timeout is in the record"
    following = gsd_edits.to_play(game.state)
    assert following not in {None, "Drone"}
    with table.factory() as session:
        now_owed = session.scalars(
            select(Deadline).where(Deadline.closed_at.is_(None), Deadline.kind == "turn")
        ).one()
        timeout = session.scalars(select(Turn).where(Turn.play == "Drone : Timeout")).one()
        player = games.player_by_name(session, forcer)
        assert now_owed.owed_by == following
        assert player is not None and timeout.player_id == player.id, "kept under the forcer"
    assert following is not None
    moved = {play.player for play in gsd.plays}
    table.clock.advance(hours=1)
    move = "Pass" if following in moved else "Stanmore (JL)"
    move = homeward(_game(table).state, following, move)
    sent = table.mail(_address(following), f"{following} : {move}", to=LOUNGE, subject="[MC 1]")
    assert to(sent) == [LOUNGE], "the engine reads the Timeout from the record: next plays"


def test_1_1_3_a_resigners_home_and_stubs_become_ownerless_and_play_goes_on(
    engine: Engine,
) -> None:
    table = _started(engine)
    order = [n for n in _game(table).order_of_play if n != "Drone"]
    first, leaver = order[0], order[-1]
    _give(table, leaver, "Euston Stub, Drone Stick, Hat (C)", home="Euston")
    [(rcpt, post)] = table.mail(_address(leaver), "nomic resign moving to Swindon", to=LOUNGE)
    assert rcpt == [LOUNGE]
    got = f"Subject: {post['Subject']}\n\n{post.get_payload(decode=True).decode()}"  # type: ignore[union-attr]
    path = GOLDEN / "lounge.player-resigned.txt"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got.replace("\r\n", "\n"), encoding="utf-8")
    assert got.replace("\r\n", "\n") == path.read_text(encoding="utf-8")
    gsd = GSD.parse(_game(table).state or "")
    assert leaver not in gsd.player_names and gsd.rack == ()
    assert all(row.home != "Euston" for row in gsd.players), "eir Home is no one's"
    [drone] = [row for row in gsd.players if row.name == "Drone"]
    assert drone.inactive, "the Drone Stick left with em, so the Drone is Inactive (1.15.1)"
    table.clock.advance(hours=1)
    play = homeward(_game(table).state, first, "[LV+1] Holborn (CN)")
    sent = table.mail(_address(first), f"{first} : {play}", to=LOUNGE)
    assert to(sent) == [LOUNGE], "the GSD after the resignation is still one the engine reads"


def _waiting_on_a_lock(url: str) -> bool:
    probe = make_engine(url)
    try:
        with probe.connect() as connection:
            found = connection.execute(
                sql("select count(*) from pg_stat_activity where wait_event_type = 'Lock'")
            ).scalar_one()
        return bool(found)
    finally:
        probe.dispose()


@pytest.mark.postgres
def test_1_1_10_a_silence_deadline_and_a_turn_at_once_on_postgres_both_apply_in_turn(
    pg_url: str,
) -> None:
    """A turn is being written when Carol's two silent months pass: the deadline runner waits
    for the game's row, then resigns Carol from the GSD the turn left, not the one before."""
    engine = make_engine(pg_url)
    upgrade(engine)
    table = _started(engine)
    game = _game(table)
    mover = next(n for n in game.order_of_play if n not in {"Drone", "Carol"})
    silent_until = FRIDAY_10AM + timedelta(days=1)  # set early: nothing else falls due
    with table.factory.begin() as session:
        row = session.scalars(
            select(Deadline).where(Deadline.kind == "silence", Deadline.owed_by == "Carol")
        ).one()
        row.due = silent_until
    turn_state = GSD.parse(game.state or "").model_copy(update={"turn": 1}).render()
    writing = table.factory()
    writing.begin()
    player = games.player_by_name(writing, mover)
    assert player is not None
    recorded = games.record_turn(
        writing, game_id=game.id, judged_version=game.version, player_id=player.id,
        inbox_id=None, raw_text="a turn", play=f"{mover} : Timeout", new_state=turn_state,
        now=silent_until, state_before=game.state,
    )  # fmt: skip
    assert recorded.applied
    done: list[object] = []
    runner = threading.Thread(
        target=lambda: done.append(run_due(table.factory, table.settings, silent_until))  # type: ignore[arg-type]
    )
    runner.start()
    deadline = time.monotonic() + 20
    while not _waiting_on_a_lock(pg_url):
        assert time.monotonic() < deadline, "the deadline runner never reached the game row"
        time.sleep(0.02)
    later = writing.get_one(Game, game.id)
    seats.turn_applied(writing, later, mover, silent_until, roster.Timing())
    writing.commit()
    writing.close()
    runner.join(timeout=30)
    assert done, "the deadline runner finished"
    after = _game(table)
    gsd = GSD.parse(after.state or "")
    assert after.version == game.version + 2, "the turn and the resignation, one after the other"
    assert gsd.turn == 1, "the resignation kept the turn's GSD"
    assert "Carol" not in gsd.player_names
    with table.factory() as session:
        carol = games.player_by_name(session, "Carol")
        seat = session.scalars(select(Membership).where(Membership.player_id == carol.id)).one()  # type: ignore[union-attr]
        assert seat.status == "resigned"
    engine.dispose()


def _lounge(sent: list[tuple[list[str], Message]]) -> list[str]:
    return [text(m) for rcpt, m in sent if rcpt == [LOUNGE]]


def _three_turns(engine: Engine) -> tuple[Table, list[str]]:
    """A started game after three turns; who played turns 1, 2 and 3."""
    table = _started(engine)
    players: list[str] = []
    _play_until(table, lambda who, played: played == 3 or bool(players.append(who or "")))
    return table, players[:3]


def test_1_16_1_the_turns_after_a_questionable_turn_are_shown_mistimed(
    sqlite_engine: Engine,
) -> None:
    table, (first, _, third) = _three_turns(sqlite_engine)
    [post] = _lounge(table.mail(_address(third), "BUZZ turn 1 wrong line", to=LOUNGE))
    assert "Turn 1 is now Questionable" in post
    assert "Turns 2, 3 followed it, so they are Mistimed until the buzz is settled" in post
    [(_, paused)] = table.mail(_address(first), f"{first} : Pass", to=LOUNGE)
    assert "A turn played now would be Mistimed (rule 1.16.1)" in text(paused)
    [post] = _lounge(table.mail(_address(third), "WITHDRAW", to=LOUNGE, subject="Turn 1"))
    assert "Turns 2, 3, Mistimed while it was Questionable, now stand as Legal" in post


def test_1_16_1_a_buzz_of_the_latest_turn_names_no_mistimed_turn(sqlite_engine: Engine) -> None:
    table, (first, _, _) = _three_turns(sqlite_engine)
    [post] = _lounge(table.mail(_address(first), "BUZZ turn 3 wrong line", to=LOUNGE))
    assert "Turn 3 is now Questionable" in post and "Mistimed until" not in post


class _Gate:
    """A desk that says every turn is legal, but only once the test lets it answer."""

    def __init__(self) -> None:
        self.judging, self.go = threading.Event(), threading.Event()

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        self.judging.set()
        assert self.go.wait(20), "the test never let the turn through"
        gsd = GSD.parse(game.state or "")
        new_state = gsd.model_copy(update={"turn": (gsd.turn or 0) + 1}).render()
        return TurnOutcome("legal", play=text.strip(), new_state=new_state)


def _enqueue(table: Table, sender: str, body: str, n: int) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, LOUNGE, "[MC 1]"
    message["Message-ID"] = f"<race-{n}@example.org>"
    message.set_content(body)
    enqueue(table.factory, bytes(message), mail_from=sender, rcpt_tos=[LOUNGE], source="smtp")


@pytest.mark.postgres
def test_1_3_5_a_timeout_and_the_late_turn_racing_on_postgres_apply_exactly_one(
    pg_url: str,
) -> None:
    """The late player's turn is being judged when another player forces eir Timeout: the
    Timeout lands, and the turn is answered stale rather than applied on top of it."""
    engine = make_engine(pg_url)
    upgrade(engine)
    table = _started(engine)
    with table.factory() as session:
        late = session.scalars(select(Deadline.owed_by).where(Deadline.kind == "turn")).one()
    assert late is not None and late != "Drone"
    forcer = next(n for n in ("Alice", "Bob", "Carol") if n != late)
    table.clock.now = MONDAY_10PM + timedelta(minutes=5)
    _enqueue(table, _address(late), f"{late} : Euston (VC)", 1)
    _enqueue(table, _address(forcer), f"nomic timeout {late}", 2)
    gate = _Gate()
    runners = [
        Runner(table.factory, table.settings, gate, clock=table.clock),  # type: ignore[arg-type]
        Runner(table.factory, table.settings, gate, clock=table.clock),  # type: ignore[arg-type]
    ]
    judging = threading.Thread(target=runners[0].process_one)
    judging.start()
    assert gate.judging.wait(20), "the first runner took the late turn to the desk"
    forcing = threading.Thread(target=runners[1].process_one)
    forcing.start()
    forcing.join(timeout=30)
    gate.go.set()
    judging.join(timeout=30)
    with table.factory() as session:
        turns = sorted((t.status, t.play) for t in session.scalars(select(Turn)))
        assert turns == [("applied", f"{late} : Timeout"), ("stale", f"{late} : Euston (VC)")]
        game = session.scalars(select(Game)).one()
        assert GSD.parse(game.state or "").plays[-1].render() == f"{late} : Timeout"
    engine.dispose()
