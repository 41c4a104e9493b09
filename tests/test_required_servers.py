"""A test that needs PostgreSQL fails, never skips, when PostgreSQL is missing (and says how
to get it); deselecting it by its marker is the developer's explicit choice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent
A_POSTGRES_TEST = (
    "tests/service/test_runner.py::test_two_runners_racing_on_postgres_apply_exactly_one_turn"
)


def _pytest(*args: str) -> subprocess.CompletedProcess[str]:
    nowhere = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env={**os.environ, "REFEREE_TEST_PG": nowhere},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_missing_postgres_is_an_error_that_says_how_to_get_it() -> None:
    run = _pytest(A_POSTGRES_TEST)
    assert run.returncode == 1, run.stdout
    assert "1 error" in run.stdout and "skipped" not in run.stdout
    assert "point REFEREE_TEST_PG at it" in run.stdout
    assert '-m "not postgres"' in run.stdout


def test_a_developer_without_postgres_deselects_its_tests_by_marker() -> None:
    run = _pytest(A_POSTGRES_TEST, "-m", "not postgres")
    assert run.returncode == 5, run.stdout  # pytest's "no tests collected": all deselected
    assert "1 deselected" in run.stdout
