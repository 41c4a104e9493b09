"""The referee behind every kind of list a lounge may be: GNU Mailman 3's default list,
From-munging and message-wrapping lists (its two DMARC mitigations), a personalised list and
a plain one (tests/mailman.py).

One referee per list, each serving game MC 12 with that list as its lounge, all at once behind
the one Mailman of the session. Alice's first Turn is posted through each list; then, through
each list, Bob answers the referee's post in every reply shape of tests/mail/corpus, and each
must be read and applied as Turn 2 (taken back after, rule 1.3.3, for the next shape). What
a known player posts that cannot be applied is answered in the lounge with a subject saying
so; the referee's own posts coming back are never answered (no loop); and no secret is in any
message the list or the referee sends.
"""

from __future__ import annotations

import re
import smtplib
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import TypeVar

import pytest
from sqlalchemy import func, select

from referee.service import roster, seats
from referee.service.app import Service
from referee.service.engine_desk import EngineDesk
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Game, InboxMessage, OutboxMessage, Turn
from referee.store.status import InboxStatus
from referee.store.wall_clock import utcnow
from tests.conftest import free_port, make_settings, seed_game
from tests.mail.corpus.build import ALICE_PLAY, BOB_PLAY
from tests.mailman import REFEREE, SERVED_POLL, Delivery, Mailman, Router, progress

CORPUS = Path(__file__).resolve().parent / "corpus"
SHAPES = sorted(p.name for p in CORPUS.glob("*.eml") if p.name != "referee-post.eml")
KINDS = ["default", "munged", "wrapped", "personal", "plain"]
ALICE, BOB = "alice@example.org", "bob@example.org"
SECRET = "orange peel"
"""Alice's secret (tests/conftest.py ``seed_game``)."""
WAIT = 60.0
"""Seconds a wait goes on with nothing moving anywhere (router, Mailman's queues, the
referee's tables); while mail moves the wait goes on, up to tests/mailman.py's ceiling."""
T = TypeVar("T")


@dataclass
class Lounge:
    """One list and the referee serving the game whose lounge it is."""

    kind: str
    address: str
    service: Service
    router: Router

    def copies(self, member: str = ALICE) -> list[EmailMessage]:
        """What this list delivered to ``member``, in order."""
        return self.router.copies(member, self.address)

    def answer_to(
        self, mailman: Mailman, message: EmailMessage, mail_from: str
    ) -> list[EmailMessage]:
        """Post ``message`` to the list; Alice's copies of what the referee posted to the
        list in answer (found by the Message-IDs the referee gave them), once all arrived."""
        row, _ = self._finished(mailman, bytes(message), mail_from, str(message["Message-ID"]))
        if row is None:
            return []
        with self.service.factory() as session:
            answers = {
                out.message_id.strip("<>")
                for out in session.scalars(
                    select(OutboxMessage).where(OutboxMessage.inbox_id == row)
                )
                if self.address in out.rcpt_tos
            }
        found: list[Delivery] = []

        def arrived() -> bool:
            found[:] = [
                d for d in self.router.deliveries(ALICE, self.address) if d.message_ids & answers
            ]
            return len(found) >= len(answers)

        mailman.until(arrived, stall=WAIT, progress=self.progress)
        return [d.message for d in found]

    def progress(self) -> tuple[int, ...]:
        """Where this referee is: messages in, still to read, answers out, still to send."""
        return progress(self.service)

    def judged(self, mailman: Mailman, raw: bytes, mail_from: str, marker: str) -> str:
        """Post ``raw`` to the list and wait until the referee has finished with it; the
        turn's status, else the note the referee kept, else that nothing arrived."""
        return self._finished(mailman, raw, mail_from, marker)[1]

    def _finished(
        self, mailman: Mailman, raw: bytes, mail_from: str, marker: str
    ) -> tuple[int | None, str]:
        """Post ``raw`` and wait until the referee has finished with it (found by ``marker``,
        its Message-ID, which a wrapping list keeps on the post inside): the inbox row and
        the turn's status, else the note kept; no row when nothing arrived."""
        with self.service.factory() as session:
            last = session.scalar(select(func.max(InboxMessage.id))) or 0
        mailman.post(raw, mail_from, self.address)
        result: list[tuple[int, str]] = []

        def finished() -> bool:
            with self.service.factory() as session:
                rows = session.scalars(
                    select(InboxMessage).where(
                        InboxMessage.id > last, InboxMessage.status != InboxStatus.NEW
                    )
                ).all()
                for row in rows:
                    if marker.encode() in row.raw:
                        turn = session.scalars(select(Turn).where(Turn.inbox_id == row.id)).first()
                        said = turn.status if turn is not None else f"{row.status}: {row.note}"
                        result.append((row.id, said))
                        return True
            return False

        if mailman.until(finished, stall=WAIT, progress=self.progress):
            return result[0]
        return None, f"the referee never got it (nothing moved for {WAIT} s)"


