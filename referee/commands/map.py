"""``referee map``: ask the Underground map about stations, routes and distances.

Stable interfaces other checks rely on (docs/DESIGN.md): ``referee map station NAME --json`` and
``referee map route FROM TO --lv N [--via CN,NT,VC] --json``. Exit codes: 0 when there is an
answer, 1 when no route exists (with a sentence saying why), 2 when a station name or line
code is not understood (with the closest real ones).
"""

from __future__ import annotations

import difflib
import json
from typing import Any, NoReturn

import click

from referee.network.explain import why_no_route
from referee.network.lines import LineCode, UnknownLineError, parse_line_code
from referee.network.names import UnknownStationError, normalise
from referee.network.network import Network, load_network
from referee.network.stations import StationFacts
from referee.network.walking import walking_neighbours

MAP_OPTION = click.option(
    "--map", "map_name", default="london-1999", show_default=True, help="Which map to ask."
)
JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_THAMES = {"N": "north", "S": "south"}


@click.group("map")
def map_command() -> None:
    """Ask the Underground map about stations, routes and distances."""


def _fail(message: str, as_json: bool, suggestions: tuple[str, ...] = ()) -> NoReturn:
    if as_json:
        click.echo(json.dumps({"error": message, "suggestions": list(suggestions)}, indent=2))
    click.echo(f"Error: {message}", err=True)
    raise click.exceptions.Exit(2)


def _resolve(network: Network, text: str, as_json: bool) -> str:
    try:
        return network.resolve(text)
    except UnknownStationError as error:
        _fail(str(error), as_json, error.suggestions)


def _line_code(text: str) -> LineCode:
    """A line by its code or, forgivingly, its name ('northern', 'Hammersmith & City');
    otherwise the error names the closest codes."""
    try:
        return parse_line_code(text)
    except UnknownLineError as error:
        by_name = {normalise(code.line_name): code for code in LineCode}
        found = by_name.get(normalise(text))
        if found is not None:
            return found
        keys = [code.value.lower() for code in LineCode] + list(by_name)
        close = difflib.get_close_matches(normalise(text), keys, n=2, cutoff=0.5)
        guesses = [by_name.get(key) or LineCode(key.upper()) for key in close]
        if not guesses:
            raise
        hint = " or ".join(f"{code.value} ({code.line_name})" for code in guesses)
        raise UnknownLineError(f"{error}; did you mean {hint}?") from None


def _line_codes(text: str, as_json: bool) -> tuple[LineCode, ...]:
    codes = []
    for part in text.split(","):
        try:
            code = _line_code(part)
        except UnknownLineError as error:
            _fail(str(error), as_json)
        if code == LineCode.GH:
            _fail("GH is the code of the Ghost stations; no line runs there", as_json)
        codes.append(code)
    return tuple(codes)


@map_command.command("station")
@click.argument("name")
@MAP_OPTION
@JSON_OPTION
def station_command(name: str, map_name: str, as_json: bool) -> None:
    """Every fact the rules use about the station NAME."""
    network = load_network(map_name)
    facts = network.facts[_resolve(network, name, as_json)]
    walks = sorted(walking_neighbours(network, facts.name))
    if as_json:
        click.echo(json.dumps({**facts.to_json(), "walking_distance": walks}, indent=2))
    else:
        click.echo(_describe(facts))
        click.echo(f"  within Walking Distance: {', '.join(walks) or 'none'}")


def _describe(facts: StationFacts) -> str:
    data = facts.to_json()
    if facts.ghost:
        where = "a Ghost station: on no line, in no zone or quadrant"
    else:
        sites = " | ".join(", ".join(site) for site in data["sites"])
        where = (
            f"lines {sites} ({facts.kind.value}); zone {'/'.join(map(str, data['zones']))}; "
            f"quadrant {'/'.join(map(str, data['quadrants']))}; "
            f"halves {'/'.join(data['halves'])}; "
            f"{_THAMES.get(facts.thames or '', '')} of the Thames"
        )
    return "\n".join(
        [
            facts.name,
            f"  {where}",
            f"  Current {facts.current}; Call {facts.call}; Venbacker {facts.venbacker or '-'}",
            f"  categories: {', '.join(facts.classification)}",
        ]
    )


@map_command.command("route")
@click.argument("start", metavar="FROM")
@click.argument("end", metavar="TO")
@click.option("--lv", type=int, required=True, help="Line Velocity: stations the move covers.")
@click.option("--via", default=None, help="Lines of the portions in order, e.g. CN,NT,VC.")
@click.option(
    "--max-portions",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Without --via: the most portions a route may have.",
)
@click.option(
    "--start-line", default=None, help="The line the piece is on (picks a split station's site)."
)
@MAP_OPTION
@JSON_OPTION
def route_command(
    start: str,
    end: str,
    lv: int,
    via: str | None,
    max_portions: int,
    start_line: str | None,
    map_name: str,
    as_json: bool,
) -> None:
    """Every route from FROM to TO of exactly LV stations (rules 1.6.2, 1.5.3, 1.5.4).

    With --via, only routes on those lines in that order (each run of one line named once);
    without it, routes on any lines of at most --max-portions portions.
    """
    network = load_network(map_name)
    first, last = _resolve(network, start, as_json), _resolve(network, end, as_json)
    lines = _line_codes(via, as_json) if via else None
    on_line = None
    if start_line:
        (on_line, *more) = _line_codes(start_line, as_json)
        if more:
            _fail("--start-line takes the one line the piece is on", as_json)
    routes = network.routes.find(
        first, last, lv, lines, max_portions=max_portions, start_line=on_line
    )
    reason = (
        None
        if routes
        else why_no_route(
            network, first, last, lv, lines, max_portions=max_portions, start_line=on_line
        )
    )
    if as_json:
        answer: dict[str, Any] = {
            "map": network.name,
            "from": first,
            "to": last,
            "lv": lv,
            "via": [line.value for line in lines] if lines else None,
            "max_portions": None if lines else max_portions,
            "routes": [route.to_json() for route in routes],
            "reason": reason,
        }
        click.echo(json.dumps(answer, indent=2))
    else:
        for route in routes:
            click.echo(route.render())
            if route.interchanges:
                names = ", ".join("/".join(group) for group in route.interchanges)
                click.echo(f"    interchanges passed through: {names}")
    if reason is not None:
        click.echo(f"No route: {reason}.", err=True)
        raise click.exceptions.Exit(1)


@map_command.command("fosdyke")
@click.argument("subject")
@click.argument("target", metavar="OBJECT")
@MAP_OPTION
@JSON_OPTION
def fosdyke_command(subject: str, target: str, map_name: str, as_json: bool) -> None:
    """The Fosdyke Code of rule 1.17.9 between two stations, e.g. (S*,R3,L1,Q1,Z0)."""
    network = load_network(map_name)
    a, b = _resolve(network, subject, as_json), _resolve(network, target, as_json)
    code = network.distances.code(a, b)
    if as_json:
        click.echo(json.dumps({"subject": a, "object": b, **code.to_json()}, indent=2))
    else:
        click.echo(code.render())
