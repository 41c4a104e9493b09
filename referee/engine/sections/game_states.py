"""Game States (section 1.8) that a bare phrase in Disruptions records.

Rule 1.8.3 - Bridges: Up or Down; Up is written ``Bridges Up`` (the Move check lives in
:mod:`referee.engine.sections.obstacles`).
Rule 1.8.4 - Knip: ``In Knip``; while in Knip no Action that spends Tokens may be played,
[Out of Knip] and [Line Change] excepted.
Rule 1.8.7 - Gapminding: ``Gapminding``; no [Line Change] then unless one carries a Book.
Rule 1.8.10 - Sgronk!: ``Sgronk``; no Move may pass through a Station with a Token Stack, and
the state ends as soon as no Stack holds two or more Tokens.
Rule 1.8.11 - Charge Spiral: ``Charge In`` forbids a Move that raises the mover's Charge,
``Charge Out`` one that lowers it; each ends when a Piece rests at the end of a Turn at
Tottenham Court Road (In), or at a Terminus with a Current of 70 or more (Out).

Playing an Action that sets a state already in force (or clears one not in force) is allowed,
pays its cost and changes nothing (rules/vanilla/readings.md#general).
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.context import MoveContext, TurnContext, line_changed
from referee.engine.registry import VANILLA
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.tokens import Colour

BRIDGES_UP = "Bridges Up"
IN_KNIP = "In Knip"
GAPMINDING = "Gapminding"
SGRONK = "Sgronk"
CHARGE_IN = "Charge In"
CHARGE_OUT = "Charge Out"


def in_state(ctx: TurnContext, flag: str) -> bool:
    """Whether Disruptions hold the bare state ``flag`` now."""
    return any(d.flag == flag for d in ctx.disruptions)


def enter_state(ctx: TurnContext, flag: str, rule: str) -> None:
    """Write ``flag`` into Disruptions (once: a state is in force or not)."""
    if in_state(ctx, flag):
        ctx.event("state", f"{flag} was already in force (rule {rule})", state=flag)
        return
    ctx.disruptions.append(Disruption(flag=flag))
    ctx.event("state", f"the Game is now {flag} (rule {rule})", state=flag)


def leave_state(ctx: TurnContext, flag: str, rule: str) -> None:
    """Remove ``flag`` from Disruptions."""
    if not in_state(ctx, flag):
        ctx.event("state", f"{flag} was not in force (rule {rule})", state=flag)
        return
    ctx.disruptions[:] = [d for d in ctx.disruptions if d.flag != flag]
    ctx.event("state", f"{flag} has ended (rule {rule})", state=flag)


def carries(ctx: TurnContext, word: str, player: str | None = None) -> bool:
    """Whether the player's Luggage Rack holds a Possession whose name has ``word`` in it."""
    who = player or ctx.player
    for entry in ctx.current("rack"):
        if entry.player == who:
            return any(word in p.name.casefold().split() for p in entry.possessions)
    return False


# -- Rule 1.8.3 ------------------------------------------------------------------------------


