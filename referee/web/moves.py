"""The way a turn's Move went, for the picture to highlight. Pure.

A play names where a Move ended and, optionally, its Lines (rule 1.2.0); the Stations in
between are not written. The route drawn is one the route search finds from where the Piece
stood before the turn to where it ended, exactly the player's LV long (rule 1.6.2) on the
play's Lines; when the play names no Lines, on any. When several routes fit, the first the
search returns is drawn (the page says it is one way the Move could have gone), and when none
does (a first Move onto the Map, or a Move the search does not model, such as one that
Rebounds), the two ends are joined straight.
"""

from __future__ import annotations

from referee.engine.history import Position, move_end
from referee.network.lines import LineCode
from referee.network.network import Network
from referee.notation.plays import MoveKind, Play


def move_route(network: Network, start: Position | None, play: Play, lv: int) -> tuple[str, ...]:
    """Station names from ``start`` along the first Move of ``play`` (empty for a Pass,
    Timeout or Farkle; the end alone when the Piece was not on the Map)."""
    moves = [m for m in play.moves if m.piece != "B"]
    if not moves or moves[0].kind is not MoveKind.GO or moves[0].destination is None:
        return ()
    where = moves[0].destination
    end = move_end(moves[0])
    if end is None:
        return ()
    target = where.station
    if start is None or start.station == target:
        return (target,) if target == end.station else (target, end.station)
    lines: list[LineCode] | None = None
    if where.line is not None and where.via:
        lines = [*where.via, where.line]
    found: tuple[str, ...] = ()
    try:
        for via in ([where.line], None) if lines is None and where.line else (lines,):
            routes = network.routes.find(start.station, target, lv, via, start_line=start.line)
            if routes:
                found = routes[0].stations
                break
    except (KeyError, ValueError, IndexError):
        found = ()
    if not found:
        found = (start.station, target)
    return found if end.station == target else (*found, end.station)
