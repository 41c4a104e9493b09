"""Podumes (rule 4.2.1 of the 1965 amendments): where they are, how they come and go.

Rule 4.2.1 - Podumes: a Podume is a game object that lies at a Station (as a Token Stack
does; the GSD writes it among the Token Stacks, :mod:`referee.notation.podumes`) or is in a
player's possession (written in eir Luggage Rack). Each kind is Unique: while one is in play,
wherever it is, its creating Action is unavailable. No two Podumes lie at one Station, though
one may lie beside a Token Stack. [Claiming <Podume> From <Station>] and [Dropping <Podume> at
<Station>] are free and reach any Station the player's Piece started at, passed through or
ended at so far this Turn, as Tokens are picked up and dropped. A Podume at a Station is
Shunted as a Token Stack is (no Token can be claimed from it); one in a player's possession
may be stolen, instead of a Token, by the player who Shunts its holder, but not by a
Double-Shunt, nor by a Shunt that claims nothing (Dead-End, Stationary or Power Shunts). The
steal is written as any claim is: ``{claim: Speed Podume from Garden}``.

A Podume in a player's possession is carried in eir Luggage Rack, so Volume 1's rules on
Possessions reach it where section 4.2 is silent: [Discarding] it destroys it (rule 1.4.22),
a Blast destroys it with the rest (rule 1.7.30), a Nantucketed one is not carried (rule
1.4.15) but is still in play (rules/knightsbridge-1965/README.md).
"""

from __future__ import annotations

import re

from referee.engine.context import TurnContext
from referee.engine.pegged import is_pegged
from referee.engine.possessions import carried, give, take
from referee.engine.sections.cowering import current_action
from referee.engine.sections.packages import quadrant_of
from referee.engine.sections.targeting import SHUNTS
from referee.notation.actions import Action
from referee.notation.podumes import PODUMES, STATION_PODUMES, podume_name
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from referee.variants.knightsbridge.layer import LAYER

RED = re.compile(r"(?<![A-Za-z])Re(?![a-z])")
PODUME = "Podume"
"""The Token Stacks marker of a Podume lying at a Station."""


RED_BY_RULE = "Hyde Transformation"
"""Rule 4.2.1.5: an Action the index lists without a cost whose own rule prices it in Red."""


def aggressive(ctx: TurnContext, action: Action) -> bool:
    """Rule 1.7.6 (and the Token colours of section 1.4): an Aggressive Action is one whose
    cost requires Red Tokens: the index's cost, or the price the Action's own rule sets (a
    Hyde Transformation's Red, rule 4.2.1.5; the creation of a Station Podume whose colour
    is Red, rule 4.2.1.4)."""
    if RED.search(ctx.spec(action.name).cost) is not None or action.name == RED_BY_RULE:
        return True
    if action.name != "Creating Station Podume" or not action.args:
        return False
    name = podume_name(f"{action.args[0]} Podume")
    if name not in STATION_PODUMES:
        return False
    return ctx.ruleset.tables().figures.colour(f"colour of the {name}") is Colour.RE


def is_podume(item: Possession) -> bool:
    return podume_name(item.name) is not None


def podumes_of(ctx: TurnContext, player: str | None = None) -> list[Possession]:
    """The Podumes a player carries now (a Nantucketed one is not carried, rule 1.4.15)."""
    return [item for item in carried(ctx, player) if is_podume(item)]


def possesses(ctx: TurnContext, player: str, name: str) -> Possession | None:
    """The Podume ``name`` if ``player`` carries it."""
    return next((item for item in podumes_of(ctx, player) if item.name == name), None)


def holder(ctx: TurnContext, name: str) -> str | None:
    """Who carries the Podume ``name``, if anyone does."""
    return next((player for player in ctx.players if possesses(ctx, player, name)), None)


def lying_at(ctx: TurnContext, station: str) -> TokenStack | None:
    """The Podume lying at ``station`` (its Token Stacks entry), if one does."""
    return next((s for s in ctx.stacks if s.station == station and s.podume is not None), None)


