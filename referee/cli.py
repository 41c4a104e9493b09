"""The ``referee`` command: serve, demo, check, render, replay, map, db.

Each subcommand is a thin shell over the pure packages or the service: it reads files or
arguments, calls one function, and prints text or JSON. Exit codes are part of the interface
(docs/DESIGN.md). The subcommands live in ``referee/commands/``, one module per concern.
"""

from __future__ import annotations

import click

from referee import __version__
from referee.commands.chamber import chamber
from referee.commands.db import db
from referee.commands.demo import demo
from referee.commands.engine import ENGINE_COMMANDS
from referee.commands.games import GAME_COMMANDS
from referee.commands.map import map_command
from referee.commands.notation import NOTATION_COMMANDS
from referee.commands.odil import odil
from referee.commands.rules import rules
from referee.commands.serve import serve
from referee.commands.speaker import speaker
from referee.commands.web import web


@click.group()
@click.version_option(__version__, prog_name="referee")
def main() -> None:
    """A play-by-email referee for Mornington Nomic."""


for _command in (map_command, *NOTATION_COMMANDS, *ENGINE_COMMANDS, serve, demo, db):
    main.add_command(_command)
for _command in (*GAME_COMMANDS, speaker, chamber, rules, odil, web):
    main.add_command(_command)
