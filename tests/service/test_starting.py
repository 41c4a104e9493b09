"""Starting a game by the operator's CLI: ``referee db new-game`` writes the first GSD."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from referee.notation.gsd import GSD
from referee.store import games
from referee.store.db import make_engine, sessions


def _cli(tmp_path: Path) -> tuple[CliRunner, str]:
    url = f"sqlite:///{tmp_path / 'start.sqlite3'}"
    runner = CliRunner(env={"REFEREE_DATABASE_URL": url})
    for name in ("Alice", "Bob", "Carol"):
        added = runner.invoke(
            main, ["db", "add-player", name, f"{name.lower()}@example.org", "--secret", ""]
        )
        assert added.exit_code == 0, added.output
    return runner, url


def _state(url: str) -> tuple[str | None, int]:
    engine = make_engine(url)
    with sessions(engine)() as session:
        game = games.game_by_number(session, 12)
        assert game is not None
        found = game.state, game.version
    engine.dispose()
    return found


def test_1_1_2_new_game_seats_the_players_and_writes_the_first_gsd(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    result = runner.invoke(
        main,
        ["db", "new-game", "12", "mc12@lounge.example.org", "--player", "Bob", "--player",
         "Alice", "--time", "Wednesday 2340"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "game MC 12 started with Bob, Alice" in result.output
    state, version = _state(url)
    assert state is not None and state in result.output and version == 1
    gsd = GSD.parse(state)
    assert (gsd.game, gsd.turn, str(gsd.time)) == (12, 1, "Wednesday 2340")
    assert [(p.name, p.inactive) for p in gsd.players] == [
        ("Drone", True),
        ("Bob", False),
        ("Alice", False),
    ]
    assert state.startswith(f"Mornington Crescent - Game 12 - Turn 1 - State {gsd.state_hash()}")


def test_1_1_8_new_players_start_with_the_starting_tokens_and_no_home(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    runner.invoke(main, ["db", "new-game", "12", "mc12@lounge.example.org", "--player", "Alice"])
    state, _ = _state(url)
    assert state is not None
    [alice] = [p for p in GSD.parse(state).players if p.name == "Alice"]
    assert (alice.home, alice.lv, alice.charge) == (None, 0, 0)
    assert alice.tokens.as_tuple() == (2, 0, 2, 0, 0, 2, 0)


def test_1_1_8_joining_a_started_game_adds_a_row_to_its_gsd(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    runner.invoke(main, ["db", "new-game", "12", "mc12@lounge.example.org", "--player", "Alice"])
    joined = runner.invoke(main, ["db", "join", "Carol", "12"])
    assert joined.exit_code == 0 and "added to its GSD" in joined.output
    state, version = _state(url)
    assert state is not None and version == 2
    assert GSD.parse(state).player_names == ("Drone", "Alice", "Carol")


def test_a_started_game_is_never_started_again(tmp_path: Path) -> None:
    runner, url = _cli(tmp_path)
    runner.invoke(main, ["db", "new-game", "12", "mc12@lounge.example.org", "--player", "Alice"])
    before = _state(url)
    again = runner.invoke(main, ["db", "new-game", "12", "mc12@lounge.example.org"])
    assert again.exit_code == 2 and "MC 12 has already started" in again.output
    assert _state(url) == before


def test_new_game_explains_what_is_missing(tmp_path: Path) -> None:
    runner, _ = _cli(tmp_path)
    nobody = runner.invoke(main, ["db", "new-game", "12", "mc12@lounge.example.org"])
    assert nobody.exit_code == 2 and "no one is seated in game MC 12" in nobody.output
    stranger = runner.invoke(
        main, ["db", "new-game", "13", "mc13@lounge.example.org", "--player", "Zed"]
    )
    assert stranger.exit_code == 2 and "no player called Zed" in stranger.output
    bad_time = runner.invoke(
        main, ["db", "new-game", "14", "mc14@lounge.example.org", "--time", "teatime"]
    )
    assert bad_time.exit_code == 2 and "'teatime' is not a Game Time" in bad_time.output
