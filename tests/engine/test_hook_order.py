"""Hooks run in the order their ruleset declares (rules/<ruleset>/hooks.toml), whatever order
Python imported the section modules in, and a variant replaces or removes one by name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.context import TurnContext
from referee.engine.registry import HOOK_KINDS, HookOrderError, Registry, load_sections
from referee.engine.rulebook import load_rulebook
from referee.engine.tables.hook_order import load_hook_order
from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from referee.variants import VARIANTS, Ruleset
from tests.engine.builder import game, rules_broken

ROOT = Path(__file__).resolve().parents[2]

_DUMP = """
import json
from referee.variants import find_variant
orders = {}
for name in ("vanilla", "knightsbridge-1965", "early-draft"):
    registry = find_variant(name)().registry()
    orders[name] = {kind: [f"{f.__module__}.{f.__qualname__}" for f in getattr(registry, kind)]
                    for kind in registry.order}
print(json.dumps(orders))
"""

SERVE_START = """
import referee.cli
from referee.service.app import Service
"""
"""What ``referee serve`` imports before its Ruleset first builds a registry."""

REVERSED = """
import importlib, pkgutil
import referee.engine.sections as sections
for module in reversed(sorted(m.name for m in pkgutil.iter_modules(sections.__path__))):
    importlib.import_module(f"referee.engine.sections.{module}")
import referee.variants.knightsbridge.potato
import referee.variants.early_draft.moving
"""
"""Every section module imported in reverse, and a variant's later modules first."""


def _resolved(prelude: str) -> dict[str, dict[str, list[str]]]:
    command = [sys.executable, "-c", prelude + _DUMP]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, dict[str, list[str]]] = json.loads(done.stdout)
    return result


def test_the_order_is_the_same_under_serve_and_any_import_order() -> None:
    """The order of hooks is read from data, so the start-up path of ``referee serve`` and a
    process importing the sections backwards (as a test run may) resolve the same lists."""
    serve, backwards = _resolved(SERVE_START), _resolved(REVERSED)
    assert serve == backwards
    assert serve["vanilla"]["start_of_turn"][0] == "referee.engine.sections.bifurcation.upkeep"


def test_this_process_runs_the_declared_order() -> None:
    registry = load_sections()
    for kind, names in load_hook_order("vanilla").items():
        assert [h.name for h in registry.ordered(kind)] == list(names)
        assert getattr(registry, kind) == [h.function for h in registry.ordered(kind)]


def test_every_hook_cites_a_rule_of_its_ruleset() -> None:
    for variant in VARIANTS:
        ruleset = variant()
        rules = ruleset.rulebook().rules
        for kind in HOOK_KINDS:
            for hooked in ruleset.registry().ordered(kind):
                assert hooked.rule in rules, (variant.name, hooked.name, hooked.rule)


def _two_hooks() -> Registry:
    registry = Registry("two")

    @registry.at_end("1.3.4", name="first")
    def first(ctx: TurnContext) -> None: ...

    @registry.at_end("1.3.4", name="second")
    def second(ctx: TurnContext) -> None: ...

    return registry


def test_an_unlisted_hook_stops_start_up() -> None:
    with pytest.raises(HookOrderError, match="registered but not in the order: second"):
        _two_hooks().arrange({"end_of_turn": ["first"]})


def test_a_listed_hook_nobody_registered_stops_start_up() -> None:
    with pytest.raises(HookOrderError, match="in the order but not registered: third"):
        _two_hooks().arrange({"end_of_turn": ["second", "first", "third"]})


def test_a_name_listed_twice_or_an_unknown_kind_stops_start_up() -> None:
    with pytest.raises(HookOrderError, match="listed twice: first"):
        _two_hooks().arrange({"end_of_turn": ["first", "second", "first"]})
    with pytest.raises(HookOrderError, match="'at_teatime' is not a kind of hook"):
        _two_hooks().arrange({"end_of_turn": ["first", "second"], "at_teatime": []})


def test_the_declared_order_not_registration_decides() -> None:
    registry = _two_hooks().arrange({"end_of_turn": ["second", "first"]})
    assert [f.__name__ for f in registry.end_of_turn] == ["second", "first"]