def lying(ctx: TurnContext, name: str) -> TokenStack | None:
    """The Token Stacks entry of the Podume ``name``, if it lies at a Station."""
    return next((s for s in ctx.stacks if s.podume is not None and s.podume.name == name), None)


def in_play(ctx: TurnContext, name: str) -> bool:
    """Rule 4.2.1: whether the Podume ``name`` is in play, at a Station or possessed (a
    Nantucketed one included)."""
    possessed = any(item.name == name for player in ctx.players for item in ctx.luggage(player))
    return possessed or lying(ctx, name) is not None


def destroy(ctx: TurnContext, name: str, why: str) -> None:
    """Take the Podume ``name`` out of play wherever it is (rule 4.2.1's destructions)."""
    for player in ctx.players:
        for item in [i for i in ctx.luggage(player) if i.name == name]:
            take(ctx, item, player=player)
    entry = lying(ctx, name)
    if entry is not None:
        ctx.stacks.remove(entry)
    ctx.event("podume_destroyed", f"the {name} is destroyed: {why}", podume=name)


def may_create(ctx: TurnContext, name: str, station: str | None) -> bool:
    """Rule 4.2.1: a Podume already in play cannot be created again; no two Podumes lie at one
    Station; rule 1.11.4: nothing is placed at a Pegged Station. ``station`` is where the new
    Podume will lie (None: it goes to the creator's possession)."""
    if in_play(ctx, name):
        where = lying(ctx, name)
        owner = next((p for p in ctx.players if any(i.name == name for i in ctx.luggage(p))), "")
        place = f"lies at {where.station}" if where else f"is in {owner}'s Luggage"
        ctx.violate(
            "4.2.1",
            f"the {name} is already in play (it {place}); each Podume is "
            "Unique, so it cannot be created again",
        )
        return False
    if station is None:
        return True
    other = lying_at(ctx, station)
    if other is not None and other.podume is not None:
        ctx.violate(
            "4.2.1",
            f"the {other.podume.name} already lies at {station}, and no more "
            "than one Podume may lie at a Station",
        )
        return False
    if is_pegged(ctx, station):
        ctx.violate("1.11.4", f"{station} is Pegged; no game object may be placed there")
        return False
    return True


def put_at(ctx: TurnContext, item: Possession, station: str) -> None:
    """Lay a Podume at ``station`` (its entry goes last in the Token Stacks)."""
    ctx.stacks.append(
        TokenStack(station=station, quadrant=quadrant_of(ctx, station), marker=PODUME, podume=item)
    )


def create(ctx: TurnContext, item: Possession, station: str | None) -> None:
    """Bring a Podume into play at ``station``, or into the creator's possession."""
    if station is None:
        give(ctx, item)
        ctx.event(
            "podume_created", f"{ctx.player} creates the {item.name} and has it", podume=item.name
        )
        return
    put_at(ctx, item, station)
    ctx.event(
        "podume_created",
        f"{ctx.player} creates the {item.name}; it lies at {station}",
        podume=item.name,
        station=station,
    )


def touched(ctx: TurnContext) -> set[str]:
    """Rule 4.2.1: the Stations the player's Piece started at, passed through or ended at so
    far this Turn (only where it stands, before the Move)."""
    here = ctx.position()
    found = {here.station} if here is not None else set()
    for moving in ctx.moves:
        found.update(moving.passed_through)
        found.update(p.station for p in (moving.start, moving.end) if p is not None)
    return found


def _named(ctx: TurnContext, written: object, rule: str) -> str | None:
    name = podume_name(written.name) if isinstance(written, Possession) else None
    if name is None:
        ctx.violate(rule, f"{written} is no Podume; the Podumes are " + ", ".join(PODUMES))
    return name


