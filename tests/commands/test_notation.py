"""``referee render`` and ``referee check`` (docs/DESIGN.md interfaces)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "notation"


def test_render_prints_the_canonical_gsd() -> None:
    result = CliRunner().invoke(main, ["render", str(GOLDEN / "untidy_mail.gsd")])
    assert result.exit_code == 0
    assert result.output == (GOLDEN / "untidy_mail.canonical").read_text(encoding="utf-8")


def test_check_json_reports_what_was_read() -> None:
    result = CliRunner().invoke(main, ["check", str(GOLDEN / "every_section.gsd"), "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["ok"] is True
    assert report["declared_hash"] == "00000000"
    assert report["state_hash"] != report["declared_hash"]
    assert [p["name"] for p in report["gsd"]["players"]][:2] == ["Drone", "Rushton"]
    assert report["plays"][0]["text"] == "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    (action,) = report["plays"][0]["actions"]
    assert (action["text"], action["phase"]) == ("[LV+3]", "pre")


def test_check_unreadable_exits_2_with_the_players_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Rushton : Eustn (VC)\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(bad), "--json"])
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert (error["line"], error["column"]) == (1, 11)
    assert error["message"] == "line 1, column 11: 'Eustn' is not a station; did you mean Euston?"


def test_render_of_plays_only_exits_2(tmp_path: Path) -> None:
    only = tmp_path / "play.txt"
    only.write_text("Rushton : Euston (VC)\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(only)])
    assert result.exit_code == 2
    assert "no GSD" in result.output


def test_check_plain_text_summary() -> None:
    result = CliRunner().invoke(main, ["check", str(GOLDEN / "play_only.gsd")])
    assert result.exit_code == 0
    assert "no GSD; 1 play line(s)" in result.output