def _text(message: EmailMessage) -> str:
    """Every header and every decoded text part, wrapped posts included."""
    chunks = []
    for part in message.walk():
        chunks.extend(f"{name}: {value}" for name, value in part.items())
        if part.get_content_maintype() == "text":
            assert isinstance(part, EmailMessage)
            chunks.append(str(part.get_content()))
    return "\n".join(chunks)


def _from_referee(message: EmailMessage) -> bool:
    """Whether a list copy is the referee's post: it carries the referee's X-Loop, on the
    copy or on the post a wrapping list attached (the list may have rewritten its From)."""
    return any(REFEREE in str(part.get("X-Loop", "")) for part in message.walk())


def _each(lounges: dict[str, Lounge], work: Callable[[Lounge], T]) -> dict[str, T]:
    """``work`` for every list at once (the lists share one Mailman, the referees run apart)."""
    with ThreadPoolExecutor(max_workers=len(lounges)) as pool:
        futures = {kind: pool.submit(work, lounge) for kind, lounge in lounges.items()}
        return {kind: future.result() for kind, future in futures.items()}


def _turn(lounge: Lounge, body: str, *, sender: str = f"Alice <{ALICE}>") -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = lounge.address
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = f"<{lounge.kind}-{time.monotonic_ns()}@example.org>"
    message.set_content(body)
    return message


@pytest.fixture(scope="module")
def lounges(
    mailman: Mailman, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Lounge]]:
    """A referee behind each list, and Alice's first Turn posted through each and applied."""
    folder = tmp_path_factory.mktemp("lounges")
    made: dict[str, Lounge] = {}
    try:
        for kind in KINDS:
            address = mailman.lists[kind]
            url = f"sqlite:///{folder / kind}.sqlite3"
            engine = make_engine(url)
            upgrade(engine)
            seed_game(sessions(engine), lounge=address)
            engine.dispose()
            settings = make_settings(
                url,
                smtp_port=free_port(),
                relay_port=mailman.smtp_port,
                address=REFEREE,
                worker_poll_seconds=SERVED_POLL,
            )
            service = Service(settings, desk=EngineDesk())
            service.start()
            made[kind] = Lounge(kind, address, service, mailman.router)
        mailman.router.reset(
            referee_port=None,
            referees={
                lounge.address: lounge.service.settings.smtp_port for lounge in made.values()
            },
        )

        def opening(lounge: Lounge) -> list[str]:
            answers = lounge.answer_to(
                mailman, _turn(lounge, f"{ALICE_PLAY}\n\n-- \nAlice\n"), ALICE
            )
            return [str(m["Subject"]) for m in answers]

        opened = _each(made, opening)
        assert all(
            any(f"Turn 1: {ALICE_PLAY}" in s for s in subjects) for subjects in opened.values()
        ), opened
        yield made
    finally:
        for lounge in made.values():
            lounge.service.stop()
        mailman.router.reset(referee_port=None)


def _reply(lounge: Lounge, shape: str) -> bytes:
    """Bob's corpus reply as he would send it to this list: its address, its prefix, a
    Message-ID of its own (the corpus files share one)."""
    raw = (CORPUS / shape).read_bytes()
    head, _, body = raw.partition(b"\n\n")
    head = head.replace(b"mc12@lounge.example.org", lounge.address.encode())
    head = head.replace(b"[Mc12]", f"[{lounge.address.split('@')[0].title()}]".encode())
    head = head.replace(b"<bob-reply@example.org>", f"<bob-{lounge.kind}-{shape}>".encode())
    return head + b"\n\n" + body


