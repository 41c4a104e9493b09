"""The service's modules import each other without a cycle, and the game kinds below them
stay pure: referee.games imports nothing from the service, the store, mail or a clock."""

from __future__ import annotations

import ast
from pathlib import Path

import referee

ROOT = Path(referee.__file__).parent


def _imports(package: str) -> dict[str, set[str]]:
    """Every module under ``referee.<package>`` and the referee modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        name = ".".join(("referee", *path.relative_to(ROOT).with_suffix("").parts))
        name = name.removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("referee"):
                assert node.module is not None
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("referee"))
        graph[name] = found - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle among the modules of ``graph``, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module] & graph.keys()):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        state[module] = 2
        path.pop()
        return None

    for module in graph:
        if module not in state and (found := visit(module)) is not None:
            return found
    return None


def test_the_service_modules_import_each_other_without_a_cycle() -> None:
    assert _cycle(_imports("service")) is None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_game_kinds_import_nothing_from_the_service_store_mail_or_a_clock() -> None:
    forbidden = ("referee.service", "referee.store", "referee.mail", "referee.engine.clock")
    for module, imported in _imports("games").items():
        assert not [name for name in imported if name.startswith(forbidden)], module
