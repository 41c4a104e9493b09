"""``referee speaker ...``: the Speaker's commands at the console (rule 1.1.2)."""

from __future__ import annotations

from email import message_from_bytes
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from referee.cli import main
from referee.store.db import make_engine, sessions
from referee.store.models import Game, OutboxMessage

LOUNGE = "mc1@lounge.example.org"


def test_1_1_2_the_operator_opens_a_game_at_the_console_and_the_lounge_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    monkeypatch.setenv("REFEREE_DATABASE_URL", url)
    monkeypatch.setenv("REFEREE_SPEAKER_ADDRESS", "speaker@example.org")
    monkeypatch.chdir(tmp_path)
    cli = CliRunner()
    result = cli.invoke(main, ["speaker", "new-game", LOUNGE, "--now", "2026-11-20T10:00"])
    assert result.exit_code == 0, result.output
    assert "Game MC 1 is open for players to join" in result.output
    engine = make_engine(url)
    with sessions(engine)() as session:
        game = session.scalars(select(Game)).one()
        [queued] = session.scalars(select(OutboxMessage)).all()
    engine.dispose()
    assert (game.number, game.status) == (1, "forming")
    assert queued.rcpt_tos == [LOUNGE]
    assert message_from_bytes(queued.raw)["Subject"] == "[MC 1] A new game"
    refused = cli.invoke(main, ["speaker", "start", "1"])
    assert refused.exit_code == 1 and "it needs 3 to begin (rule 1.1.2)" in refused.output
