"""``referee rules where RULE``: where one rule is implemented, read from the ruleset itself.

The answer is generated, not kept by hand: the Actions the index files under the rule and the
handlers the registry holds for them, the named hooks registered with the rule's number (in
their declared running order), the table files of ``rules/`` that cite it, and the tests named
for it (``test_1_9_1_...``, the project's naming rule), when the tests are beside the package
as in a checkout.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

import click

from referee.engine.registry import HOOK_KINDS
from referee.engine.rulebook import UnknownRuleError
from referee.engine.ruleset import Ruleset
from referee.resources import data_dir
from referee.variants import UnknownVariantError, find_variant

TESTS = Path(__file__).resolve().parents[2] / "tests"
"""The test suite of a checkout (absent from an installed wheel)."""


@dataclass(frozen=True)
class HandlerSite:
    action: str
    handler: str | None
    """The handler's module and name; None when the Action is not adjudicated."""


@dataclass(frozen=True)
class HookSite:
    kind: str
    name: str
    position: int
    """1-based place among the hooks of its kind, in the declared order."""
    function: str


@dataclass(frozen=True)
class TableSite:
    file: str
    lines: list[int]


@dataclass
class RuleSites:
    """Everything that implements one rule of one ruleset."""

    rule: str
    title: str
    ruleset: str
    handlers: list[HandlerSite] = field(default_factory=list)
    hooks: list[HookSite] = field(default_factory=list)
    tables: list[TableSite] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


def _cites(number: str) -> re.Pattern[str]:
    """The rule number as a whole number: 1.9.1 but not 1.9.10, 11.9.1 or 4.1.1.3's 4.1.1."""
    return re.compile(rf"(?<![\d.]){re.escape(number)}(?!\.?\d)")


def _function(function: object) -> str:
    return f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"


def _tables(ruleset: Ruleset, number: str) -> list[TableSite]:
    cites = _cites(number)
    rules = data_dir("rules")
    found: list[TableSite] = []
    for folder in dict.fromkeys((ruleset.rules_name, ruleset.name)):
        for path in sorted((rules / folder).glob("*.toml")) if (rules / folder).is_dir() else ():
            if path.name == "titles.toml":
                continue
            text = path.read_text("utf-8").splitlines()
            lines = [i for i, line in enumerate(text, 1) if cites.search(line)]
            if lines:
                found.append(TableSite(f"rules/{folder}/{path.name}", lines))
    return found


def _tests(number: str) -> list[str]:
    # test_4_1_1_the_... is rule 4.1.1's; test_4_1_1_3_... is rule 4.1.1.3's.
    named = re.compile(rf"^\s*def (test_{number.replace('.', '_')}(?:_(?!\d)\w*)?)\(", re.M)
    found: list[str] = []
    for path in sorted(TESTS.rglob("test_*.py")) if TESTS.is_dir() else ():
        for match in named.finditer(path.read_text("utf-8")):
            found.append(f"{path.relative_to(TESTS.parent).as_posix()}::{match.group(1)}")
    return found


def rule_sites(ruleset: Ruleset, number: str) -> RuleSites:
    """Where ``ruleset`` implements rule ``number`` (UnknownRuleError if it has no such rule)."""
    title = ruleset.rulebook().rule(number).title
    registry = ruleset.registry()
    sites = RuleSites(rule=number, title=title, ruleset=ruleset.name)
    for spec in ruleset.action_index():
        if spec.rule == number:
            handler = registry.handlers.get(spec.name)
            sites.handlers.append(HandlerSite(spec.name, _function(handler) if handler else None))
    for kind in HOOK_KINDS:
        for position, hooked in enumerate(registry.ordered(kind), 1):
            if hooked.rule == number:
                sites.hooks.append(HookSite(kind, hooked.name, position, hooked.where))
    sites.tables = _tables(ruleset, number)
    sites.tests = _tests(number)
    return sites


def _render(sites: RuleSites) -> str:
    lines = [f"Rule {sites.rule} - {sites.title} ({sites.ruleset})"]
    lines.append("handlers:" if sites.handlers else "handlers: none")
    for h in sites.handlers:
        lines.append(f"  [{h.action}] {h.handler or 'no handler: not adjudicated'}")
    lines.append("hooks:" if sites.hooks else "hooks: none")
    for k in sites.hooks:
        lines.append(f"  {k.kind} #{k.position} {k.name} ({k.function})")
    lines.append("tables:" if sites.tables else "tables: none")
    for t in sites.tables:
        plural = "s" if len(t.lines) > 1 else ""
        lines.append(f"  {t.file} line{plural} {', '.join(map(str, t.lines))}")
    if not TESTS.is_dir():
        lines.append("tests: not installed (run from a checkout)")
    else:
        lines.append("tests:" if sites.tests else "tests: none named for this rule")
        lines.extend(f"  {t}" for t in sites.tests)
    return "\n".join(lines)


