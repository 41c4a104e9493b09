"""Game State Document and play notation: text <-> typed values, parse and render paired."""

from __future__ import annotations


def clear_caches() -> None:
    """Forget memoised play, action and destination readings and drawn play lines (for
    cold-cache benchmarks and tests)."""
    from referee.notation.actions import _parse_action
    from referee.notation.places import _parse_destination
    from referee.notation.plays import _DRAWN, _parse_play_line

    _parse_action.cache_clear()
    _parse_destination.cache_clear()
    _parse_play_line.cache_clear()
    _DRAWN.clear()
