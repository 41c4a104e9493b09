"""The Potato (rule 4.1.1.4 - Don't Pick It Up, Pick It Up, Pick It Up).

[Creating Potato] (three Red, only while no Potato is in play) gives its player the Potato and
lights a fuse of ten Fuse Counters. [Giving Potato to <Player>] (free) hands it on to a player
at the giver's Station, or to one the giver Shunted directly this Turn (a Double-Shunt's second
victim does not count); handing it on when no Fuse Counters are left earns the giver a Silver.
Whoever holds the Potato at the end of eir Turn takes a Fuse Counter off (its creator too, on
the Turn of its creation, unless the setting ``fuse_burns_when_created`` is off); when none is
left to take, the Potato blows up where its holder stands, as a Suspect Package there would
(rule 1.7.30), and is out of play.

The GSD records the Potato in Disruptions with its holder and Fuse Counters left:
``Potato: Garden (Fuse 7)``.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.sections.clamps import may_fasten
from referee.engine.sections.packages import detonate
from referee.engine.sections.targeting import SHUNTS
from referee.notation.actions import Action
from referee.notation.disruptions import FUSED, Disruption
from referee.notation.tokens import Colour
from referee.variants.knightsbridge.layer import LAYER
from referee.variants.knightsbridge.ruleset import KnightsbridgeSettings

POTATO = FUSED
FUSE_COUNTERS = "number of Fuse Counters"
"""Rule 4.1.1.4's ten Fuse Counters, a figure of ``figures.toml`` a game may amend."""
DIRECT_SHUNTS = frozenset(SHUNTS) - {"Double-Shunting"}
"""Rule 4.1.1.4: a Shunt of the target emself, not the second victim of a Double-Shunt."""


def the_potato(ctx: TurnContext) -> Disruption | None:
    """The Potato's entry, if it is in play."""
    return next((d for d in ctx.disruptions if d.flag == POTATO), None)


def _holds(entry: Disruption | None, player: str) -> bool:
    return entry is not None and (entry.player or "").casefold() == player.casefold()


@LAYER.action("Creating Potato")
def creating_potato(ctx: TurnContext, action: Action) -> None:
    """Rule 4.1.1.4: only while no Potato is in play; its creator holds it, ten Fuse Counters."""
    entry = the_potato(ctx)
    if entry is not None:
        ctx.violate("4.1.1.4", f"the Potato is already in play ({entry.player} has it); "
                               "there is only one")  # fmt: skip
        return
    fuses = ctx.ruleset.tables().figures.count(FUSE_COUNTERS)
    ctx.disruptions.append(Disruption(flag=POTATO, player=ctx.player, count=fuses))
    ctx.event("potato", f"{ctx.player} creates the Potato; its fuse has {fuses} Fuse Counters",
              fuses=fuses)  # fmt: skip


def _shunted_directly(ctx: TurnContext, target: str) -> bool:
    done = set(ctx.done)
    return any(a.name in DIRECT_SHUNTS and a.name in done and str(a.args[0]) == target
               for a in ctx.play.actions)  # fmt: skip


@LAYER.action("Giving Potato")
def giving_potato(ctx: TurnContext, action: Action) -> None:
    """Rule 4.1.1.4: its holder hands the Potato to a player at eir Station or one e Shunted
    directly this Turn; with no Fuse Counters left, the giver gains one Silver. The Action
    targets a player, so Sanctuary (rule 1.11.7) and the Prison Clamp (rule 1.4.47) protect
    as they do from any such Action."""
    target = str(action.args[0])
    entry = the_potato(ctx)
    if entry is None or not _holds(entry, ctx.player):
        ctx.violate("4.1.1.4", "[Giving Potato] is for the player who has the Potato; you "
                               "have not")  # fmt: skip
        return
    if target == ctx.player or target not in ctx.players:
        ctx.violate("4.1.1.4", f"give the Potato to another player of this game, not {target}")
        return
    if may_fasten(ctx, action, "4.1.1.4") is None:
        return
    here, there = ctx.position(), ctx.position(target)
    together = here is not None and there is not None and here.station == there.station
    if not together and not _shunted_directly(ctx, target):
        ctx.violate("4.1.1.4", f"{target} is neither at your Station nor Shunted directly by "
                               "you earlier this Turn")  # fmt: skip
        return
    ctx.disruptions[ctx.disruptions.index(entry)] = entry.model_copy(update={"player": target})
    ctx.event("potato", f"{ctx.player} gives the Potato to {target}", target=target)
    if entry.count == 0:
        ctx.gain({Colour.SI: 1}, "[Giving Potato] with no Fuse Counters left (rule 4.1.1.4)")


def _burns_when_created(ctx: TurnContext) -> bool:
    settings = ctx.ruleset.settings
    return not isinstance(settings, KnightsbridgeSettings) or settings.fuse_burns_when_created


@LAYER.at_end("4.1.1.4")
def fuse_burns(ctx: TurnContext) -> None:
    """Rule 4.1.1.4: the Potato's holder at the end of eir Turn takes a Fuse Counter off; with
    none left, it detonates at eir Station as a Suspect Package would and leaves play."""
    entry = the_potato(ctx)
    if entry is None or not _holds(entry, ctx.player):
        return
    if ctx.has_done("Creating Potato") and not _burns_when_created(ctx):
        return
    fuses = entry.count or 0
    if fuses > 0:
        ctx.disruptions[ctx.disruptions.index(entry)] = entry.model_copy(
            update={"count": fuses - 1}
        )
        ctx.event("potato", f"a Fuse Counter burns; {fuses - 1} left", fuses=fuses - 1)
        return
    ctx.disruptions.remove(entry)
    here = ctx.position()
    if here is not None:
        detonate(ctx, here.station, bare="Potato")
