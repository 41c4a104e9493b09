"""The runner: every inbox message processed once, classified, handed to the desk, answered."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage, Message

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, select
from sqlalchemy.orm import Session, sessionmaker

from referee.config import Settings
from referee.service.desk import GameView, NoEngineDesk, PlayerView, TurnDesk, TurnOutcome
from referee.service.runner import Runner
from referee.store.db import sessions
from referee.store.inbox import enqueue
from referee.store.models import Game, InboxMessage, OutboxMessage, Turn
from tests.conftest import LOUNGE, REFEREE, Seeded, make_settings, seed_game

PLAY = "Rushton : Euston (VC via: CN,NT)"


@dataclass
class ScriptedDesk:
    """A test double for the engine: returns the outcomes it is given, in order."""

    outcomes: list[TurnOutcome]
    seen: list[tuple[GameView, PlayerView, str]] = field(default_factory=list)

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        self.seen.append((game, player, text))
        return self.outcomes.pop(0)


def _mail(
    body: str = PLAY,
    *,
    sender: str = "Alice <alice@example.org>",
    to: str = LOUNGE,
    subject: str = "[MC 12] my turn",
    mid: str = "<turn-1@example.org>",
    **headers: str,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = mid
    message["References"] = "<gsd-33@referee.example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


def _deliver(factory: sessionmaker[Session], message: EmailMessage | bytes, **kw: str) -> int:
    raw = message if isinstance(message, bytes) else bytes(message)
    mail_from = kw.get("mail_from", "alice@example.org")
    rcpt = kw.get("rcpt", LOUNGE)
    return enqueue(factory, raw, mail_from=mail_from, rcpt_tos=[rcpt], source="smtp").id


STARTED = 1
"""The game's version once ``seed_game`` has started it (its opening GSD written)."""


def _runner(seeded: Seeded, desk: TurnDesk | None = None, **settings: object) -> Runner:
    return Runner(seeded.factory, _settings(**settings), desk or NoEngineDesk())


def _settings(**overrides: object) -> Settings:
    settings: Settings = make_settings("sqlite://", **overrides)
    return settings


def _outbox(factory: sessionmaker[Session]) -> list[tuple[list[str], Message]]:
    with factory() as session:
        rows = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
        return [(row.rcpt_tos, message_from_bytes(row.raw)) for row in rows]


def _inbox(factory: sessionmaker[Session], inbox_id: int) -> InboxMessage:
    with factory() as session:
        return session.get_one(InboxMessage, inbox_id)


