"""The answers written once for every kind speak of each kind's play in its own terms.

A One Day in London or ifMUD Nomic player is never told of a Game State Document, Tokens or
Mornington's rule 1.1.8: those words come from the kind (``GameKind.wording``), and
Mornington's own answers read as they always did (their golden files are unchanged).
"""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import Engine

from referee.games.ifmud.kind import IfmudNomic
from referee.games.kind import Wording
from referee.games.mornington import MorningtonNomic
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.mail.compose import render
from referee.store.db import sessions
from tests.service.harness import HandClock, Table, text

LOUNGE = "odil1@lounge.example.org"
ALICE = "alice@example.org"
MORNINGTON_WORDS = ("GSD", "Game State Document", "1.1.8", "Token", "Home Station")
OTHERS = [("ODL 3", OneDayInLondon.wording), ("ifMUD 3", IfmudNomic.wording)]


@pytest.fixture
def table(engine: Engine) -> Table:
    return Table(sessions(engine), HandClock(datetime(2026, 11, 20, 10, 0)))


def _plain(template: str, **values: object) -> str:
    return " ".join(render(template, attachments=[], sender="", **values).split())


@pytest.mark.parametrize(("game", "wording"), OTHERS)
def test_a_turn_with_nothing_in_it_is_asked_for_in_the_kinds_own_terms(
    game: str, wording: Wording
) -> None:
    got = _plain("sender.no-turn", game=game, player="Alice", move=wording.move)
    assert f"Write {wording.move} above any quoted text" in got
    assert not any(word in got for word in MORNINGTON_WORDS)


@pytest.mark.parametrize(("game", "wording"), OTHERS)
def test_a_stale_or_unreadable_turn_is_answered_without_mornington_words(
    game: str, wording: Wording
) -> None:
    values: dict[str, object] = {
        "game": game,
        "player": "Alice",
        "turn_text": "take deck",
        "explanation": "",
        "turn": "take deck",
        "violations": ["line 1: 'tak' is not an action"],
        "positioned": True,
        "wording": wording,
    }
    stale = _plain("player.turn-stale", **values)
    unreadable = _plain("player.turn-unreadable", **values)
    assert f"made on {wording.state} that is no longer current" in stale
    assert f"read the latest {wording.latest} in the lounge" in stale
    assert " ".join(wording.resend.split()) in unreadable
    assert not any(word in stale + unreadable for word in MORNINGTON_WORDS)


def test_mornington_keeps_its_own_words() -> None:
    wording = MorningtonNomic.wording
    assert "GSD" in wording.move and wording.state == "a Game State Document"
    assert wording.joining == "rule 1.1.8"


def test_joining_one_day_in_london_cites_no_mornington_rule_nor_its_tokens(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    asked = table.mail(ALICE, "nomic join Alice", subject="[ODL 1] join")
    approved = table.speaker("approve 1 Alice")
    sent = asked + approved
    assert sent and all("[ODL 1]" in str(m["Subject"]) for _, m in sent)
    for _, message in sent:
        assert not any(word in text(message) for word in MORNINGTON_WORDS), text(message)
    [welcome] = [m for rcpt, m in approved if rcpt == [ALICE]]
    assert "approved your joining game ODL 1 of One Day in London" in text(welcome)


def test_a_declined_join_in_one_day_in_london_offers_no_emergency_proposal(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    table.mail(ALICE, "nomic join Alice", subject="[ODL 1] join")
    [(_, refusal)] = table.speaker("decline 1 Alice")
    assert "must say why: write speaker decline" in text(refusal)
    sent = table.speaker("decline 1 Alice: the table is full")
    [declined] = [m for rcpt, m in sent if rcpt == [ALICE]]
    assert "for this reason: the table is full" in text(declined)
    assert "Emergency Proposal" not in text(declined)
    assert all("1.1.8" not in text(m) for m in [refusal, *(m for _, m in sent)])


def test_the_drones_name_is_refused_in_one_day_in_london_saying_whose_it_is(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    [(_, refusal)] = table.mail(ALICE, "nomic join Drone", subject="[ODL 1] join")
    assert "the name Drone is kept for Mornington Nomic's Drone" in text(refusal)
    assert refusal["Subject"] == "[ODL 1] Not carried out: nomic join"


def test_an_ifmud_game_is_opened_and_joined_without_speaking_of_a_deal() -> None:
    """ifMUD Nomic is started, not dealt: its posts say what its seed draws instead."""
    wording = IfmudNomic.wording
    opened = _plain(
        "lounge.dealt-game-created",
        game="ifMUD 3",
        tag="ifMUD 3",
        title="ifMUD Nomic",
        kind="ifmud-nomic",
        least=2,
        most=1000,
        settings=[],
        commitment="5e" * 32,
        wording=wording,
    )
    joined = _plain(
        "lounge.dealt-player-joined",
        game="ifMUD 3",
        player="Ann",
        seated=["Ann"],
        title="ifMUD Nomic",
        wording=wording,
    )
    assert "then starts the game" in opened and "every die of the game are drawn" in opened
    assert "drawn when the Speaker starts the game" in joined
    assert "deal" not in (opened + joined).lower()
