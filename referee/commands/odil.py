"""``referee odil``: One Day in London from the command line: the journey check, the cards,
and the deal recomputed from a revealed seed.

``referee odil journey S1 ... S10 [--json]`` exits 0 when the ten stations, in order, are a
continuous journey, 1 when they are not (printing the first break and why), and 2 when a
name is not a station of the game (with the closest ones). Names are read as forgivingly as
``referee map`` reads them.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import click

from referee.games.one_day_in_london.cards import CURRENT, Edition, card_faces
from referee.games.one_day_in_london.journey import JourneyRules, check_journey
from referee.games.one_day_in_london.network import load_game_network
from referee.games.one_day_in_london.rules import new_game
from referee.games.one_day_in_london.shuffle import SeedError, commitment, verify
from referee.network.names import UnknownStationError, game_station_names

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
EDITION_OPTION = click.option(
    "--edition",
    type=click.Choice([edition.value for edition in Edition]),
    default=CURRENT.value,
    show_default=True,
    help="The deck's edition, by its cards; a game's settings and final post name its own.",
)


@click.group("odil")
def odil() -> None:
    """One Day in London: the journey check, the cards and the deal."""


def _fail(message: str, as_json: bool, suggestions: tuple[str, ...] = ()) -> NoReturn:
    if as_json:
        click.echo(json.dumps({"error": message, "suggestions": list(suggestions)}, indent=2))
    click.echo(f"Error: {message}", err=True)
    raise click.exceptions.Exit(2)


def _unknown(text: str, error: UnknownStationError) -> str:
    try:
        on_map = game_station_names().resolve(text)
    except UnknownStationError:
        return str(error)
    return f"{on_map} is on the 1999 map but not in One Day in London, which is zone 1 only"


@odil.command("journey")
@click.argument("stations", nargs=-1, required=True)
@click.option(
    "--turn-back-alongside",
    is_flag=True,
    help="Allow changing onto a line alongside to go straight back (reading R1).",
)
@JSON_OPTION
def journey_command(stations: tuple[str, ...], turn_back_alongside: bool, as_json: bool) -> None:
    """Are STATIONS (ten, in rack order) a continuous journey? Exit 0 yes, 1 no, 2 bad name."""
    network = load_game_network()
    names = []
    for text in stations:
        try:
            names.append(network.resolve(text))
        except UnknownStationError as error:
            _fail(_unknown(text, error), as_json, error.suggestions)
    check = check_journey(names, rules=JourneyRules(turn_back_alongside=turn_back_alongside))
    if as_json:
        answer: dict[str, Any] = {
            "journey": check.journey,
            "stations": list(check.stations),
            "legs": [leg.value for leg in check.legs] if check.legs else None,
            "reason": check.broken.message if check.broken else None,
            "break": (
                {"position": check.broken.position, "kind": check.broken.reason.value}
                if check.broken
                else None
            ),
        }
        click.echo(json.dumps(answer, indent=2))
    elif check.journey:
        click.echo(f"A journey: {check.describe()}")
    if check.broken is not None:
        click.echo(f"Not a journey: {check.broken.message}.", err=True)
        raise click.exceptions.Exit(1)


@odil.command("cards")
@EDITION_OPTION
@JSON_OPTION
def cards_command(edition: str, as_json: bool) -> None:
    """Every card: its station, its lines with the stations before and after, its copies."""
    faces = card_faces(edition=Edition(edition))
    if as_json:
        rows = [
            {
                "station": face.station,
                "copies": face.copies,
                "lines": [
                    {"line": line.code.value, "before": line.before, "after": line.after}
                    for line in face.lines
                ],
            }
            for face in faces.values()
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    for face in faces.values():
        click.echo(f"{face.copies} x {face.render()}")
    total = sum(face.copies for face in faces.values())
    click.echo(f"{total} cards for {len(faces)} stations")


@odil.command("deal")
@click.argument("seed")
@click.option("--player", "players", multiple=True, required=True, help="In seat order.")
@click.option("--commitment", "committed", default=None, help="The hash posted at the start.")
@EDITION_OPTION
def deal_command(seed: str, players: tuple[str, ...], committed: str | None, edition: str) -> None:
    """Deal a game again from its revealed SEED, to check the referee's shuffle."""
    try:
        digest = commitment(seed)
        state = new_game(players, seed, edition=Edition(edition))
    except (SeedError, ValueError) as error:
        raise click.UsageError(str(error)) from None
    if committed is not None and not verify(seed, committed):
        click.echo(f"The seed's SHA-256 is {digest}, not the commitment {committed}.", err=True)
        raise click.exceptions.Exit(1)
    click.echo(f"Seed SHA-256: {digest}" + (" (matches the commitment)" if committed else ""))
    for seat in state.seats:
        click.echo(f"{seat.name} is dealt, in order: {'; '.join(seat.dealt)}")
    click.echo(f"Then the piles and the draw pile, top first: {'; '.join(state.deck)}")