def _body(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return " ".join(payload.decode().split())


def test_a_turn_with_no_engine_is_kept_and_answered_by_name(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail())
    assert _runner(seeded).drain() == 1
    [(to, reply)] = _outbox(seeded.factory)
    assert to == ["alice@example.org"]
    assert reply["Subject"] == "[MC 12] Turn 1 not applied: kept, not adjudicated"
    assert reply["In-Reply-To"] == "<turn-1@example.org>"
    assert reply["References"] == "<gsd-33@referee.example.org> <turn-1@example.org>"
    assert reply["Auto-Submitted"] == "auto-replied"
    assert reply["X-Loop"] == REFEREE
    body = _body(reply)
    assert "Dear Alice" in body and "cannot be adjudicated by this referee yet" in body
    assert f"> {PLAY}" in body
    with seeded.factory() as session:
        [turn] = session.scalars(select(Turn)).all()
        assert (turn.status, turn.raw_text, turn.inbox_id) == ("received", PLAY, inbox_id)
        assert session.get_one(Game, seeded.game_id).version == STARTED
    assert _inbox(seeded.factory, inbox_id).status == "done"


def test_each_message_is_processed_exactly_once(seeded: Seeded) -> None:
    _deliver(seeded.factory, _mail())
    runner = _runner(seeded)
    assert runner.process_one()
    assert not runner.process_one()
    assert len(_outbox(seeded.factory)) == 1


def test_a_legal_turn_is_recorded_and_the_gsd_posted_to_the_lounge(seeded: Seeded) -> None:
    desk = ScriptedDesk([TurnOutcome("legal", play=PLAY, new_state="GSD 1")])
    with seeded.factory() as session:
        opening = session.get_one(Game, seeded.game_id).state
    _deliver(seeded.factory, _mail())
    _runner(seeded, desk).drain()
    game, player, text = desk.seen[0]
    assert (game.number, game.version, game.state, game.players) == (
        12,
        STARTED,
        opening,
        ("Alice", "Bob"),
    )
    assert (player.name, player.seat, text) == ("Alice", 1, PLAY)
    [(to, post)] = _outbox(seeded.factory)
    assert to == [LOUNGE]
    assert post["Subject"] == f"[MC 12] Turn 1: {PLAY}"
    assert "GSD 1" in _body(post)
    with seeded.factory() as session:
        game_row = session.get_one(Game, seeded.game_id)
        assert (game_row.version, game_row.turn_number, game_row.state) == (
            STARTED + 1,
            1,
            "GSD 1",
        )


def test_an_illegal_turn_is_answered_with_its_violations_and_changes_nothing(
    seeded: Seeded,
) -> None:
    violation = "Rule 1.6.2 - Getting There: Euston is 3 stations from Holborn; your LV is 4"
    desk = ScriptedDesk([TurnOutcome("illegal", play=PLAY, violations=(violation,))])
    _deliver(seeded.factory, _mail())
    _runner(seeded, desk).drain()
    [(to, reply)] = _outbox(seeded.factory)
    assert to == ["alice@example.org"]
    assert violation in _body(reply)
    with seeded.factory() as session:
        assert session.get_one(Game, seeded.game_id).version == STARTED
        [turn] = session.scalars(select(Turn)).all()
        assert (turn.status, turn.violations) == ("illegal", [violation])


@pytest.mark.parametrize(
    ("verdict", "words"), [("stale", "no\nlonger current"), ("out_of_turn", "not your turn")]
)
def test_stale_and_out_of_turn_plays_are_answered_not_applied(
    seeded: Seeded, verdict: str, words: str
) -> None:
    desk = ScriptedDesk([TurnOutcome(verdict, play=PLAY, explanation="Bob is to play")])  # type: ignore[arg-type]
    _deliver(seeded.factory, _mail())
    _runner(seeded, desk).drain()
    [(_, reply)] = _outbox(seeded.factory)
    assert words.replace("\n", " ") in _body(reply)
    with seeded.factory() as session:
        assert session.get_one(Game, seeded.game_id).version == STARTED


def test_the_subject_tag_finds_the_game_when_mailed_to_the_referee(seeded: Seeded) -> None:
    desk = ScriptedDesk([TurnOutcome("not_adjudicated")])
    raw = bytes(_mail(to=REFEREE, subject="[MC 12] turn"))
    enqueue(seeded.factory, raw, mail_from="alice@example.org", rcpt_tos=[REFEREE], source="smtp")
    _runner(seeded, desk).drain()
    assert desk.seen[0][0].number == 12


def test_mail_for_no_game_is_quarantined_and_answered(seeded: Seeded) -> None:
    raw = bytes(_mail(to=REFEREE, subject="hello"))
    inbox_id = enqueue(
        seeded.factory, raw, mail_from="alice@example.org", rcpt_tos=[REFEREE], source="smtp"
    ).id
    _runner(seeded).drain()
    assert _inbox(seeded.factory, inbox_id).status == "quarantined"
    [(_, reply)] = _outbox(seeded.factory)
    assert "[MC 12]" in _body(reply)


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"X_Loop": REFEREE},
        {"Precedence": "bulk"},
        {"List_Id": "<other.lists.example.net>", "To": "other@lists.example.net"},
    ],
)
def test_loop_prone_mail_is_kept_but_never_answered(
    seeded: Seeded, headers: dict[str, str]
) -> None:
    extra = dict(headers)
    to = extra.pop("To", LOUNGE)
    inbox_id = _deliver(seeded.factory, _mail(to=to, **extra), rcpt=REFEREE)
    _runner(seeded).drain()
    row = _inbox(seeded.factory, inbox_id)
    assert row.status == "ignored" and row.note.startswith("not answered")
    assert _outbox(seeded.factory) == []


def test_a_bounce_with_an_empty_envelope_sender_is_never_answered(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail(), mail_from="")
    _runner(seeded).drain()
    assert _inbox(seeded.factory, inbox_id).status == "ignored"
    assert _outbox(seeded.factory) == []


def test_a_forged_sender_is_answered_at_both_addresses_and_not_applied(seeded: Seeded) -> None:
    desk = ScriptedDesk([])
    inbox_id = _deliver(
        seeded.factory, _mail(f"Playing as: Alice\nSecret: apple\n{PLAY}", sender="x@evil.example")
    )
    _runner(seeded, desk).drain()
    replies = _outbox(seeded.factory)
    assert sorted(to[0] for to, _ in replies) == ["alice@example.org", "x@evil.example"]
    assert all("apple" not in _body(reply) for _, reply in replies)
    assert desk.seen == []
    row = _inbox(seeded.factory, inbox_id)
    assert row.status == "quarantined" and "wrong secret" in row.note


