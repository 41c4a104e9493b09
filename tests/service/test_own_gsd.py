"""Rule 1.2.1 - Doasyouwouldbedoneby: a player's own updated tables beside the referee's result.

The referee judges the play against the stored GSD; when the player also updated the tables
and they differ from the referee's result, e is told each difference, and the turn stands.
"""

from __future__ import annotations

from email import message_from_bytes

from sqlalchemy import select

from referee.games.own_gsd import differences
from referee.service.engine_desk import EngineDesk
from referee.service.runner import Runner
from referee.store.models import Game, OutboxMessage
from tests.conftest import Seeded, make_settings
from tests.service.test_turn_mails import ALICE, FIRST, NOW, _send, _started


def _alice_row(lv: int, charge: int) -> str:
    return f"| Alice         |                   | {lv:2} | {charge:2} |  2  0  2  0  0  2  0 |"


OPENING_ROW = _alice_row(0, 0)


def _turn(seeded: Seeded, body: str) -> list[OutboxMessage]:
    _send(seeded.factory, body, ALICE, 1)
    Runner(seeded.factory, make_settings("sqlite://"), EngineDesk(), clock=lambda: NOW).drain()
    with seeded.factory() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_1_2_1_each_difference_in_the_players_own_tables_is_a_line_not_a_refusal(
    seeded: Seeded,
) -> None:
    opening = _started(seeded)
    assert OPENING_ROW in opening
    mine = opening.replace(OPENING_ROW, _alice_row(1, 17)).replace("0900", "0920")
    sent = _turn(seeded, f"{mine}\n{FIRST}")
    with seeded.factory() as session:
        assert session.get_one(Game, seeded.game_id).turn_number == 1  # applied
    remark = sent[-1]
    assert remark.rcpt_tos == [ALICE]
    message = message_from_bytes(remark.raw)
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    text = f"Subject: {message['Subject']}\n{payload.decode()}"
    assert "Subject: [MC 12] Turn 1 applied: your tables differ" in text
    assert "Alice's LV: you wrote 1, the referee has 0 (rule 1.6.1 - Line Velocity)" in text
    assert "Alice's Charge: you wrote 17, the referee has 0 (rule 1.19.2 - Charge)" in text
    assert "Game Time" not in text
    assert "not applied" not in text


def test_1_2_1_tables_left_as_stored_draw_no_remark(seeded: Seeded) -> None:
    sent = _turn(seeded, f"{_started(seeded)}\n{FIRST}")
    assert [b"your tables differ" in row.raw for row in sent] == [False] * len(sent)
    assert len(sent) == 1  # the lounge post alone


def test_1_2_1_a_bare_play_or_unreadable_tables_draw_no_remark(seeded: Seeded) -> None:
    opening = _started(seeded)
    assert differences(FIRST, opening, opening) == ()
    assert differences(f"{opening}\n{FIRST}", opening, "no tables here") == ()


def test_1_2_1_game_time_written_differently_is_named(seeded: Seeded) -> None:
    opening = _started(seeded)
    result = opening.replace("Monday 0900", "Monday 0920")
    mine = opening.replace("Monday 0900", "Monday 0940")
    assert differences(f"{mine}\n{FIRST}", opening, result) == (
        "Game Time: you wrote Monday 0940, the referee has Monday 0920 "
        "(rule 1.13.1 - The Richard Whiteley Experience)",
    )
