"""A tiny GSD builder for engine tests: players, where their Pieces stand, LV, Game Time.

Pieces are placed the way a real record places them: by a Pass naming the station for each
player (rule 1.5.2; a Piece off the Map is placed by its first Move,
rules/vanilla/readings.md#r1-1-8). Those Passes are written, never judged, in the order the
test names the players, and the tables are set as if they had been: a built game is a game
under way, replayed with ``replay(final, since=start)`` (referee.engine.replay), not from its
tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.disruptions import Disruption
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.table import PlayerRow
from referee.notation.tokens import TokenCounts

PLAYERS = ("Rushton", "Cryer", "Garden")
HOMES = {
    "Rushton": "Ruislip Gardens",
    "Cryer": "Fairlop",
    "Garden": "Dagenham Heathway",
    "Brooke-Taylor": "Perivale",
    "Lyttelton": "Boston Manor",
}
"""Each player's Home Station (rule 1.12.2 makes a player without one declare one in eir
Turn): valid Homes far out on the map, where no test's Move goes, so their Blocks (rule
1.12.3) stand in no one's way. ``game(homes={})`` plays Homeless players."""


def game(
    at: Mapping[str, str] | None = None,
    *,
    lv: Mapping[str, int] | None = None,
    tokens: Mapping[str, str] | None = None,
    charge: Mapping[str, int] | None = None,
    time: str = "Wednesday 1200",
    disruptions: tuple[str, ...] = (),
    players: tuple[str, ...] = PLAYERS,
    homes: Mapping[str, str] | None = None,
) -> GSD:
    """A GSD whose record places each named player's Piece (``{"Rushton": "Holborn (CN)"}``);
    each player has eir Home of :data:`HOMES` unless ``homes`` says otherwise."""
    at = at or {}
    homes = HOMES if homes is None else homes
    rows = [PlayerRow(name="Drone", inactive=True)]
    for name in players:
        counts = (
            TokenCounts.parse(tokens[name])
            if tokens and name in tokens
            else TokenCounts(bk=2, re=2, br=2)
        )
        rows.append(PlayerRow(name=name, lv=(lv or {}).get(name, 0), home=homes.get(name),
                              charge=(charge or {}).get(name, 0), tokens=counts))  # fmt: skip
    names = ["Drone", *players]
    record = tuple(Play.parse(f"{name} : Pass {where}", players=names)
                   for name, where in at.items())  # fmt: skip
    found = tuple(Disruption.parse(text) for text in disruptions)
    return GSD(game=1, turn=1, players=tuple(rows), time=GameTime.parse(time),
               disruptions=found, record=record)  # fmt: skip


def play(gsd: GSD, text: str, *, check_order: bool = False) -> TurnResult:
    """Adjudicate ``text`` (a play line) against ``gsd``."""
    return adjudicate(gsd, Play.parse(text, players=gsd.player_names), check_order=check_order)


def play_through(start: GSD, texts: Iterable[str]) -> list[GSD]:
    """Every state from ``start`` on, each play judged in order of play and required legal
    (a failure names the play and why), for games scripted to be replayed."""
    states = [start]
    for text in texts:
        state = states[-1]
        result = adjudicate(state, Play.parse(text, players=state.player_names))
        assert result.legal, (text, result.messages())
        states.append(result.state)
    return states


def rules_broken(result: TurnResult) -> list[str]:
    return [v.rule.number for v in result.violations]


def row(gsd: GSD, name: str) -> PlayerRow:
    return next(p for p in gsd.players if p.name == name)
