"""The ``referee`` command: serve, demo, check, render, replay, map, db.

Each subcommand is a thin shell over the pure packages: it reads files or arguments, calls
one function, and prints text or JSON. Exit codes are part of the interface (DESIGN.md).
"""

from __future__ import annotations

import click

from referee import __version__
from referee.commands.engine import ENGINE_COMMANDS
from referee.commands.map import map_command
from referee.commands.notation import NOTATION_COMMANDS


@click.group()
@click.version_option(__version__, prog_name="referee")
def main() -> None:
    """A play-by-email referee for Mornington Nomic."""


main.add_command(map_command)
for _command in ENGINE_COMMANDS:
    main.add_command(_command)
for _command in NOTATION_COMMANDS:
    main.add_command(_command)
