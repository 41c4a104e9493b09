"""Game State Document and play notation: text <-> typed values, parse and render paired."""

from __future__ import annotations


def clear_caches() -> None:
    """Forget memoised play, action and destination readings and drawn play lines (for
    cold-cache benchmarks and tests)."""
    from referee.notation import actions, places, plays

    actions.forget_readings()
    places.forget_readings()
    plays.forget_readings()
