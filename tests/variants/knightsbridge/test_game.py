"""A short game under the 1965 amendments, played Turn by Turn in order, then replayed whole
from its opening tables, and through ``referee check --variant`` and ``referee replay``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game
from tests.variants.knightsbridge.kb import KB, RICH, states

TURNS = (
    "Rushton : Holborn (CN)",
    "Garden : Holborn (CN)",
    "Rushton : [Greening Garden] [Creating Potato] [Giving Potato to Garden] Pass",
    "Garden : [Recycling] Pass [Giving Potato to Rushton] {recycling: 1 Bk}",
    "Rushton : [Spooning Garden] Pass",
    "Garden : [Recycling] [LV+3] Piccadilly Circus (PD) {recycling: 1 Bk}",
    "Rushton : Pass",
    "Garden : [Recycling] [LV-2] Green Park (PD) [De-Greening] {recycling: 1 Bk}",
)


def opening() -> GSD:
    return game({}, tokens={"Rushton": RICH, "Garden": RICH}, players=("Rushton", "Garden"))


def played() -> GSD:
    gsd = opening()
    for text in TURNS:
        result = adjudicate(gsd, Play.parse(text, players=gsd.player_names,
                                            index=KB.action_index()), KB)  # fmt: skip
        assert result.legal, (text, result.messages())
        gsd = result.state
    return gsd


def test_a_short_game_of_player_states_and_the_potato() -> None:
    final = played()
    assert states(final) == ["Potato: Rushton (Fuse 8)", "In Spoon: Garden"]
    report = replay(final.model_copy(update={"players": opening().players, "disruptions": ()}),
                    KB)  # fmt: skip
    assert report.ok and report.legal_turns == len(TURNS)
    assert report.final is not None and states(report.final) == states(final)


def test_the_cli_checks_and_replays_under_the_variant(tmp_path: Path) -> None:
    path = tmp_path / "kb.gsd"
    start = opening().model_copy(update={"record": played().record})
    path.write_text(start.render(KB.action_index()), "utf-8")
    runner = CliRunner()
    replayed = runner.invoke(main, ["replay", str(path), "--variant", "kb65"])
    assert replayed.exit_code == 0 and f"all {len(TURNS)} turns are legal" in replayed.output
    assert runner.invoke(main, ["replay", str(path)]).exit_code == 2
    current = tmp_path / "now.gsd"
    current.write_text(played().render(KB.action_index()), "utf-8")
    checked = runner.invoke(main, ["check", str(current), "--variant", "knightsbridge",
                                   "--play", "Rushton : Pass [Narging Garden]"])  # fmt: skip
    assert checked.exit_code == 1 and "Rule 4.1.1.2" in checked.output
    assert "(Fosdyke Notation, rule 1.17.9)" in checked.output
    legal = runner.invoke(main, ["check", str(current), "--variant", "knightsbridge",
                                 "--play", "Rushton : Pass"])  # fmt: skip
    assert legal.exit_code == 0, legal.output
    assert "Potato: Rushton (Fuse 7), In Spoon: Garden" in legal.output
