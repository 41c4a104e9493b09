"""``referee check GSD_FILE --play TEXT`` and ``referee replay FILE``: the engine from the shell.

``check`` itself lives in :mod:`referee.commands.notation`; with ``--play`` it hands over to
:func:`judge_play`, which adjudicates the play and prints the next GSD (exit 0), or the
violations (exit 1); unreadable input exits 2 (docs/DESIGN.md). ``replay`` re-adjudicates a game's
record from the state its tables give and reports the first illegal Turn.

With ``--game N`` both judge by game N's own rules as its enactments made them
(:mod:`referee.service.replaying`): ``check`` by the version in force (or ``--version``),
``replay`` each play by the version that judged that turn of the game, with the dice it threw
(a [Finding], rule 1.7.53, finds again what it found); ``replay --game N``
without a file replays the stored game itself and says whether it reaches the posted state.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, TextIO

import click

from referee.engine.dice import Roll
from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD, read_posting
from referee.notation.plays import Play
from referee.variants import Ruleset, UnknownVariantError, find_variant
from referee.variants.game_settings import GameSettings, SettingError, catalogue

if TYPE_CHECKING:
    from referee.service.replaying import Judges

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2


def pick_ruleset(variants: Sequence[str], settings: Sequence[str] = ()) -> Ruleset:
    """The ruleset ``--variant`` names (vanilla by default) with the ``--set NAME=VALUE``
    settings. Rule 1.1.2 lets a Special Rules Game combine several sets; this referee has no
    way to combine them yet and says so. A setting the ruleset does not have, or a value it
    does not take, is refused (:class:`SettingError`) with the valid ones."""
    found = {find_variant(name) for name in variants}
    if len(found) > 1:
        names = ", ".join(sorted(v.name for v in found))
        raise UnknownVariantError(f"this referee cannot yet combine rulesets ({names}); "
                                  "give one --variant")  # fmt: skip
    variant = found.pop() if found else Ruleset
    if not settings:
        return variant()
    return GameSettings.parse(settings, variant, scopes=("rules",)).rules()


@contextmanager
def game_judges(game: int) -> Iterator[tuple[Judges, dict[int, int], list[tuple[Roll, ...]]]]:
    """The rulesets of stored game MC ``game``'s rules versions, the version that judged
    each of its applied turns, and the rolls of its turns in order (a ClickException for a
    game not stored or not versioned)."""
    from referee.commands.games import open_store
    from referee.service.notices import CommandError
    from referee.service.replaying import Judges, judging_versions, thrown
    from referee.store.games import game_by_number

    with open_store() as (_, factory), factory() as session:
        found = game_by_number(session, game)
        if found is None:
            raise click.ClickException(f"there is no game MC {game}")
        try:
            rolls = thrown(session, found)
            yield (Judges(session, found), judging_versions(session, found),
                   [rolls.get(n, ()) for n in range(1, max(rolls, default=0) + 1)])  # fmt: skip
        except CommandError as error:
            raise click.ClickException(str(error)) from error


def no_variant_with_game(variants: Sequence[str], settings: Sequence[str]) -> None:
    if variants or settings:
        raise click.UsageError(
            "--game judges by the game's own ruleset, settings and versions; "
            "give --game, or --variant and --set, not both"
        )


def judge_play(
    gsd: GSD,
    play_text: str,
    variants: Sequence[str],
    as_json: bool,
    settings: Sequence[str] = (),
    under: Ruleset | None = None,
) -> int:
    """Adjudicate ``play_text`` against ``gsd`` (under ``under``, a game's rules version,
    when given); print the result; return the exit code."""
    try:
        ruleset = under or pick_ruleset(variants, settings)
        play = Play.parse(play_text, players=gsd.player_names, index=ruleset.action_index())
    except NotationError as error:
        return _unreadable(f"the play: {error.describe()}", as_json)
    except (UnknownVariantError, SettingError) as error:
        return _unreadable(str(error), as_json)
    result = adjudicate(gsd, play, ruleset)
    if as_json:
        click.echo(json.dumps(result.as_json(ruleset.action_index()), indent=2))
    elif result.legal:
        click.echo(result.state.render(ruleset.action_index()), nl=False)
        if result.route_text:
            click.echo("{" + result.route_text + "}", err=True)
    else:
        for line in result.messages():
            click.echo(line)
        if not result.adjudicated:
            click.echo("This Turn is not accepted: the referee cannot yet judge every Action.")
    return EXIT_LEGAL if result.legal else EXIT_ILLEGAL


def _unreadable(message: str, as_json: bool) -> int:
    if as_json:
        click.echo(json.dumps({"ok": False, "error": {"message": message}}, indent=2))
    else:
        click.echo(message, err=True)
    return EXIT_UNREADABLE


@click.command("replay")
@click.argument("game_file", type=click.File("r", encoding="utf-8"), required=False)
@click.option("--variant", "variants", multiple=True, help="Ruleset to adjudicate under.")
@click.option("--json", "as_json", is_flag=True, help="Report as JSON.")
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="A setting of the ruleset to judge under (repeatable).",
)
@click.option(
    "--game",
    "game",
    type=int,
    help="Judge play n by the rules version that judged turn n of this stored game, with "
    "the dice that turn threw.",
)
def replay_command(
    game_file: TextIO | None,
    variants: tuple[str, ...],
    as_json: bool,
    settings: tuple[str, ...],
    game: int | None,
) -> None:
    """Re-adjudicate every play of GAME_FILE from the state its tables give.

    The tables of GAME_FILE are the state before the first play of its record. Exit 0 if
    every Turn is legal, 1 at the first that is not (with its violations), 2 if unreadable.
    With --game N each play is judged by the version of game N's rules that judged that
    turn, with the dice that turn threw from the game's seed; with --game N and no file, the
    stored game itself is replayed and compared with the state the referee posted.
    """
    if game is not None:
        no_variant_with_game(variants, settings)
        if game_file is None:
            sys.exit(_replay_stored(game, as_json))
    elif game_file is None:
        raise click.UsageError("give a GAME_FILE, or --game N to replay a stored game")
    assert game_file is not None
    try:
        with ExitStack() as stack:
            judged_by: Callable[[int], Ruleset] | None = None
            rolls: list[tuple[Roll, ...]] | None = None
            if game is not None:
                judges, judged, rolls = stack.enter_context(game_judges(game))
                judged_by = judges.by_turn(judged)
                ruleset = judges(judges.in_force)
            else:
                ruleset = pick_ruleset(variants, settings)
            posting = read_posting(game_file.read(), index=ruleset.action_index())
            if posting.gsd is None:
                raise NotationError("this file holds no GSD: I found no Token Table (rule 1.2.0)")
            report = replay(posting.gsd, ruleset, rolls, judged_by=judged_by)
    except NotationError as error:
        sys.exit(_unreadable(error.describe(), as_json))
    except (UnknownVariantError, SettingError) as error:
        sys.exit(_unreadable(str(error), as_json))
    if as_json:
        click.echo(json.dumps({
            "ok": report.ok,
            "legal_turns": report.legal_turns,
            "winner": report.winner,
            "final_state": report.final.state_hash(),
            "first_illegal": None if report.failed is None else {
                "turn": report.legal_turns + 1,
                "play": report.failed.render(ruleset.action_index()),
                "result": (report.result.as_json(ruleset.action_index())
                           if report.result else None),
            },
        }, indent=2))  # fmt: skip
    elif report.ok:
        won = f"; {report.winner} won" if report.winner else ""
        click.echo(f"all {report.legal_turns} turns are legal{won}")
    else:
        assert report.failed is not None and report.result is not None
        click.echo(
            f"turn {report.legal_turns + 1} is not legal: "
            f"{report.failed.render(ruleset.action_index())}"
        )
        for line in report.result.messages():
            click.echo(f"  {line}")
    sys.exit(EXIT_LEGAL if report.ok else EXIT_ILLEGAL)


def _replay_stored(number: int, as_json: bool) -> int:
    """Replay stored game MC ``number`` under the versions that judged its turns."""
    from referee.commands.games import open_store
    from referee.service.notices import CommandError
    from referee.service.replaying import replay_game
    from referee.store.games import game_by_number

    with open_store() as (_, factory), factory() as session:
        found = game_by_number(session, number)
        if found is None:
            raise click.ClickException(f"there is no game MC {number}")
        try:
            again = replay_game(session, found)
        except CommandError as error:
            raise click.ClickException(str(error)) from error
    if as_json:
        click.echo(json.dumps({
            "ok": again.agrees,
            "legal_turns": again.legal_turns,
            "versions": list(again.versions),
            "first_illegal": None if again.illegal is None else again.legal_turns + 1,
            "first_differing": again.differs_at,
            "reaches_posted_state": again.agrees and again.replayed == again.live,
            "final_state": GSD.parse(again.replayed, kept=True).state_hash(),
        }, indent=2))  # fmt: skip
        return EXIT_LEGAL if again.agrees else EXIT_ILLEGAL
    for turn, version in enumerate(again.versions, 1):
        click.echo(f"turn {turn}: judged under rules version {version}")
    if again.illegal is not None:
        click.echo(f"turn {again.legal_turns + 1} is not legal again under version "
                   f"{again.versions[-1]}:")  # fmt: skip
        for line in again.illegal.messages():
            click.echo(f"  {line}")
        return EXIT_ILLEGAL
    if again.differs_at is not None:
        click.echo(f"turn {again.differs_at} is legal again under version "
                   f"{again.versions[-1]}, but does not reach the state the referee posted "
                   "after it")  # fmt: skip
        return EXIT_ILLEGAL
    edits = (f"; the referee changed the GSD {again.edits} time(s) between turns (joins, "
             "resignations), and each turn was judged from the state it was judged on then"
             if again.edits else "")  # fmt: skip
    click.echo(f"all {again.legal_turns} turns are legal under the versions that judged them, "
               f"and each reaches the state the referee posted for MC {number}{edits}")  # fmt: skip
    return EXIT_LEGAL


@click.command("settings")
@click.option("--variant", "variant", default=None, help="The ruleset whose settings to list.")
def settings_command(variant: str | None) -> None:
    """List every setting a game may be created with: name, default, values and the rule it
    reads (``speaker new-game ... set NAME=VALUE``; ``check`` and ``replay --set``)."""
    try:
        ruleset = find_variant(variant) if variant else Ruleset
    except UnknownVariantError as error:
        sys.exit(_unreadable(str(error), as_json=False))
    for setting in catalogue(ruleset).values():
        default = setting.render(setting.default)
        click.echo(f"{setting.name} = {default}  ({setting.valid()}; {setting.scope})")
        click.echo(f"    {setting.doc}")


ENGINE_COMMANDS = (replay_command, settings_command)