def _take_back_bobs_turn(lounge: Lounge) -> None:
    """Rule 1.3.3: Bob takes back Turn 2, so the game is as Alice's Turn 1 left it again."""
    with lounge.service.factory.begin() as session:
        game = session.scalars(select(Game)).one()
        bob = games.player_by_name(session, "Bob")
        assert bob is not None
        seats.take_back(session, game, bob, utcnow(), roster.Timing(timedelta(hours=12)))


def _applied(lounge: Lounge) -> list[str]:
    with lounge.service.factory() as session:
        return [t.play or "" for t in session.scalars(select(Turn).where(Turn.status == "applied"))]


def test_1_3_1_every_reply_shape_through_every_kind_of_list_is_read_and_applied(
    mailman: Mailman, lounges: dict[str, Lounge]
) -> None:
    """Each reply is judged as soon as the list hands it over; the referee's posts of the
    applied Turns go back through the list meanwhile and are counted at the end."""

    def every_shape(lounge: Lounge) -> list[str]:
        unread, applied = [], 0
        for shape in SHAPES:
            marker = f"<bob-{lounge.kind}-{shape}>"
            status = lounge.judged(mailman, _reply(lounge, shape), BOB, marker)
            if status == "applied":
                applied += 1
                _take_back_bobs_turn(lounge)
            else:
                unread.append(f"{shape}: {status}")
        posted = f"Turn 2: {BOB_PLAY}"

        def arrived() -> int:
            return sum(posted in str(m["Subject"]) for m in lounge.copies())

        if not mailman.until(lambda: arrived() >= applied, stall=WAIT, progress=lounge.progress):
            unread.append(f"only {arrived()} of the {applied} posts of Turn 2 reached Alice")
        return unread

    unread = _each(lounges, every_shape)
    assert not any(unread.values()), unread
    _quiet(mailman, lounges)
    for lounge in lounges.values():
        assert _applied(lounge) == [ALICE_PLAY], "every Turn 2 was taken back"
        turn_3 = [m for m in lounge.copies() if f"Turn 2: {BOB_PLAY}" in str(m["Subject"])]
        assert all("Mornington Crescent - Game 12 - Turn 3" in _text(m) for m in turn_3)
        _assert_no_loop(lounge)


def _assert_no_loop(lounge: Lounge) -> None:
    """The referee answered each player's post once and none of its own posts: every post of
    its that came back through the list was kept unanswered (counted once the lists fell
    quiet, :meth:`Mailman.quiet`)."""
    router = lounge.router
    with lounge.service.factory() as session:
        inbox = list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))
    with router.lock:
        posted = [d for d in router.posted if lounge.address in d.rcpt_tos]
    own = [row for row in inbox if row.status == "ignored"]
    theirs = [row for row in inbox if row.status != "ignored"]
    assert all(row.note.startswith("not answered") for row in own), [r.note for r in own]
    assert len(own) == len(posted), "each post of the referee came back once, unanswered"
    assert len(theirs) == len(posted), "one post in the lounge for each player's mail"


def _quiet(mailman: Mailman, lounges: dict[str, Lounge]) -> None:
    """No mail on its way anywhere, to any of the referees (:meth:`Mailman.quiet`)."""
    mailman.quiet([lounge.service for lounge in lounges.values()], stall=WAIT)


NOT_APPLIED = [
    (BOB, "Bob", "", "No turn found in your message"),
    (BOB, "Bob", "Thanks Alice, a fine opening. Let me think about mine.", "not applied: unread"),
    (BOB, "Bob", "Bob : [LV+1] Tottenham Court Road (CN)", "Turn 2 not applied: illegal"),
    (ALICE, "Alice", "Alice : [LV+1] Chancery Lane (CN)", "Turn 2 not applied: out of turn"),
]
"""What a known player posts that the referee cannot apply, and the words of the subject
that answers it: nothing but a signature, words that are no play, a first Turn that declares no
Home (rule 1.12.2), a play out of turn (rule 1.3.2)."""
APPLIED = re.compile(r"\] Turn \d+: ")
"""The subject of an applied turn, which none of those may have."""


