"""``referee web``: serve the read-only game pages, or write them out as static files."""

from __future__ import annotations

import signal
import threading
from pathlib import Path
from types import FrameType

import click

from referee.commands.games import open_store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


@click.group(invoke_without_command=True)
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Listen on this address.")
@click.option(
    "--port", type=int, default=DEFAULT_PORT, show_default=True, help="Listen on this port."
)
@click.pass_context
def web(context: click.Context, host: str, port: int) -> None:
    """Serve the game pages (list, maps, turns, points, archive) from the database.

    The pages are public and read-only; REFEREE_WEB_BASE_URL is where they are published.
    """
    if context.invoked_subcommand is not None:
        return
    from referee.web.app import make_app
    from referee.web.server import WebServer
    from referee.web.site import Site

    done = threading.Event()

    def _stop(signum: int, frame: FrameType | None) -> None:
        done.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    from referee.web.reading import close, read_only_sessions

    with open_store() as (settings, _):
        factory = read_only_sessions(settings.database_url)
        server = WebServer(make_app(Site(factory, base_url=settings.web_base_url)), host, port)
        try:
            server.start()
        except OSError as error:
            close(factory)
            raise click.ClickException(str(error)) from error
        click.echo(f"referee web: serving on {server.url}")
        done.wait()
        server.stop()
        close(factory)
    click.echo("referee web: stopped")


@web.command("build")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def build(directory: Path) -> None:
    """Write every page into DIRECTORY as static files with relative links."""
    from referee.web.reading import close, read_only_sessions
    from referee.web.site import Site

    with open_store() as (settings, _):
        factory = read_only_sessions(settings.database_url)
        try:
            written = Site(factory, base_url=settings.web_base_url).build(directory)
        finally:
            close(factory)
    click.echo(f"referee web: wrote {len(written)} files under {directory}")
