"""The Ruleset: its tables, its start-up check, and the game-life rules a variant may change
(joining, resignation, the forced Timeout)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.engine.registry import HookOrderError, load_sections
from referee.engine.ruleset import VANILLA, Ruleset, RuleSettings
from referee.engine.tables import TableError
from referee.engine.tables.hook_order import load_hook_order
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import parse_possessions
from referee.resources import data_dir
from tests.engine.builder import game, row


def _broken_copy(tmp_path: Path, filename: str, text: str) -> str:
    """A copy of Volume 1's rules folder with ``filename`` replaced by ``text``; its path is
    the ruleset's ``rules_name`` (a folder of rules/, or any folder)."""
    folder = tmp_path / "broken-vanilla"
    shutil.copytree(data_dir("rules") / "vanilla", folder)
    (folder / filename).write_text(text)
    return str(folder)


def test_the_ruleset_reaches_every_table() -> None:
    tables = VANILLA.tables()
    assert tables.emporium.lookup("Hat").possession.name == "Hat"
    assert VANILLA.token_collection() is tables.token_collection


def test_prepare_fails_on_a_broken_table(tmp_path: Path) -> None:
    """A mistake in any table stops start-up, naming the file, not a player's Turn."""
    folder = _broken_copy(tmp_path, "stacks.toml", "[[station]]\nname = 3\n")

    class Broken(Ruleset):
        rules_name = folder

    with pytest.raises(TableError, match=r"stacks\.toml"):
        Broken().prepare()
    VANILLA.prepare()


def test_a_broken_hook_order_file_is_refused(tmp_path: Path) -> None:
    """rules/<ruleset>/hooks.toml is a table like any other: a misspelt key stops the load,
    and an order that leaves Volume 1's hooks out stops the registry (test_hook_order.py)."""
    folder = _broken_copy(tmp_path, "hooks.toml", "[ordre]\nend_of_turn = []\n")
    with pytest.raises(TableError, match=r"hooks\.toml"):
        load_hook_order(folder)
    short = _broken_copy(tmp_path / "short", "hooks.toml", "[order]\nend_of_turn = []\n")
    with pytest.raises(HookOrderError, match="registered but not in the order"):
        load_sections().copy("short").arrange(load_hook_order(short))


def test_rule_settings_are_the_rules_readings_not_the_services() -> None:
    assert VANILLA.with_settings(route_revisits=True).settings == RuleSettings(route_revisits=True)


def _with_stick() -> GSD:
    gsd = game({"Rushton": "Euston (NT)", "Cryer": "Holborn (CN)"})
    changed = {"Drone": {"inactive": False}, "Rushton": {"home": "Euston"}}
    rows = tuple(r.model_copy(update=changed.get(r.name, {})) for r in gsd.players)
    rack = (
        RackEntry(player="Rushton", possessions=parse_possessions("Drone Stick, Euston Stub")),
        RackEntry(player="Cryer", possessions=parse_possessions("Piano")),
    )
    return gsd.model_copy(update={"players": rows, "rack": rack})


def test_1_1_3_a_resigner_leaves_the_table_and_rack_and_eir_things_are_ownerless() -> None:
    """Rule 1.1.3 - Resignation: the player leaves the game; what e owned (eir Home, eir
    Possessions) belongs to no one, and the others keep theirs. Rule 1.15.1: the Drone Stick
    left with em, so the Drone is Inactive."""
    after = VANILLA.resign(_with_stick(), "Rushton")
    assert "Rushton" not in after.player_names
    assert [entry.player for entry in after.rack] == ["Cryer"]
    assert all(r.home != "Euston" for r in after.players)
    assert row(after, "Drone").inactive


def test_1_3_5_the_forced_timeout_is_judged_and_moves_time_on_an_hour() -> None:
    """Rule 1.3.5 - Timing is Everything: a Timeout made for a late player only advances the
    Game Time by an hour, and the Turn passes on (rule 1.3.2)."""
    gsd = game({"Rushton": "Euston (NT)"}, time="Wednesday 1200")
    result = VANILLA.forced_timeout(gsd, "Cryer")
    assert result.legal, result.messages()
    assert result.state.time == GameTime.parse("Wednesday 1300")
    assert result.state.record[-1].render() == "Cryer : Timeout"


class _KeepsStick(Ruleset):
    """A variant whose Drone Stick stays in play when its carrier resigns."""

    name = "keeps-stick"

    def resign(self, gsd: GSD, name: str) -> GSD:
        after = super().resign(gsd, name)
        rows = tuple(
            r.model_copy(update={"inactive": False}) if r.name == "Drone" else r
            for r in after.players
        )
        return after.model_copy(update={"players": rows})


def test_a_variant_changes_resignation_where_the_service_applies_it() -> None:
    from referee.service import gsd_edits

    state = _with_stick().render()
    assert GSD.parse(gsd_edits.without_player(state, "Rushton")).players[0].inactive
    kept = GSD.parse(gsd_edits.without_player(state, "Rushton", _KeepsStick()))
    assert not kept.players[0].inactive
