"""``referee check --set`` and ``referee replay --set``: a setting changes the verdict."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from tests.engine.builder import game

FIRST = "Rushton : Brixton (VC)"
"""A first Turn with no Home declared: legal unless rule 1.12.2 is enforced."""


def _opening(tmp_path: Path) -> Path:
    path = tmp_path / "opening.gsd"
    path.write_text(game({}, homes={}).render(), "utf-8")
    return path


def test_1_12_2_check_set_home_declaration_required_changes_the_verdict(tmp_path: Path) -> None:
    path = str(_opening(tmp_path))
    runner = CliRunner()
    lenient = runner.invoke(
        main, ["check", path, "--play", FIRST, "--set", "home_declaration_required=false"]
    )
    assert lenient.exit_code == 0, lenient.output
    strict = runner.invoke(
        main, ["check", path, "--play", FIRST, "--set", "home-declaration-required=true"]
    )
    assert strict.exit_code == 1
    assert "Rule 1.12.2" in strict.output


def test_check_set_is_repeatable_and_refuses_unknown_names_and_values(tmp_path: Path) -> None:
    path = str(_opening(tmp_path))
    runner = CliRunner()
    both = runner.invoke(
        main,
        [
            "check",
            path,
            "--play",
            FIRST,
            "--set",
            "route_choice=first",
            "--set",
            "home_declaration_required=true",
        ],
    )
    assert both.exit_code == 1 and "Rule 1.12.2" in both.output
    unknown = runner.invoke(main, ["check", path, "--play", FIRST, "--set", "speed=11"])
    assert unknown.exit_code == 2
    assert "route_choice" in unknown.output and "narg_tolerance_degrees" in unknown.output
    assert "buzz_mode" not in unknown.output, "the service's settings are not the engine's"
    value = runner.invoke(main, ["check", path, "--play", FIRST, "--set", "route_choice=most"])
    assert value.exit_code == 2 and "write best or first" in value.output


def test_replay_set_judges_the_record_under_the_setting(tmp_path: Path) -> None:
    gsd = game({}, homes={})
    record = tmp_path / "record.gsd"
    record.write_text(gsd.render().rstrip("\n") + f"\n{FIRST}\n", "utf-8")
    runner = CliRunner()
    lenient = runner.invoke(
        main, ["replay", str(record), "--set", "home_declaration_required=false"]
    )
    assert lenient.exit_code == 0, lenient.output
    strict = runner.invoke(main, ["replay", str(record), "--set", "home_declaration_required=true"])
    assert strict.exit_code == 1 and "Rule 1.12.2" in strict.output
    wrong = runner.invoke(main, ["replay", str(record), "--set", "fuse_burns_when_created=no"])
    assert wrong.exit_code == 2 and "is not a setting" in wrong.output
    kb = runner.invoke(
        main,
        [
            "replay",
            str(record),
            "--variant",
            "knightsbridge-1965",
            "--set",
            "fuse_burns_when_created=no",
            "--set",
            "home_declaration_required=false",
        ],
    )
    assert kb.exit_code == 0, kb.output


def test_referee_settings_lists_every_setting_with_its_default_and_rule() -> None:
    listed = CliRunner().invoke(main, ["settings", "--variant", "knightsbridge-1965"])
    assert listed.exit_code == 0, listed.output
    assert "route_choice = best  (best or first; rules)" in listed.output
    assert "fuse_burns_when_created = true  (true or false; rules)" in listed.output
    assert "Rule 4.1.1.4" in listed.output
    assert "weekend_exempt_buzzes = false" in listed.output
    assert CliRunner().invoke(main, ["settings", "--variant", "nope"]).exit_code == 2