def test_a_display_name_alone_does_not_pass_for_a_player(seeded: Seeded) -> None:
    _deliver(seeded.factory, _mail(sender="Alice <alice@elsewhere.example>"))
    _runner(seeded).drain()
    assert sorted(to[0] for to, _ in _outbox(seeded.factory)) == [
        "alice@elsewhere.example",
        "alice@example.org",
    ]


def test_the_right_secret_from_another_address_is_accepted(seeded: Seeded) -> None:
    desk = ScriptedDesk([TurnOutcome("not_adjudicated")])
    body = f"Playing as: Alice\nSecret: orange peel\n{PLAY}"
    _deliver(seeded.factory, _mail(body, sender="alice@work.example"))
    _runner(seeded, desk).drain()
    assert desk.seen[0][1].name == "Alice" and desk.seen[0][2] == PLAY
    [(to, reply)] = _outbox(seeded.factory)
    assert to == ["alice@work.example"]
    assert "orange peel" not in _body(reply)


def test_an_unknown_sender_is_told_how_to_identify(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail(sender="carol@example.org"))
    _runner(seeded).drain()
    assert _inbox(seeded.factory, inbox_id).status == "quarantined"
    [(to, reply)] = _outbox(seeded.factory)
    assert to == ["carol@example.org"] and "Secret:" in _body(reply)


def test_malformed_mime_is_quarantined_with_a_clear_answer(seeded: Seeded) -> None:
    raw = (
        b"From: alice@example.org\r\nTo: mc12@lounge.example.org\r\nSubject: [MC 12]\r\n"
        b"Message-ID: <bad@x>\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="never-used"\r\n\r\nEuston\r\n'
    )
    inbox_id = _deliver(seeded.factory, raw)
    _runner(seeded).drain()
    row = _inbox(seeded.factory, inbox_id)
    assert row.status == "quarantined" and "MIME" in row.note
    [(_, reply)] = _outbox(seeded.factory)
    assert "MIME structure is broken" in _body(reply)
    assert reply["In-Reply-To"] == "<bad@x>"


def test_attachments_are_ignored_and_the_player_told(seeded: Seeded) -> None:
    message = _mail()
    message.add_attachment(b"PNG", maintype="image", subtype="png", filename="map.png")
    _deliver(seeded.factory, message)
    _runner(seeded).drain()
    [(_, reply)] = _outbox(seeded.factory)
    assert "ignored the attachment map.png" in _body(reply)


def test_1_16_2_a_buzz_that_names_no_turn_is_answered_with_how_to_name_it(
    seeded: Seeded,
) -> None:
    _deliver(seeded.factory, _mail("BUZZ Bob"))
    _runner(seeded).drain()
    [(_, reply)] = _outbox(seeded.factory)
    assert "reply to the message of the turn you buzz, or write 'buzz turn N REASON'" in _body(
        reply
    )


def test_replies_per_sender_are_capped_per_day(seeded: Seeded) -> None:
    ids = [_deliver(seeded.factory, _mail(f"{PLAY} {n}", mid=f"<m{n}@x>")) for n in range(3)]
    _runner(seeded, daily_reply_cap=2).drain()
    assert len(_outbox(seeded.factory)) == 2
    assert "daily reply cap" in _inbox(seeded.factory, ids[2]).note


def test_a_runner_failure_keeps_the_message_quarantined(seeded: Seeded) -> None:
    class Broken:
        def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
            raise RuntimeError("engine bug")

    inbox_id = _deliver(seeded.factory, _mail())
    assert _runner(seeded, Broken()).drain() == 1
    assert _inbox(seeded.factory, inbox_id).status == "quarantined"
    assert _outbox(seeded.factory) == []
    with seeded.factory() as session:
        assert session.scalars(select(Turn)).all() == []


