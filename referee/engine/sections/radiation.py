"""Radiation (rule 1.4.46): Remote Controls and the Radio Clamps they work.

Each Remote Control bears a number its buyer gives it (``Remote Control 3``), unique in the
game. Its carrier, the Controller, may Radiate a player who shares eir Station and Line (the
index's (S0,L0)): the Controllee gains ``Radio Clamp 3``, a Cursed Possession of the same
number. While the Remote Control is On, the Controller may change the Controllee's LV by up
to three either way, or command em to Move to a Station within eir LV on eir next Turn; a
Controllee whose next Move goes elsewhere while the Remote is On loses a Metallic Token. The
Controllee sheds the Clamp by [De-Radiating] beside the Controller (same Station and Line):
the Remote Control explodes, Lightly Damaging the Controller's Station (rule 1.11.3) and
destroying one of each colour of the Controller's Tokens. A Remote Control destroyed any other
way takes its Radio Clamp with it.

rules/vanilla/readings.md#r1-4-46 records the readings: which Remote a Radiating uses,
"within the LV", what "Moves to another Station" covers, which Metal is lost, and when the
numbers are checked.
"""

from __future__ import annotations

from collections import Counter

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.history import last_round
from referee.engine.possessions import carried, give, take
from referee.engine.registry import VANILLA
from referee.engine.sections.clamps import may_fasten
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.places import Destination
from referee.notation.possessions import Possession
from referee.notation.tokens import ORDER, Colour

REMOTE, CLAMP = "Remote Control", "Radio Clamp"
MOST = 3
"""Rule 1.4.46: X "may be no larger than 3"."""
METAL_LEAST_FIRST = (Colour.BR, Colour.SI, Colour.GO)
COMMAND = "Radio Clamp to"


def _items(ctx: TurnContext, name: str) -> list[tuple[str, Possession]]:
    """Every carried (not Nantucketed) ``name`` in the Luggage Rack, with its carrier."""
    return [(player, item) for player in ctx.players for item in carried(ctx, player)
            if item.name == name]  # fmt: skip


def controller(ctx: TurnContext, number: int) -> tuple[str, Possession] | None:
    """Who carries Remote Control ``number``, and the item."""
    return next(((p, i) for p, i in _items(ctx, REMOTE) if i.number == number), None)


def controllee(ctx: TurnContext, number: int) -> str | None:
    """Who carries Radio Clamp ``number``."""
    return next((p for p, i in _items(ctx, CLAMP) if i.number == number), None)


def _number(ctx: TurnContext, label: str) -> int | None:
    text = field(ctx, label)
    return int(text) if text is not None and text.strip().isdigit() else None


