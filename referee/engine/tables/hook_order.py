"""The declared running order of a ruleset's hooks (``rules/<ruleset>/hooks.toml``).

Mailman's chains list their rules as ordered data; so do the rulesets here. For each kind of
hook (start of Turn, end of Turn, Move checks, cost rules ...) the file lists the hooks' names
in the order they run, so the order is read, reviewed and diffed like any other table, and
never depends on which module Python happened to import first. The Registry checks the list
against what is registered (:meth:`referee.engine.registry.Registry.arrange`).
"""

from __future__ import annotations

from functools import cache

from referee.engine.tables._load import Row, read_table, table_path


class HookOrderTable(Row):
    """``rules/<ruleset>/hooks.toml``: for each kind of hook, its names in running order."""

    order: dict[str, list[str]]


@cache
def load_hook_order(ruleset: str) -> dict[str, tuple[str, ...]]:
    """The declared hook order of ``ruleset``, kind by kind."""
    table = read_table(HookOrderTable, table_path(ruleset, "hooks.toml"))
    return {kind: tuple(names) for kind, names in table.order.items()}