@pytest.mark.postgres
def test_two_runners_racing_on_postgres_apply_exactly_one_turn(pg_url: str) -> None:
    """Two turns judged at once against the same version: one lands, the other is answered stale."""
    from referee.store.db import make_engine, upgrade

    engine: Engine = make_engine(pg_url)
    upgrade(engine)
    seeded = seed_game(sessions(engine))
    barrier = threading.Barrier(2, timeout=20)

    class Racing:
        def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
            barrier.wait()
            return TurnOutcome("legal", play=text, new_state=f"after {player.name}")

    _deliver(seeded.factory, _mail("Alice plays", mid="<a@x>"))
    _deliver(seeded.factory, _mail("Bob plays", sender="bob@example.org", mid="<b@x>"))
    threads = [threading.Thread(target=_runner(seeded, Racing()).process_one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    with seeded.factory() as session:
        assert sorted(t.status for t in session.scalars(select(Turn))) == ["applied", "stale"]
        assert session.get_one(Game, seeded.game_id).version == STARTED + 1
    kinds = sorted(to[0] for to, _ in _outbox(seeded.factory))
    assert len(kinds) == 2 and LOUNGE in kinds
    engine.dispose()


def test_a_runner_overtaken_on_the_oldest_message_processes_the_next_one(
    seeded: Seeded,
) -> None:
    """Runners look at the oldest new message before claiming it, with no lock held while it
    is read; another runner may take that message meanwhile. The one overtaken must go on to
    the next message in the same call, not report work it did not do (which left the racing
    test below waiting on a turn no runner would judge)."""
    first = _deliver(seeded.factory, _mail("Alice plays", mid="<a@x>"))
    second = _deliver(seeded.factory, _mail("Bob plays", sender="bob@example.org", mid="<b@x>"))
    other = _runner(seeded)

    class Overtaken(Runner):
        overtaken = False

        def _next_new(
            self, connection: Connection
        ) -> tuple[int, bytes, list[str], str, str] | None:
            found = super()._next_new(connection)
            if not self.overtaken:
                self.overtaken = True
                assert other.process_one()  # takes and finishes the same oldest message
            return found

    late = Overtaken(seeded.factory, _settings(), NoEngineDesk())
    assert late.process_one()
    assert _inbox(seeded.factory, first).status == "done"
    assert _inbox(seeded.factory, second).status == "done", "the overtaken runner took it"
    assert not late.process_one()


def test_a_database_failure_leaves_the_message_new_for_a_retry(seeded: Seeded) -> None:
    from sqlalchemy.exc import OperationalError

    class Unwell:
        def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
            raise OperationalError("UPDATE games", {}, Exception("database is locked"))

    inbox_id = _deliver(seeded.factory, _mail())
    with pytest.raises(OperationalError):
        _runner(seeded, Unwell()).process_one()
    assert _inbox(seeded.factory, inbox_id).status == "new"
    assert _runner(seeded).drain() == 1
    assert _inbox(seeded.factory, inbox_id).status == "done"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(
            [
                b"From: Alice <alice@example.org>",
                b"From: \xff broken",
                b"To: mc12@lounge.example.org",
                b"Subject: [MC 12] =?utf-8?q?=E2=98=83?=",
                b"Content-Type: multipart/mixed; boundary=b",
                b"Content-Type: text/plain; charset=x-unknown",
                b"Content-Transfer-Encoding: base64",
                b"Auto-Submitted: no",
                b"--b",
                b"",
                b"Rushton : Euston",
                b"Secret: orange peel",
                b"Playing as: Alice",
                b"> quoted",
            ]
        ),
        max_size=20,
    )
)
def test_whatever_arrives_is_finished_with_never_left_new(
    seeded: Seeded, lines: list[bytes]
) -> None:
    """The runner never leaves a message unprocessed and never lets an exception out."""
    raw = b"\r\n".join(lines) + b"\r\nX-Nonce: " + os.urandom(8).hex().encode() + b"\r\n"
    inbox_id = _deliver(seeded.factory, raw)
    assert _runner(seeded).process_one()
    row = _inbox(seeded.factory, inbox_id)
    assert row.status in {"done", "ignored", "quarantined"}
    assert "runner failed" not in row.note, row.note


LIST_HEADERS = {
    "List_Id": "<mc12.lounge.example.org>",
    "List_Post": f"<mailto:{LOUNGE}>",
    "Precedence": "list",
}


def test_a_turn_through_the_lounge_list_is_answered_only_in_the_lounge(seeded: Seeded) -> None:
    desk = ScriptedDesk([TurnOutcome("illegal", play=PLAY, violations=("Rule 1.6.2 - x: y",))])
    inbox_id = _deliver(seeded.factory, _mail(**LIST_HEADERS), rcpt=REFEREE)
    _runner(seeded, desk).drain()
    assert desk.seen[0][1].name == "Alice"
    [(to, reply)] = _outbox(seeded.factory)
    assert to == [LOUNGE]
    assert "Rule 1.6.2" in _body(reply)
    assert reply["In-Reply-To"] == "<turn-1@example.org>"
    assert "lounge list" in _inbox(seeded.factory, inbox_id).note