@VANILLA.action("Bridges Up")
def bridges_up(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.3 - Bridges: raise the Bridges; no Move may then cross the Thames."""
    enter_state(ctx, BRIDGES_UP, "1.8.3")


@VANILLA.action("Bridges Down")
def bridges_down(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.3 - Bridges: lower the Bridges; Moves may cross the Thames again."""
    leave_state(ctx, BRIDGES_UP, "1.8.3")


# -- Rule 1.8.4 ------------------------------------------------------------------------------


@VANILLA.action("Into Knip")
def into_knip(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.4 - Knip: put the Game in Knip (paid before the state begins)."""
    enter_state(ctx, IN_KNIP, "1.8.4")


@VANILLA.action("Out of Knip")
def out_of_knip(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.4 - Knip: take the Game out of Knip."""
    leave_state(ctx, IN_KNIP, "1.8.4")


KNIP_EXEMPT = frozenset({"Out of Knip", "Line Change"})


@VANILLA.cost_rule("1.8.4")
def knip_forbids_spending(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.8.4 - Knip: in Knip, an Action that spends Tokens is not allowed, save
    [Out of Knip] and [Line Change]. Runs after the rules that make an Action free (a
    Newspaper's [Walking], rule 1.4.32: rules/vanilla/hooks.toml), so it sees what is
    really spent."""
    if not in_state(ctx, IN_KNIP) or not any(counts.values()):
        return counts
    if spec is not None and spec.name in KNIP_EXEMPT:
        return counts
    charges = ctx.charges()
    if charges.has("1.8.4"):
        return counts  # one report an Action, however many parts its cost is paid in
    charges.note("1.8.4")
    what = f"[{spec.name}]" if spec is not None else "this Action"
    ctx.violate("1.8.4", f"the Game is In Knip, so {what} may not spend Tokens; play "
                         "[Out of Knip] first")  # fmt: skip
    return counts


# -- Rule 1.8.7 ------------------------------------------------------------------------------


@VANILLA.action("Mind the Gap")
def mind_the_gap(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.7 - Gapminding: begin Gapminding; Line Changes need a Book."""
    enter_state(ctx, GAPMINDING, "1.8.7")


@VANILLA.action("Ignore the Gap")
def ignore_the_gap(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.7 - Gapminding: end Gapminding."""
    leave_state(ctx, GAPMINDING, "1.8.7")


@VANILLA.move_check("1.8.7")
def gapminding(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.7 - Gapminding: a Move that changes Line (so needs [Line Change]) is not
    allowed while Gapminding unless the mover carries a Book."""
    if moving.route is None or moving.start is None or not in_state(ctx, GAPMINDING):
        return
    if line_changed(moving.route, moving.start) and not carries(ctx, "book"):
        ctx.violate("1.8.7", "the Game is Gapminding, so you may not change Line without "
                             "carrying a Book; stay on one Line")  # fmt: skip


@VANILLA.cost_rule("1.8.7")
def gapminding_written_line_change(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 1.8.7 - Gapminding: a written [Line Change] is refused too (a Move's implied one
    is judged by the Move check, which may pick a route with no change)."""
    if (spec is not None and spec.name == "Line Change" and ctx.phase != "move"
            and in_state(ctx, GAPMINDING) and not carries(ctx, "book")):  # fmt: skip
        ctx.violate("1.8.7", "the Game is Gapminding, so [Line Change] may not be played "
                             "unless you carry a Book")  # fmt: skip
    return counts


# -- Rule 1.8.10 -----------------------------------------------------------------------------


def _stacked(ctx: TurnContext) -> set[str]:
    return {s.station for s in ctx.stacks if s.marker is None and s.tokens}


@VANILLA.action("Sgronk!")
def sgronk(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.10 - Sgronk!: put the Game in Sgronk (it ends at once if no Stack holds two
    or more Tokens; see :func:`sgronk_ends`)."""
    enter_state(ctx, SGRONK, "1.8.10")
    sgronk_ends(ctx)


@VANILLA.move_check("1.8.10")
def sgronked(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.10 - Sgronk!: in Sgronk no Move passes through a Station with a Token Stack."""
    if not in_state(ctx, SGRONK):
        return
    stacked = _stacked(ctx)
    for station in moving.passed_through:
        if station in stacked:
            ctx.violate("1.8.10", f"the Game is in Sgronk and {station} has a Token Stack; "
                                  "your Move cannot pass through it")  # fmt: skip
            return


@VANILLA.at_start("1.8.10")
@VANILLA.at_end("1.8.10")
def sgronk_ends(ctx: TurnContext) -> None:
    """Rule 1.8.10 - Sgronk!: Sgronk ends whenever no Token Stack holds two or more Tokens (checked
    when it begins and at the start and end of every Turn)."""
    if in_state(ctx, SGRONK) and not any(
        s.marker is None and len(s.tokens) >= 2 for s in ctx.stacks
    ):
        leave_state(ctx, SGRONK, "1.8.10")


# -- Rule 1.8.11 -----------------------------------------------------------------------------


@VANILLA.action("Charge Spiral")
def charge_spiral(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.11 - Charge Spiral: the rule names only the two forms; a bare one is refused."""
    ctx.violate("1.8.11", "say which Charge Spiral: write [Charge Spiral Inwards] or "
                          "[Charge Spiral Outwards]")  # fmt: skip


@VANILLA.action("Charge Spiral Inwards")
def charge_spiral_inwards(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.11 - Charge Spiral: Inwards, no Move may raise its Piece's Charge."""
    enter_state(ctx, CHARGE_IN, "1.8.11")


@VANILLA.action("Charge Spiral Outwards")
def charge_spiral_outwards(ctx: TurnContext, action: Action) -> None:
    """Rule 1.8.11 - Charge Spiral: Outwards, no Move may lower its Piece's Charge."""
    enter_state(ctx, CHARGE_OUT, "1.8.11")


@VANILLA.move_check("1.8.11")
def charge_spirals(ctx: TurnContext, moving: MoveContext) -> None:
    """Rule 1.8.11 - Charge Spiral: a Move's Charge change is its end Current minus its start
    Current (rule 1.19.2); Inwards forbids a rise, Outwards a fall. A Translocation moves no
    Charge."""
    if moving.start is None or moving.end is None:
        return
    if moving.special and moving.move.destination is None:
        return  # a Translocation (rule 1.5.13) leaves Charge alone
    facts = ctx.network.facts
    if moving.start.station not in facts or moving.end.station not in facts:
        return
    change = facts[moving.end.station].current - facts[moving.start.station].current
    if change > 0 and in_state(ctx, CHARGE_IN):
        ctx.violate("1.8.11", f"a Charge Spiral Inwards is in effect and your Move would raise "
                              f"your Charge by {change}; move to a lower Current")  # fmt: skip
    if change < 0 and in_state(ctx, CHARGE_OUT):
        ctx.violate("1.8.11", f"a Charge Spiral Outwards is in effect and your Move would lower "
                              f"your Charge by {-change}; move to a higher Current")  # fmt: skip


SPIRAL_CENTRE = "Tottenham Court Road"
OUTWARD_CURRENT = 70


@VANILLA.at_end("1.8.11")
def charge_spirals_end(ctx: TurnContext) -> None:
    """Rule 1.8.11 - Charge Spiral: a Spiral Inwards ends when any Piece rests at Tottenham Court
    Road at the end of a Turn; Outwards when one rests at a Terminus whose Current is 70 or
    more."""
    resting: Mapping[str, object] = {p.station: p for p in ctx.positions.values()}
    facts = ctx.network.facts
    if in_state(ctx, CHARGE_IN) and SPIRAL_CENTRE in resting:
        leave_state(ctx, CHARGE_IN, "1.8.11")
    if in_state(ctx, CHARGE_OUT) and any(
        s in facts and facts[s].terminus and facts[s].current >= OUTWARD_CURRENT for s in resting
    ):
        leave_state(ctx, CHARGE_OUT, "1.8.11")
