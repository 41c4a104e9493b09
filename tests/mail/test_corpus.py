"""Replies as mail clients write them, each read to the play the player meant (rule 1.3.1).

The corpus (tests/mail/corpus, written by ``python -m tests.mail.corpus.build``) is Bob
answering the referee's real lounge post of Alice's first Turn, as the list delivered it:
Gmail, Outlook, Thunderbird, Apple Mail and mutt attributions in English, German, French,
Spanish and Dutch, top-, bottom- and inline-posted, the post's GSD and the list's footer
quoted or not, his own signature. Each must give Bob's play, and through the runner and the
rules engine each must become Turn 2.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime
from email import message_from_bytes
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.mail.message import read_message
from referee.notation.gsd import read_posting
from referee.notation.plays import Play
from referee.service.runner import Runner
from referee.store.db import make_engine, sessions, upgrade
from referee.store.inbox import enqueue
from referee.store.models import Game, OutboxMessage, Turn
from tests.conftest import LOUNGE, make_settings, seed_game
from tests.mail.corpus.build import ALICE_PLAY, BOB_PLAY, REFEREE
from tests.service.harness import engine_desk

CORPUS = Path(__file__).resolve().parent / "corpus"
REPLIES = sorted(p.name for p in CORPUS.glob("*.eml") if p.name != "referee-post.eml")
WHEN = datetime(2026, 11, 25, 11, 15)


def test_the_corpus_has_every_client_and_language() -> None:
    names = " ".join(REPLIES)
    for shape in ("gmail", "outlook", "thunderbird", "apple", "mutt", "inline", "html"):
        assert shape in names
    for language in ("en", "de", "fr", "es", "nl"):
        assert f"-{language}-" in names
    assert len(REPLIES) >= 40


@pytest.mark.parametrize("name", REPLIES)
def test_1_3_1_each_reply_shape_is_read_to_the_play(name: str) -> None:
    inbound = read_message((CORPUS / name).read_bytes())
    assert inbound.problems == []
    assert inbound.sender == "bob@example.org"
    posting = read_posting(inbound.turn_text, players=["Alice", "Bob"])
    assert posting.plays, f"no play read from {inbound.turn_text!r}"
    assert posting.plays[-1] == Play.parse(BOB_PLAY, players=["Alice", "Bob"])
    assert "Sent from my Psion" not in inbound.turn_text
    assert "mailing list" not in inbound.turn_text
    assert "wrote" not in inbound.turn_text.lower()


@pytest.fixture(scope="module")
def after_alice(tmp_path_factory: pytest.TempPathFactory) -> Iterator[bytes]:
    """A database file in which Alice's first Turn has been played through the runner."""
    path = tmp_path_factory.mktemp("corpus") / "game.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    factory = sessions(engine)
    seed_game(factory)
    runner = Runner(
        factory,
        make_settings(f"sqlite:///{path}"),
        engine_desk(),
        clock=lambda: WHEN,
        rng=random.Random(7),
    )
    raw = (CORPUS / "referee-post.eml").read_bytes()
    post = message_from_bytes(raw)
    assert ALICE_PLAY in str(post["Subject"])
    turn = f"From: alice@example.org\r\nTo: {REFEREE}\r\nSubject: [MC 12] t\r\n\r\n{ALICE_PLAY}\r\n"
    enqueue(
        factory,
        turn.encode(),
        mail_from="alice@example.org",
        rcpt_tos=[REFEREE],
        source="smtp",
        clock=lambda: WHEN,
    )
    runner.drain()
    engine.dispose()
    yield path.read_bytes()


@pytest.mark.parametrize("name", REPLIES)
def test_1_3_1_each_reply_shape_is_applied_by_the_runner(
    name: str, after_alice: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "game.sqlite3"
    path.write_bytes(after_alice)
    engine = make_engine(f"sqlite:///{path}")
    factory = sessions(engine)
    with factory() as session:
        game = session.scalars(select(Game)).one()
        assert game.turn_number == 1, "Alice's first Turn was applied"
        posted = {str(r.raw) for r in session.scalars(select(OutboxMessage))}
    runner = Runner(
        factory,
        make_settings(f"sqlite:///{path}"),
        engine_desk(),
        clock=lambda: WHEN,
        rng=random.Random(7),
    )
    enqueue(
        factory,
        (CORPUS / name).read_bytes(),
        mail_from="bob@example.org",
        rcpt_tos=[LOUNGE],
        source="smtp",
        clock=lambda: WHEN,
    )
    runner.drain()
    with factory() as session:
        turns = list(session.scalars(select(Turn).order_by(Turn.id)))
        replies = [r for r in session.scalars(select(OutboxMessage)) if str(r.raw) not in posted]
    engine.dispose()
    assert [t.status for t in turns][-1] == "applied", replies[0].raw.decode()[-800:]
    assert turns[-1].play == BOB_PLAY
    assert [r.rcpt_tos for r in replies] == [[LOUNGE]]
    assert "Turn 2: " + BOB_PLAY in message_from_bytes(replies[0].raw)["Subject"]
