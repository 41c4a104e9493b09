"""The shape of referee/'s imports, read from the source with :mod:`ast`.

Layers, lowest first (a module may import its own layer and those below it, never above):

    identity < quoting < resources < network < notation < engine < chamber < variants < games
    < config < store < mail < service < web < commands < cli (and the package's own
    ``__init__``)

``identity`` is the cache key every layer may use; ``quoting`` cuts the player's text an
answer quotes; ``resources`` finds the data folders; ``config`` is the operator's settings,
read by the store, mail and service. network, notation, engine and chamber are pure (no
mail, database or clock). Every import counts, at module level, inside a function or under
``TYPE_CHECKING``: each is a dependency a reader must follow.

Also: no cycle of imports joins modules of different packages (a package's modules may lean
on each other, as the engine's Ruleset and Turn pipeline do); the engine's core never imports
one of its sections (rules depend on the core, not the other way round; the registry's loader
imports the ``sections`` package itself, to find them); nothing but the engine and the
variants built on it imports a section; and no module imports a name another
module keeps private (a leading underscore), nor a private module (``_load``) from outside
its own package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "referee"

LAYERS = (
    "identity",
    "quoting",
    "resources",
    "network",
    "notation",
    "engine",
    "chamber",
    "variants",
    "games",
    "config",
    "store",
    "mail",
    "service",
    "web",
    "commands",
    "cli",
)


@dataclass(frozen=True)
class Arrow:
    source: str
    target: str
    name: str


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _arrows_of(module: str, path: Path) -> Iterator[Arrow]:
    modules = _modules()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("referee"):
                    yield Arrow(module, alias.name, "")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if not target.startswith("referee"):
                continue
            for alias in node.names:
                whole = f"{target}.{alias.name}"
                if whole in modules:
                    yield Arrow(module, whole, "")
                else:
                    yield Arrow(module, target, alias.name)


@cache
def _arrows() -> tuple[Arrow, ...]:
    return tuple(a for m, p in sorted(_modules().items()) for a in _arrows_of(m, p))


def _layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "cli"
    assert top in LAYERS, f"{module}: put the new top-level module {top!r} in a layer"
    return LAYERS.index(top)


def _package(module: str) -> str:
    path = _modules()[module]
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    upward = [f"{a.source} -> {a.target}" for a in _arrows() if _layer(a.target) > _layer(a.source)]
    assert upward == []


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {m: set() for m in _modules()}
    for arrow in _arrows():
        if arrow.target in graph and arrow.target != arrow.source:
            graph[arrow.source].add(arrow.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_crosses_a_package() -> None:
    crossing = [c for c in _cycles() if len({_package(m) for m in c}) > 1]
    assert crossing == []


def test_the_engine_core_never_imports_a_section() -> None:
    reaching = [
        f"{a.source} -> {a.target}"
        for a in _arrows()
        if a.source.startswith("referee.engine.")
        and not a.source.startswith("referee.engine.sections")
        and a.target.startswith("referee.engine.sections.")
    ]
    assert reaching == []


def test_only_rules_reach_into_the_engines_sections() -> None:
    """Sections are the hook machinery's own: a variant layers its rules on them, but the
    service, web pages and commands take a fact about the rules from a public engine module
    (``referee.engine.kafka_sinkholes``), so a section can be reshaped without breaking them."""
    rules = ("referee.engine.", "referee.variants.")
    sections = "referee.engine.sections"
    reaching = [
        f"{a.source} -> {a.target}"
        for a in _arrows()
        if not a.source.startswith(rules)
        and (a.target == sections or a.target.startswith(f"{sections}."))
    ]
    assert reaching == []


def test_no_module_imports_another_modules_private_name() -> None:
    private = [
        f"{a.source} takes {a.target}.{a.name}"
        for a in _arrows()
        if a.name.startswith("_") and not a.name.startswith("__") and a.target != a.source
    ]
    assert private == []


def _private_owner(module: str) -> str | None:
    """The package a private module belongs to (``referee.engine.tables`` for
    ``referee.engine.tables._load``), or None for a public module."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def test_no_module_outside_its_package_imports_a_private_module() -> None:
    """A module named with a leading underscore (``tables/_load.py``) is its package's own
    plumbing: modules inside that package may import it, everyone else takes what the
    package's ``__init__`` exports. The name check above cannot see this, since the names such
    a module holds (``TableError``) are public."""
    reaching = []
    for a in _arrows():
        owner = _private_owner(a.target)
        if owner is not None and not _package(a.source).startswith(owner):
            reaching.append(f"{a.source} -> {a.target}")
    assert reaching == []


def test_the_graph_reader_sees_real_arrows() -> None:
    """The checks above read the arrows this module finds; make sure it finds known ones."""
    arrows = {(a.source, a.target) for a in _arrows()}
    assert ("referee.engine.turn", "referee.engine.ruleset") in arrows
    assert ("referee.service.gsd_edits", "referee.engine.ruleset") in arrows
    assert _layer("referee.engine.turn") < _layer("referee.service.runner")
