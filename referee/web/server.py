"""uvicorn in a thread: the pages beside the mail service, or alone, started and stopped."""

from __future__ import annotations

import threading
import time

import uvicorn
from starlette.types import ASGIApp


class WebServer:
    """Serve ``app`` (:func:`referee.web.app.make_app`) on ``host:port`` from a background
    thread until :meth:`stop`."""

    def __init__(self, app: ASGIApp, host: str, port: int) -> None:
        config = uvicorn.Config(app, host=host, port=port, log_level="warning")
        self.host, self.port = host, port
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    def start(self, timeout: float = 15.0) -> None:
        """Start listening; an OSError if the port cannot be had."""
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise OSError(f"the web pages could not listen on {self.host}:{self.port}")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
