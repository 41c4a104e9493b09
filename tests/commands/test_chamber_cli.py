"""``referee chamber``: the Speaker's console equivalents of the chamber's mail commands, on
SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, select

from referee.cli import main
from referee.store.db import sessions
from referee.store.models import OutboxMessage, ProposalRecord
from tests.conftest import LOUNGE, seed_game


@pytest.fixture
def cli(engine: Engine, db_url: str, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    seed_game(sessions(engine))
    monkeypatch.setenv("REFEREE_DATABASE_URL", db_url)
    return CliRunner()


def _lounge_subjects(engine: Engine) -> list[str]:
    from email import message_from_bytes

    with sessions(engine)() as session:
        rows = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
        messages = [message_from_bytes(row.raw) for row in rows if row.rcpt_tos == [LOUNGE]]
    return [str(m["Subject"]) for m in messages]


def test_rule_10_the_speaker_opens_the_chamber_and_enters_votes_from_the_console(
    cli: CliRunner, engine: Engine
) -> None:
    now = ["--now", "2026-11-02T09:30"]
    opened = cli.invoke(main, ["chamber", "12", "open", *now])
    assert opened.exit_code == 0, opened.output
    proposed = cli.invoke(
        main,
        ["chamber", "12", "--as", "Alice", "propose", "Late trains [A]", "--text", "No.", *now],
    )
    assert proposed.exit_code == 0, proposed.output
    voted = cli.invoke(
        main, ["chamber", "12", "--as", "Bob", "vote", "aye", "Late trains [A]", *now]
    )
    assert voted.exit_code == 0, voted.output
    assert _lounge_subjects(engine) == [
        "[MC 12] The chamber is open",
        "[MC 12] Proposal: Late trains [A]",
        "[MC 12] Bob votes aye on Late trains [A]",
    ]
    listing = cli.invoke(main, ["chamber", "12", "proposals", *now])
    assert "Late trains [A] by Alice: pending" in listing.output
    assert "aye: Alice, Bob; implied aye (silent 72 hours): none; nay: none" in listing.output


def test_rule_34_a_refused_console_command_changes_nothing_and_exits_1(
    cli: CliRunner, engine: Engine
) -> None:
    cli.invoke(main, ["chamber", "12", "open"])
    refused = cli.invoke(
        main, ["chamber", "12", "--as", "Alice", "propose", "Nameless", "--text", "x"]
    )
    assert refused.exit_code == 1
    assert "ifMUD rule 34, proposal names" in refused.output
    with sessions(engine)() as session:
        assert session.scalars(select(ProposalRecord)).all() == []
