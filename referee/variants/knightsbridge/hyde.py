"""The Hyde Podume, Dr. Jekyll and Mr. Hyde (rule 4.2.1.5 - Jekyll and Hyde Park).

[Creating Hyde Podume] (three Red) at Hyde Park Corner puts the Hyde Podume in its creator's
possession, with one Hyde Counter on its State card. Whoever holds it is Dr. Jekyll, who Cowers
for free, or, for one Round after a [Hyde Transformation], Mr. Hyde. The Transformation costs
as many Red as the card has Hyde Counters and adds one. Mr. Hyde's Lines at their starting
Speed Limit admit LV 12, [LV+X] and [LV-X] go up to four free or five for one Black, e may not
Cower, and a Shield Podume in eir possession is destroyed.

The card and its counters go with the Podume, so the counters are written as its state
(``Hyde Podume (2 Hyde Counters)``); the State is its holder's, so Dr. Jekyll is simply
holding it and Mr. Hyde a Disruptions entry (``Mr. Hyde: Garden``) that lasts one Round as
rule 1.3.0 defines it (to the end of the same phase of eir next Turn: the Pre-Move phase if e
transformed before eir Move, the Post-Move phase if after), or until e no longer holds the
Podume. Our copy of the rule breaks off in the
middle of what Mr. Hyde does to the Aggressive Actions aimed at em; such an Action is answered
as not adjudicated, by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.engine.context import TurnContext
from referee.engine.history import last_round
from referee.engine.sections.cowering import COWERING, current_action, targets
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.plays import Move
from referee.notation.podumes import HYDE, SHIELD, hyde_counters_text
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour
from referee.variants.knightsbridge.layer import LAYER
from referee.variants.knightsbridge.podumes import (
    aggressive,
    create,
    destroy,
    may_create,
    possesses,
)

HYDE_PARK_CORNER = "Hyde Park Corner"
MR_HYDE = "Mr. Hyde"
TRANSFORMATION = "Hyde Transformation"
HYDE_FREE_STEP = 4
AIMED_AT_HYDE = "{action} aimed at Mr. Hyde"
"""The case named as not adjudicated: what the rule says of it is missing from our text."""
WHY_NOT_HYDE = (
    "rule 4.2.1.5's text breaks off in the middle of the sentence that says what becomes of "
    "Aggressive Actions aimed at Mr. Hyde, so what this one does cannot be known"
)
_DIGITS = re.compile(r"\d+")


def counters(item: Possession) -> int:
    """The Hyde Counters on the card (one if the state does not say)."""
    found = _DIGITS.search(item.state or "")
    return int(found.group()) if found else 1


@dataclass
class HydeRound:
    """Where in this Turn the Round of the player's own Mr. Hyde ends (rule 1.3.0)."""

    at_move: bool = False
    """Transformed before eir last Move: Mr. Hyde until this Turn's Pre-Move phase is over."""
    at_end: bool = False
    """Transformed after it: Mr. Hyde until this Turn's Post-Move phase is over."""


def transformed_before_the_move(ctx: TurnContext) -> bool:
    """Whether the player's last play made eir [Hyde Transformation] before its Move. A record
    without it (a GSD begun mid-game) is read as after, Volume 1's phase for the Action (rule
    1.7.38's index entry)."""
    window = last_round(ctx.before, ctx.player)
    if not window or window[0].player != ctx.player:
        return False
    for part in window[0].parts:
        if isinstance(part, Move):
            return False
        if part.name == TRANSFORMATION:
            return True
    return False


def _lapse(ctx: TurnContext) -> None:
    """End the player's own Mr. Hyde once its Round is over (rule 1.3.0: to the same phase of
    the next Turn, phases rounded up)."""
    round_ = ctx.state(HydeRound)
    if round_.at_move and ctx.phase != "pre":
        round_.at_move = False
        _revert(ctx)


def _revert(ctx: TurnContext) -> None:
    entry = _entry(ctx, ctx.player, lapse=False)
    if entry is not None:
        ctx.disruptions.remove(entry)
        ctx.event("player_state_shed", f"{ctx.player} is Dr. Jekyll again", state=MR_HYDE)


def _entry(ctx: TurnContext, player: str, *, lapse: bool = True) -> Disruption | None:
    if lapse:
        _lapse(ctx)
    key = player.casefold()
    return next(
        (
            d
            for d in ctx.disruptions
            if d.flag == MR_HYDE and d.player is not None and d.player.casefold() == key
        ),
        None,
    )


def is_mr_hyde(ctx: TurnContext, player: str) -> bool:
    """Whether ``player`` is Mr. Hyde now: holds the Hyde Podume, transformed this Round."""
    return _entry(ctx, player) is not None and possesses(ctx, player, HYDE) is not None


