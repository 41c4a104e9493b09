"""``referee db``: refusals are a sentence and exit status 2, never a traceback; secrets come
from scripts; the inbox listing shows each message whole."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner, Result

from referee.cli import main
from referee.store import games
from referee.store.db import make_engine, sessions
from referee.store.inbox import enqueue

LOUNGE = "mc12@lounge.example.org"


def _cli(tmp_path: Path) -> tuple[CliRunner, str]:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return CliRunner(env={"REFEREE_DATABASE_URL": url}), url


def _refused(result: Result, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), result.exception


def test_add_game_with_a_lounge_in_use_is_refused_in_a_sentence(tmp_path: Path) -> None:
    runner, _ = _cli(tmp_path)
    assert runner.invoke(main, ["db", "add-game", "12", LOUNGE]).exit_code == 0
    again = runner.invoke(main, ["db", "add-game", "13", LOUNGE.upper()])
    _refused(again, f"{LOUNGE} is already the lounge of game MC 12")
    other = runner.invoke(main, ["db", "new-game", "14", LOUNGE])
    _refused(other, f"{LOUNGE} is already the lounge of game MC 12")


def test_new_game_with_players_on_a_started_game_is_refused_in_a_sentence(
    tmp_path: Path,
) -> None:
    runner, url = _cli(tmp_path)
    for name in ("Alice", "Bob"):
        runner.invoke(main, ["db", "add-player", name, f"{name}@example.org", "--secret", ""])
    started = runner.invoke(main, ["db", "new-game", "12", LOUNGE, "--player", "Alice"])
    assert started.exit_code == 0, started.output
    again = runner.invoke(main, ["db", "new-game", "12", LOUNGE, "--player", "Alice"])
    _refused(again, "game MC 12 has already started")
    bob = runner.invoke(main, ["db", "new-game", "12", LOUNGE, "--player", "Bob"])
    _refused(bob, "game MC 12 has already started")
    engine = make_engine(url)
    with sessions(engine)() as session:
        game = games.game_by_number(session, 12)
        assert game is not None
        assert [p.name for p in games.members(session, game)] == ["Alice"]
    engine.dispose()


def test_what_the_database_still_refuses_is_a_sentence_too(tmp_path: Path) -> None:
    runner, _ = _cli(tmp_path)
    runner.invoke(main, ["db", "add-player", "Alice", "alice@example.org", "--secret", ""])
    runner.invoke(main, ["db", "add-game", "12", LOUNGE])
    assert runner.invoke(main, ["db", "join", "Alice", "12", "--seat", "1"]).exit_code == 0
    twice = runner.invoke(main, ["db", "join", "Alice", "12", "--seat", "1"])
    _refused(twice, "nothing was changed")


def _secret_is(url: str, address: str, secret: str) -> bool:
    engine = make_engine(url)
    with sessions(engine)() as session:
        player = games.player_by_address(session, address)
        assert player is not None
        found = games.secret_matches(secret, player.secret_hash)
    engine.dispose()
    return found


def test_add_player_reads_the_secret_from_a_scripts_standard_input(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    result = runner.invoke(
        main, ["db", "add-player", "Alice", "alice@example.org"], input="orange peel\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "Alice registered at alice@example.org with a secret"
    assert _secret_is(url, "alice@example.org", "orange peel")


def test_add_player_reads_the_secret_from_a_file(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("gavel and bell\n")
    result = runner.invoke(
        main, ["db", "add-player", "Bob", "bob@example.org", "--secret-file", str(secret)]
    )
    assert result.exit_code == 0, result.output
    assert _secret_is(url, "bob@example.org", "gavel and bell")
    assert not _secret_is(url, "bob@example.org", "gavel and bell\n")


def test_inbox_shows_message_id_and_the_whole_from_and_subject(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    runner.invoke(main, ["db", "upgrade"])
    message = EmailMessage()
    sender = "Alexandra Featherstonehaugh-Cholmondeley <alexandra.featherstonehaugh@example.org>"
    subject = "[MC 12] Turn 37: a rather long subject that goes on well past forty characters"
    message["From"] = sender
    message["Subject"] = subject
    message["Message-ID"] = "<turn-37.very-long-id@mail.example.org>"
    message.set_content("Euston")
    engine = make_engine(url)
    enqueue(
        sessions(engine),
        bytes(message),
        mail_from="a@example.org",
        rcpt_tos=[LOUNGE],
        source="smtp",
    )
    engine.dispose()
    listing = runner.invoke(main, ["db", "inbox"])
    assert listing.exit_code == 0, listing.output
    assert "<turn-37.very-long-id@mail.example.org>" in listing.output
    assert f"From: {sender}" in listing.output
    assert f"Subject: {subject}" in listing.output


def test_joining_a_seated_player_again_says_so_by_name(tmp_path: Path) -> None:
    runner, _ = _cli(tmp_path)
    runner.invoke(main, ["db", "add-player", "Alice", "alice@example.org", "--secret", ""])
    runner.invoke(main, ["db", "add-game", "12", LOUNGE])
    assert runner.invoke(main, ["db", "join", "Alice", "12"]).exit_code == 0
    twice = runner.invoke(main, ["db", "join", "Alice", "12"])
    _refused(twice, "Alice is already seated in MC 12")
    assert "UNIQUE" not in twice.output


def test_new_game_keeps_a_player_already_seated_by_join(tmp_path: Path) -> None:
    """The README's operator sequence: ``db join`` one player, then ``db new-game`` naming
    em among the rest; e keeps eir seat and the game starts with everyone named."""
    runner, url = _cli(tmp_path)
    for name in ("Alice", "Bob"):
        runner.invoke(main, ["db", "add-player", name, f"{name}@example.org", "--secret", ""])
    assert runner.invoke(main, ["db", "join", "Alice", "12", "--seat", "1"]).exit_code == 2
    runner.invoke(main, ["db", "add-game", "12", LOUNGE])
    assert runner.invoke(main, ["db", "join", "Alice", "12", "--seat", "1"]).exit_code == 0
    started = runner.invoke(
        main, ["db", "new-game", "12", LOUNGE, "--player", "Alice", "--player", "Bob"]
    )
    assert started.exit_code == 0, started.output
    assert "started with Alice, Bob" in started.output
    engine = make_engine(url)
    with sessions(engine)() as session:
        game = games.game_by_number(session, 12)
        assert game is not None
        assert [(seat, p.name) for seat, p in games.seated(session, game)] == [
            (1, "Alice"),
            (2, "Bob"),
        ]
    engine.dispose()