def test_list_mail_is_ignored_when_lounge_lists_are_switched_off(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail(**LIST_HEADERS))
    _runner(seeded, lounge_list_mail=False).drain()
    assert _inbox(seeded.factory, inbox_id).status == "ignored"
    assert _outbox(seeded.factory) == []


def test_an_unknown_sender_on_the_lounge_list_gets_no_answer_at_all(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail(sender="carol@example.org", **LIST_HEADERS))
    _runner(seeded).drain()
    row = _inbox(seeded.factory, inbox_id)
    assert row.status == "quarantined" and "answered only in its lounge" in row.note
    assert _outbox(seeded.factory) == []


def test_our_own_post_relayed_by_the_list_with_a_rewritten_from_does_not_loop(
    seeded: Seeded,
) -> None:
    """A list that rewrites From (DMARC) and drops X-Loop still gives back an unknown sender."""
    desk = ScriptedDesk([TurnOutcome("legal", play=PLAY, new_state="GSD 1")])
    _deliver(seeded.factory, _mail())
    _runner(seeded, desk).drain()
    [(_, post)] = _outbox(seeded.factory)
    relayed = message_from_bytes(bytes(post))
    del relayed["X-Loop"], relayed["Auto-Submitted"], relayed["From"], relayed["Message-ID"]
    relayed["From"] = f"Mornington Referee via MC12 <{LOUNGE}>"
    relayed["Message-ID"] = "<relayed@lounge.example.org>"
    for name, value in LIST_HEADERS.items():
        relayed[name.replace("_", "-")] = value
    _deliver(
        seeded.factory,
        relayed.as_bytes(),
        mail_from="mc12-bounces@lounge.example.org",
        rcpt=REFEREE,
    )
    _runner(seeded, ScriptedDesk([])).drain()
    assert len(_outbox(seeded.factory)) == 1, "nothing more was sent"
    [post_back] = [
        m for m in _all_inbox(seeded.factory) if m.message_id == "relayed@lounge.example.org"
    ]
    assert post_back.status in {"ignored", "quarantined"}


def test_automatic_mail_through_the_lounge_list_is_ignored(seeded: Seeded) -> None:
    inbox_id = _deliver(seeded.factory, _mail(Auto_Submitted="auto-replied", **LIST_HEADERS))
    _runner(seeded).drain()
    assert _inbox(seeded.factory, inbox_id).status == "ignored"
    assert _outbox(seeded.factory) == []


def _all_inbox(factory: sessionmaker[Session]) -> list[InboxMessage]:
    with factory() as session:
        return list(session.scalars(select(InboxMessage)))


def test_a_full_gsd_with_the_play_appended_is_titled_by_the_play(seeded: Seeded) -> None:
    desk = ScriptedDesk([TurnOutcome("legal", new_state="GSD 1")])  # the desk names no play
    _deliver(seeded.factory, _mail(f"GAME STATE DOCUMENT MC 12\nTurn 33\nBob : Bank\n\n{PLAY}\n"))
    _runner(seeded, desk).drain()
    [(_, post)] = _outbox(seeded.factory)
    assert post["Subject"] == f"[MC 12] Turn 1: {PLAY}"


def test_a_secret_is_not_kept_in_the_stored_message(seeded: Seeded) -> None:
    body = f"Playing as: Alice\nSecret: orange peel\n{PLAY}"
    inbox_id = _deliver(seeded.factory, _mail(body, sender="alice@work.example"))
    _runner(seeded).drain()
    row = _inbox(seeded.factory, inbox_id)
    assert b"orange peel" not in row.raw
    assert b"Secret: [redacted by the referee]" in row.raw
    assert row.status == "done"


def test_the_operator_can_requeue_a_kept_turn_once_an_engine_is_connected(
    seeded: Seeded,
) -> None:
    from referee.store.inbox import requeue

    inbox_id = _deliver(seeded.factory, _mail())
    _runner(seeded).drain()
    with seeded.factory.begin() as session:
        assert requeue(session, [inbox_id]) == [inbox_id]
    desk = ScriptedDesk([TurnOutcome("legal", play=PLAY, new_state="GSD 1")])
    _runner(seeded, desk).drain()
    with seeded.factory() as session:
        assert sorted(t.status for t in session.scalars(select(Turn))) == [
            "applied",
            "superseded",
        ]
        assert session.get_one(Game, seeded.game_id).version == STARTED + 1
    with seeded.factory.begin() as session:
        assert requeue(session, [inbox_id]) == [], "an applied turn is never requeued"
    assert "requeued by the operator (was done" in _inbox(seeded.factory, inbox_id).note
