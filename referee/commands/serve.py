"""``referee serve``: run the mail service until interrupted."""

from __future__ import annotations

import logging
import signal
import threading
from types import FrameType

import click
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from referee.config import Settings


@click.command()
@click.option("--host", help="Listen on this address (default REFEREE_SMTP_HOST, 127.0.0.1).")
@click.option("--port", type=int, help="Listen on this port (default REFEREE_SMTP_PORT, 8025).")
@click.option("--verbose", "-v", is_flag=True, help="Log every message's progress.")
@click.option("--web", "web_port", type=int, help="Also serve the game pages on this port.")
def serve(host: str | None, port: int | None, verbose: bool, web_port: int | None) -> None:
    """Run the SMTP listener, IMAP poller (if configured), runner and sender.

    Settings come from REFEREE_* environment variables (see the README); the database is
    migrated to the newest schema at start.
    """
    from referee.service.app import Service

    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(threadName)s %(levelname)s %(message)s",
    )
    overrides: dict[str, object] = {}
    if host:
        overrides["smtp_host"] = host
    if port is not None:
        overrides["smtp_port"] = port
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
        service = Service(settings)
    except ValidationError as error:
        raise click.ClickException(f"bad REFEREE_* setting: {error}") from error
    except SQLAlchemyError as error:
        raise click.ClickException(f"cannot open the database: {error}") from error
    done = threading.Event()

    def _stop(signum: int, frame: FrameType | None) -> None:
        done.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        service.start()
    except OSError as error:
        raise click.ClickException(
            f"cannot listen on {settings.smtp_host}:{settings.smtp_port}: {error}"
        ) from error
    pages = None
    if web_port is not None:
        from referee.web.app import make_app
        from referee.web.reading import close, read_only_sessions
        from referee.web.server import WebServer
        from referee.web.site import Site

        readers = read_only_sessions(settings.database_url)
        site = Site(readers, base_url=settings.web_base_url)
        pages = WebServer(make_app(site), settings.smtp_host, web_port)
        try:
            pages.start()
        except OSError as error:
            service.stop()
            close(readers)
            raise click.ClickException(str(error)) from error
    imap = f", polling {settings.imap_host}" if settings.imap_host else ""
    click.echo(
        f"referee: listening on {settings.smtp_host}:{settings.smtp_port}{imap}; "
        f"relay {settings.relay_host}:{settings.relay_port}"
        + (f"; pages on {pages.url}" if pages else ""),
        err=False,
    )
    done.wait()
    if pages is not None:
        pages.stop()
        close(readers)
    service.stop()
    click.echo("referee: stopped")
