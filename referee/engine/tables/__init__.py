"""Typed loaders for the ruleset's tables in rules/<ruleset>/: prices, bonuses, hours, gambits.

:class:`TableError` is the one error every loader raises for a malformed table or an unknown
name; it is exported here so callers outside the package need not reach into ``_load``.
"""

from referee.engine.tables._load import TableError

__all__ = ["TableError"]