def test_vanillas_own_order_file_missing_a_hook_fails() -> None:
    """A copy of rules/vanilla/hooks.toml with one Move check left out does not arrange."""
    order = {kind: list(names) for kind, names in load_hook_order("vanilla").items()}
    order["move_checks"].remove("obstacles.bridges_up")
    with pytest.raises(HookOrderError, match=r"not in the order: obstacles\.bridges_up"):
        load_sections().copy("broken").arrange(order)


class _NoBridges(Ruleset):
    """A variant without rule 1.8.3's raised Bridges: it removes that Move check by name."""

    name = "no-bridges"

    def registry(self) -> Registry:
        registry = load_sections().copy("no-bridges")
        registry.remove("move_checks", "obstacles.bridges_up")
        return registry


def test_a_variant_removes_a_vanilla_hook_by_name() -> None:
    """Rule 1.8.3 - Bridges: Up, vanilla refuses a Move across the Thames; the variant that
    removed the hook lets it stand, and vanilla's registry is left as it was."""
    up = game({"Rushton": "Embankment (NT)"}, lv={"Rushton": 1}, disruptions=("Bridges Up",))
    across = Play.parse("Rushton : Waterloo (NT)", players=up.player_names)
    assert rules_broken(adjudicate(up, across, check_order=False)) == ["1.8.3"]
    assert adjudicate(up, across, _NoBridges(), check_order=False).legal
    assert "obstacles.bridges_up" in load_sections().order["move_checks"]


def test_a_layer_replaces_a_hook_in_its_place_and_removes_another() -> None:
    base = _two_hooks().arrange({"end_of_turn": ["first", "second"]})
    layer = Registry("layer")

    @layer.replaces("end_of_turn", "first", "1.3.5")
    def instead(ctx: TurnContext) -> None: ...

    @layer.at_end("1.3.4", name="added")
    def added(ctx: TurnContext) -> None: ...

    layer.remove("end_of_turn", "second")
    merged = base.lay(layer, "merged", {"end_of_turn": ["added"]})
    replaced = [(h.name, h.rule) for h in merged.ordered("end_of_turn")]
    assert replaced == [("first", "1.3.5"), ("added", "1.3.4")]
    assert merged.end_of_turn == [instead, added]
    assert [h.name for h in base.ordered("end_of_turn")] == ["first", "second"]


def test_an_arranged_registry_refuses_to_remove_or_replace_an_unknown_hook() -> None:
    """A misspelt name fails where it is written, rather than leaving the hook in place."""
    registry = load_sections().copy("typo")
    with pytest.raises(HookOrderError, match=r"cannot remove 'obstacles\.bridge_up'"):
        registry.remove("move_checks", "obstacles.bridge_up")
    with pytest.raises(HookOrderError, match=r"cannot replace 'clamps\.spoon_caps'"):
        registry.replaces("lv_rules", "clamps.spoon_caps", "1.4.39")(lambda ctx, p, lv: lv)


def test_a_layer_cannot_replace_or_remove_what_is_not_there() -> None:
    base = _two_hooks().arrange({"end_of_turn": ["first", "second"]})
    layer = Registry("layer")
    layer.remove("end_of_turn", "fourth")
    with pytest.raises(HookOrderError, match="cannot remove 'fourth'"):
        base.lay(layer, "merged", {})


def test_4_1_1_3_in_spoon_takes_the_spoon_clamps_place() -> None:
    """Rule 4.0.0 / 4.1.1.3: the amendments' Spoon rule owns Volume 1's slot (rule 1.4.39),
    instead of running beside it at the end of the list."""
    from referee.variants.knightsbridge import Knightsbridge1965

    registry = Knightsbridge1965().registry()
    vanilla = load_sections()
    for kind, name in (("cost_rules", "clamps.spoon_spending"), ("lv_rules", "clamps.spoon_cap")):
        assert registry.order[kind][: len(vanilla.order[kind])] == vanilla.order[kind]
        assert registry.hooks[kind][name].rule == "4.1.1.3"
        assert vanilla.hooks[kind][name].rule == "1.4.39"
    assert "4.1.1.3" in load_rulebook("knightsbridge-1965").rules