@VANILLA.action("Radiating")
def radiating(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.46: the named player gains the Radio Clamp of the Controller's Remote Control:
    the one named ``{remote: 3}``, else the one e carries that works no Clamp yet."""
    named = _number(ctx, "remote")
    mine = [i for i in carried(ctx) if i.name == REMOTE]
    free = [i for i in mine if i.number is not None and controllee(ctx, i.number) is None]
    remote = next((i for i in mine if i.number == named), None) if named else (
        free[0] if free else None)  # fmt: skip
    if remote is None or remote.number is None:
        ctx.violate("1.4.46", "Radiating needs a numbered Remote Control you carry that works "
                              "no Radio Clamp yet (name it: {remote: 3})")  # fmt: skip
        return
    if controllee(ctx, remote.number) is not None:
        ctx.violate("1.4.46", f"{remote.render()} already works a Radio Clamp")
        return
    target = may_fasten(ctx, action, "1.4.46")
    if target is None:
        return
    give(ctx, Possession(name=CLAMP, number=remote.number), target)
    ctx.event("clamp", f"{target} gains Radio Clamp {remote.number}", target=target,
              clamp=CLAMP)  # fmt: skip


@VANILLA.action("De-Radiating")
def de_radiating(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.46: beside eir Controller (same Station and Line) the Controllee sheds the
    Clamp (``{radio: 3}`` if e carries several); the Remote Control explodes: Light Damage at
    the Controller's Station, one of each colour of the Controller's Tokens destroyed."""
    named = _number(ctx, "radio")
    clamps = [i for i in carried(ctx) if i.name == CLAMP and named in (None, i.number)]
    if not clamps or clamps[0].number is None:
        ctx.violate("1.4.46", "[De-Radiating] removes a Radio Clamp you carry; you carry none"
                              + (f" numbered {named}" if named else ""))  # fmt: skip
        return
    clamp = clamps[0]
    found = controller(ctx, clamp.number)  # type: ignore[arg-type]
    here = ctx.position()
    there = ctx.position(found[0]) if found else None
    if (
        found is None
        or here is None
        or there is None
        or here.station != there.station
        or (here.line is not None and there.line is not None and here.line != there.line)
    ):
        who = found[0] if found else "its Controller"
        ctx.violate("1.4.46", f"[De-Radiating] is played sharing a Station and Line with "
                              f"{who}, who carries Remote Control {clamp.number}")  # fmt: skip
        return
    owner, remote = found
    take(ctx, clamp)
    take(ctx, remote, player=owner)
    if not (ctx.disrupted(there.station, "Damage") or ctx.disrupted(there.station, "*Damage*")):
        ctx.disruptions.append(Disruption(station=there.station, marker="Damage"))
    row = ctx.players[owner]
    lost = [c for c in ORDER if row.tokens[c] > 0]
    for colour in lost:
        row.tokens[colour] -= 1
    ctx.event("remote_exploded", f"Remote Control {clamp.number} explodes: {there.station} is "
              f"Lightly Damaged and {owner} loses one each of "
              f"{', '.join(c.value for c in lost) or 'nothing'}", player=owner,
              lost={c.value: 1 for c in lost})  # fmt: skip


def _working(ctx: TurnContext, action: Action) -> str | None:
    """The Controllee of the Controller's Remote ``number``, if it is carried and On."""
    number = int(str(action.args[0]))
    found = controller(ctx, number)
    if found is None or found[0] != ctx.player:
        ctx.violate("1.4.46", f"you carry no Remote Control {number}")
        return None
    if (found[1].state or "").casefold() != "on":
        ctx.violate("1.4.46", f"Remote Control {number} is Off; switch it On first "
                              f"([Remote Control {number} On], rule 1.4.33)")  # fmt: skip
        return None
    target = controllee(ctx, number)
    if target is None:
        ctx.violate("1.4.46", f"no one carries Radio Clamp {number}")
        return None
    return target


@VANILLA.action("Radio Clamp LV+X", "Radio Clamp LV-X")
def radio_lv(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.46: add or deduct X (at most three) from the Controllee's LV."""
    target = _working(ctx, action)
    if target is None:
        return
    amount = int(str(action.args[1]))
    if not 1 <= amount <= MOST:
        ctx.violate("1.4.46", f"a Radio Clamp changes LV by 1 to {MOST}, not {amount}")
        return
    sign = 1 if action.name == "Radio Clamp LV+X" else -1
    ctx.set_lv(ctx.players[target].lv + sign * amount, player=target)


@VANILLA.action(COMMAND)
def radio_command(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.46: command the Controllee to Move to a Station no farther than eir LV (by the
    fewest Stations) on eir next Turn."""
    target = _working(ctx, action)
    if target is None:
        return
    where = action.args[1]
    assert isinstance(where, Destination)
    here = ctx.position(target)
    reach = ctx.players[target].lv
    distance = ctx.network.distances.route_distance(here.station, where.station) if here else None
    if distance is None or distance > reach:
        ctx.violate("1.4.46", f"{where.station} is not within {target}'s LV of {reach} Stations"
                              f" from {here.station if here else 'nowhere'}")  # fmt: skip
        return
    ctx.event("radio_command", f"{target} is commanded to Move to {where.station}",
              target=target, station=where.station)  # fmt: skip


def _least_metal(ctx: TurnContext) -> Colour | None:
    named = field(ctx, "radio metal")
    tokens = ctx.me.tokens
    if named is not None:
        colour = Colour.parse(named)
        return colour if colour in METAL_LEAST_FIRST and tokens[colour] else None
    return next((c for c in METAL_LEAST_FIRST if tokens[c]), None)


@VANILLA.at_end("1.4.46")
def obeyed(ctx: TurnContext) -> None:
    """Rule 1.4.46: a Controllee commanded since eir last Turn whose Move did not end at the
    commanded Station (a Pass or Timeout included), the Remote being On, loses one Metallic
    Token: ``{radio metal: Si}``, else the least valuable e holds."""
    mine = {i.number for i in carried(ctx) if i.name == CLAMP}
    if not mine:
        return
    for play in last_round(ctx.before, ctx.player):
        if play.player == ctx.player:
            continue
        for action in play.actions:
            if action.name != COMMAND or int(str(action.args[0])) not in mine:
                continue
            found = controller(ctx, int(str(action.args[0])))
            if found is None or (found[1].state or "").casefold() != "on":
                continue
            where = action.args[1]
            assert isinstance(where, Destination)
            ends = [m.end.station for m in ctx.moves if m.end is not None]
            if where.station in ends:
                continue
            colour = _least_metal(ctx)
            if colour is not None:
                ctx.me.tokens[colour] -= 1
                text = f"not Moving to {where.station} as commanded: lost one {colour.word}"
                ctx.event("tokens_lost", text, tokens={colour.value: 1})


@VANILLA.at_end("1.4.46")
def remotes_and_clamps(ctx: TurnContext) -> None:
    """Rule 1.4.46: a Remote Control bought this Turn bears a number no other Remote Control
    has; a Radio Clamp whose Remote Control is gone (not in the Rack, nor the Lost & Found
    Box) is destroyed with it."""
    if not any(i.name in (REMOTE, CLAMP) for items in ctx.rack.values() for i in items):
        return
    before = Counter((e.player, i.number) for e in ctx.before.rack for i in e.possessions
                     if i.name == REMOTE)  # fmt: skip
    everywhere = [(p, i) for p in ctx.players for i in ctx.luggage(p) if i.name == REMOTE]
    boxed = [i for i in ctx.current("lost_and_found") if i.name == REMOTE]
    numbers = [i.number for _, i in everywhere] + [i.number for i in boxed]
    now = Counter((p, i.number) for p, i in everywhere)
    for (player, number), count in now.items():
        if count <= before[(player, number)]:
            continue
        if number is None or numbers.count(number) > 1:
            ctx.violate("1.4.46", "a Remote Control bought is given a number no other has: "
                                  "write e.g. [Purchasing Remote Control 7]")  # fmt: skip
    for player in ctx.players:
        for item in [i for i in ctx.luggage(player) if i.name == CLAMP]:
            if item.number not in numbers:
                take(ctx, item, player=player)
                ctx.event("clamp_shed", f"Radio Clamp {item.number} goes with its Remote "
                                        "Control", player=player)  # fmt: skip
