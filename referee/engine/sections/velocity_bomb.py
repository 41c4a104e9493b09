"""The Velocity Bomb (rule 1.4.38).

Rule 1.4.38 - The Velocity Bomb: [Velocity-Bombing <Player>], aimed at a player sharing the
bomber's Station and Line (the index's (S0,L0), checked by the pipeline), gives em a Cursed
"Velocity Bomb (Dormant)". Whenever its carrier's LV is above four it becomes a "Velocity
Bomb (Primed)"; a Primed Bomb whose carrier ends eir Turn below LV five explodes as a Suspect
Package being detonated. [Removing Velocity Bomb] at a British Rail Station destroys one and
sets the player's LV to zero.

The explosion is a Suspect Package detonation (rule 1.7.30) where the carrier's Piece stands
(Piece A if Bifurcated): the Bomb leaves play as a detonated Package does, the Station is
Heavily Damaged and every Station fewer than three stops away is Blasted, the carrier's own
included (so e loses eir Possessions and must Pass next Turn), and Packages there go off in
turn. Each Primed Bomb the carrier holds explodes (rules/vanilla/README.md).
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.possessions import carried, give, take
from referee.engine.registry import VANILLA
from referee.engine.sections.clamps import may_fasten
from referee.engine.sections.packages import detonate
from referee.network.categories import Category
from referee.notation.actions import Action
from referee.notation.possessions import Possession

BOMB = "Velocity Bomb"
DORMANT, PRIMED = "Dormant", "Primed"
PRIMING_LV = 4
"""Rule 1.4.38: an LV above four primes a Bomb; below five a Primed one goes off."""


def _bombs(ctx: TurnContext, player: str, state: str | None = None) -> list[Possession]:
    return [i for i in carried(ctx, player)
            if i.name == BOMB and (state is None or i.state == state)]  # fmt: skip


def _prime(ctx: TurnContext, player: str) -> None:
    luggage = ctx.luggage(player)
    for number, item in enumerate(luggage):
        if item.name == BOMB and item.state == DORMANT and not item.nantucketed:
            luggage[number] = item.model_copy(update={"state": PRIMED})
            ctx.event("velocity_bomb", f"{player}'s Velocity Bomb is Primed", player=player)


@VANILLA.action("Velocity-Bombing")
def velocity_bombing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.38: the target gains a Velocity Bomb (Dormant), Primed at once if eir LV is
    already above four."""
    target = may_fasten(ctx, action, "1.4.38")
    if target is None:
        return
    give(ctx, Possession(name=BOMB, state=DORMANT), target)
    ctx.event("velocity_bomb", f"{target} gains a Velocity Bomb (Dormant)", target=target)
    if ctx.players[target].lv > PRIMING_LV:
        _prime(ctx, target)


@VANILLA.lv_rule("1.4.38")
def priming(ctx: TurnContext, player: str, lv: int) -> int:
    """Rule 1.4.38: a Dormant Bomb's carrier whose LV goes above four has it Primed (after any
    cap, such as a Spoon Clamp's, rule 1.4.39)."""
    if lv > PRIMING_LV and _bombs(ctx, player, DORMANT):
        _prime(ctx, player)
    return lv


@VANILLA.at_end("1.4.38")
def explosion(ctx: TurnContext) -> None:
    """Rule 1.4.38: a Primed Bomb whose carrier ends the Turn below LV five explodes as a
    Suspect Package just detonated would, where the carrier's Piece stands (rule 1.7.30)."""
    if ctx.me.lv > PRIMING_LV:
        return
    here = ctx.position()
    for bomb in _bombs(ctx, ctx.player, PRIMED):
        if bomb not in ctx.luggage():
            continue  # lost in the Blast of a Bomb that went off before it
        take(ctx, bomb)
        if here is None:
            ctx.event("velocity_bomb", f"{ctx.player}'s Velocity Bomb explodes off the Map")
            continue
        ctx.event("velocity_bomb", f"{ctx.player}'s Velocity Bomb explodes at {here.station}",
                  station=here.station)  # fmt: skip
        detonate(ctx, here.station, bare="Velocity Bomb")


@VANILLA.action("Removing Velocity Bomb")
def removing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.38: at a British Rail Station, destroys one carried Velocity Bomb (a Primed one
    first, the one that threatens) and sets the player's LV to zero."""
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    if facts is None or Category.BRITISH_RAIL not in facts.categories:
        place = here.station if here is not None else "no Station"
        ctx.violate("1.4.38", f"a Velocity Bomb is removed at a British Rail Station; you are "
                              f"at {place}")  # fmt: skip
        return
    bombs = _bombs(ctx, ctx.player, PRIMED) or _bombs(ctx, ctx.player)
    if not bombs:
        ctx.violate("1.4.38", "you carry no Velocity Bomb to remove")
        return
    take(ctx, bombs[0])
    ctx.set_lv(0)
    ctx.event("velocity_bomb", f"{ctx.player}'s Velocity Bomb is removed")
