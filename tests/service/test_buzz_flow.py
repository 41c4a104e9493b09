"""Buzzing by mail (section 1.16): every step answered in the lounge, rollback from snapshots."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Engine, select

from referee.service.timekeeper import run_due
from referee.store.db import sessions
from referee.store.models import BuzzRecord, Deadline, Game, Turn
from tests.service.harness import HandClock, Table, homeward, text, to

LOUNGE = "mc1@lounge.example.org"
TUESDAY = datetime(2026, 11, 24, 9, 0)
PEOPLE = ("Alice", "Bob", "Carol", "Dan")
FIRST_MOVES = ("Euston (VC)", "Bank (NT)", "Brixton (VC)", "Upminster (DS)")
"""Each player's first Move onto the Map: a Special Move the engine accepts anywhere."""
ILLEGAL = "Alice : [Opening MC] Mornington Crescent (NT)"
"""No one holds Gold at the start (rule 1.1.8), so [Opening MC] cannot be paid for."""
VIOLATION = "Rule 1.7.1 - Action Types: [Opening MC] costs 3 Gold; you hold 0 Gold"


def _address(name: str) -> str:
    return f"{name.lower()}@example.org"


def _game(table: Table) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game)).one()


def _table(
    engine: Engine, people: tuple[str, ...] = PEOPLE, order: tuple[str, ...] = PEOPLE
) -> Table:
    table = Table(sessions(engine), HandClock(TUESDAY), seed=36)
    table.speaker(f"new-game {LOUNGE}")
    for name in people:
        table.mail(_address(name), f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    seated = [n for n in _game(table).order_of_play if n != "Drone"]
    assert seated == list(order), "seed 36 seats them in this order (rule 1.1.12's draw)"
    return table


def _play(table: Table, name: str, play: str) -> str:
    """Play a turn; return the GSD it left."""
    table.clock.advance(hours=1)
    play = homeward(_game(table).state, name, play)
    table.mail(_address(name), f"{name} : {play}", to=LOUNGE, subject="[MC 1] turn")
    table.sent()
    return _game(table).state or ""


def _say(table: Table, name: str, words: str, turn: int) -> list[str]:
    """Reply in turn ``turn``'s thread; return the text of each lounge post it caused."""
    table.clock.advance(hours=1)
    sent = table.mail(_address(name), words, to=LOUNGE, subject=f"Re: [MC 1] Turn {turn}: a play")
    return [text(m) for rcpt, m in sent if rcpt == [LOUNGE]]


def _buzz(table: Table) -> BuzzRecord:
    with table.factory() as session:
        latest = session.scalars(select(BuzzRecord).order_by(BuzzRecord.id.desc())).first()
        assert latest is not None, "no buzz was recorded"
        return latest


def _deadlines(table: Table, kind: str) -> list[Deadline]:
    with table.factory() as session:
        return list(
            session.scalars(
                select(Deadline).where(
                    Deadline.kind == kind,
                    Deadline.closed_at.is_(None),
                    Deadline.passed_at.is_(None),
                )
            )
        )


def test_1_16_2_a_buzz_makes_the_turn_questionable_and_play_waits(engine: Engine) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    [post] = _say(table, "Bob", "BUZZ Euston is not on the Victoria line from there", 1)
    assert "Bob has buzzed turn 1, played by Alice" in post
    assert "Alice has until Wednesday 25 November 23:00 UTC to answer" in post
    assert [d.owed_by for d in _deadlines(table, "buzz")] == ["Alice"]
    assert _deadlines(table, "turn") == [], "play waits, so no turn is owed"
    table.clock.advance(hours=1)
    [(rcpt, paused)] = table.mail(_address("Carol"), "Carol : Bank (NT)", to=LOUNGE)
    assert rcpt == [_address("Carol")] and "play waits until its buzz is settled" in text(paused)
    [(_, second)] = table.mail(
        _address("Dan"), "BUZZ turn 1 also wrong", to=LOUNGE, subject="[MC 1]"
    )
    assert "turn 1 is already Questionable" in text(second)


def test_1_16_2_a_turn_can_be_buzzed_while_three_turns_follow_it_not_four(
    engine: Engine,
) -> None:
    table = _table(engine)
    for name, play in zip(PEOPLE, FIRST_MOVES, strict=True):
        _play(table, name, play)
    _play(table, "Alice", "Pass")
    table.clock.advance(hours=1)
    [(_, refusal)] = table.mail(_address("Bob"), "BUZZ turn 1 too late", to=LOUNGE)
    assert "followed by 4 turns" in text(refusal)
    [post] = _say(table, "Carol", "BUZZ wrong line", 2)
    assert "Carol has buzzed turn 2, played by Bob" in post


def test_1_16_3_a_conceded_buzz_makes_the_turn_illegal_and_restores_the_gsd_before_it(
    engine: Engine,
) -> None:
    table = _table(engine)
    before = _play(table, "Alice", "Euston (VC)")
    _play(table, "Bob", "Bank (NT)")
    _say(table, "Carol", "BUZZ Bank is not reachable", 2)
    [post] = _say(table, "Bob", "CONCEDE", 2)
    assert "Turn 2 is now Illegal" in post and "Bob is to play" in post
    game = _game(table)
    assert (game.state, game.turn_number) == (before, 1)
    assert before.splitlines()[0] in post, "the restored GSD is posted"
    with table.factory() as session:
        statuses = [t.status for t in session.scalars(select(Turn).order_by(Turn.id))]
    assert statuses == ["applied", "illegal"]
    assert [d.owed_by for d in _deadlines(table, "turn")] == ["Bob"]


def test_1_16_3_the_buzzed_player_s_silence_concedes(
    engine: Engine,
) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    due = _buzz(table).due
    assert due is not None
    table.sent()
    run_due(table.factory, table.settings, due - timedelta(hours=12))  # type: ignore[arg-type]
    [(rcpt, reminder)] = table.sent()
    assert rcpt == [_address("Alice")], "only the buzzed player, who owes the answer"
    assert "your step in the buzz" in text(reminder)
    run_due(table.factory, table.settings, due - timedelta(minutes=1))  # type: ignore[arg-type]
    assert _buzz(table).stage == "DEFENCE_DUE"
    run_due(table.factory, table.settings, due)  # type: ignore[arg-type]
    assert _buzz(table).stage == "UPHELD" and _game(table).turn_number == 0
    sent = table.sent()
    [post] = [m for rcpt, m in sent if rcpt == [LOUNGE]]
    assert "Alice did not answer in time" in text(post)
    assert post["In-Reply-To"] == _buzz(table).thread, "posted in the buzz's thread"


def test_1_16_3_a_buzzer_silent_after_the_defence_leaves_the_turn_legal(
    engine: Engine,
) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    waiting = [d.owed_by for d in _deadlines(table, "turn")]
    _say(table, "Bob", "BUZZ wrong", 1)
    [post] = _say(table, "Alice", "CONTEST it is right", 1)
    assert "Bob has until" in post and "silence makes the turn Legal" in post
    due = _buzz(table).due
    assert due is not None
    run_due(table.factory, table.settings, due)  # type: ignore[arg-type]
    assert _buzz(table).stage == "DISMISSED" and _game(table).turn_number == 1
    assert [d.owed_by for d in _deadlines(table, "turn")] == waiting, "play resumes"


def test_1_16_4_a_contested_buzz_is_judged_illegal_and_two_turns_roll_back(
    engine: Engine,
) -> None:
    table = _table(engine)
    before_first = _game(table).state
    _play(table, "Alice", "Euston (VC)")
    _play(table, "Bob", "Bank (NT)")
    _say(table, "Carol", "BUZZ Euston is closed at this Game Time", 1)
    _say(table, "Alice", "CONTEST it is open", 1)
    table.clock.advance(hours=1)
    sent = table.mail(_address("Carol"), "CONTEST", to=LOUNGE, subject="Re: [MC 1] Turn 1")
    buzz = _buzz(table)
    assert buzz.referee in {"Bob", "Dan"}, "drawn among the others, not the two"
    judge_mail = [m for rcpt, m in sent if rcpt == [_address(buzz.referee or "")]]
    assert judge_mail and "Reply with LEGAL or ILLEGAL" in text(judge_mail[0])
    assert [d.owed_by for d in _deadlines(table, "buzz")] == [buzz.referee]
    [(_, refusal)] = table.mail(_address("Carol"), "ILLEGAL", to=LOUNGE, subject="Turn 1")
    assert "Carol cannot judge now" in text(refusal)
    [post] = _say(table, buzz.referee or "", "ILLEGAL", 1)
    assert "Turn 1 is now Illegal" in post
    game = _game(table)
    assert (game.state, game.turn_number) == (before_first, 0)
    with table.factory() as session:
        first = session.scalars(select(Turn).where(Turn.number == 1)).one()
        statuses = [t.status for t in session.scalars(select(Turn).order_by(Turn.id))]
    assert game.state == first.state_before
    assert statuses == ["illegal", "voided"], "the Illegal turn and the one after it"


def test_1_16_4_a_judgment_of_legal_lets_play_resume(engine: Engine) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    after = _game(table).state
    _say(table, "Bob", "BUZZ wrong", 1)
    _say(table, "Alice", "CONTEST", 1)
    _say(table, "Bob", "CONTEST", 1)
    referee = _buzz(table).referee or ""
    [post] = _say(table, referee, "LEGAL", 1)
    assert "Turn 1 is now Legal" in post
    assert _game(table).state == after and _buzz(table).stage == "DISMISSED"
    assert len(_deadlines(table, "turn")) == 1


def test_1_16_4_a_declining_referee_is_replaced_and_with_none_left_the_speaker_appoints(
    engine: Engine,
) -> None:
    table = _table(engine, ("Alice", "Bob", "Carol"), order=("Bob", "Alice", "Carol"))
    _play(table, "Bob", "Bank (NT)")
    _say(table, "Alice", "BUZZ wrong", 1)
    _say(table, "Bob", "CONTEST", 1)
    _say(table, "Alice", "CONTEST", 1)
    assert _buzz(table).referee == "Carol", "the only player who is neither party"
    [post] = _say(table, "Carol", "DECLINE", 1)
    assert "on hold until a referee is available" in post
    assert _deadlines(table, "buzz") == []
    [(_, refusal)] = table.speaker("referee 1 Carol")
    assert "Carol cannot judge" in text(refusal)
    table.mail(_address("Dan"), "nomic join Dan", subject="[MC 1]")
    table.speaker("approve 1 Dan")
    table.speaker("referee 1 Dan")
    assert _buzz(table).referee == "Dan" and _buzz(table).stage == "JUDGMENT_DUE"
    [post] = _say(table, "Dan", "ILLEGAL", 1)
    assert "Turn 1 is now Illegal" in post


def test_1_16_2_a_withdrawn_buzz_leaves_the_turn_legal(engine: Engine) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    [(_, refusal)] = table.mail(_address("Carol"), "WITHDRAW", to=LOUNGE, subject="Turn 1")
    assert "only Bob, who made the buzz, can withdraw it" in text(refusal)
    [post] = _say(table, "Bob", "WITHDRAW", 1)
    assert "Turn 1 is now Legal" in post and _game(table).turn_number == 1


def test_1_3_3_a_buzzed_turn_cannot_be_taken_back(engine: Engine) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    _say(table, "Bob", "WITHDRAW", 1)
    [(_, refusal)] = table.mail(_address("Alice"), "nomic take-back", to=LOUNGE)
    assert "has been buzzed, so it cannot be taken back" in text(refusal)


def test_the_referee_refuses_an_illegal_turn_at_once_in_strict_mode(engine: Engine) -> None:
    table = _table(engine)
    table.clock.advance(hours=1)
    [(rcpt, refusal)] = table.mail(_address("Alice"), ILLEGAL, to=LOUNGE)
    assert rcpt == [_address("Alice")] and VIOLATION in text(refusal)
    assert _game(table).turn_number == 0


def test_in_the_players_style_the_referee_posts_an_illegal_turn_and_buzzes_it(
    engine: Engine,
) -> None:
    table = Table(sessions(engine), HandClock(TUESDAY), seed=36)
    table.speaker(f"new-game {LOUNGE} normal buzz-mode=players")
    for name in PEOPLE:
        table.mail(_address(name), f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    table.sent()
    posted = (_game(table).state or "") + f"\n{ILLEGAL}\n"
    table.clock.advance(hours=1)
    sent = table.mail(_address("Alice"), posted, to=LOUNGE, subject="[MC 1] turn")
    assert to(sent) == [LOUNGE, LOUNGE]
    assert f"Turn 1: {ILLEGAL}" in str(sent[0][1]["Subject"])
    buzz_post = text(sent[1][1])
    assert "the referee has buzzed turn 1, played by Alice" in buzz_post
    assert VIOLATION in buzz_post
    [post] = _say(table, "Alice", "CONTEST the map is wrong", 1)
    buzz = _buzz(table)
    assert buzz.stage == "JUDGMENT_DUE", "the referee stands by its buzz: judgment decides"
    assert buzz.referee in {"Bob", "Carol", "Dan"}
    [post] = _say(table, buzz.referee or "", "LEGAL", 1)
    assert "Turn 1 is now Legal" in post and _game(table).turn_number == 1


def test_1_16_4_a_referee_silent_for_three_days_is_replaced_by_another_draw(
    engine: Engine,
) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    _say(table, "Alice", "CONTEST", 1)
    _say(table, "Bob", "CONTEST", 1)
    buzz = _buzz(table)
    silent, drawn_at = buzz.referee, table.clock.now
    assert buzz.due == drawn_at + timedelta(days=3)
    run_due(table.factory, table.settings, drawn_at + timedelta(days=3, seconds=-1))  # type: ignore[arg-type]
    assert _buzz(table).referee == silent
    run_due(table.factory, table.settings, drawn_at + timedelta(days=3))  # type: ignore[arg-type]
    replaced = _buzz(table)
    assert replaced.referee in {"Carol", "Dan"} - {silent}
    assert replaced.excused == [silent] and replaced.stage == "JUDGMENT_DUE"


def test_1_1_3_a_drawn_referee_who_resigns_is_replaced_by_another_draw(
    engine: Engine,
) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    _say(table, "Alice", "CONTEST", 1)
    _say(table, "Bob", "CONTEST", 1)
    leaving = _buzz(table).referee or ""
    posts = _say(table, leaving, "nomic resign", 1)
    replaced = _buzz(table)
    assert replaced.referee in {"Carol", "Dan"} - {leaving}
    assert any(f"referee drew {replaced.referee} to judge" in p for p in posts)
    assert [leaving, "declined to judge"] == replaced.steps[-2][1:]


def test_1_1_3_a_buzzer_who_resigns_withdraws_and_a_buzzed_player_who_resigns_concedes(
    engine: Engine,
) -> None:
    table = _table(engine)
    _play(table, "Alice", "Euston (VC)")
    _say(table, "Bob", "BUZZ wrong", 1)
    _say(table, "Bob", "nomic resign", 1)
    assert _buzz(table).stage == "WITHDRAWN" and _game(table).turn_number == 1
    _play(table, "Carol", "Brixton (VC)")
    _say(table, "Dan", "BUZZ wrong", 2)
    _say(table, "Alice", "CONTEST", 2)  # not a party: refused, changes nothing
    _say(table, "Carol", "nomic resign", 2)
    game = _game(table)
    assert _buzz(table).stage == "UPHELD" and game.turn_number == 1
    assert "Carol" not in game.order_of_play and "| Carol" not in (game.state or "")
