"""``referee web``, ``referee web build`` and ``referee serve --web``, as an operator runs them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from tests.conftest import free_port
from tests.web.games import Scripted


def _url(scripted: Scripted) -> str:
    return scripted.factory.kw["bind"].url.render_as_string(hide_password=False)


def _get(url: str, process: subprocess.Popen[str], timeout: float = 120.0) -> str:
    """The page at ``url`` once the server answers: a loaded machine may take a while to start
    it, so this waits until the page comes, the server dies, or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return answer.read().decode()
        except OSError:
            if process.poll() is not None:
                exited = f"the server exited ({process.returncode}) before answering"
                raise AssertionError(exited) from None
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _referee() -> str:
    return str(Path(sys.executable).with_name("referee"))


def test_web_build_writes_the_site(scripted: Scripted, tmp_path: Path) -> None:
    env = {"REFEREE_DATABASE_URL": _url(scripted), "REFEREE_WEB_BASE_URL": "https://mc.example.org"}
    result = CliRunner().invoke(main, ["web", "build", str(tmp_path / "site")], env=env)
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="games/2.html"' in index
    assert '<link rel="canonical" href="https://mc.example.org/index.html">' in index
    assert (tmp_path / "site" / "games" / "1" / "turn-22.html").is_file()


def _run(args: list[str], env: dict[str, str], url: str) -> str:
    process = subprocess.Popen(
        [_referee(), *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        return _get(url, process)
    finally:
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=20)
        assert process.returncode == 0, errors


def test_referee_web_serves_the_pages(scripted: Scripted) -> None:
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE_URL": _url(scripted)}
    page = _run(["web", "--port", str(port)], env, f"http://127.0.0.1:{port}/games/1.html")
    assert "<h1>MC 1</h1>" in page


def test_referee_serve_web_serves_the_pages_beside_the_mail_service(scripted: Scripted) -> None:
    port, smtp = free_port(), free_port()
    env = {
        **os.environ,
        "REFEREE_DATABASE_URL": _url(scripted),
        "REFEREE_SMTP_PORT": str(smtp),
        "REFEREE_RELAY_PORT": str(free_port()),
    }
    page = _run(["serve", "--web", str(port)], env, f"http://127.0.0.1:{port}/")
    assert "MC 2" in page and "Running" in page
