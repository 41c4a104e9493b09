"""A scripted game built from the Actions the engine adjudicates, for replay tests and bench.

:func:`scripted_game` plays ``turns`` Turns for five players (plus the Inactive Drone) with a
seeded generator: each player moves along eir line (sometimes changing Line at an
Interchange, paying rule 1.5.11's Black), adjusts LV with [LV+X]/[LV-X] (rule 1.6.3), Passes
(and when nothing fits), now and then plays Timeout (rule 1.3.5); after ``turns`` Turns the
player holding Gold heads for Mornington Crescent and wins with [Opening MC] (rules 1.7.28,
1.1.1). Every play is adjudicated as it is made, so
the record is legal by construction; the tests then replay it from the plays alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from referee.engine.history import Position, derive
from referee.engine.result import TurnResult
from referee.engine.ruleset import Ruleset
from referee.engine.turn import adjudicate, whose_turn
from referee.network.network import load_network
from referee.network.routes import Route
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.tokens import TokenCounts

PLAYERS = ("Rushton", "Cryer", "Brooke-Taylor", "Garden", "Lyttelton")
STARTS = ("Holborn (CN)", "Euston (VC)", "Bank (NT)", "Victoria (DS)", "Baker Street (BL)")
HOMES = ("Ruislip Gardens (CN)", "Fairlop (CN)", "Perivale (CN)", "Dagenham Heathway (DS)",
         "Boston Manor (PD)")  # fmt: skip
"""Each player declares a Home Station in eir first Turn, as rule 1.12.2 requires."""
CRESCENT = "Mornington Crescent"
WINNER = "Garden"


def start_state() -> GSD:
    """Rule 1.1.2/1.1.8 start, except that Garden carries three Gold for [Opening MC]."""
    gsd = Ruleset().new_game(list(PLAYERS), GameTime.parse("Monday 0900"))
    rows = tuple(
        row.model_copy(update={"tokens": TokenCounts(bk=6, re=2, br=2, go=3)})
        if row.name == WINNER else row.model_copy(update={"tokens": TokenCounts(bk=40, br=2)})
        for row in gsd.players
    )  # fmt: skip
    return gsd.model_copy(update={"players": rows})


def destination_text(route: Route) -> str:
    """How a play names the end of ``route``: the last line, the earlier ones after via:."""
    lines = [line.value for line in route.lines]
    via = f" via: {','.join(lines[:-1])}" if len(lines) > 1 else ""
    return f"{route.stations[-1]} ({lines[-1]}{via})"


@dataclass
class _Scripter:
    rng: random.Random
    turns: int

    def candidates(self, gsd: GSD, player: str, lv: int, at: Position) -> Iterator[str]:
        """Plays worth trying, best first: toward the Crescent for the winner late on."""
        finder = load_network().routes
        if player == WINNER and len(gsd.plays) >= self.turns:
            yield from self._toward_crescent(player, lv, at)
        roll = self.rng.random()
        if roll < 0.04 and player != WINNER:
            yield f"{player} : Timeout"
        elif roll < 0.14:
            yield f"{player} : Pass {at.render()}"
        changes = [0, 0, 1, -1, 2, -2]
        self.rng.shuffle(changes)
        for change in changes:
            new_lv = max(0, lv + change)
            if new_lv == 0:
                continue
            prefix = f"[LV{'+' if change > 0 else '-'}{abs(change)}] " if change else ""
            lines = sorted(finder.lines_at[finder.ids[at.station]])
            self.rng.shuffle(lines)
            for line in lines[:2]:
                ends = self._ends(at.station, line.value, new_lv)
                for end in ends[:3]:
                    yield f"{player} : {prefix}{end} ({line.value})"
        yield f"{player} : Pass {at.render()}"

    def _ends(self, station: str, line: str, steps: int) -> list[str]:
        graph = load_network().graph
        found: list[str] = []
        paths = [[station]]
        for _ in range(steps):
            paths = [[*p, n] for p in paths for _, n, key in graph.edges(p[-1], keys=True)
                     if key == line and n not in p]  # fmt: skip
        found = sorted({p[-1] for p in paths if p[-1] != CRESCENT})
        self.rng.shuffle(found)
        return found

    def _toward_crescent(self, player: str, lv: int, at: Position) -> Iterator[str]:
        """Greedy: [Opening MC] and the Crescent when an LV change of at most three reaches
        it, else the end nearest to it that an LV within three of the current one reaches."""
        finder = load_network().routes
        for change in sorted(range(-3, 4), key=abs):
            new_lv = lv + change
            if new_lv < 1:
                continue
            routes = finder.find(at.station, CRESCENT, new_lv, None, max_portions=2,
                                 start_line=at.line)  # fmt: skip
            for route in routes:
                yield f"{player} : {_lv_prefix(change)}[Opening MC] {destination_text(route)}"
        target = finder.ids[CRESCENT]
        closer = sorted(
            (finder.dist[finder.ids[end]][target], abs(change), end, line.value, change)
            for change in range(-3, 4) if lv + change >= 1
            for line in finder.lines_at[finder.ids[at.station]]
            for end in self._ends(at.station, line.value, lv + change)
        )  # fmt: skip
        for _, _, end, line, change in closer[:6]:
            yield f"{player} : {_lv_prefix(change)}{end} ({line})"


def _lv_prefix(change: int) -> str:
    return f"[LV{'+' if change > 0 else '-'}{abs(change)}] " if change else ""


def scripted_game(turns: int = 60, seed: int = 7, *, win: bool = True) -> tuple[GSD, GSD]:
    """(start, final): the start state and the GSD after every scripted Turn.

    With ``win`` the game runs past ``turns`` until Garden rests at the Crescent.
    """
    rng = random.Random(seed)
    scripter = _Scripter(rng, turns if win else 10**9)
    gsd = start_state()
    for name, where, home in zip(PLAYERS, STARTS, HOMES, strict=True):
        gsd = _must(gsd, f"{name} : [Home: {home}] {where}").state
    limit = turns * 3 if win else turns
    while len(gsd.plays) < limit:
        player = whose_turn(gsd)
        assert player is not None
        row = next(r for r in gsd.players if r.name == player)
        at = derive(gsd).position(player)
        assert at is not None
        for text in scripter.candidates(gsd, player, row.lv, at):
            result = adjudicate(gsd, Play.parse(text, players=gsd.player_names))
            if result.legal:
                gsd = result.state
                break
        if result.winner:
            return start_state(), gsd
    if win:
        raise AssertionError(f"no one won within {limit} turns")
    return start_state(), gsd


def _must(gsd: GSD, text: str) -> TurnResult:
    result = adjudicate(gsd, Play.parse(text, players=gsd.player_names))
    assert result.legal, (text, result.messages())
    return result