@LAYER.action("Claiming Podume")
def claiming_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1: take a Podume lying at a Station the Piece reached this Turn into one's
    possession; rule 1.11.4: nothing is removed from a Pegged Station."""
    written, station = action.args
    name = _named(ctx, written, "4.2.1")
    if name is None:
        return
    entry = lying_at(ctx, str(station))
    if entry is None or entry.podume is None or entry.podume.name != name:
        ctx.violate("4.2.1", f"the {name} does not lie at {station}")
        return
    if entry.station not in touched(ctx):
        ctx.violate(
            "4.2.1",
            f"your Piece has not started at, passed through or ended at "
            f"{station} this Turn, so you cannot claim the {name}",
        )
        return
    if is_pegged(ctx, entry.station):
        ctx.violate("1.11.4", f"{station} is Pegged; nothing may be removed from it")
        return
    ctx.stacks.remove(entry)
    give(ctx, entry.podume)
    ctx.event("podume_claimed", f"{ctx.player} claims the {name} from {station}", podume=name)


@LAYER.action("Dropping Podume")
def dropping_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1: lay a Podume one carries at a Station the Piece reached this Turn, where no
    other Podume lies; rule 1.11.4: not at a Pegged Station."""
    written, station = action.args
    name = _named(ctx, written, "4.2.1")
    if name is None:
        return
    item = possesses(ctx, ctx.player, name)
    if item is None:
        ctx.violate("4.2.1", f"you do not carry the {name}")
        return
    if str(station) not in touched(ctx):
        ctx.violate(
            "4.2.1",
            f"your Piece has not started at, passed through or ended at "
            f"{station} this Turn, so the {name} cannot go there",
        )
        return
    other = lying_at(ctx, str(station))
    if other is not None and other.podume is not None:
        ctx.violate(
            "4.2.1",
            f"the {other.podume.name} already lies at {station}, and no more "
            "than one Podume may lie at a Station",
        )
        return
    if is_pegged(ctx, str(station)):
        ctx.violate("1.11.4", f"{station} is Pegged; no game object may be placed there")
        return
    take(ctx, item)
    put_at(ctx, item, str(station))
    ctx.event("podume_dropped", f"{ctx.player} drops the {name} at {station}", podume=name)


_CLAIM = re.compile(
    r"(?:^|;)\s*claim\s*:\s*(?P<what>[^;]+?)\s+from\s+(?P<who>[^;]+?)\s*(?=;|$)", re.I
)
STEALING_SHUNTS = frozenset({"Shunting"})
"""Rule 4.2.1: the Shunts that may steal a Podume: the first of a series, of a kind that lets
a Token be claimed (so no Double-Shunt, and no Dead-End, Stationary or Power Shunt)."""


def stolen(ctx: TurnContext, action: Action) -> str | None:
    """The Podume the play's comment claims from ``action``'s target, if it names one."""
    if not action.args or not ctx.play.comment:
        return None
    target = str(action.args[0]).casefold()
    for match in _CLAIM.finditer(ctx.play.comment):
        if match.group("who").casefold() == target:
            return podume_name(match.group("what").split("(")[0])
    return None


def podume_theft(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1: a Podume is stolen only by the first Shunt of a series, and only by a kind
    of Shunt that lets a Token be claimed; Volume 1's claim (rule 1.10.1) moves it."""
    if action.name not in SHUNTS or action.name in STEALING_SHUNTS:
        return
    name = stolen(ctx, action)
    if name is not None:
        ctx.violate(
            "4.2.1",
            f"the {name} may be stolen only by a Shunt that may claim a Token, "
            f"first in its series; [{action.name}] is not one",
        )


def one_podume_a_station(ctx: TurnContext) -> None:
    """Rule 4.2.1: no more than one Podume lies at a Station (a Shunt may not bring a second)."""
    seen: set[str] = set()
    for entry in ctx.stacks:
        if entry.podume is None:
            continue
        if entry.station in seen:
            ctx.violate(
                "4.2.1",
                f"two Podumes would lie at {entry.station}; no more than one Podume may lie "
                "at a Station",
            )
            return
        seen.add(entry.station)


@LAYER.after_each_action("4.2.1")
def podume_rules_after_action(ctx: TurnContext) -> None:
    """Rule 4.2.1 as each Action is done: who may steal a Podume, one Podume a Station."""
    action = current_action(ctx)
    if action is not None:
        podume_theft(ctx, action)
    one_podume_a_station(ctx)
