"""Clamps (rules 1.4.39, 1.4.41-1.4.44, 1.4.47): Cursed Possessions fastened on another player.

Each Clamp here is given by a Post-Move Action naming a player who shares the giver's Station
and Line (the index's (S0,L0), which the pipeline checks, rule 1.17.9), hampers its carrier
in its own way, and is shed by an Action at a kind of Station its rule names:

- Rule 1.4.39 - Spoon Clamp: its carrier may spend no Blue, Red, Silver or Gold on an Action,
  and eir LV never rises above four; [Unspoon] sheds it in Quadrant Zero.
- Rule 1.4.41 - Green Clamp: its carrier's Turn is Illegal unless it [Recycling]s;
  [Degreening] sheds it at a Green Station.
- Rule 1.4.42 - Freem Clamp: its carrier's Moves may not pass through an Interchange of more
  than two Lines, and e may not Shunt or Straddle; [Freem-away!] sheds it beyond Zone 4.
- Rule 1.4.43 - Knid Clamp: its carrier may not [Opening MC] nor make a Special Move, and
  eir Home Station is Open to everyone, Toll-free; [De-Knidding] sheds it at eir Home.
- Rule 1.4.44 - Toff Clamp: its carrier's every Standard Move must end nearer (by the
  fewest Stations) to where e began eir last Turn before being Toffed; [De-Toffing] sheds it
  there. That Station is read from the record.

Rule 1.4.47 - Number Six: a player carrying a Prison Clamp may not be targeted (a target check
the pipeline asks for every Action naming a player, as it asks rule 1.11.7's Sanctuary). A
Clamp works while carried (a Nantucketed one is not, rule 1.4.15); one shed mid-Turn stops
binding from that Action on. The Velocity Bomb, the Narg Clamp (narg.py), the Magno-Clamp
(magno.py) and the Radio Clamp (radiation.py) have their own modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from referee.engine.comments import field, field_of
from referee.engine.context import MoveContext, TurnContext
from referee.engine.history import derive
from referee.engine.possessions import carried, give, take
from referee.engine.registry import VANILLA
from referee.engine.sections.lost_and_found import sent_to_the_tower
from referee.engine.sections.targeting import SHUNTS
from referee.network.categories import Category
from referee.network.mapfile import StationKind
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.plays import MoveKind, Play
from referee.notation.possessions import Possession
from referee.notation.tokens import ORDER, Colour
from referee.quoting import excerpt

SPOON, GREEN, FREEM, KNID, TOFF, PRISON = (
    "Spoon Clamp", "Green Clamp", "Freem Clamp", "Knid Clamp", "Toff Clamp", "Prison Clamp",
)  # fmt: skip
GIVEN_BY: dict[str, tuple[str, str]] = {
    "Spooning": (SPOON, "1.4.39"),
    "Greening": (GREEN, "1.4.41"),
    "Freeming": (FREEM, "1.4.42"),
    "Knidding": (KNID, "1.4.43"),
    "Toffing": (TOFF, "1.4.44"),
}
_NOT_CHOSEN = frozenset({MoveKind.TIMEOUT, MoveKind.FARKLE})
SPOON_LV = 4
SPOONED_COLOURS = (Colour.BU, Colour.RE, Colour.SI, Colour.GO)
FREEM_LINES = 2
FREEM_ZONE = 4


def carrying(ctx: TurnContext, clamp: str, player: str | None = None) -> bool:
    """Whether a player carries at least one ``clamp`` now."""
    return any(item.name == clamp for item in carried(ctx, player))


def _carried_at_start(ctx: TurnContext, clamp: str) -> bool:
    entry = next((e for e in ctx.before.rack if e.player == ctx.player), None)
    return entry is not None and any(
        item.name == clamp and not item.nantucketed for item in entry.possessions
    )


def _done_while_carrying(ctx: TurnContext, clamp: str, shed_by: str) -> list[str]:
    """The Actions of this Turn done before the Clamp carried at its start was shed."""
    if not _carried_at_start(ctx, clamp):
        return []
    done = ctx.done
    return done[: done.index(shed_by)] if shed_by in done else list(done)


def may_fasten(ctx: TurnContext, action: Action, rule: str) -> str | None:
    """The player ``action`` fastens a Cursed Possession on, if e may be: another player on
    the Map (Sanctuary, rule 1.11.7, and the Prison Clamp, rule 1.4.47, are the pipeline's
    target checks, so a handler never sees a protected target)."""
    target = str(action.args[0])
    written = action.render(ctx.index)
    there = ctx.position(target) if target in ctx.players else None
    if target == ctx.player or there is None:
        ctx.violate(rule, f"{written} names another player whose Piece is on the Map")
        return None
    return target


PRISON_ROUNDS = 2
"""Rule 1.4.47: a Prison Clamp carried for more than this many Rounds is destroyed."""


@VANILLA.move_check("1.4.47")
def prisoners_pass(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.47 - Number Six: a player carrying a Prison Clamp plays no Move but a Pass (a
    Timeout or Farkle is not played by em, so it stands)."""
    if moving.move.kind in _NOT_CHOSEN or not carrying(ctx, PRISON):
        return
    if moving.route is not None or moving.special:
        ctx.violate("1.4.47", "you carry a Prison Clamp, so your Move must be a Pass")


