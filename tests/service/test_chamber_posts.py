"""The chamber's posts as players read them (golden files), and the chamber through a lounge
list: a refusal is said in the lounge, never privately to an address a list chose.

Set ``REFEREE_UPDATE_GOLDEN=1`` to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from email.message import Message
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Engine

from referee.chamber import Issue, Purpose
from referee.service.notices import Audience, Notice
from referee.store.db import sessions
from referee.store.models import Game
from tests.conftest import Seeded
from tests.service.harness import HandClock, Table

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mail"
LOUNGE = "mc1@lounge.example.org"
LIST = {"List-Id": f"<{LOUNGE.replace('@', '.')}>", "List-Post": f"<mailto:{LOUNGE}>"}
T0 = datetime(2026, 11, 2, 9, 30)


@pytest.fixture
def table(engine: Engine) -> Table:
    """Game MC 1 with Alice and Bob seated and its chamber open, on SQLite and PostgreSQL."""
    table = Table(sessions(engine), HandClock(T0))
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        table.mail(f"{name.lower()}@example.org", f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("chamber 1")
    table.sent()
    return table


def _golden(name: str, message: Message) -> None:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    got = f"Subject: {message['Subject']}\n\n{payload.decode()}".replace("\r\n", "\n")
    path = GOLDEN / name
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")


def test_rule_10_the_ratifying_post_has_the_text_the_votes_and_the_time_of_effect(
    table: Table,
) -> None:
    table.mail("alice@example.org", "propose Cheap fares [A]\nEvery fare is halved.", to=LOUNGE)
    table.clock.advance(minutes=5)
    table.mail("bob@example.org", "vote aye Cheap fares [A]", to=LOUNGE)
    table.clock.advance(minutes=5)
    [(rcpt, post)] = table.mail("alice@example.org", "ratify Cheap fares [A]", to=LOUNGE)
    assert rcpt == [LOUNGE]
    _golden("lounge.chamber-ratified.txt", post)
    [(rcpt, listing)] = table.mail("bob@example.org", "proposals", to=LOUNGE)
    assert rcpt == ["bob@example.org"], "direct mail: the list is answered to its sender"
    _golden("sender.proposals.txt", listing)


def test_rule_10_a_refusal_through_the_lounge_list_is_said_in_the_lounge(table: Table) -> None:
    sent = table.mail("bob@example.org", "ratify Nothing [B]", to=LOUNGE, headers=LIST)
    assert [rcpt for rcpt, _ in sent] == [[LOUNGE]]
    payload = sent[0][1].get_payload(decode=True)
    assert isinstance(payload, bytes)
    body = " ".join(payload.decode().split())
    assert "there is no proposal named 'Nothing [B]'" in body and "Nothing has changed" in body


_name = st.text(alphabet=st.characters(categories=("L",)), min_size=1, max_size=10)


@given(st.one_of(
    st.builds(lambda n: Issue(section=tuple(n)), st.lists(_name, min_size=1, max_size=4)),
    st.builds(Issue, st.sampled_from([Purpose.ADMIT, Purpose.PASSIVE, Purpose.DECEIVED]), _name),
))  # fmt: skip
def test_rules_12_21_22_40_an_issue_line_renders_to_what_parses_back(issue: Issue) -> None:
    parsed, body = Issue.parse(f"{issue.render()}\nThe text.")
    assert (parsed, body) == (issue, "The text.")


def _body(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return " ".join(payload.decode().split())


def test_rule_12_a_player_seated_later_joins_the_chamber_by_unanimous_consent(
    table: Table,
) -> None:
    [(_, refusal)] = table.mail("alice@example.org", "propose Zed in [A]\nAdmit: Zed", to=LOUNGE)
    assert "Zed is not seated in game MC 1" in _body(refusal)
    table.mail("carol@example.org", "nomic join Carol", subject="[MC 1]")
    table.speaker("approve 1 Carol")
    table.sent()
    [(_, refusal)] = table.mail("carol@example.org", "passive on", to=LOUNGE)
    assert "Carol is not on this game's chamber roll" in _body(refusal)
    table.mail("alice@example.org", "propose Carol in [A]\nAdmit: Carol", to=LOUNGE)
    table.mail("bob@example.org", "vote aye Carol in [A]", to=LOUNGE)
    table.mail("alice@example.org", "ratify Carol in [A]", to=LOUNGE)
    table.sent()
    from referee.service.timekeeper import run_due

    run_due(table.factory, table.settings, T0 + timedelta(hours=1))  # type: ignore[arg-type]
    news = [_body(m) for _, m in table.sent()]
    assert any("Carol is added to the game by unanimous consent (ifMUD rule 12" in n for n in news)
    [(rcpt, post)] = table.mail("carol@example.org", "passive on", to=LOUNGE)
    assert rcpt == [LOUNGE] and "Carol is now on the Passive Voters list" in _body(post)


def test_rule_146_an_intent_not_saying_when_is_answered_with_how_to_say_it(table: Table) -> None:
    [(rcpt, answer)] = table.mail(
        "bob@example.org", "intent vote nay Cheap fares [A] at noon on Friday", to=LOUNGE
    )
    assert rcpt == ["bob@example.org"]
    body = _body(answer)
    assert "begin a statement with 'At 2026-11-26 18:00:' or 'In 3 hours:'" in body
    assert "ifMUD rule 146, intent posted in advance" in body and "Nothing has changed" in body


def test_rule_146_intent_through_the_lounge_list_is_answered_and_carried_out_there(
    table: Table,
) -> None:
    from referee.service.timekeeper import run_due

    table.mail("alice@example.org", "propose Cheap fares [A]\nEvery fare is halved.", to=LOUNGE)
    table.sent()
    body = "In 2 hours:\nIf it is not my turn:\nvote aye Cheap fares [A]"
    [(rcpt, stored)] = table.mail("bob@example.org", body, to=LOUNGE, headers=LIST)
    assert rcpt == [LOUNGE], "a statement posted to the list is answered in the list"
    _golden("sender.intent-stored.txt", stored)
    run_due(table.factory, table.settings, T0 + timedelta(hours=2))  # type: ignore[arg-type]
    sent = table.sent()
    assert [r for r, _ in sent] == [[LOUNGE]]
    assert "Bob votes aye on Cheap fares [A]" in _body(sent[0][1])
    assert sent[0][1]["In-Reply-To"], "threaded under the statement it came in"


def test_rule_24_a_turn_in_a_game_with_a_chamber_is_judged_and_counts_as_a_post(
    table: Table,
) -> None:
    from sqlalchemy import select

    from referee.store.models import ChamberMember, Game
    from tests.service.harness import declaring

    table.speaker("start 1")
    table.sent()
    with table.factory() as session:
        first = next(n for n in session.scalars(select(Game)).one().order_of_play if n != "Drone")
    table.clock.advance(hours=5)
    play = declaring(first, "Brixton (VC)")
    sent = table.mail(f"{first.lower()}@example.org", f"{first} : {play}", to=LOUNGE)
    assert [str(m["Subject"]) for _, m in sent] == [f"[MC 1] Turn 1: {first} : {play}"]
    with table.factory() as session:
        posts = {row.player_id: row.last_post_at for row in session.scalars(select(ChamberMember))}
    assert sorted(posts.values()) == [T0, T0 + timedelta(hours=5)]


class Recording:
    """An enactor that keeps what it was asked to enact (the seam a rulebook plugs into)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, str, str, datetime]] = []

    def enact(
        self, session: object, game: Game, proposal: str, text: str, at: datetime
    ) -> list[Notice]:
        self.calls.append((game.number, proposal, text, at))
        return [Notice("lounge.proposal-recorded", Audience.lounge(game.lounge_address), {
            "proposal": proposal, "text": "from the rulebook", "at": "then"})]  # fmt: skip


