"""Never silent to a known player, and a refusal recognisable from its subject alone.

Every message from a known player that the referee cannot act on is answered: in the lounge
when the lounge list relayed it, privately otherwise; unknown senders of list mail are not
answered (nothing a list relays is answered privately to the address it came from).
"""

from __future__ import annotations

from email import message_from_bytes
from email.message import Message

import pytest
from sqlalchemy import select

from referee.service import classify
from referee.service.chain import Work, run_chain
from referee.store.models import Game, OutboxMessage
from referee.store.status import GameStatus, InboxStatus
from tests.conftest import LOUNGE, REFEREE, Seeded
from tests.service.test_classify import LIST_HEADERS, _mail, _work

ALICE = "alice@example.org"


def _outbox(work: Work) -> list[tuple[list[str], Message]]:
    work.session.flush()
    rows = work.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
    return [(row.rcpt_tos, message_from_bytes(row.raw)) for row in rows]


def _body(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def _game(work: Work) -> Game:
    return work.session.scalars(select(Game)).one()


def test_a_list_post_with_no_turn_is_answered_in_the_lounge_and_not_titled_a_turn(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail("\n-- \nAlice", **LIST_HEADERS)) as work:
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [LOUNGE]
        assert reply["Subject"] == "[MC 12] No turn found in your message"
        assert "Turn" not in reply["Subject"]
        assert handled.status is InboxStatus.QUARANTINED


def test_a_list_turn_for_a_void_game_is_refused_in_the_lounge(seeded: Seeded) -> None:
    with _work(seeded, _mail("Alice : Euston (NT)", **LIST_HEADERS)) as work:
        _game(work).status = GameStatus.VOID
        run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [LOUNGE]
        assert reply["Subject"] == "[MC 12] Turn not applied: the game is void"


def test_a_refused_command_from_the_lounge_is_answered_there(seeded: Seeded) -> None:
    with _work(seeded, _mail("nomic acknowledge", **LIST_HEADERS)) as work:
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert handled.refused and to == [LOUNGE]
        assert reply["Subject"] == "[MC 12] Not carried out: nomic acknowledge"
        assert 'Your command "nomic acknowledge" was not carried out' in _body(reply)


def test_a_refused_command_sent_directly_is_answered_privately(seeded: Seeded) -> None:
    with _work(seeded, _mail("nomic acknowledge")) as work:
        run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [ALICE] and reply["Subject"].startswith("[MC 12] Not carried out")


def test_a_speaker_command_posted_to_the_lounge_is_answered_there_not_run(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail("speaker void 12", **LIST_HEADERS)) as work:
        run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [LOUNGE] and "directly" in _body(reply)
        assert _game(work).status == GameStatus.RUNNING


def test_an_unreadable_list_post_from_a_player_is_answered_in_the_lounge(
    seeded: Seeded,
) -> None:
    raw = _mail("x", **LIST_HEADERS).replace(b"text/plain", b"image/png")
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert handled.status is InboxStatus.QUARANTINED and to == [LOUNGE]
        assert reply["Subject"] == "[MC 12] Your message could not be read"


def test_an_unknown_senders_list_post_is_not_answered_anywhere(seeded: Seeded) -> None:
    raw = _mail("Alice : Euston (NT)", sender="mallory@example.net", **LIST_HEADERS)
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert _outbox(work) == []
        assert handled.status is InboxStatus.QUARANTINED


def test_an_unknown_game_tag_is_answered_naming_it(seeded: Seeded) -> None:
    with _work(seeded, _mail(to=REFEREE, subject="[MC 99] my turn")) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [ALICE] and "There is no game MC 99" in _body(reply)
        assert handled.notes[0] == "there is no game MC 99"


def test_a_message_naming_no_game_is_told_how_to_name_one(seeded: Seeded) -> None:
    with _work(seeded, _mail(to=REFEREE, subject="hello")) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        run_chain(classify.CHAIN, work)
        [(_, reply)] = _outbox(work)
        assert 'like "[MC 12]"' in _body(reply) and "There is no game" not in _body(reply)


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("player.turn-illegal", "Turn 3 not applied: illegal"),
        ("player.turn-stale", "Turn 2 not applied: another turn came first"),
        ("player.turn-out-of-turn", "Turn 1 not applied: out of turn"),
        ("player.turn-received", "Turn 1 not applied: kept, not adjudicated"),
        ("player.turn-unreadable", "Turn 1 not applied: unreadable"),
    ],
)
def test_each_refusal_says_so_in_its_subject(seeded: Seeded, case: str, reason: str) -> None:
    from tests.service.test_turn_mails import CASES, _case

    assert f"Subject: [MC 12] {reason}\n" in _case(seeded, CASES[case])


