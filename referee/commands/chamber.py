"""``referee chamber ...``: the chamber at the Speaker's console (ifMUD rules 10-13, 21, 31)."""

from __future__ import annotations

import click

from referee.commands.games import moment, open_store


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("game", type=int)
@click.argument("words", nargs=-1, required=True)
@click.option("--as", "player", help="The player a command is entered for (not for 'open').")
@click.option("--text", default="", help="A proposal's text (the lines below 'propose NAME').")
@click.option("--now", "now_text", help="Act as of this ISO time (default: the real time).")
def chamber(
    game: int, words: tuple[str, ...], player: str | None, text: str, now_text: str | None
) -> None:
    """Open a game's chamber ('open'), list its proposals ('proposals'), or enter a player's
    chamber command for em ('--as Bob vote aye NAME', '--as Alice propose NAME --text ...').

    Lounge posts and reminders are queued for 'referee serve' to send; a refused command
    changes nothing and exits 1.
    """
    from referee.service.chamber_commands import at_console
    from referee.service.notices import CommandError

    now = moment(now_text)
    with open_store() as (settings, factory):
        try:
            with factory.begin() as session:
                note, answers = at_console(session, settings, game, player, list(words), text, now)
        except CommandError as error:
            raise click.ClickException(str(error)) from error
    for answer in answers:
        click.echo(answer.split("\n-- \n")[0].rstrip())
    click.echo(f"referee: {note}", err=True)