@VANILLA.at_start("1.4.47")
def prison_term_served(ctx: TurnContext) -> None:
    """Rule 1.4.47: at the start of eir Turn, a Prison Clamp its carrier has held for more
    than two Rounds is destroyed. One gained in a Turn (a [Finding] that Sent em to the
    Tower) is held less than two Rounds when each of eir next two Turns starts, and more when
    the third starts; so it goes once e has played two Turns since."""
    if not carrying(ctx, PRISON):
        return
    own = (p for p in reversed(ctx.before.record) if isinstance(p, Play) and p.player == ctx.player)
    sentenced = next(islice(own, PRISON_ROUNDS, None), None)
    if sentenced is None or not sent_to_the_tower(sentenced):
        return
    item = next(i for i in carried(ctx) if i.name == PRISON)
    take(ctx, item)
    ctx.event("clamp_shed", f"{ctx.player}'s Prison Clamp is destroyed after two Rounds",
              clamp=PRISON)  # fmt: skip


@VANILLA.target_check("1.4.47")
def prisoners_untargeted(ctx: TurnContext, action: Action, target: str) -> bool:
    """Rule 1.4.47 - Number Six: a player carrying a Prison Clamp may not be targeted; asked
    by the pipeline for every Action naming a player (``targets.aimed_at``)."""
    if carrying(ctx, PRISON, target):
        ctx.violate("1.4.47", f"{target} carries a Prison Clamp and may not be targeted by "
                              f"{action.render(ctx.index)}")  # fmt: skip
        return False
    return True


@VANILLA.action(*GIVEN_BY)
def clamping(ctx: TurnContext, action: Action) -> None:
    """Rules 1.4.39, 1.4.41-1.4.44: the named player gains the Action's Clamp (see
    :func:`may_fasten` for whom)."""
    clamp, rule = GIVEN_BY[action.name]
    target = may_fasten(ctx, action, rule)
    if target is None:
        return
    give(ctx, Possession(name=clamp), target)
    ctx.event("clamp", f"{target} gains a {clamp}", target=target, clamp=clamp)
    if clamp == SPOON:
        ctx.set_lv(ctx.players[target].lv, player=target)


def shed_clamp(ctx: TurnContext, clamp: str, rule: str, written: str) -> None:
    """The Action ``written`` destroys one ``clamp`` its player carries (each Clamp's own
    shedding Action, rules 1.4.39-1.4.45), or cites ``rule`` if e carries none."""
    item = next((i for i in carried(ctx) if i.name == clamp), None)
    if item is None:
        ctx.violate(rule, f"{written} destroys a {clamp} you carry; you carry none")
        return
    take(ctx, item)
    ctx.event("clamp_shed", f"{ctx.player}'s {clamp} is destroyed", clamp=clamp)


def _at(ctx: TurnContext, rule: str, written: str, where: str, ok: bool) -> bool:
    if not ok:
        here = ctx.position()
        ctx.violate(rule, f"{written} is played {where}; your Piece is at "
                          f"{here.render() if here else 'no Station'}")  # fmt: skip
    return ok


# -- Rule 1.4.39 - Open the Cutlery Drawer, Mrs Higgins ----------------------------------------


