"""``referee rules show``, ``diff`` and ``enact``: a game's rules as versions, at the console.

The printed versions and diffs are golden files (``REFEREE_UPDATE_GOLDEN=1`` rewrites them,
to be read before committing).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from referee.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "rulebook"
LOUNGE = "mc12@lounge.example.org"

PRICES = (
    "Books are too cheap and the Emporium needs a new Gambit, so:\n"
    "Amend rule 1.4.18: the price of Book is 5.\n"
    "Add the Camden Shuffle Gambit to rule 1.18.2: Euston, Camden Town, Belsize Park for 2Re.\n"
)
WORDS = (
    "Repeal rule 1.7.39.\n"
    'Enact rule 1.4.50 "Umbrellas": An Umbrella is a Possession\n'
    "that keeps its owner dry.\n"
    "\n"
    "Amend rule 1.4.7 to read: Suspect Packages are harmless.\n"
)


def _golden(name: str, got: str) -> None:
    path = GOLDEN / name
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")


@pytest.fixture
def cli(tmp_path: Path) -> CliRunner:
    runner = CliRunner(env={"REFEREE_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    made = runner.invoke(main, ["db", "add-game", "12", LOUNGE])
    assert made.exit_code == 0, made.output
    return runner


def _enact(cli: CliRunner, tmp_path: Path, text: str, at: str, label: str) -> Result:
    path = tmp_path / f"{label}.txt"
    path.write_text(text, "utf-8")
    return cli.invoke(
        main, ["rules", "enact", "MC12", "--file", str(path), "--label", label, "--now", at]
    )


def test_show_prints_version_1_as_volume_1_by_number_and_title(cli: CliRunner) -> None:
    shown = cli.invoke(main, ["rules", "show", "12"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0] == "Version 1: the vanilla ruleset as published"
    assert "  1.4.18 The Emporium" in lines
    assert "      price of Book: 3" in lines


def test_enacted_versions_are_kept_and_shown_and_diffed(cli: CliRunner, tmp_path: Path) -> None:
    first = _enact(cli, tmp_path, PRICES, "2026-11-25T20:00", "Dear Books [Al]")
    assert first.exit_code == 0, first.output
    assert "version 2" in first.output
    second = _enact(cli, tmp_path, WORDS, "2026-11-26T09:30", "Umbrellas [Bo]")
    assert second.exit_code == 0, second.output
    shown = cli.invoke(main, ["rules", "show", "MC12", "--version", "2"])
    assert shown.exit_code == 0, shown.output
    assert "price of Book: 5" in shown.output
    assert "1.7.39 [REMOVED]" not in shown.output
    _golden("diff-1-2.txt", cli.invoke(main, ["rules", "diff", "12", "1", "2"]).output)
    _golden("diff-2-3.txt", cli.invoke(main, ["rules", "diff", "12", "2", "3"]).output)
    now = cli.invoke(main, ["rules", "show", "12"]).output
    assert now.splitlines()[0].startswith("Version 3: after proposal Umbrellas [Bo]")
    assert "  1.7.39 [REMOVED] (by proposal Umbrellas [Bo] on 2026-11-26)" in now


def test_the_speaker_s_enactment_is_refused_whole_unless_it_applies_as_written(
    cli: CliRunner, tmp_path: Path
) -> None:
    wrong = _enact(
        cli, tmp_path, "Amend rule 1.4.18: the price of Unicorn is 5.\n", "2026-11-25T20:00", "x"
    )
    assert wrong.exit_code == 1
    assert "Unicorn" in wrong.output and "not enacted" in wrong.output
    unreadable = _enact(
        cli, tmp_path, "Amend rule 1.4.18: Books are dearer.\n", "2026-11-25T20:00", "y"
    )
    assert unreadable.exit_code == 1 and "rules/amendments.md" in unreadable.output
    assert cli.invoke(main, ["rules", "show", "12"]).output.startswith("Version 1:")
    missing = cli.invoke(main, ["rules", "diff", "12", "1", "2"])
    assert missing.exit_code == 1 and "versions 1 to 1, not 2" in missing.output