def test_an_applied_turn_keeps_its_turn_subject(seeded: Seeded) -> None:
    from tests.service.test_turn_mails import CASES, FIRST, _case

    got = _case(seeded, CASES["lounge.turn-applied"])
    assert f"Subject: [MC 12] Turn 1: {FIRST}\n" in got
    assert "not applied" not in got


def test_a_newcomer_writing_to_a_game_is_told_how_to_join_it(seeded: Seeded) -> None:
    raw = _mail("join", sender="fay@example.net", to=REFEREE, subject="[MC 12] join")
    with _work(seeded, raw) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == ["fay@example.net"]
        assert '"nomic join YOUR NAME"' in _body(reply)


def test_nomic_help_is_answered_with_the_commands_and_how_to_play(seeded: Seeded) -> None:
    with _work(seeded, _mail("nomic help", to=REFEREE)) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [ALICE] and not handled.refused
        assert reply["Subject"] == "[MC 12] Help"
        body = _body(reply)
        assert "Alice : Euston (VC)" in body and "nomic settings" in body
        assert "not carried out" not in body


def test_nomic_help_asked_in_the_lounge_is_answered_in_the_lounge(seeded: Seeded) -> None:
    with _work(seeded, _mail("nomic help", **LIST_HEADERS)) as work:
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [LOUNGE] and not handled.refused
        assert reply["Subject"] == "[MC 12] Help"
        assert "Alice : Euston (VC)" in _body(reply)


@pytest.mark.parametrize(
    ("command", "fragment"), [("nomic settings", "route_choice"), ("nomic rules", "version 1")]
)
def test_a_settings_or_rules_request_asked_in_the_lounge_is_answered_in_the_lounge(
    seeded: Seeded, command: str, fragment: str
) -> None:
    """A game's settings and rules hold no secret, and a private answer to list mail is never
    sent, so a player asking through the lounge must be answered there, not left unanswered."""
    with _work(seeded, _mail(command, **LIST_HEADERS)) as work:
        handled = run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == [LOUNGE] and not handled.refused
        assert "[MC 12]" in reply["Subject"] and fragment in _body(reply)


def test_a_known_player_naming_no_game_is_told_the_games_e_plays_in(seeded: Seeded) -> None:
    with _work(seeded, _mail(to=REFEREE, subject="hello")) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        run_chain(classify.CHAIN, work)
        [(_, reply)] = _outbox(work)
        assert "[MC 12] (lounge mc12@lounge.example.org)" in _body(reply).replace("\n", " ")


def test_a_registered_player_not_seated_in_the_game_is_told_how_to_join_it(
    seeded: Seeded,
) -> None:
    from referee.store import games

    raw = _mail("hello", sender="carol@example.org", to=REFEREE)
    with _work(seeded, raw) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        games.add_player(work.session, "Carol", "carol@example.org")
        run_chain(classify.CHAIN, work)
        [(to, reply)] = _outbox(work)
        assert to == ["carol@example.org"]
        assert "You are not seated in game MC 12" in _body(reply)
        assert '"nomic join YOUR NAME"' in _body(reply)
