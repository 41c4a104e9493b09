"""The classification chain's rules, each tried alone on one message inside a transaction."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy import select

from referee.games import Kinds
from referee.games.mornington import NoEngineDesk
from referee.service import classify, commands, roster
from referee.service.chain import ChainOrderError, Letter, Work, read_letter, run_chain
from referee.service.notices import Audience, CommandError, Notice, Role
from referee.service.runner import mornington
from referee.store.models import Game, OutboxMessage, Player
from referee.store.status import InboxStatus
from referee.store.wall_clock import utcnow
from tests.conftest import LOUNGE, REFEREE, Seeded, make_settings

SPEAKER = "speaker@example.org"
LIST_HEADERS = {
    "List-Id": "<mc12.lounge.example.org>",
    "List-Post": f"<mailto:{LOUNGE}>",
    "Precedence": "list",
}


def _mail(
    body: str = "Pass",
    *,
    sender: str = "Alice <alice@example.org>",
    to: str = LOUNGE,
    subject: str = "[MC 12] my turn",
    **headers: str,
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = "<m-1@example.org>"
    for name, value in headers.items():
        message[name] = value
    message.set_content(body)
    return bytes(message)


def _letter(raw: bytes, *, rcpt: str = LOUNGE, mail_from: str = "alice@example.org") -> Letter:
    return read_letter(1, raw, rcpt_tos=[rcpt], mail_from=mail_from, source="smtp")


@contextmanager
def _work(seeded: Seeded, raw: bytes, **overrides: object) -> Iterator[Work]:
    """A Work for ``raw`` in a transaction that is rolled back afterwards."""
    from referee.store.models import InboxMessage

    settings = make_settings(
        "sqlite://", speaker_address=SPEAKER, speaker_secret="gavel", **overrides
    )
    with seeded.factory() as session:
        row = InboxMessage(raw=raw, digest="d", source="smtp", received_at=utcnow())
        session.add(row)
        session.flush()
        letter = _letter(raw)
        yield Work(
            letter=Letter(row.id, letter.inbound, letter.raw, letter.envelope_from, letter.words),
            session=session,
            settings=settings,
            kinds=Kinds([mornington(NoEngineDesk())]),
            now=utcnow(),
            rng=random.Random(1),
            timing=roster.Timing(timedelta(hours=12)),
            row=row,
        )
        session.rollback()


def _sent(work: Work) -> list[list[str]]:
    work.session.flush()
    return [row.rcpt_tos for row in work.session.scalars(select(OutboxMessage))]


def _seat(work: Work) -> Work:
    work.game = work.session.scalars(select(Game)).one()
    work.player = work.session.scalars(select(Player).where(Player.name == "Alice")).one()
    return work


def test_the_chain_tries_its_rules_in_the_documented_order() -> None:
    assert [rule.name for rule in classify.CHAIN] == [
        "not-answered",
        "find-game",
        "unreadable",
        "speaker-command",
        "join",
        "unknown-game",
        "identify",
        "chamber-post",
        "intent",
        "buzz-command",
        "chamber-command",
        "player-command",
        "speaker-via-list",
        "turn",
    ]
    assert all(rule.description for rule in classify.CHAIN)


def test_read_letter_redacts_the_secret_before_anything_is_stored() -> None:
    letter = _letter(_mail("nomic join Alice\nSecret: orange peel"))
    assert b"orange peel" not in letter.raw
    assert b"Secret: [redacted by the referee]" in letter.raw
    assert letter.inbound.secret == "orange peel"
    assert letter.words == ("nomic", "join", "Alice")


def test_the_verb_is_the_first_word_without_brackets_or_marks() -> None:
    assert _letter(_mail("[Buzz]: the turn is illegal")).verb == "buzz"
    assert _letter(_mail("")).verb == ""


def test_not_answered_ignores_an_automatic_reply(seeded: Seeded) -> None:
    with _work(seeded, _mail(**{"Auto-Submitted": "auto-replied"})) as work:
        handled = classify.NotAnswered().apply(work)
        assert handled is not None and handled.status is InboxStatus.IGNORED
        assert _sent(work) == []


def test_not_answered_passes_a_players_direct_mail_on(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        assert classify.NotAnswered().apply(work) is None
        assert not work.via_list


def test_not_answered_lets_a_post_relayed_by_the_lounge_list_through_for_the_lounge(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail(**LIST_HEADERS)) as work:
        assert classify.NotAnswered().apply(work) is None
        assert work.via_list and work.game is not None and work.game.lounge_address == LOUNGE


def test_find_game_reads_the_subject_tag_of_mail_sent_to_the_referee(seeded: Seeded) -> None:
    with _work(seeded, _mail(to=REFEREE)) as work:
        work.letter.inbound.recipients[:] = [REFEREE]
        assert classify.FindGame().apply(work) is None
        assert work.game is not None and work.game.number == 12


def test_unreadable_quarantines_a_message_without_a_text_part(seeded: Seeded) -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message["To"] = LOUNGE
    message["Subject"] = "[MC 12] picture"
    message.set_content(b"\x89PNG", maintype="image", subtype="png")
    with _work(seeded, bytes(message)) as work:
        handled = classify.Unreadable().apply(work)
        assert handled is not None and handled.status is InboxStatus.QUARANTINED
        assert _sent(work) == [["alice@example.org"]]


def test_a_speaker_command_from_elsewhere_is_refused_and_reported(seeded: Seeded) -> None:
    raw = _mail("speaker games", sender="mallory@example.net", to=REFEREE)
    with _work(seeded, raw) as work:
        handled = classify.SpeakerCommand().apply(work)
        assert handled is not None and handled.status is InboxStatus.QUARANTINED
        assert _sent(work) == [["mallory@example.net"], [SPEAKER]]  # the sender, the Speaker


def test_the_speaker_without_the_secret_is_told_once_to_add_the_line(seeded: Seeded) -> None:
    with _work(seeded, _mail("speaker games", sender=SPEAKER, to=REFEREE)) as work:
        handled = classify.SpeakerCommand().apply(work)
        assert handled is not None and handled.status is InboxStatus.QUARANTINED
        work.session.flush()
        [row] = work.session.scalars(select(OutboxMessage))
        assert row.rcpt_tos == [SPEAKER]
        assert b'"Secret: ' in row.raw and b"below the command" in row.raw


def test_a_speaker_command_is_not_taken_from_list_mail(seeded: Seeded) -> None:
    with _work(seeded, _mail("speaker games")) as work:
        work.via_list = True
        assert classify.SpeakerCommand().apply(work) is None
        handled = classify.SpeakerViaList().apply(_seat(work))
        assert handled is not None and handled.notes[0].startswith("Speaker commands are not")
        assert _sent(work) == [[LOUNGE]]  # never silent to a known player


def test_join_needs_a_game_but_no_seat(seeded: Seeded) -> None:
    with _work(seeded, _mail("nomic join Carol", sender="carol@example.org")) as work:
        assert classify.Join().apply(work) is None  # no game found yet
        work.game = work.session.scalars(select(Game)).one()
        handled = classify.Join().apply(work)
        assert handled is not None and handled.status is InboxStatus.DONE
        assert sorted(_sent(work)) == [["carol@example.org"], [SPEAKER]]


def test_unknown_game_answers_how_to_name_one(seeded: Seeded) -> None:
    with _work(seeded, _mail(to=REFEREE, subject="hello")) as work:
        handled = classify.UnknownGame().apply(work)
        assert handled is not None and handled.status is InboxStatus.QUARANTINED
        assert _sent(work) == [["alice@example.org"]]


def test_identify_finds_the_player_by_address(seeded: Seeded) -> None:
    with _work(seeded, _mail()) as work:
        work.game = work.session.scalars(select(Game)).one()
        assert classify.Identify().apply(work) is None
        assert work.player is not None and work.player.name == "Alice"


def test_identify_reports_a_forgery_to_the_sender_and_to_the_player_claimed(
    seeded: Seeded,
) -> None:
    raw = _mail("Playing as: Alice\nSecret: wrong\nPass", sender="mallory@example.org")
    with _work(seeded, raw) as work:
        work.game = work.session.scalars(select(Game)).one()
        handled = classify.Identify().apply(work)
        assert handled is not None and handled.status is InboxStatus.QUARANTINED
        assert _sent(work) == [["mallory@example.org"], ["alice@example.org"]]


def test_buzz_command_takes_only_the_words_of_a_buzz(seeded: Seeded) -> None:
    with _work(seeded, _mail("concede")) as work:
        assert classify.BuzzCommand().apply(_seat(work)) is not None
        assert work.handling.refused  # no buzz is open to concede
    with _work(seeded, _mail("Pass")) as work:
        assert classify.BuzzCommand().apply(_seat(work)) is None


def test_player_command_hands_a_timeout_forcers_own_turn_to_the_turn_rule(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail("nomic resign\nPass")) as work:
        handled = classify.PlayerCommand().apply(_seat(work))
        assert handled is not None and work.turn_text == ""
    with _work(seeded, _mail("Pass")) as work:
        assert classify.PlayerCommand().apply(_seat(work)) is None


def test_turn_hands_the_text_to_the_games_kind_and_answers_the_poster(seeded: Seeded) -> None:
    with _work(seeded, _mail("Pass")) as work:
        handled = classify.Turn().apply(_seat(work))
        assert handled is not None and handled.notes[0] == "turn received"
        assert _sent(work) == [["alice@example.org"]]


def test_the_whole_chain_decides_every_message(seeded: Seeded) -> None:
    with _work(seeded, _mail("Pass")) as work:
        assert run_chain(classify.CHAIN, work).notes[0] == "turn received"


def test_list_mail_sends_a_turns_verdict_to_the_lounge_and_nothing_to_the_lists_sender(
    seeded: Seeded,
) -> None:
    with _work(seeded, _mail(**LIST_HEADERS)) as work:
        work.via_list, work.game = True, work.session.scalars(select(Game)).one()
        values = {"player": "Alice", "explanation": "x", "turn_text": "Pass"}
        work.send(Notice("player.turn-received", Audience.poster(), values))
        work.send(Notice("sender.unknown-player", Audience.sender(), {}))
        forged = {"player": "Alice", "secret_given": False}
        work.send(Notice("player.forged", Audience.player("alice@example.org", "Alice"), forged))
        # the claimed player hears of it at the address the referee holds, not the list's
        assert _sent(work) == [[LOUNGE], ["alice@example.org"]]
        assert "sender.unknown-player not sent" in work.handling.notes[0]


def test_a_lounge_audience_is_the_only_public_one() -> None:
    assert [role for role in Role if not Audience(role).private] == [Role.LOUNGE]


@pytest.mark.parametrize("verb", ["resign", "take-back", "acknowledge", "stalemate"])
def test_a_command_that_needs_a_player_is_refused_without_one(seeded: Seeded, verb: str) -> None:
    command = commands.PLAYER_COMMANDS[verb]
    assert command.needs_game and command.needs_player
    with _work(seeded, _mail(f"nomic {verb}")) as work:
        ctx = commands.Context(
            session=work.session,
            settings=work.settings,
            sender="x@y",
            now=work.now,
            rng=work.rng,
            timing=work.timing,
            game=work.session.scalars(select(Game)).one(),
        )
        with pytest.raises(CommandError, match="only a player seated in the game"):
            commands.run(commands.PLAYER_COMMANDS, ctx, ["nomic", verb], "nomic")


def test_a_rule_placed_before_what_it_needs_is_a_misordered_chain(seeded: Seeded) -> None:
    with _work(seeded, _mail("Pass")) as work:
        with pytest.raises(ChainOrderError, match="before unknown-game"):
            classify.Identify().apply(work)
        work.game = work.session.scalars(select(Game)).one()
        with pytest.raises(ChainOrderError, match="before identify"):
            classify.Turn().apply(work)


def test_rule_146_a_statement_of_intent_is_handed_to_the_rules_after_identify() -> None:
    tail = classify.after_identify(classify.CHAIN)
    assert [rule.name for rule in tail][:2] == ["chamber-post", "intent"]
    assert "identify" not in [rule.name for rule in tail] and tail[-1].name == "turn"
