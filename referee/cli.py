"""The ``referee`` command: serve, demo, check, render, replay, map, db.

Each subcommand is a thin shell over the pure packages: it reads files or arguments, calls
one function, and prints text or JSON. Exit codes are part of the interface (DESIGN.md).
"""

from __future__ import annotations

import click

from referee import __version__


@click.group()
@click.version_option(__version__, prog_name="referee")
def main() -> None:
    """A play-by-email referee for Mornington Nomic."""


from referee.commands.serve import serve  # noqa: E402

main.add_command(serve)

from referee.commands.demo import demo  # noqa: E402

main.add_command(demo)

from referee.commands.db import db  # noqa: E402

main.add_command(db)