def test_rule_10_the_enactor_is_called_once_when_the_hour_has_passed(table: Table) -> None:
    from referee.service.timekeeper import run_due

    enactor = Recording()
    table.runner.enactor = enactor
    table.mail("alice@example.org", "propose Fares [A]\nPrices: Zone 1 costs 2.", to=LOUNGE)
    table.mail("bob@example.org", "vote aye Fares [A]", to=LOUNGE)
    table.clock.advance(minutes=30)
    table.mail("alice@example.org", "ratify Fares [A]", to=LOUNGE)
    effect = T0 + timedelta(minutes=90)
    run_due(table.factory, table.settings, effect - timedelta(seconds=1), enactor=enactor)  # type: ignore[arg-type]
    assert enactor.calls == []
    table.clock.now = effect + timedelta(minutes=5)
    sent = table.mail("bob@example.org", "proposals", to=LOUNGE)  # a message catches it up
    assert enactor.calls == [(1, "Fares [A]", "Prices: Zone 1 costs 2.", effect)]
    assert any("from the rulebook" in _body(m) for _, m in sent), "its notices are queued"
    run_due(table.factory, table.settings, effect + timedelta(hours=1), enactor=enactor)  # type: ignore[arg-type]
    assert len(enactor.calls) == 1, "once only"


