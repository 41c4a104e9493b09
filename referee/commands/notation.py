"""``referee render`` and ``referee check``: the notation from the command line (docs/DESIGN.md).

``render GSD_FILE`` prints the canonical GSD. ``check GSD_FILE [--json]`` reports what was read:
the GSD (or the bare plays) as typed values, the state hash the header declared and the hash of
the canonical state. Unreadable input exits 2 with the player-facing message. The engine will
add ``--play`` and ``--variant`` to ``check``: :func:`build_report` is the seam where a judged
play joins the report, and the exit code then becomes 1 for an illegal play.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

import click

from referee.notation.action_index import ActionIndex
from referee.notation.errors import NotationError
from referee.notation.gsd import Posting, read_posting

EXIT_UNREADABLE = 2


def _read(source: TextIO) -> str:
    try:
        return source.read()
    except UnicodeDecodeError as error:
        raise NotationError(f"the file is not UTF-8 text ({error.reason})") from None


def error_report(error: NotationError) -> dict[str, Any]:
    """The JSON shape of an unreadable posting."""
    return {
        "ok": False,
        "error": {
            "message": error.describe(),
            "reason": error.reason,
            "line": error.line,
            "column": error.column,
        },
    }


def build_report(posting: Posting, index: ActionIndex | None = None) -> dict[str, Any]:
    """What notation read, as JSON-ready data (``index``: the ruleset's, vanilla by default)."""
    report: dict[str, Any] = {"ok": True, "declared_hash": posting.declared_hash}
    if posting.gsd is None:
        report["gsd"] = None
        report["state_hash"] = None
    else:
        report["gsd"] = posting.gsd.model_dump(mode="json")
        report["state_hash"] = posting.gsd.state_hash()
    report["plays"] = [
        {
            "player": play.player,
            "text": play.render(index),
            "actions": [
                {
                    "name": action.name,
                    "text": action.render(index),
                    "rule": action.spec(index).rule,
                    "phase": action.spec(index).phase.value,
                }
                for action in play.actions
            ],
            "parsed": play.model_dump(mode="json"),
        }
        for play in posting.plays
    ]
    return report


@click.command()
@click.argument("gsd_file", type=click.File("r", encoding="utf-8"))
def render(gsd_file: TextIO) -> None:
    """Parse GSD_FILE and print the canonical Game State Document."""
    try:
        posting = read_posting(_read(gsd_file))
        if posting.gsd is None:
            raise NotationError("this posting holds no GSD: I found no Token Table (rule 1.2.0)")
    except NotationError as error:
        click.echo(error.describe(), err=True)
        sys.exit(EXIT_UNREADABLE)
    click.echo(posting.gsd.render(), nl=False)


def _index_of(variants: tuple[str, ...]) -> ActionIndex | None:
    """The Action index of the ruleset ``--variant`` names, so a variant's own Actions in the
    record are read (an unknown name is reported when the play is judged)."""
    from referee.commands.engine import pick_ruleset
    from referee.variants import UnknownVariantError

    try:
        return pick_ruleset(variants).action_index() if variants else None
    except UnknownVariantError:
        return None


@click.command()
@click.argument("gsd_file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Report as JSON.")
@click.option("--play", "play_text", default=None, help="A play to adjudicate against the GSD.")
@click.option("--variant", "variants", multiple=True, help="Ruleset to adjudicate under.")
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="A setting of the ruleset to judge the play under (repeatable).",
)
@click.option(
    "--game", "game", type=int, help="Judge the play by this stored game's rules in force."
)
@click.option(
    "--version",
    "version",
    type=int,
    help="With --game: judge by this version of the game's rules instead.",
)
def check(
    gsd_file: TextIO,
    as_json: bool,
    play_text: str | None,
    variants: tuple[str, ...],
    settings: tuple[str, ...],
    game: int | None,
    version: int | None,
) -> None:
    """Parse GSD_FILE and report what was read; with --play, adjudicate the play and print
    the next GSD (exit 0) or the violations (exit 1); exit 2 if it cannot be read. With
    --game N the play is judged by game N's rules as its enactments made them (the version
    in force, or --version V)."""
    if version is not None and game is None:
        raise click.UsageError("--version names a version of a game's rules: give --game too")
    if game is not None and play_text is None:
        raise click.UsageError("--game judges a play: give --play too")
    if game is not None and play_text is not None:
        sys.exit(_judge_in_game(_read(gsd_file), play_text, variants, settings, as_json,
                                game, version))  # fmt: skip
    try:
        index = _index_of(variants)
        posting = read_posting(_read(gsd_file), index=index)
        if play_text is not None:
            if posting.gsd is None:
                raise NotationError("this posting holds no GSD to play on (rule 1.2.0)")
            from referee.commands.engine import judge_play

            sys.exit(judge_play(posting.gsd, play_text, variants, as_json, settings))
        if posting.gsd is None and not posting.plays:
            raise NotationError(
                "this file holds neither a GSD nor a play: I found no Token "
                "Table (rule 1.2.0) and no line '<Player> : <Move>'"
            )
        report = build_report(posting, index)
    except NotationError as error:
        if as_json:
            click.echo(json.dumps(error_report(error), indent=2))
        else:
            click.echo(error.describe(), err=True)
        sys.exit(EXIT_UNREADABLE)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    gsd = report["gsd"]
    if gsd is None:
        click.echo(f"no GSD; {len(report['plays'])} play line(s)")
    else:
        names = ", ".join(p["name"] for p in gsd["players"])
        click.echo(
            f"GSD with {len(gsd['players'])} players ({names}), "
            f"{len(report['plays'])} plays, state {report['state_hash']}"
        )
    for play in report["plays"]:
        click.echo(play["text"])


def _judge_in_game(
    text: str,
    play_text: str,
    variants: tuple[str, ...],
    settings: tuple[str, ...],
    as_json: bool,
    game: int,
    version: int | None,
) -> int:
    """Read ``text`` and judge the play by version ``version`` (None: the one in force) of
    game MC ``game``, with that version's index (a Special Rules game's own Actions)."""
    from referee.commands.engine import game_judges, judge_play, no_variant_with_game

    no_variant_with_game(variants, settings)
    with game_judges(game) as (judges, _, _):
        number = judges.in_force if version is None else version
        if not 1 <= number <= judges.in_force:
            raise click.ClickException(
                f"game MC {game}'s rules have versions 1 to {judges.in_force}, not {number}"
            )
        under = judges(number)
        try:
            posting = read_posting(text, index=under.action_index())
            if posting.gsd is None:
                raise NotationError("this posting holds no GSD to play on (rule 1.2.0)")
        except NotationError as error:
            if as_json:
                click.echo(json.dumps(error_report(error), indent=2))
            else:
                click.echo(error.describe(), err=True)
            return EXIT_UNREADABLE
        return judge_play(posting.gsd, play_text, (), as_json, under=under)


NOTATION_COMMANDS = (render, check)
