"""``referee demo`` runs end to end through the real SMTP path and prints the thread."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main


def test_demo_prints_each_message_and_the_referees_answers() -> None:
    result = CliRunner().invoke(main, ["demo"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Subject: [MC 1] Turn 1: Holborn : Euston (VC via: CN,NT)" in out
    assert "cannot be adjudicated by this" in out
    replies = [block.split("\n===")[0].split("\n>>")[0] for block in out.split("\n<< ")[1:]]
    assert len(replies) == 4
    assert all("tin of paint" not in reply for reply in replies), "a secret was quoted back"
    assert out.count("<< From: Mornington Referee") == 4
    assert "no reply: the referee never answers automatic mail" in out


def test_serve_explains_a_port_it_cannot_listen_on(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner(env={"REFEREE_DATABASE_URL": f"sqlite:///{tmp_path}/s.sqlite3"}).invoke(
            main, ["serve", "--port", str(port)]
        )
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
