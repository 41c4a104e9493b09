"""Proof codes: safe to publish, good for one player, one turn, once; and secrets kept off lists."""

from __future__ import annotations

import re

from sqlalchemy import select

from referee.service import classify, proof
from referee.service.chain import Work, run_chain
from referee.store.models import Game, OutboxMessage, Player
from referee.store.wall_clock import utcnow
from tests.conftest import LOUNGE, Seeded
from tests.service.test_classify import LIST_HEADERS, _mail, _work

SECRET = "orange peel"  # Alice's, as seeded
MUNGED = "Alice via Mc12 <mc12@lounge.example.org>"


def _game_and(work: Work, name: str) -> tuple[Game, Player]:
    game = work.session.scalars(select(Game)).one()
    return game, work.session.scalars(select(Player).where(Player.name == name)).one()


def _outbox(work: Work) -> list[OutboxMessage]:
    work.session.flush()
    return list(work.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_a_code_is_eight_base32_letters_and_differs_by_game_turn_and_use() -> None:
    code = proof.derive("scrypt$abc", 12, 3, 0)
    assert re.fullmatch(r"[A-Z2-7]{4}-[A-Z2-7]{4}", code)
    others = {proof.derive("scrypt$abc", 13, 3, 0), proof.derive("scrypt$abc", 12, 4, 0)}
    others |= {proof.derive("scrypt$abc", 12, 3, 1), proof.derive("scrypt$xyz", 12, 3, 0)}
    assert code not in others and len(others) == 4


def test_a_code_line_is_read_in_any_case_and_left_out_of_the_turn() -> None:
    text, code = proof.split_code("Code: abcd efgh\nAlice : Euston (NT)")
    assert (text, code) == ("Alice : Euston (NT)", "ABCD-EFGH")


def test_a_code_works_once_for_its_turn(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        game, alice = _game_and(work, "Alice")
        code = proof.current(work.session, game, alice)
        assert code is not None
        assert proof.redeem(work.session, game, alice, code, inbox_id=work.row.id, now=utcnow())
        assert not proof.redeem(work.session, game, alice, code, inbox_id=work.row.id, now=utcnow())
        assert proof.current(work.session, game, alice) != code  # a fresh one for a retry


def test_a_code_fails_for_another_turn(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        game, alice = _game_and(work, "Alice")
        code = proof.current(work.session, game, alice)
        assert code is not None
        game.turn_number += 1
        assert not proof.redeem(work.session, game, alice, code, inbox_id=work.row.id, now=utcnow())


def test_a_code_fails_for_another_player(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        game, alice = _game_and(work, "Alice")
        _, bob = _game_and(work, "Bob")
        bob.secret_hash = alice.secret_hash.replace("$", "$0", 1) if alice.secret_hash else None
        code = proof.current(work.session, game, alice)
        assert code is not None
        assert not proof.redeem(work.session, game, bob, code, inbox_id=work.row.id, now=utcnow())


def test_nomic_code_is_answered_privately_even_when_asked_through_the_lounge(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail("nomic code", **LIST_HEADERS)) as work:
        run_chain(classify.CHAIN, work)
        [row] = _outbox(work)
        game, alice = _game_and(work, "Alice")
        assert row.rcpt_tos == ["alice@example.org"]
        code = proof.current(work.session, game, alice)
        assert code is not None and f"Code: {code}".encode() in row.raw


def test_a_munged_list_turn_proved_by_a_code_is_taken_once(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        game, alice = _game_and(work, "Alice")
        code = proof.current(work.session, game, alice)
    headers = {**LIST_HEADERS, "Reply-To": "Alice <alice@elsewhere.example.net>"}
    raw = _mail(f"Code: {code}\nPass", sender=MUNGED, **headers)
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert work.player is not None and work.player.name == "Alice"
        assert handled.notes[0] == "turn received"
        assert [row.rcpt_tos for row in _outbox(work)] == [[LOUNGE]]
        assert work.turn_text == "" and "Code:" not in work.letter.text
        again = _mail(f"Code: {code}\nPass", sender=MUNGED, **headers)
        from tests.service.test_classify import _letter

        work.letter = _letter(again)
        work.player, work.handling = None, type(work.handling)()
        assert classify.Identify().apply(work) is not None  # spent: a forgery now
        assert work.player is None


def test_a_secret_posted_through_the_lounge_is_warned_privately_and_never_sent_on(
    seeded: Seeded,
) -> None:
    raw = _mail(f"Secret: {SECRET}\nnomic acknowledge", **LIST_HEADERS)
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        rows = _outbox(work)
        assert "a secret was posted through the list" in handled.notes
        assert sorted(row.rcpt_tos[0] for row in rows) == ["alice@example.org", LOUNGE]
        warning = next(row for row in rows if row.rcpt_tos == ["alice@example.org"])
        assert b"Your secret went to the list" in warning.raw
        for row in rows:
            assert SECRET.encode() not in row.raw
            assert b"orange" not in row.raw.lower()


def test_a_list_that_names_no_poster_still_takes_playing_as_with_a_code(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        game, alice = _game_and(work, "Alice")
        code = proof.current(work.session, game, alice)
    raw = _mail(f"Playing as: Alice\nCode: {code}\nPass", sender=MUNGED, **LIST_HEADERS)
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert work.player is not None and work.player.name == "Alice"
        assert handled.notes[0] == "turn received"


def test_a_wrong_code_is_a_forgery_reported_to_the_player_claimed(seeded: Seeded) -> None:
    raw = _mail("Playing as: Alice\nCode: AAAA-AAAA\nPass", sender=MUNGED, **LIST_HEADERS)
    with _work(seeded, raw) as work:
        run_chain(classify.CHAIN, work)
        assert work.player is None
        assert [row.rcpt_tos for row in _outbox(work)] == [["alice@example.org"]]


def test_a_right_secret_claimed_through_the_lounge_is_taken_and_warned_of(seeded: Seeded) -> None:
    headers = {**LIST_HEADERS, "Reply-To": "Alice <alice@elsewhere.example.net>"}
    raw = _mail(f"Playing as: Alice\nSecret: {SECRET}\nPass", sender=MUNGED, **headers)
    with _work(seeded, raw) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.notes[0] == "turn received"
        rows = _outbox(work)
        assert sorted(row.rcpt_tos[0] for row in rows) == ["alice@example.org", LOUNGE]
        assert all(b"orange" not in row.raw.lower() for row in rows)
