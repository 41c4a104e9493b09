"""Timing helpers the micro-benchmarks share: repeated calls timed one by one, and a line of
median and p99 in microseconds beside the run's baseline."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timed(call: Callable[[], object], repeat: int) -> list[float]:
    """Seconds taken by each of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def figures(name: str, times: list[float], baseline: float | None, width: int = 36) -> float:
    """Print median and p99 (microseconds) and the ratio to ``baseline``; return the median."""
    median = statistics.median(times) * 1e6
    p99 = sorted(times)[int(len(times) * 0.99) - 1] * 1e6
    ratio = f"  x{median / baseline:.1f} of the baseline" if baseline else ""
    print(f"{name:<{width}} median {median:9.1f} us  p99 {p99:9.1f} us{ratio}")
    return median
