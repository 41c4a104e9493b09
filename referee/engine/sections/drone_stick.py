"""The Drone and its Stick (section 1.15).

Rule 1.15.2 - Here, Boy: [Claiming Drone Stick] takes the Stick from whoever holds it (or
picks it up if no one does), unless the Drone has not played since the Stick was created or
last taken from another player. The record says when that was: in Volume 1 a Stick is created
only by a claim when no one holds one, and taken only by a claim or by a Shunt that claims it
(rule 1.10.1, ``{claim: Drone Stick from <player>}``), and every legal play is in the record
from the game's first Turn (rules/vanilla/readings.md#r1-15-2).
Rule 1.15.1 - Nyurmenyurmenyurmen: the Drone is Inactive while the Stick is carried by the
Drone, by an Inactive player, or by no one; after every Turn the Drone's row is marked Active
or Inactive to match, so whose Turn it is (rule 1.3.2) follows the Stick. Its carrier submits
the Drone's Turn (:func:`referee.engine.turn.may_submit` with
:func:`referee.engine.drone.stick_holder`).
"""

from __future__ import annotations

import re

from referee.engine.context import TurnContext
from referee.engine.drone import DRONE, DRONE_STICK, is_drone
from referee.engine.registry import VANILLA
from referee.engine.sections.lost_and_found import found_the_stick
from referee.engine.sections.targeting import SHUNTS
from referee.notation.actions import Action
from referee.notation.luggage import RackEntry
from referee.notation.plays import Play
from referee.notation.possessions import Possession

CLAIM = "Claiming Drone Stick"


def holder(ctx: TurnContext) -> str | None:
    """Who carries the Stick as this Turn now stands."""
    for entry in ctx.current("rack"):
        if any(p.name.casefold() == DRONE_STICK.casefold() for p in entry.possessions):
            return str(entry.player)
    return None


_SHUNT_CLAIM = re.compile(r"(?:^|;)\s*claim\s*:\s*drone\s+stick\s+from\b", re.I)


def takes_the_stick(play: Play) -> bool:
    """Whether a recorded play created the Stick or took it from another player: a
    [Claiming Drone Stick], a Shunt whose comment claims the Stick (rule 1.10.1), or a
    [Finding] that found it in the Lost & Found Box (rule 1.7.53)."""
    if any(a.name == CLAIM for a in play.actions) or found_the_stick(play):
        return True
    return bool(play.comment and _SHUNT_CLAIM.search(play.comment)
                and any(a.name in SHUNTS for a in play.actions))  # fmt: skip


def _drone_played_since_last_claim(ctx: TurnContext) -> bool:
    for play in reversed(ctx.before.plays):
        if is_drone(play.player):
            return True
        if takes_the_stick(play):
            return False
    return True


@VANILLA.action(CLAIM)
def claiming_drone_stick(ctx: TurnContext, action: Action) -> None:
    """Rule 1.15.2 - Here, Boy: the Stick passes to the claimant."""
    current = holder(ctx)
    if current == ctx.player:
        ctx.violate("1.15.2", "you already carry the Drone Stick")
        return
    if not _drone_played_since_last_claim(ctx):
        ctx.violate("1.15.2", "the Drone has not taken a Turn since the Drone Stick was last "
                              "claimed or taken; wait until it has")  # fmt: skip
        return
    stick = Possession(name=DRONE_STICK)
    rack: list[RackEntry] = []
    for entry in ctx.current("rack"):
        items = [p for p in entry.possessions if p.name.casefold() != DRONE_STICK.casefold()]
        if entry.player == ctx.player:
            items.append(stick)
        rack.append(entry.model_copy(update={"possessions": tuple(items)}))
    if not any(e.player == ctx.player for e in rack):
        rack.append(RackEntry(player=ctx.player, possessions=(stick,)))
    ctx.change("rack", tuple(rack))
    ctx.event("drone_stick", f"{ctx.player} claims the Drone Stick"
                             + (f" from {current}" if current else ""))  # fmt: skip


@VANILLA.at_end("1.15.1")
def drone_follows_the_stick(ctx: TurnContext) -> None:
    """Rule 1.15.1 - Nyurmenyurmenyurmen: the Drone is Active exactly when an Active player carries
    the Stick."""
    drone = ctx.players.get(DRONE)
    if drone is None:
        return
    carrier = holder(ctx)
    active = carrier is not None and not is_drone(carrier) and carrier in ctx.players and (
        not ctx.players[carrier].inactive
    )  # fmt: skip
    if drone.inactive == active:
        drone.inactive = not active
        ctx.event("drone", "the Drone is now " + ("Active" if active else "Inactive"))
