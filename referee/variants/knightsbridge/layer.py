"""The amendments' handlers, laid over a copy of Volume 1's registry.

Handler modules of this package register on :data:`LAYER`, which holds only what the
amendments add or replace; :func:`registry` copies Volume 1's registry and lays the layer
over it, so VANILLA itself never changes. Volume 1 handlers of Actions the amendments
redefine but this referee does not yet adjudicate are taken out (:data:`REDEFINED`), so such
an Action is answered as not adjudicated rather than judged by the old rule.
"""

from __future__ import annotations

import importlib
from functools import cache

from referee.engine.registry import Registry, load_sections
from referee.engine.tables.hook_order import load_hook_order

LAYER = Registry("knightsbridge-1965 layer")
"""What the amendments add to Volume 1's registry."""

MODULES = ("states", "potato", "podumes", "hyde", "powers")
"""This package's handler modules (each registers on :data:`LAYER` when imported)."""

REDEFINED: frozenset[str] = frozenset()
"""Volume 1 handlers of Actions the amendments redefine but this referee does not adjudicate
under them: taken out, so such an Action is answered as not adjudicated rather than judged by
the old rule. None today: rule 4.2.1.5's [Hyde Transformation] has the layer's handler."""


@cache
def registry() -> Registry:
    """Volume 1's registry with the amendments laid over it (built once): the layer's hooks
    run after Volume 1's in ``rules/knightsbridge-1965/hooks.toml``'s order, and the hooks
    it replaces by name (rule 4.1.1.3's In Spoon for rule 1.4.39's Spoon Clamp) take their
    places."""
    for module in MODULES:
        importlib.import_module(f"{__package__}.{module}")
    merged = load_sections().lay(LAYER, "knightsbridge-1965", load_hook_order("knightsbridge-1965"))
    for name in REDEFINED:
        merged.handlers.pop(name, None)
    return merged
