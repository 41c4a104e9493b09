"""``referee speaker ...``: the Speaker's mail commands, typed at the operator's console."""

from __future__ import annotations

import random

import click

from referee.commands.games import moment, open_store


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, required=True)
@click.option("--now", "now_text", help="Act as of this ISO time (default: the real time).")
def speaker(words: tuple[str, ...], now_text: str | None) -> None:
    """Run a Speaker command as if the Speaker had mailed it, e.g. 'new-game LOUNGE'.

    The Speaker's answer is printed; lounge posts and players' notices are queued for
    'referee serve' to send. A refused command changes nothing and exits 1.
    """
    from referee.service.commands import as_speaker
    from referee.service.gsd_edits import GSDUnreadable
    from referee.service.notices import CommandError

    now = moment(now_text)
    with open_store() as (settings, factory):
        try:
            with factory.begin() as session:
                note, answers = as_speaker(session, settings, list(words), now, random.Random())
        except (CommandError, GSDUnreadable) as error:
            raise click.ClickException(str(error)) from error
    for answer in answers:
        click.echo(answer.split("\n-- \n")[0].rstrip())
    click.echo(f"referee: {note}", err=True)
