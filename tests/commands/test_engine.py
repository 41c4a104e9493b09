"""``referee check --play`` and ``referee replay`` (docs/DESIGN.md exit codes: 0, 1, 2)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from tests.engine.builder import game


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "game.gsd"
    path.write_text(game({"Garden": "Holborn (CN)"}, lv={"Rushton": 4}).render(), "utf-8")
    return path


def test_check_play_prints_the_next_gsd(tmp_path: Path) -> None:
    gsd = tmp_path / "g.gsd"
    gsd.write_text(game({"Rushton": "Holborn (CN)", "Garden": "Euston (VC)"},
                        lv={"Rushton": 4}).render(), "utf-8")  # fmt: skip
    runner = CliRunner()
    ok = runner.invoke(main, ["check", str(gsd), "--play", "Rushton : Euston (VC via: CN,NT)"])
    assert ok.exit_code == 0, ok.output
    assert "Mornington Crescent - Game 1 - Turn 2" in ok.output
    assert "\nRushton : Euston (VC via: CN,NT)\n" in ok.output
    assert "{route: Holborn -CN-> Tottenham Court Road" in ok.output
    late = runner.invoke(main, ["check", str(gsd), "--play", "Cryer : Pass Euston (VC)"])
    assert late.exit_code == 1 and "Rule 1.3.2 - Playing Sequence" in late.output


def test_check_play_json_carries_legal_violations_and_gsd(tmp_path: Path) -> None:
    path = tmp_path / "g.gsd"
    path.write_text(game({"Rushton": "Holborn (CN)", "Garden": "Euston (VC)"},
                         lv={"Rushton": 4}).render(), "utf-8")  # fmt: skip
    runner = CliRunner()
    good = runner.invoke(main, ["check", str(path), "--json", "--play",
                                "Rushton : Euston (VC via: CN,NT)"])  # fmt: skip
    assert good.exit_code == 0, good.output
    data = json.loads(good.output)
    assert data["legal"] is True and data["violations"] == []
    assert data["route"].startswith("route: Holborn -CN-> Tottenham Court Road")
    assert "Rushton : Euston (VC via: CN,NT)" in data["gsd"]
    bad = runner.invoke(main, ["check", str(path), "--json", "--play",
                               "Rushton : [LV+1] Euston (VC via: CN,NT)"])  # fmt: skip
    assert bad.exit_code == 1
    assert json.loads(bad.output)["violations"][0]["rule"] == "1.6.2"


def test_check_play_unreadable_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_file(tmp_path)), "--play", "Rushton : "])
    assert result.exit_code == 2


def test_check_play_unknown_variant_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["check", str(_file(tmp_path)), "--play", "Rushton : Pass", "--variant", "x"]
    )
    assert result.exit_code == 2 and "vanilla" in result.output


def test_replay_reports_the_first_illegal_turn(tmp_path: Path) -> None:
    gsd = game({"Rushton": "Holborn (CN)"})
    from referee.notation.plays import Play

    bad = Play.parse("Cryer : Euston (VC)", players=gsd.player_names)
    worse = Play.parse("Garden : Bank (NT)", players=gsd.player_names)
    record = (
        *gsd.record,
        bad,
        worse,
        Play.parse("Rushton : Euston (VC via: CN,NT)", players=gsd.player_names),
    )
    path = tmp_path / "r.gsd"
    path.write_text(gsd.model_copy(update={"record": record}).render(), "utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    assert "turn 4 is not legal: Rushton : Euston (VC via: CN,NT)" in result.output
    assert "Rule 1.6.2" in result.output


def test_replay_of_the_scripted_game_is_legal_to_the_win(tmp_path: Path) -> None:
    from tests.engine.scripted import scripted_game

    start, final = scripted_game(60)
    path = tmp_path / "game.gsd"
    path.write_text(start.model_copy(update={"record": final.record}).render(), "utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"all {len(final.plays)} turns are legal; Garden won" in result.output


def test_check_play_under_the_early_draft_variant(tmp_path: Path) -> None:
    """``referee check --variant early-draft``: the draft's Moves (paid by the step) and its
    own rule numbers (rules/early-draft/README.md)."""
    path = tmp_path / "draft.gsd"
    path.write_text(game({"Rushton": "Holborn (CN)"}, players=("Rushton",)).render(), "utf-8")
    runner = CliRunner()
    ok = runner.invoke(main, ["check", str(path), "--variant", "early-draft", "--play",
                              "Rushton : [Block Chancery Lane 2] Tottenham Court Road (CN) "
                              "{paying: 2 Re}"])  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert "Rushton : [Block Chancery Lane 2] Tottenham Court Road (CN)" in ok.output
    far = runner.invoke(main, ["check", str(path), "--variant", "draft", "--play",
                               "Rushton : Bank (CN)", "--json"])  # fmt: skip
    assert far.exit_code == 1
    assert json.loads(far.output)["violations"][0]["title"] == "Moving"


def test_replay_of_a_short_early_draft_game(tmp_path: Path) -> None:
    """``referee replay --variant early-draft`` reads the draft's Actions in the record; the
    vanilla ruleset cannot read them at all."""
    from referee.variants import EarlyDraft
    from tests.variants.test_early_draft import SHORT_GAME, short_game

    path = tmp_path / "draft.gsd"
    path.write_text(short_game().render(EarlyDraft().action_index()), "utf-8")
    runner = CliRunner()
    result = runner.invoke(main, ["replay", str(path), "--variant", "early-draft"])
    assert result.exit_code == 0, result.output
    assert f"all {len(SHORT_GAME)} turns are legal; Cryer won" in result.output
    assert runner.invoke(main, ["replay", str(path)]).exit_code == 2
    read = runner.invoke(main, ["check", str(path), "--variant", "early-draft", "--json"])
    assert read.exit_code == 0, read.output
    blocks = [a for p in json.loads(read.output)["plays"] for a in p["actions"]]
    assert [(a["name"], a["rule"]) for a in blocks] == [("Block", "7"), ("Unblock", "7")]


def test_check_json_renders_a_variants_own_action_in_the_next_gsd(tmp_path: Path) -> None:
    """``referee check --json --variant early-draft`` on a legal play that uses the draft's
    own [Block <Station> <n>]: exit 0 and the next GSD, drawn with the draft's index, carries
    the play (it once crashed rendering it with Volume 1's index, exiting 1)."""
    path = tmp_path / "draft.gsd"
    path.write_text(game({"Rushton": "Holborn (CN)"}, players=("Rushton",)).render(), "utf-8")
    result = CliRunner().invoke(
        main,
        [
            "check",
            str(path),
            "--json",
            "--variant",
            "early-draft",
            "--play",
            "Rushton : [Block Chancery Lane 2] Tottenham Court Road (CN) {paying: 2 Re}",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["legal"] is True
    assert "Rushton : [Block Chancery Lane 2] Tottenham Court Road (CN)" in data["gsd"]


def test_check_of_a_file_with_neither_gsd_nor_play_exits_2(tmp_path: Path) -> None:
    """``referee check`` on random bytes (or text holding no GSD and no play) cannot read
    anything: exit 2 with a sentence saying so, in text and in JSON."""
    import random

    noise = tmp_path / "noise.bin"
    noise.write_bytes(random.Random(12).randbytes(600))
    prose = tmp_path / "prose.txt"
    prose.write_text("Dear all, I shall be away next week.\n", "utf-8")
    runner = CliRunner()
    for path in (noise, prose):
        text = runner.invoke(main, ["check", str(path)])
        assert text.exit_code == 2, (path, text.output)
        assert "not UTF-8 text" in text.output or "neither a GSD nor a play" in text.output
        data = runner.invoke(main, ["check", str(path), "--json"])
        assert data.exit_code == 2
        assert json.loads(data.output)["ok"] is False
    ascii_noise = tmp_path / "ascii.txt"
    ascii_noise.write_text("".join(random.Random(5).choice("abc xyz\n,.;") for _ in range(400)))
    refused = runner.invoke(main, ["check", str(ascii_noise)])
    assert refused.exit_code == 2 and "neither a GSD nor a play" in refused.output