def test_rule_13_a_player_leaves_by_posting_intent_and_no_longer_counts(table: Table) -> None:
    [(rcpt, post)] = table.mail("bob@example.org", "leave", to=LOUNGE)
    assert rcpt == [LOUNGE] and "Bob has left the game (ifMUD rule 13" in _body(post)
    [(_, posted)] = table.mail("alice@example.org", "propose Alone [A]\nJust me.", to=LOUNGE)
    assert "not yet voted: none" in _body(posted), "Bob is not counted"
    [(_, refusal)] = table.mail("bob@example.org", "vote nay Alone [A]", to=LOUNGE)
    assert "Bob has left the game, so cannot act in it" in _body(refusal)


def test_rule_22_deception_agreed_by_the_others_is_a_demerit(table: Table) -> None:
    from referee.service.timekeeper import run_due

    text = "propose Bob fibbed [A]\nDeceived: Bob\nBob said the Lounge was empty."
    [(_, posted)] = table.mail("alice@example.org", text, to=LOUNGE)
    assert "Deceived: Bob" in _body(posted) and "not yet voted: none" in _body(posted)
    table.mail("bob@example.org", "vote nay Bob fibbed [A]", to=LOUNGE)
    [(_, ratified)] = table.mail("alice@example.org", "ratify Bob fibbed [A]", to=LOUNGE)
    assert "not counted: Bob" in _body(ratified)
    run_due(table.factory, table.settings, T0 + timedelta(hours=1))  # type: ignore[arg-type]
    news = [_body(m) for _, m in table.sent()]
    assert any("Bob incurs a demerit (ifMUD rule 22, deception) and now has 1" in n for n in news)


@pytest.mark.parametrize(
    "line",
    ["propose X [A]", "vote aye X [A]", "dead X [A]", "ratify X [A]", "passive on", "leave",
     "proposals", "intent vote nay X [A]"],
)  # fmt: skip
def test_rule_10_without_a_chamber_every_chamber_command_is_answered_in_the_lounge(
    seeded: Seeded, line: str
) -> None:
    """A game whose chamber is not open still answers each command, where it was posted."""
    from sqlalchemy import select

    from referee.service import classify
    from referee.service.chain import run_chain
    from referee.store.models import OutboxMessage
    from tests.service.test_classify import LIST_HEADERS, _mail, _work

    with _work(seeded, _mail(line, **LIST_HEADERS)) as work:
        run_chain(classify.CHAIN, work)
        work.session.flush()
        [row] = work.session.scalars(select(OutboxMessage)).all()
        assert row.rcpt_tos == ["mc12@lounge.example.org"]
        assert b"Nothing has changed" in row.raw


@pytest.mark.parametrize("withdrawable", [True, False])
def test_rule_146_withdrawing_a_statement_is_a_setting_of_the_game(
    engine: Engine, withdrawable: bool
) -> None:
    table = Table(sessions(engine), HandClock(T0))
    table.speaker(
        f"new-game {LOUNGE} normal set intents_may_be_withdrawn={str(withdrawable).lower()}"
    )
    table.mail("bob@example.org", "nomic join Bob", subject="[MC 1]")
    table.speaker("approve 1 Bob")
    table.sent()
    [(_, stored)] = table.mail("bob@example.org", "In 2 hours:\nnomic settings", to=LOUNGE)
    number = _body(stored).split("statement of intent ", 1)[1].split(" ", 1)[0]
    assert ("It stands once posted" in _body(stored)) is not withdrawable
    [(_, answer)] = table.mail("bob@example.org", f"intent cancel {number}", to=LOUNGE)
    if withdrawable:
        assert "is withdrawn and will not take effect" in _body(answer)
    else:
        assert "a statement of intent stands once posted" in _body(answer)
        assert "Nothing has changed" in _body(answer)
    [(_, listing)] = table.mail("bob@example.org", "intents", to=LOUNGE)
    assert ("None." in _body(listing)) is withdrawable
