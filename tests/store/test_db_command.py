"""``referee db``: an operator sets up a game from the shell and reads the quarantine."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import select

from referee.cli import main
from referee.store import games
from referee.store.db import make_engine, sessions
from referee.store.inbox import enqueue
from referee.store.models import Player


def test_an_operator_creates_a_game_seats_players_and_reads_the_inbox(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ops.sqlite3'}"
    env = {"REFEREE_DATABASE_URL": url}
    runner = CliRunner(env=env)
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    assert runner.invoke(main, ["db", "add-game", "12", "MC12@Lounge.example.org"]).exit_code == 0
    added = runner.invoke(
        main, ["db", "add-player", "Alice", "alice@example.org"], input="orange\norange\n"
    )
    assert added.exit_code == 0, added.output
    assert runner.invoke(main, ["db", "join", "Alice", "12", "--seat", "1"]).exit_code == 0
    again = runner.invoke(main, ["db", "add-game", "12", "other@example.org"])
    assert again.exit_code != 0 and "already a game MC 12" in again.output

    engine = make_engine(url)
    factory = sessions(engine)
    with factory() as session:
        game = games.game_by_number(session, 12)
        assert game is not None and game.lounge_address == "mc12@lounge.example.org"
        alice = session.scalars(select(Player)).one()
        assert games.secret_matches("orange", alice.secret_hash)
        assert [p.name for p in games.members(session, game)] == ["Alice"]
    enqueue(
        factory,
        b"From: x@example.org\r\nSubject: hello\r\n\r\nhi\r\n",
        mail_from="x",
        rcpt_tos=[],
        source="smtp",
    )
    listed = runner.invoke(main, ["db", "inbox", "--status", "new"])
    assert "x@example.org" in listed.output and "hello" in listed.output
    engine.dispose()
