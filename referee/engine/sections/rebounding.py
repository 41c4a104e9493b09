"""Rebounding (rule 1.5.6 - On the Rebound).

[Rebounding], played before the Move, lets the Piece turn back during its Move at a Terminus
of the Line it is on, or at a Station next, along a Line the two share, to a Blocked Station.
The rule sets no count, so a Move may rebound as often as its LV allows. The map's route search
never turns back, so this module offers the Move the routes that do: ordinary legs joined at
rebound Stations, each leg after a rebound leaving by the stretch the last one came in on,
together exactly LV stations long, the play's Lines split between the legs in order (the
Line turned on may be named once).

Blocked, for this rule, is every way the rules make a Station Blocked: a Bulkhead (1.9.3),
Heavy Damage (1.11.3), a one-Round Block or Fire (1.9.1, 1.9.2; read from the record by
:func:`blocks.blocks_in_force`), another player's Home Station not Tolled or Rented this Turn
(1.12.3), and every Station of an Electrified Line while the mover holds Metallic Tokens
(1.20.3). A Ticket Stub lets its owner through a Blocked Station but leaves it Blocked, so it
still counts here (rules/vanilla/readings.md#r1-5-6).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position
from referee.engine.moves import readings
from referee.engine.registry import VANILLA
from referee.engine.sections.blocks import blocks_in_force
from referee.engine.sections.line_states import ELECTRIFIED
from referee.network.lines import LineCode
from referee.network.network import ESCALATOR
from referee.network.routes import Route
from referee.notation.actions import Action
from referee.notation.plays import Move
from referee.notation.tokens import Colour

BLOCKING_MARKERS = ("Bulkhead", "*Damage*")

Reading = tuple[LineCode, ...] | None
_Key = tuple[str, LineCode | None, str | None, Reading, int]


@VANILLA.action("Rebounding")
def rebounding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.5.6 - On the Rebound: this Turn's Move may turn back where the rule allows."""
    ctx.facts.rebounding = True


def blocked(ctx: TurnContext) -> set[str]:
    """Every Station Blocked to the mover as the Move is made (rules 1.9.1, 1.9.2, 1.9.3,
    1.11.3, 1.12.3, 1.20.3)."""
    found = {d.station for d in ctx.disruptions
             if d.station and d.segment_end is None and d.marker in BLOCKING_MARKERS}  # fmt: skip
    found |= blocks_in_force(ctx)
    for other in ctx.players.values():
        if other.name == ctx.player or not other.home:
            continue
        if other.name not in ctx.homes_closed and other.name not in ctx.homes_open:
            found.add(other.home)
    if any(ctx.me.tokens[c] for c in Colour if c.metallic):
        for d in ctx.disruptions:
            if d.line is not None and d.state == ELECTRIFIED and d.station is None:
                found |= {name for name, f in ctx.network.facts.items() if d.line in f.lines}
    return found


def may_rebound(ctx: TurnContext, station: str, line: LineCode, walls: set[str]) -> bool:
    """Rule 1.5.6: a Piece on ``line`` may rebound at ``station`` if it is a Terminus of that
    Line or is next, along that Line, to a Blocked Station (one of ``walls``)."""
    facts = ctx.network.facts[station]
    if facts.terminus and line in facts.terminates:
        return True
    return any(key == line and key != ESCALATOR and other in walls
               for _, other, key in ctx.network.graph.edges(station, keys=True))  # fmt: skip


def rebound_stations(ctx: TurnContext, lines: frozenset[LineCode] | None) -> set[str]:
    """Rule 1.5.6: the Stations a Piece on one of ``lines`` (any Line if None) may rebound at."""
    walls = blocked(ctx)
    codes = ctx.network.lines_at
    return {name for name in ctx.network.facts
            if any(may_rebound(ctx, name, line, walls)
                   for line in codes[name] if lines is None or line in lines)}  # fmt: skip


def _join(first: Route, second: Route) -> Route:
    return Route(
        stations=first.stations + second.stations[1:],
        hops=first.hops + second.hops,
        portions=first.portions + second.portions,
        interchanges=first.interchanges + second.interchanges,
    )


class _Rebounds:
    """The rebounding routes of one Move, leg by leg, each partial answer worked out once."""

    def __init__(self, ctx: TurnContext, dest: str) -> None:
        self.ctx, self.dest = ctx, dest
        self.finder = ctx.network.routes
        self.walls = blocked(ctx)
        self.turns = rebound_stations(ctx, None)
        self.memo: dict[_Key, list[Route]] = {}

    def _leg(self, here: str, line: LineCode | None, back: str | None, to: str, lv: int,
             via: Reading) -> list[Route]:  # fmt: skip
        """Ordinary routes ``here`` -> ``to``; after a rebound (``back`` set) the first step is
        back to the Station the Piece came from, on the Line it came by unless ``via`` says."""
        if via is None and back is not None:
            via = (line,) if line is not None else None
        found = self.finder.find(here, to, lv, via, max_portions=1 if via is None else 3,
                                 start_line=line)  # fmt: skip
        return [r for r in found if back is None or r.stations[1] == back]

    def rebounding(self, here: str, line: LineCode | None, back: str | None, via: Reading,
                   lv: int) -> list[Route]:  # fmt: skip
        """Routes of exactly ``lv`` from ``here`` to the destination that rebound at least
        once more, the play's remaining Lines ``via`` split between the legs."""
        key = (here, line, back, via, lv)
        known = self.memo.get(key)
        if known is not None:
            return known
        found: list[Route] = []
        self.memo[key] = found
        dist, ids = self.finder.dist, self.finder.ids
        splits: list[tuple[Reading, Reading]] = [(None, None)] if via is None else [
            (via[: i + 1], via[i:]) for i in range(len(via))
        ]  # fmt: skip
        for before, after in splits:
            for station in sorted(self.turns):
                near, far = dist[ids[here]][ids[station]], dist[ids[station]][ids[self.dest]]
                for out_lv in range(max(1, near), lv - max(1, far) + 1):
                    for out in self._leg(here, line, back, station, out_lv, before):
                        turned = out.portions[-1].line
                        if not may_rebound(self.ctx, station, turned, self.walls):
                            continue
                        rest = after if after is not None else (turned,)
                        if after is None and out.lines != (turned,):
                            continue
                        for tail in self.onwards(station, turned, out.stations[-2], rest,
                                                 lv - out_lv):  # fmt: skip
                            found.append(_join(out, tail))
        return found

    def onwards(self, here: str, line: LineCode, back: str, via: Reading, lv: int) -> list[Route]:
        """After rebounding at ``here``: straight on to the destination, or rebound again."""
        direct = [r for r in self._leg(here, line, back, self.dest, lv, via)
                  if via != (line,) or r.lines == (line,)]  # fmt: skip
        return direct + self.rebounding(here, line, back, via, lv)


@VANILLA.route_source("1.5.6")
def rebound_routes(ctx: TurnContext, start: Position, move: Move, lv: int) -> list[Route]:
    """Rule 1.5.6: the routes of exactly ``lv`` stations that turn back once or more."""
    if not ctx.facts.rebounding or move.destination is None or lv < 2:
        return []
    search = _Rebounds(ctx, move.destination.station)
    found: list[Route] = []
    for reading in readings(move, start.line):
        found += search.rebounding(start.station, start.line, None, reading, lv)
    return found