def is_dr_jekyll(ctx: TurnContext, player: str) -> bool:
    """Whether ``player`` is Dr. Jekyll now: holds the Hyde Podume and is not Mr. Hyde."""
    return possesses(ctx, player, HYDE) is not None and _entry(ctx, player) is None


@LAYER.action("Creating Hyde Podume")
def creating_hyde_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.5: at Hyde Park Corner; the creator holds it as Dr. Jekyll, one counter."""
    here = ctx.position()
    if here is None or here.station != HYDE_PARK_CORNER:
        ctx.violate(
            "4.2.1.5",
            "the Hyde Podume is created at Hyde Park Corner; you are at "
            f"{here.station if here else 'no Station'}",
        )
        return
    if may_create(ctx, HYDE, None):
        create(ctx, Possession(name=HYDE, state=hyde_counters_text(1)), None)


@LAYER.action("Hyde Transformation")
def hyde_transformation(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.5: Dr. Jekyll pays a Red per Hyde Counter on the card, becomes Mr. Hyde for
    a Round, and a counter is added."""
    item = possesses(ctx, ctx.player, HYDE)
    if item is None or not is_dr_jekyll(ctx, ctx.player):
        ctx.violate(
            "4.2.1.5",
            "only Dr. Jekyll (the Hyde Podume's holder, not already Mr. "
            "Hyde) may perform [Hyde Transformation]",
        )
        return
    count = counters(item)
    if not ctx.pay({Colour.RE: count}, "[Hyde Transformation]", "4.2.1.5", ctx.spec(action.name)):
        return
    luggage = ctx.luggage()
    luggage[luggage.index(item)] = item.model_copy(update={"state": hyde_counters_text(count + 1)})
    ctx.disruptions.append(Disruption(flag=MR_HYDE, player=ctx.player))
    ctx.event("player_state", f"{ctx.player} becomes Mr. Hyde for a Round", state=MR_HYDE)


@LAYER.at_start("4.2.1.5")
def mr_hyde_reverts(ctx: TurnContext) -> None:
    """Rule 4.2.1.5: Mr. Hyde lasts one Round, which rule 1.3.0 ends at the same phase of eir
    next Turn, rounded up: with the Pre-Move phase if e transformed before eir Move, with the
    Post-Move phase (the Turn) if after."""
    if _entry(ctx, ctx.player, lapse=False) is None:
        return
    round_ = ctx.state(HydeRound)
    if transformed_before_the_move(ctx):
        round_.at_move = True
    else:
        round_.at_end = True


@LAYER.cost_rule("4.2.1.5")
def jekyll_cowers_free(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 4.2.1.5: Dr. Jekyll performs [Cowering] free."""
    if spec is not None and spec.name == COWERING and is_dr_jekyll(ctx, ctx.player):
        return {}
    return counts


def keep_hyde_consistent(ctx: TurnContext) -> None:
    """Rule 4.2.1.5: Mr. Hyde is a State of the Hyde Podume's holder, so it ends with eir
    holding it; a Shield Podume in Mr. Hyde's possession is destroyed at once."""
    _lapse(ctx)
    for entry in [d for d in ctx.disruptions if d.flag == MR_HYDE]:
        if entry.player is None or possesses(ctx, entry.player, HYDE) is None:
            ctx.disruptions.remove(entry)
    shielded = next(
        (name for name in ctx.players if is_mr_hyde(ctx, name) and possesses(ctx, name, SHIELD)),
        None,
    )
    if shielded is not None:
        destroy(ctx, SHIELD, f"{shielded} is Mr. Hyde")


@LAYER.after_each_action("4.2.1.5")
def mr_hyde(ctx: TurnContext) -> None:
    """Rule 4.2.1.5: Mr. Hyde may not Cower; an Aggressive Action aimed at Mr. Hyde is named
    as not adjudicated (the rule's text breaks off there); the States follow the Podume."""
    action = current_action(ctx)
    if action is not None:
        if action.name == COWERING and is_mr_hyde(ctx, ctx.player):
            ctx.violate("4.2.1.5", "Mr. Hyde may not perform [Cowering]")
        aimed = targets(ctx, action)
        if aggressive(ctx, action) and any(_entry(ctx, n) is not None for n in aimed):
            ctx.not_adjudicated(AIMED_AT_HYDE.format(action=action.name), WHY_NOT_HYDE)
    keep_hyde_consistent(ctx)


@LAYER.at_end("4.2.1.5")
def hyde_at_turns_end(ctx: TurnContext) -> None:
    """Rule 4.2.1.5: the States follow the Podume at the end of the Turn too (a Blast or a
    theft may have taken it); a Round begun after the Move last Turn ends with this one."""
    keep_hyde_consistent(ctx)
    if ctx.state(HydeRound).at_end:
        _revert(ctx)
