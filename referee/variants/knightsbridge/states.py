"""Player States (section 4.1 of the 1965 amendments): Green, Narged and In Spoon.

Rule 4.1.1 - The United States of Being: a Player State works like a Disruption that binds
one player only. A player may hold many States but each at most once. The GSD records each as
a Disruptions entry naming the player (``Green: Garden``), so a State lasts, unlike Cowering,
until its own Action removes it.

Each State here is given by a Neutral Action aimed at another player standing at the giver's
Station (the index's (S0), checked by the pipeline; the Sanctuary of Holy Stations, rule
1.11.7, and the Prison Clamp, rule 1.4.47, protect a target as they do from Clamps), and shed
by a Post-Move Action at a kind of Station its rule names:

- Rule 4.1.1.1 - It's Not Easy: a Green player's Turn must open with [Recycling] of at least
  one Token; [De-Greening] sheds it at a Green Station.
- Rule 4.1.1.2 - Narg!: a Narged player may neither [Opening MC] nor make a Special Move, and
  eir Home Station is Open to every player; [Anti-Narg] sheds it South of the River.
- Rule 4.1.1.3 - Open the Cutlery Drawer, Mrs. Higgins: a player In Spoon may perform no
  Action but [Unspooning] whose cost holds Red, Blue, Silver or Gold, and eir LV is at most
  four (cut to four at once); [Unspooning] sheds it at an A to Z Station for four Plastic
  Tokens.

The States bind from the start of their holder's Turn; one shed mid-Turn stops binding from
that Action on (rules/knightsbridge-1965/readings.md#general).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.sections import clamps, narg
from referee.engine.sections.clamps import carrying, may_fasten
from referee.engine.sections.cowering import current_action
from referee.network.categories import Category
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.disruptions import Disruption
from referee.notation.errors import NotationError
from referee.notation.plays import MoveKind
from referee.notation.tokens import ORDER, Colour, TokenCounts
from referee.quoting import excerpt
from referee.variants.knightsbridge import hyde, powers
from referee.variants.knightsbridge.layer import LAYER
from referee.variants.knightsbridge.ruleset import KnightsbridgeSettings

GREEN, NARGED, IN_SPOON = "Green", "Narged", "In Spoon"
GIVEN_BY: dict[str, tuple[str, str]] = {
    "Greening": (GREEN, "4.1.1.1"),
    "Narging": (NARGED, "4.1.1.2"),
    "Spooning": (IN_SPOON, "4.1.1.3"),
}
SPOON_LV = 4
SPOONED_COLOURS = (Colour.RE, Colour.BU, Colour.SI, Colour.GO)
UNSPOONING_PRICE = 4
NO_ACTIONS = (MoveKind.TIMEOUT, MoveKind.FARKLE)


def held(entries: Iterable[Disruption], state: str, player: str) -> Disruption | None:
    """The Disruptions entry giving ``player`` the ``state`` (names compared without case)."""
    key = player.casefold()
    return next((d for d in entries if d.flag == state and d.player is not None
                 and d.player.casefold() == key), None)  # fmt: skip


def _before_shed(ctx: TurnContext, state: str, shed_by: str) -> list[str]:
    """The Actions of this Turn done while the State held at its start still bound."""
    if held(ctx.before.disruptions, state, ctx.player) is None:
        return []
    done = ctx.done
    return done[: done.index(shed_by)] if shed_by in done else list(done)


@LAYER.action(*GIVEN_BY)
def giving_a_state(ctx: TurnContext, action: Action) -> None:
    """Rules 4.1.1.1-4.1.1.3: the named player gains the Action's State; rule 4.1.1: not a
    second time."""
    state, rule = GIVEN_BY[action.name]
    target = may_fasten(ctx, action, rule)
    if target is None:
        return
    if held(ctx.disruptions, state, target) is not None:
        ctx.violate("4.1.1", f"{target} is already {state}, and a player holds a State once")
        return
    ctx.disruptions.append(Disruption(flag=state, player=target))
    ctx.event("player_state", f"{target} is now {state}", target=target, state=state)
    if state == IN_SPOON:
        ctx.set_lv(ctx.players[target].lv, player=target)
    if state == NARGED:
        _open_home(ctx, target)


def _shed(ctx: TurnContext, state: str, rule: str, written: str, where: str, ok: bool) -> None:
    entry = held(ctx.disruptions, state, ctx.player)
    if entry is None:
        ctx.violate(rule, f"{written} is for a player who is {state}; you are not")
        return
    if not ok:
        here = ctx.position()
        ctx.violate(rule, f"{written} is played {where}; your Piece is at "
                          f"{here.render() if here else 'no Station'}")  # fmt: skip
        return
    ctx.disruptions.remove(entry)
    ctx.event("player_state_shed", f"{ctx.player} is no longer {state}", state=state)


def _is(ctx: TurnContext, category: Category) -> bool:
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    return facts is not None and category in facts.categories


# -- Rule 4.1.1.1 - It's Not Easy --------------------------------------------------------------


@LAYER.action("De-Greening")
def de_greening(ctx: TurnContext, action: Action) -> None:
    """Rule 4.1.1.1: a Green player at a Green Station stops being Green."""
    _shed(ctx, GREEN, "4.1.1.1", "[De-Greening]", "at a Green Station", _is(ctx, Category.GREEN))


@LAYER.at_end("4.1.1.1")
def green_recycles_first(ctx: TurnContext) -> None:
    """Rule 4.1.1.1: a player Green at the start of eir Turn opens it with [Recycling] of at
    least one Token (a Timeout or Farkle, which allow no Actions, excepted)."""
    if held(ctx.before.disruptions, GREEN, ctx.player) is None:
        return
    if any(move.kind in NO_ACTIONS for move in ctx.play.moves):
        return
    actions = ctx.play.actions
    if not actions or actions[0].name != "Recycling":
        ctx.violate("4.1.1.1", "you are Green, so your Turn's first Action must be [Recycling] "
                               "of at least one Token")  # fmt: skip
        return
    text = field(ctx, "recycling")
    try:
        counts = TokenCounts.parse(text or "0")
    except NotationError:
        counts = TokenCounts()
    if sum(counts.as_tuple()) == 0:
        ctx.violate("4.1.1.1", "you are Green, so your [Recycling] must Recycle at least one "
                               "Token, e.g. {recycling: 1 Re}")  # fmt: skip


# -- Rule 4.1.1.2 - Narg! ----------------------------------------------------------------------


@LAYER.action("Anti-Narg")
def anti_narg(ctx: TurnContext, action: Action) -> None:
    """Rule 4.1.1.2: a Narged player South of the River stops being Narged (the rule names
    the Action's cost and place; that it ends the State is the Action's evident purpose). A
    player not Narged who carries a Volume 1 Narg Clamp sheds it as rule 1.4.40 says, at
    Tottenham Court Road: the 1965 Action speaks only of the State."""
    if held(ctx.disruptions, NARGED, ctx.player) is None and carrying(ctx, narg.NARG):
        narg.anti_narg(ctx, action)
        return
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    south = facts is not None and facts.thames == "S"
    _shed(ctx, NARGED, "4.1.1.2", "[Anti-Narg]", "South of the River", south)


@LAYER.at_end("4.1.1.2")
def narged_forbids(ctx: TurnContext) -> None:
    """Rule 4.1.1.2: a Narged player may not [Opening MC] nor make a Special Move."""
    if "Opening MC" in _before_shed(ctx, NARGED, "Anti-Narg"):
        ctx.violate("4.1.1.2", "you are Narged, which forbids [Opening MC]")
    if held(ctx.before.disruptions, NARGED, ctx.player) is not None and any(
        event.kind == "special_move" for event in ctx.events
    ):
        ctx.violate("4.1.1.2", "you are Narged, which forbids Special Moves")


def _open_home(ctx: TurnContext, name: str) -> None:
    if name != ctx.player and ctx.players[name].home:
        ctx.homes_open.add(name)


@LAYER.at_start("4.1.1.2")
def narged_homes_open(ctx: TurnContext) -> None:
    """Rule 4.1.1.2: a Narged player's Home Station is Open to every player (read as the Knid
    Clamp's open Home is, rule 1.4.43: ``ctx.homes_open``, which the Home check reads); one
    Narged during the Turn opens it from the [Narging] on (:func:`giving_a_state`)."""
    for name in ctx.players:
        if held(ctx.disruptions, NARGED, name):
            _open_home(ctx, name)


# -- Rule 4.1.1.3 - Open the Cutlery Drawer, Mrs. Higgins --------------------------------------


@LAYER.replaces("cost_rules", "clamps.spoon_spending", "4.1.1.3")
def spoon_spending(ctx: TurnContext, spec: ActionSpec | None,
                   counts: dict[Colour, int]) -> dict[Colour, int]:  # fmt: skip
    """Rule 4.1.1.3: a player In Spoon performs no Action but [Unspooning] whose cost holds
    Red, Blue, Silver or Gold. It takes the place of rule 1.4.39's check, which it still
    applies first to a Spoon Clamp already carried (Clamps still bind:
    rules/knightsbridge-1965/readings.md#general)."""
    counts = clamps.spoon_spending(ctx, spec, counts)
    if (spec is not None and spec.name != "Unspooning"
            and held(ctx.disruptions, IN_SPOON, ctx.player) is not None
            and not _waived(ctx, spec)):  # fmt: skip
        spent = [c.word for c in SPOONED_COLOURS if counts.get(c, 0) > 0]
        if spent:
            ctx.violate("4.1.1.3", f"[{spec.name}] costs {', '.join(spent)}; a player In Spoon "
                                   "may not perform an Action costing Red, Blue, Silver or "
                                   "Gold")  # fmt: skip
    return counts


def _waived(ctx: TurnContext, spec: ActionSpec) -> bool:
    """Whether a Podume waives this Action's cost and the setting ``in_spoon_counts_waived_costs``
    is off, so the player In Spoon is judged by what e pays: nothing."""
    settings = ctx.ruleset.settings
    if not isinstance(settings, KnightsbridgeSettings) or settings.in_spoon_counts_waived_costs:
        return False
    free = powers.spanger_shunts_free(ctx, spec, {Colour.RE: 1})
    return not free or not hyde.jekyll_cowers_free(ctx, spec, {Colour.BU: 1})


@LAYER.replaces("lv_rules", "clamps.spoon_cap", "4.1.1.3")
def spoon_cap(ctx: TurnContext, player: str, lv: int) -> int:
    """Rule 4.1.1.3: a player In Spoon has LV four at most (in place of rule 1.4.39's cap,
    which still binds a carried Spoon Clamp)."""
    lv = clamps.spoon_cap(ctx, player, lv)
    return min(lv, SPOON_LV) if held(ctx.disruptions, IN_SPOON, player) is not None else lv


@dataclass
class _Accounted:
    """How many of the Turn's payments and violations the Actions before this one made."""

    paid: int = 0
    violations: int = 0


@LAYER.after_each_action("4.1.1.3")
def spoon_surcharges(ctx: TurnContext) -> None:
    """Rule 4.1.1.3: a Red an Action's target adds to its cost (Cowering's, rule 1.7.56; the
    Shield Podume's, rule 4.2.1.2) is part of its Token Cost, so a player In Spoon may not
    perform it. Those Reds are charged after the Action, out of :func:`spoon_spending`'s
    sight, so this looks at what was paid for it since the Action before (a payment of the
    Move between them names no Action, so it is not counted)."""
    seen = ctx.state(_Accounted)
    paid, broken = ctx.paid[seen.paid :], ctx.violations[seen.violations :]
    action = current_action(ctx)
    if (
        action is not None
        and action.name != "Unspooning"
        and held(ctx.disruptions, IN_SPOON, ctx.player) is not None
        and not any(v.rule.number == "4.1.1.3" for v in broken)
    ):
        written = action.render(ctx.index)
        dear = [(why, c.word) for why, counts in paid if why.startswith(written)
                for c in SPOONED_COLOURS if counts.get(c)]  # fmt: skip
        if dear:
            why, colour = dear[0]
            ctx.violate("4.1.1.3", f"{why}: the Action's Token Cost then includes {colour}, "
                                   "and a player In Spoon may not perform an Action costing "
                                   "Red, Blue, Silver or Gold")  # fmt: skip
    seen.paid, seen.violations = len(ctx.paid), len(ctx.violations)


@LAYER.action("Unspooning")
def unspooning(ctx: TurnContext, action: Action) -> None:
    """Rule 4.1.1.3: a player In Spoon at an A to Z Station pays four Plastic Tokens and is no
    longer In Spoon. The comment may choose them (``{unspooning: 2 Bk, 2 Gr}``); otherwise
    they are taken in Token Table order."""
    if held(ctx.disruptions, IN_SPOON, ctx.player) is None or not _is(ctx, Category.A_TO_Z):
        _shed(ctx, IN_SPOON, "4.1.1.3", "[Unspooning]", "at an A to Z Station",
              _is(ctx, Category.A_TO_Z))  # fmt: skip
        return
    price = _plastic_price(ctx)
    if price is not None and ctx.pay(price, "[Unspooning]", "4.1.1.3", ctx.spec("Unspooning")):
        _shed(ctx, IN_SPOON, "4.1.1.3", "[Unspooning]", "at an A to Z Station", True)


def _plastic_price(ctx: TurnContext) -> dict[Colour, int] | None:
    text = field(ctx, "unspooning")
    if text is not None:
        try:
            chosen = TokenCounts.parse(text)
        except NotationError:
            chosen = TokenCounts()
        named = {c: chosen[c] for c in ORDER if chosen[c]}
        if sum(named.values()) != UNSPOONING_PRICE or any(c.metallic for c in named):
            ctx.violate("4.1.1.3", f"'{excerpt(text)}' in your comment's 'unspooning:' must be "
                                   "four Plastic Tokens (Black, Blue, Green, Red)")  # fmt: skip
            return None
        return named
    counts: dict[Colour, int] = {}
    left = UNSPOONING_PRICE
    for colour in (c for c in ORDER if not c.metallic):
        take = min(left, ctx.me.tokens[colour])
        if take:
            counts[colour] = take
            left -= take
    if left:
        ctx.violate("4.1.1.3", "[Unspooning] costs four Plastic Tokens; you hold fewer")
        return None
    return counts