def test_a_known_player_is_answered_in_the_lounge_whatever_the_list(
    mailman: Mailman, lounges: dict[str, Lounge]
) -> None:
    def every_refusal(lounge: Lounge) -> list[str]:
        silent = []
        for address, name, body, subject in NOT_APPLIED:
            message = _turn(lounge, f"{body}\n\n-- \n{name}\n", sender=f"{name} <{address}>")
            answers = lounge.answer_to(mailman, message, address)
            said = [str(m["Subject"]) for m in answers]
            if not any(subject in s for s in said) or any(APPLIED.search(s) for s in said):
                silent.append(f"{body!r}: {said or 'no answer'}")
        return silent

    silent = _each(lounges, every_refusal)
    assert not any(silent.values()), silent
    _quiet(mailman, lounges)
    for lounge in lounges.values():
        assert _applied(lounge) == [ALICE_PLAY], "nothing changed the game"
        _assert_no_loop(lounge)


def test_no_secret_is_in_any_message_the_lists_or_the_referee_send(
    mailman: Mailman, lounges: dict[str, Lounge]
) -> None:
    """Alice proves herself to the list with her secret, out of turn so the referee answers
    in the lounge quoting her turn. The list relays her own post as she wrote it (nobody can
    stop that), and the referee warns her privately; every other message anyone sends holds
    no secret: no list copy, no lounge post, no private answer."""
    ids: dict[str, str] = {}

    def reveal(lounge: Lounge) -> list[str]:
        body = f"Playing as: Alice\nSecret: {SECRET}\nAlice : [LV+1] Chancery Lane (CN)\n"
        message = _turn(lounge, body)
        ids[lounge.kind] = str(message["Message-ID"])
        answers = lounge.answer_to(mailman, message, ALICE)
        return [str(m["Subject"]) for m in answers]

    answered = _each(lounges, reveal)
    assert all(any("not applied" in s for s in said) for said in answered.values()), answered
    _quiet(mailman, lounges)
    with mailman.router.lock:
        every = [*mailman.router.delivered, *mailman.router.posted]
    assert every, "the router saw the lists' and the referee's mail"
    secret_posts = {mid.strip("<>") for mid in ids.values()}
    relayed = [d for d in every if d.message_ids & secret_posts]
    assert relayed, "the lists relayed Alice's own post (with what she wrote in it)"
    leaks = [
        (d.rcpt_tos, str(d.message["Subject"]))
        for d in every
        if d not in relayed and SECRET in _text(d.message)
    ]
    assert leaks == []
    warnings = [
        d
        for d in mailman.router.delivered
        if d.rcpt_tos == [ALICE] and not d.list_address and "ecret" in _text(d.message)
    ]
    assert len(warnings) == len(KINDS), "Alice warned privately once per list"
    for lounge in lounges.values():
        _assert_no_loop(lounge)


def test_the_referee_sends_private_mail_past_the_lists(
    mailman: Mailman, lounges: dict[str, Lounge]
) -> None:
    """A player's own view (here the one-time code of ``nomic code``) goes by the relay to eir
    registered address only, never into a list."""
    lounge = lounges["munged"]
    message = _turn(lounge, "nomic code\n")
    message.replace_header("To", REFEREE)
    before = len(mailman.router.delivered)
    with smtplib.SMTP("127.0.0.1", lounge.service.settings.smtp_port) as smtp:
        smtp.send_message(message, ALICE, [REFEREE])

    def private(router: Router) -> list[Delivery]:
        return [d for d in router.delivered[before:] if not d.list_address]

    mailman.router.wait(lambda r: bool(private(r)), timeout=WAIT)
    _quiet(mailman, lounges)
    with mailman.router.lock:
        new = private(mailman.router)
        posted = [
            d
            for d in mailman.router.posted
            if str(message["Message-ID"]).strip("<>") in d.message_ids
        ]
    assert [d.rcpt_tos for d in new] == [[ALICE]]
    assert "Code:" in _text(new[0].message)
    assert posted == []
