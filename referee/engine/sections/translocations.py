"""Post-Move Translocations (rule 1.5.13) to a Station a rule pairs with the Piece's own.

Rule 1.7.13 - Stupid Compass Tricks: [<Compass> Wormhole to <Station>] needs the compass word
(North, South, East, West) as a word of the name of the Piece's Station and of the target.
Rule 1.19.4 - Fifth Coulomb: [Charge Tunneling to <Station>] needs the target's Current to equal
that of the Piece's Station; never to Mornington Crescent.

The Piece arrives with no Line (the Action names none); its next Move names one. A player
carrying the Parcel may not translocate (rule 1.11.2, judged by the move check there).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.moves import translocate
from referee.engine.registry import VANILLA
from referee.notation.actions import Action, Compass
from referee.notation.plays import Play
from referee.quoting import excerpt

MORNINGTON_CRESCENT = "Mornington Crescent"


def _station(action: Action) -> str:
    station = action.args[-1]  # the pattern ends with the Station
    assert isinstance(station, str)
    return str(station)


def _words(name: str) -> list[str]:
    return name.replace("-", " ").split()


@VANILLA.action("Wormhole")
def wormhole(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.13 - Stupid Compass Tricks: from a Station whose name holds the compass word
    to another whose name holds it too."""
    (compass,) = (a for a in action.args if isinstance(a, Compass))
    target = _station(action)
    here = ctx.position()
    word = compass.value
    if here is None or word not in _words(here.station):
        ctx.violate("1.7.13", f"'{excerpt(word)}' is not a word of your Station's name "
                              f"({here.station if here else 'off the Map'}); a {word} Wormhole "
                              "starts from a Station named for it")  # fmt: skip
        return
    if word not in _words(target) or target == here.station:
        ctx.violate("1.7.13", f"'{excerpt(word)}' is not a word of {target}'s name; pick a Station "
                              f"named with {word}")  # fmt: skip
        return
    translocate(ctx, Position(target), "1.7.13")


@VANILLA.action("Charge Tunneling")
def charge_tunneling(ctx: TurnContext, action: Action) -> None:
    """Rule 1.19.4 - Fifth Coulomb: to a Station of the same Current, not the Crescent."""
    target = _station(action)
    here = ctx.position()
    if target == MORNINGTON_CRESCENT:
        ctx.violate("1.19.4", "no one may Charge Tunnel to Mornington Crescent")
        return
    facts = ctx.network.facts
    if here is None or here.station not in facts:
        ctx.violate("1.19.4", "your Piece is not on the Map, so it cannot Charge Tunnel")
        return
    mine, theirs = facts[here.station].current, facts[target].current
    if mine != theirs or target == here.station:
        ctx.violate("1.19.4", f"{target} has a Current of {theirs} and {here.station} of "
                              f"{mine}; Charge Tunnel to a Station of Current {mine}")  # fmt: skip
        return
    translocate(ctx, Position(target), "1.19.4")


@VANILLA.moves_pieces("Wormhole", "Charge Tunneling")
def translocated(positions: dict[str, Position], play: Play, action: Action) -> None:
    """Rules 1.7.13 and 1.19.4: the record's Piece is where the Translocation put it."""
    positions[piece_key(play.player)] = Position(_station(action))
