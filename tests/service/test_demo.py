"""``referee demo`` runs end to end through the real SMTP path and prints the thread."""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from referee.commands.demo import LOUNGE


def test_demo_adjudicates_a_short_game_through_the_real_mail_path() -> None:
    started = time.monotonic()
    result = CliRunner().invoke(main, ["demo"])
    assert time.monotonic() - started < 10
    assert result.exit_code == 0, result.output
    out = result.output
    for turn, play in enumerate(
        [
            "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)",
            "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)",
            "Alice : [LV+1] Chancery Lane (CN)",
        ],
        1,
    ):
        assert f"To: {LOUNGE}\n  Subject: [MC 1] Turn {turn}: {play}" in out
        assert f"| Mornington Crescent - Game 1 - Turn {turn + 1} - State " in out
    refused = out.split("Subject: [MC 1] Turn 3 not applied: illegal")[1].split("\n===")[0]
    assert "  - Rule 1.6.2 - Getting There: there is no route from Holborn to Euston" in refused
    assert out.split("Subject: [MC 1] Turn 3 not applied: illegal")[0].endswith(
        "To: alice@demo.invalid\n  "
    )
    replies = [block.split("\n===")[0].split("\n>>")[0] for block in out.split("\n<< ")[1:]]
    assert len(replies) == 6
    assert all("tin of paint" not in reply for reply in replies), "a secret was quoted back"
    assert out.count("<< From: Mornington Referee") == 6
    assert "cannot be adjudicated" not in out
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
