"""``referee rules where RULE``: handlers, hooks, tables and tests of a rule, from the registry."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main


def _where(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rules", "where", *args])
    return result.exit_code, result.output


def test_where_names_the_handler_hooks_tables_and_tests_of_1_9_1() -> None:
    """Rule 1.9.1 - Basic Blocks: [Blocking]'s handler, the Move checks and the rising cost."""
    code, out = _where("1.9.1")
    assert code == 0, out
    assert out.startswith("Rule 1.9.1 - Basic Blocks (vanilla)\n")
    assert "[Blocking] referee.engine.sections.blocks.blocking" in out
    assert "move_checks #2 obstacles.blocked_stations" in out
    assert "cost_rules #1 blocks.rising_block_cost" in out
    assert "rules/vanilla/actions.toml" in out and "rules/vanilla/hooks.toml" in out
    assert "tests/engine/test_blocks.py::test_1_9_1_blocking_a_neighbour_costs_one_red" in out


def test_where_as_json_for_a_variant_shows_the_hook_it_put_in_vanillas_place() -> None:
    code, out = _where("4.1.1.3", "--variant", "knightsbridge", "--json")
    assert code == 0, out
    sites = json.loads(out)
    assert sites["ruleset"] == "knightsbridge-1965"
    assert {h["action"] for h in sites["handlers"]} == {"Spooning", "Unspooning"}
    spending = next(h for h in sites["hooks"] if h["kind"] == "cost_rules")
    assert spending["name"] == "clamps.spoon_spending"
    assert spending["function"] == "referee.variants.knightsbridge.states.spoon_spending"


def test_where_matches_whole_rule_numbers_only() -> None:
    """Rule 4.1.1 is not rule 4.1.1.3: neither its tests nor its table lines are listed."""
    code, out = _where("4.1.1", "--variant", "knightsbridge-1965", "--json")
    assert code == 0, out
    sites = json.loads(out)
    assert sites["tests"] and not any("test_4_1_1_3" in t for t in sites["tests"])
    assert not any(h["name"] == "clamps.spoon_spending" for h in sites["hooks"])


def test_an_unknown_rule_or_variant_is_an_error() -> None:
    code, out = _where("9.9.9")
    assert code != 0 and "has no rule 9.9.9" in out
    code, out = _where("1.9.1", "--variant", "chess")
    assert code != 0 and "there is no variant 'chess'" in out


def test_a_rule_without_hooks_says_so() -> None:
    code, out = _where("1.7.10")
    assert code == 0, out
    assert "[Walking]" in out and "hooks: none" in out