@click.group()
def rules() -> None:
    """Questions about the rulesets this referee knows."""


@rules.command()
@click.argument("rule")
@click.option("--variant", default="vanilla", show_default=True, help="The ruleset to ask.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def where(rule: str, variant: str, as_json: bool) -> None:
    """Which handlers, hooks, tables and tests implement RULE (e.g. 1.9.1)."""
    try:
        sites = rule_sites(find_variant(variant)(), rule.strip())
    except (UnknownRuleError, UnknownVariantError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(json.dumps(asdict(sites), indent=2) if as_json else _render(sites))


def _game_number(text: str) -> int:
    """A game's number, bare or after any kind's tag (``12``, ``MC12``, ``ifMUD 12``)."""
    from referee.games import read_tag

    digits = text.strip()
    tag = read_tag(f"[{digits}]")
    if tag is not None:
        return tag.number
    if not digits.isdigit():
        raise click.BadParameter(f"{text!r} is not a game number; write e.g. 12 or MC12")
    return int(digits)


@rules.command()
@click.argument("game")
@click.option("--version", "number", type=int, help="Which version (default: the one in force).")
def show(game: str, number: int | None) -> None:
    """Print the rules of GAME (e.g. MC12): every rule by number and title, the players' own
    texts, [REMOVED] rules and the tables an amendment can change."""
    from referee.commands.games import open_store
    from referee.engine.amended import show as shown
    from referee.service import rulebook
    from referee.service.notices import CommandError
    from referee.store.games import game_by_number

    wanted = _game_number(game)
    with open_store() as (_, factory), factory() as session:
        found = game_by_number(session, wanted)
        if found is None:
            raise click.ClickException(f"there is no game number {wanted}")
        try:
            version = rulebook.version_of(session, found, number)
        except CommandError as error:
            raise click.ClickException(str(error)) from error
    click.echo(shown(version), nl=False)


@rules.command()
@click.argument("game")
@click.argument("older", type=int)
@click.argument("newer", type=int)
def diff(game: str, older: int, newer: int) -> None:
    """Print what changed in GAME's rules between versions OLDER and NEWER."""
    from referee.commands.games import open_store
    from referee.engine.amended import diff as differences
    from referee.service import rulebook
    from referee.service.notices import CommandError
    from referee.store.games import game_by_number

    wanted = _game_number(game)
    with open_store() as (_, factory), factory() as session:
        found = game_by_number(session, wanted)
        if found is None:
            raise click.ClickException(f"there is no game number {wanted}")
        try:
            pair = [rulebook.version_of(session, found, n) for n in (older, newer)]
        except CommandError as error:
            raise click.ClickException(str(error)) from error
    click.echo(differences(pair[0], pair[1]), nl=False)


@rules.command()
@click.argument("game")
@click.option(
    "--file",
    "path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="The amendments, in the grammar of rules/amendments.md.",
)
@click.option(
    "--label", default="the Speaker's correction", show_default=True, help="What to call it."
)
@click.option("--now", "now_text", help="Take effect at this ISO time (default: now).")
def enact(game: str, path: Path, label: str, now_text: str | None) -> None:
    """Enact the amendments in a file for GAME at once: the Speaker's own correction.

    Refused, changing nothing, unless every amendment applies exactly as written; else the
    new version is stored and its diff queued for the lounge.
    """
    from referee.commands.games import moment, open_store
    from referee.service import rulebook
    from referee.service.notices import CommandError, queue_notice
    from referee.service.speaker import find

    now = moment(now_text)
    wanted = _game_number(game)
    text = path.read_text("utf-8")
    with open_store() as (settings, factory):
        try:
            with factory.begin() as session:
                found = find(session, wanted)
                notices = rulebook.speaker_enact(session, found, label, text, now)
                for notice in notices:
                    queue_notice(session, settings, notice, now, game=found.tag)
                version = rulebook.version_of(session, found).number
                tag = found.tag
        except CommandError as error:
            raise click.ClickException(str(error)) from error
    click.echo(f"{tag}: the rules are now version {version}; the lounge is told.")