@VANILLA.action("Unspoon")
def unspoon(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.39: destroys one Spoon Clamp at a Station of Quadrant Zero (a boundary Station
    is in every Quadrant it touches). Its price is one Token of any colour: the comment's
    ``unspoon: <colour>``, else the first the player holds in Token Table order."""
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    if not _at(ctx, "1.4.39", "[Unspoon]", "in Quadrant Zero", facts is not None
               and 0 in facts.quadrants):  # fmt: skip
        return
    colour = _any_colour(ctx, "unspoon")
    if colour is None:
        return
    if ctx.pay({colour: 1}, "[Unspoon]", "1.4.39", ctx.spec("Unspoon")):
        shed_clamp(ctx, SPOON, "1.4.39", "[Unspoon]")


def _any_colour(ctx: TurnContext, label: str) -> Colour | None:
    text = field(ctx, label)
    if text is not None:
        try:
            return Colour.parse(text)
        except NotationError:
            ctx.violate("1.4.39", f"'{excerpt(text)}' in your comment's '{label}:' is not a colour")
            return None
    held = next((c for c in ORDER if ctx.me.tokens[c] > 0), None)
    if held is None:
        ctx.violate("1.4.39", "[Unspoon] costs one Token of any colour; you hold none")
    return held


@VANILLA.cost_rule("1.4.39")
def spoon_spending(ctx: TurnContext, spec: ActionSpec | None,
                   counts: dict[Colour, int]) -> dict[Colour, int]:  # fmt: skip
    """Rule 1.4.39: a Spoon Clamp's carrier may perform no Action that spends Blue, Red,
    Silver or Gold."""
    if spec is not None and carrying(ctx, SPOON):
        spent = [c.word for c in SPOONED_COLOURS if counts.get(c, 0) > 0]
        if spent:
            ctx.violate("1.4.39", f"[{spec.name}] spends {', '.join(spent)}; a Spoon Clamp "
                                  "forbids spending Blue, Red, Silver or Gold")  # fmt: skip
    return counts


@VANILLA.lv_rule("1.4.39")
def spoon_cap(ctx: TurnContext, player: str, lv: int) -> int:
    """Rule 1.4.39: a Spoon Clamp's carrier whose LV would rise above four has LV four."""
    return min(lv, SPOON_LV) if carrying(ctx, SPOON, player) else lv


# -- Rule 1.4.41 - The Green Clamp -------------------------------------------------------------


@VANILLA.action("Degreening")
def degreening(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.41: destroys one Green Clamp at a Green Station."""
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    if _at(ctx, "1.4.41", "[Degreening]", "at a Green Station", facts is not None
           and Category.GREEN in facts.categories):  # fmt: skip
        shed_clamp(ctx, GREEN, "1.4.41", "[Degreening]")


@VANILLA.at_end("1.4.41")
def green_recycles(ctx: TurnContext) -> None:
    """Rule 1.4.41: a Turn that ends with its player carrying a Green Clamp must [Recycling]."""
    if carrying(ctx, GREEN) and "Recycling" not in ctx.done:
        ctx.violate("1.4.41", "you carry a Green Clamp, so your Turn must include [Recycling] "
                              "(or [Degreening] at a Green Station)")  # fmt: skip


# -- Rule 1.4.42 - The Freem Clamp -------------------------------------------------------------


@VANILLA.action("Freem-away!")
def freem_away(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.42: destroys one Freem Clamp at a Station in a Zone beyond Zone 4."""
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    if _at(ctx, "1.4.42", "[Freem-away!]", "in a Zone outside Zone 4", facts is not None
           and any(z > FREEM_ZONE for z in facts.zones)):  # fmt: skip
        shed_clamp(ctx, FREEM, "1.4.42", "[Freem-away!]")


@VANILLA.move_check("1.4.42")
def freem_interchanges(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.42: a Freem Clamp's carrier's Move may not pass through an Interchange that
    more than two Lines serve (starting or ending at one is not passing through it)."""
    if not carrying(ctx, FREEM):
        return
    for station in moving.passed_through:
        facts = ctx.network.facts[station]
        if facts.kind is StationKind.INTERCHANGE and len(facts.lines) > FREEM_LINES:
            lines = len(facts.lines)
            ctx.violate("1.4.42", f"your Move passes through {station}, an Interchange of "
                                  f"{lines} Lines, which a Freem Clamp forbids")  # fmt: skip
            return


@VANILLA.at_end("1.4.42")
def freem_no_shunts(ctx: TurnContext) -> None:
    """Rule 1.4.42: a Freem Clamp's carrier may not Shunt or Straddle."""
    for name in _done_while_carrying(ctx, FREEM, "Freem-away!"):
        if name in (*SHUNTS, "Double-Shunting", "Straddling"):
            ctx.violate("1.4.42", f"you carry a Freem Clamp, which forbids [{name}]")
            return


# -- Rule 1.4.43 - Vermicious Knids ------------------------------------------------------------


@VANILLA.action("De-Knidding")
def de_knidding(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.43: destroys one Knid Clamp at the player's own Home Station."""
    here = ctx.position()
    home = ctx.me.home
    if _at(ctx, "1.4.43", "[De-Knidding]", f"at your Home Station ({home or 'none'})",
           here is not None and home is not None and here.station == home):  # fmt: skip
        shed_clamp(ctx, KNID, "1.4.43", "[De-Knidding]")


@VANILLA.at_end("1.4.43")
def knid_forbids(ctx: TurnContext) -> None:
    """Rule 1.4.43: a Knid Clamp's carrier may not play [Opening MC] nor make a Special Move."""
    if "Opening MC" in _done_while_carrying(ctx, KNID, "De-Knidding"):
        ctx.violate("1.4.43", "you carry a Knid Clamp, which forbids [Opening MC]")
    if _carried_at_start(ctx, KNID) and any(e.kind == "special_move" for e in ctx.events):
        ctx.violate("1.4.43", "you carry a Knid Clamp, which forbids Special Moves")


@VANILLA.at_start("1.4.43")
def knidded_homes_open(ctx: TurnContext) -> None:
    """Rule 1.4.43: a Knid Clamp's carrier's Home Station is Open to every player, Toll-free
    (as if Rent were paid: ``ctx.homes_open``, which the Home Station check reads)."""
    for name, player in ctx.players.items():
        if name != ctx.player and player.home and carrying(ctx, KNID, name):
            ctx.homes_open.add(name)


# -- Rule 1.4.44 - Consider Yourself Toffed ----------------------------------------------------

TOFF_UNKNOWN = "Toff Clamp (its Toffing is not in the record)"
"""Named as not adjudicated when the Station a Toff Clamp measures from cannot be read."""


def toff_station(ctx: TurnContext) -> str | None:
    """Rule 1.4.44: where the player began eir last Turn before the latest play that Toffed em
    (or Knerdled a Toff Clamp to em); where eir Piece stood then if e had no Turn before."""
    toffed_from = ctx.state(_ToffedFrom)
    if toffed_from.known:
        return toffed_from.station
    plays = ctx.before.plays
    toffed = next((k for k in range(len(plays) - 1, -1, -1) if _toffs(plays[k], ctx.player)),
                  None)  # fmt: skip
    found: str | None = None
    if toffed is not None:
        mine = [j for j in range(toffed) if plays[j].player == ctx.player]
        upto = plays[mine[-1]] if mine else plays[toffed]
        cut = next(i for i, entry in enumerate(ctx.before.record) if entry is upto)
        earlier = ctx.before.model_copy(update={"record": ctx.before.record[:cut]})
        where = derive(earlier, ctx.ruleset.registry()).positions.get(ctx.player)
        found = where.station if where is not None else None
    toffed_from.known, toffed_from.station = True, found
    return found


@dataclass
class _ToffedFrom:
    """The Station :func:`toff_station` found, read from the record once a Turn."""

    known: bool = False
    station: str | None = None


def _toffs(play: Play, player: str) -> bool:
    for action in play.actions:
        if not action.args or str(action.args[0]) != player:
            continue
        if action.name == "Toffing":
            return True
        named = field_of(play, "knerdling") if action.name == "Knerdling" else None
        if named is not None and named.strip().casefold() == TOFF.casefold():
            return True
    return False


def _known_toff_station(ctx: TurnContext) -> str | None:
    target = toff_station(ctx)
    if target is None:
        ctx.not_adjudicated(TOFF_UNKNOWN, "rule 1.4.44 measures from where the carrier stood "
                            "before being Toffed, and this game's record does not hold the "
                            "Toffing")  # fmt: skip
    return target


@VANILLA.move_check("1.4.44")
def toff_closer(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.4.44: a Toff Clamp's carrier's Standard Move (not a Pass, Timeout or Special
    Move) must leave em nearer than it began to the Toff Station."""
    if moving.route is None or moving.start is None or moving.end is None:
        return
    if not carrying(ctx, TOFF):
        return
    target = _known_toff_station(ctx)
    if target is None:
        return
    distance = ctx.network.distances.route_distance
    before, after = distance(moving.start.station, target), distance(moving.end.station, target)
    if before is not None and after is not None and after >= before:
        ctx.violate("1.4.44", f"you carry a Toff Clamp: your Move must end nearer to {target} "
                              f"than {moving.start.station} ({before} Stations), but "
                              f"{moving.end.station} is {after}")  # fmt: skip


@VANILLA.action("De-Toffing")
def de_toffing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.4.44: destroys the Toff Clamp at the Station it measures from."""
    here = ctx.position()
    if not carrying(ctx, TOFF):
        shed_clamp(ctx, TOFF, "1.4.44", "[De-Toffing]")
        return
    target = _known_toff_station(ctx)
    if target is not None and _at(ctx, "1.4.44", "[De-Toffing]", f"at {target}",
           here is not None and here.station == target):  # fmt: skip
        shed_clamp(ctx, TOFF, "1.4.44", "[De-Toffing]")
