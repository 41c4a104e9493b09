"""The early draft's registry: a fresh one, not a copy of Volume 1's.

Every handler, hook and move check of Volume 1 answers to one of Volume 1's Actions, States or
Disruptions, none of which the draft has (its index, rules/early-draft/actions.toml, holds
only Block, Unblock and the implicit Line Change), so the draft starts empty and its modules
register here.
"""

from __future__ import annotations

from referee.engine.registry import Registry

DRAFT = Registry("early-draft")
"""Handlers, hooks and move checks of the early-draft ruleset."""
