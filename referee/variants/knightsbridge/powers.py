"""What the Speed, Shield, Spanger and Station Podumes do (rules 4.2.1.1 to 4.2.1.4).

Rule 4.2.1.1 - Speed Demon: [Creating Speed Podume] (three Black) at a High or Hill Station
with LV eight or more lays it there. Its holder's Lines at their starting Speed Limit admit
LV 13, not 10 (the ruleset's ``starting_speed_limit``); [LV+X] goes up to four free or five
for one Black. A Pass destroys it.
Rule 4.2.1.2 - Defense, Boss! Defense!: [Creating Shield Podume] (four Green) at a Holy
Station lays it there. An Aggressive Action (one whose cost holds Red, rule 1.7.6) aimed at its
holder costs one Red more, on top of any Cowering; its holder's own Aggressive Action destroys
it, and so does its passing to Mr. Hyde (rule 4.2.1.5).
Rule 4.2.1.3 - Spanging Offence: [Creating Spanger Podume] (one Silver) at a non-Holy Station
on or inside the Circle lays it at Arsenal. Its holder Shunts for nothing (penalties such as
Cowering's still apply) and keeps half eir LV (rounded as e says, ``{spanger: up}``, else
down); a Dead-End Shunt of its holder destroys it.
Rule 4.2.1.4 - They Used To Be Hats: the five Station Podumes, each made for one Token of its
colour when three other Stations hold that colour in their Stacks and the creator stands at a
fourth of its category, and laid at another of that category (``{podume: East Acton}``).
Whoever holds one when eir Move ends at a Station of its category gains a Token of its colour
(the A to Z Podume: a Plastic Token of eir choosing, ``{podume bonus: Gr}``, else Black).
[Cashing in Podumes] at Bank turns three or more Station Podumes into one Gold fewer than
their number.
"""

from __future__ import annotations

from referee.engine.comments import field
from referee.engine.context import TurnContext
from referee.engine.sections.cowering import current_action, surcharge, targets
from referee.engine.sections.special_stations import holy
from referee.engine.sections.targeting import SHUNTS, last_shunt_lv
from referee.engine.sections.velocity import change_lv
from referee.network.categories import Category
from referee.notation.action_index import ActionSpec
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.places import parse_station
from referee.notation.plays import Move, MoveKind
from referee.notation.podumes import SHIELD, SPANGER, STATION_PODUMES, podume_name
from referee.notation.podumes import SPEED as SPEED_PODUME
from referee.notation.possessions import Possession
from referee.notation.tokens import Colour
from referee.quoting import excerpt
from referee.variants.knightsbridge import hyde
from referee.variants.knightsbridge.layer import LAYER
from referee.variants.knightsbridge.podumes import (
    aggressive,
    create,
    destroy,
    in_play,
    may_create,
    podumes_of,
    possesses,
    stolen,
)
from referee.variants.knightsbridge.ruleset import KnightsbridgeSettings

SPEED_LV = 8
SPEED_LIMIT = "Speed Podume's maximum LV"
"""Rule 4.2.1.1: the Speed Podume's holder has a maximum LV of 13 instead of the usual 10 (a
figure of ``figures.toml`` a game may amend)."""
HYDE_LIMIT = "Mr. Hyde's maximum LV"
"""Rule 4.2.1.5: Mr. Hyde's maximum LV, 12 (a figure a game may amend)."""
SPANGER_HOME = "Arsenal"
BANK = "Bank"
BY_NAME: dict[str, Category] = {
    "Terminus Podume": Category.TERMINUS,
    "British Rail Podume": Category.BRITISH_RAIL,
    "Verdant Podume": Category.VERDANT,
    "Compass Podume": Category.COMPASS,
    "A to Z Podume": Category.A_TO_Z,
}
"""Rule 4.2.1.4: each Station Podume's category; its colour is a figure of ``figures.toml``
(``colour of the Compass Podume``), which a game may amend."""
A_TO_Z_PODUME = "A to Z Podume"
"""Rule 4.2.1.4's exception: its holder chooses any Plastic Token as the bonus."""


def podume_colour(ctx: TurnContext, name: str) -> Colour:
    """The colour of the Station Podume ``name`` in the rules the Turn is judged under."""
    return ctx.ruleset.tables().figures.colour(f"colour of the {name}")


OTHER_STACKS = 3
FREE_STEP, PAID_STEP = 3, 4
"""Volume 1's [LV+X] (rule 1.6.3): one to three, free. Rule 4.2.1.1's words suppose a fourth
point for one Black; both are raised by one for the Speed Podume's holder."""


def _categories(ctx: TurnContext, station: str) -> frozenset[Category]:
    facts = ctx.network.facts.get(station)
    return facts.categories if facts is not None else frozenset()


def held_at_move(ctx: TurnContext, name: str) -> bool:
    """Whether the player held the Podume ``name`` when eir first Move was made: held at the
    start of the Turn, or claimed before the Move, and not dropped before it."""
    held = any(
        entry.player == ctx.player
        and any(i.name == name and not i.nantucketed for i in entry.possessions)
        for entry in ctx.before.rack
    )
    for part in ctx.play.parts:
        if isinstance(part, Move):
            break
        written = part.args[0] if part.args else None
        if isinstance(written, Possession) and written.name == name:
            if part.name == "Claiming Podume":
                held = True
            elif part.name == "Dropping Podume":
                held = False
    return held


# -- Rule 4.2.1.1 - Speed Demon ----------------------------------------------------------------


@LAYER.action("Creating Speed Podume")
def creating_speed_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.1: at a High or Hill Station, with LV eight or more; it lies there."""
    here = ctx.position()
    kinds = _categories(ctx, here.station) if here is not None else frozenset()
    if here is None or not kinds & {Category.HIGH, Category.HILL, Category.HIGH_HILL}:
        ctx.violate(
            "4.2.1.1",
            "the Speed Podume is created at a High or Hill Station; you are "
            f"at {here.station if here else 'no Station'}",
        )
        return
    if ctx.me.lv < SPEED_LV:
        ctx.violate(
            "4.2.1.1", f"the Speed Podume needs an LV of at least {SPEED_LV}; yours is {ctx.me.lv}"
        )
        return
    if may_create(ctx, SPEED_PODUME, here.station):
        create(ctx, Possession(name=SPEED_PODUME), here.station)


@LAYER.action("LV+X", "LV-X")
def adjusting_lv(ctx: TurnContext, action: Action) -> None:
    """Rules 4.2.1.1 and 4.2.1.5 over rule 1.6.3: the Speed Podume's holder raises LV by up
    to four free, or five for one Black (lowering it as usual); Mr. Hyde changes it by up to
    four free, or five for one Black, either way; both together raise it one more. Anyone
    else: Volume 1's [LV+X]."""
    (step,) = action.args
    assert isinstance(step, int)
    rising = action.name == "LV+X"
    speedy = rising and possesses(ctx, ctx.player, SPEED_PODUME) is not None
    monstrous = hyde.is_mr_hyde(ctx, ctx.player)
    if not speedy and not monstrous:
        change_lv(ctx, action)
        return
    free = (hyde.HYDE_FREE_STEP if monstrous else FREE_STEP) + (1 if speedy else 0)
    sign = "+" if rising else "-"
    rule = "4.2.1.1" if speedy else "4.2.1.5"
    if not 1 <= step <= free + 1:
        ctx.violate(
            rule,
            f"[LV{sign}{step}]: you may change your LV by 1 to {free} free, or "
            f"{free + 1} for one Black Token",
        )
        return
    if step == free + 1 and not ctx.pay(
        {Colour.BK: 1}, f"[LV{sign}{step}]", rule, ctx.spec(action.name)
    ):
        return
    ctx.set_lv(ctx.me.lv + step if rising else ctx.me.lv - step)


def podume_limit(ctx: TurnContext) -> tuple[int, str] | None:
    """The maximum LV a Podume gives the mover in place of the usual 10, with its rule."""
    limits = []
    if possesses(ctx, ctx.player, SPEED_PODUME) is not None:
        limits.append((ctx.ruleset.tables().figures.count(SPEED_LIMIT), "4.2.1.1"))
    if hyde.is_mr_hyde(ctx, ctx.player):
        limits.append((ctx.ruleset.tables().figures.count(HYDE_LIMIT), "4.2.1.5"))
    return max(limits) if limits else None


def speed_podume_passes(ctx: TurnContext) -> None:
    """Rule 4.2.1.1: a Pass made by the Speed Podume's holder destroys it "immediatly", so
    wherever it went after the Pass (dropped in the Post-Move phase) it is gone."""
    passed = any(move.kind is MoveKind.PASS for move in ctx.play.moves)
    if passed and held_at_move(ctx, SPEED_PODUME) and in_play(ctx, SPEED_PODUME):
        destroy(ctx, SPEED_PODUME, f"{ctx.player}, its holder, played Pass")


# -- Rule 4.2.1.2 - Defense, Boss! Defense! ----------------------------------------------------


@LAYER.action("Creating Shield Podume")
def creating_shield_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.2: at a Holy Station; it lies there."""
    here = ctx.position()
    if here is None or not holy(ctx, here.station):
        ctx.violate(
            "4.2.1.2",
            "the Shield Podume is created at a Holy Station; you are at "
            f"{here.station if here else 'no Station'}",
        )
        return
    if may_create(ctx, SHIELD, here.station):
        create(ctx, Possession(name=SHIELD), here.station)


def shield_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.2: one Red more for an Aggressive Action aimed at the Shield's holder (the
    Shunt that steals it included: its target held it when it was aimed); the holder's own
    Aggressive Action destroys it (not the Shunt that steals it)."""
    if not aggressive(ctx, action):
        return
    taken = stolen(ctx, action) == SHIELD
    shielded = [
        name
        for name in targets(ctx, action)
        if possesses(ctx, name, SHIELD) or (taken and name == str(action.args[0]))
    ]
    written = action.render(ctx.index)
    if shielded:
        surcharge(ctx, "4.2.1.2", f"{written} targets {shielded[0]}, who has the Shield Podume")
    if possesses(ctx, ctx.player, SHIELD) and not taken:
        destroy(ctx, SHIELD, f"{ctx.player}, its holder, performed {written}, an Aggressive Action")


# -- Rule 4.2.1.3 - Spanging Offence -----------------------------------------------------------


@LAYER.action("Creating Spanger Podume")
def creating_spanger_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.3: at a non-Holy Station on or inside the Circle (Quadrant 0, rule 1.17.2);
    it lies at Arsenal."""
    here = ctx.position()
    facts = ctx.network.facts.get(here.station) if here is not None else None
    if here is None or facts is None or 0 not in facts.quadrants or holy(ctx, here.station):
        ctx.violate(
            "4.2.1.3",
            "the Spanger Podume is created at a non-Holy Station on or "
            "within the Circle Line; you are at "
            f"{here.station if here else 'no Station'}",
        )
        return
    if may_create(ctx, SPANGER, SPANGER_HOME):
        create(ctx, Possession(name=SPANGER), SPANGER_HOME)


@LAYER.cost_rule("4.2.1.3")
def spanger_shunts_free(
    ctx: TurnContext, spec: ActionSpec | None, counts: dict[Colour, int]
) -> dict[Colour, int]:
    """Rule 4.2.1.3: the Spanger Podume's holder performs every kind of Shunt free."""
    if spec is not None and spec.name in SHUNTS and possesses(ctx, ctx.player, SPANGER):
        return {}
    return counts


def spanger_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.3: a Shunt leaves the Spanger's holder half eir LV, not none; a Dead-End
    Shunt of the Spanger's holder destroys it."""
    if action.name not in SHUNTS:
        return
    target = str(action.args[0])
    if (
        action.name == "Dead-End Shunting"
        and target in ctx.players
        and possesses(ctx, target, SPANGER)
    ):
        destroy(ctx, SPANGER, f"{target}, its holder, was Dead-End Shunted")
    shunted_at = last_shunt_lv(ctx)
    if (
        action.name in ("Double-Shunting", "Power-Shunting")
        or not isinstance(shunted_at, int)
        or not possesses(ctx, ctx.player, SPANGER)
        or stolen(ctx, action) == SPANGER
    ):
        return
    rounding = (field(ctx, "spanger") or "down").strip().casefold()
    if rounding not in ("up", "down"):
        ctx.violate(
            "4.2.1.3",
            f"'{excerpt(rounding)}' after 'spanger:' must be up or down "
            "(how to round your halved LV)",
        )
        return
    half = -(-shunted_at // 2) if rounding == "up" else shunted_at // 2
    lv = 0 if action.name == "Stationary-Shunting" else half
    if ctx.me.lv != lv:
        ctx.set_lv(lv)


# -- Rule 4.2.1.4 - They Used To Be Hats -------------------------------------------------------


@LAYER.action("Creating Station Podume")
def creating_station_podume(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.4: one Token of the Podume's colour; three other Stations' Stacks hold that
    colour; the creator stands at a fourth Station, of the Podume's category; it lies at
    another Station of that category, named in the comment (``{podume: East Acton}``)."""
    (kind,) = action.args
    named = podume_name(f"{kind} Podume")
    if named not in BY_NAME:
        ctx.violate(
            "4.2.1.4",
            f"there is no {kind} Station Podume; the Station Podumes are "
            + ", ".join(STATION_PODUMES),
        )
        return
    name = str(named)
    category, colour = BY_NAME[name], podume_colour(ctx, name)
    here = ctx.position()
    if here is None or category not in _categories(ctx, here.station):
        ctx.violate(
            "4.2.1.4",
            f"the {name} is created at a {category.value} Station; you are "
            f"at {here.station if here else 'no Station'}",
        )
        return
    holding = {
        s.station
        for s in ctx.stacks
        if s.marker is None and colour in s.tokens and s.station != here.station
    }
    if len(holding) < OTHER_STACKS:
        ctx.violate(
            "4.2.1.4",
            f"the {name} needs {colour.word} Tokens at three Stations other "
            f"than yours; {len(holding)} hold one",
        )
        return
    station = _chosen_station(ctx, name, category, here.station)
    if station is None or not may_create(ctx, name, station):
        return
    if ctx.pay({colour: 1}, action.render(ctx.index), "4.2.1.4", ctx.spec(action.name)):
        create(ctx, Possession(name=name), station)


def _chosen_station(ctx: TurnContext, name: str, category: Category, here: str) -> str | None:
    text = field(ctx, "podume")
    example = f"{{podume: <a {category.value} Station>}}"
    if text is None:
        ctx.violate("4.2.1.4", f"say where the {name} is to lie in the comment, e.g. {example}")
        return None
    try:
        station = parse_station(text)
    except NotationError:
        ctx.violate(
            "4.2.1.4", f"'{excerpt(text)}' after 'podume:' is not a Station; write {example}"
        )
        return None
    if station == here or category not in _categories(ctx, station):
        ctx.violate(
            "4.2.1.4",
            f"the {name} lies at another {category.value} Station than yours; {station} is not one",
        )
        return None
    return station


def _bonus_colour(ctx: TurnContext) -> Colour | None:
    text = field(ctx, "podume bonus")
    if text is None:
        return Colour.BK
    try:
        colour = Colour.parse(text)
    except NotationError:
        colour = None
    if colour is None or colour.metallic:
        ctx.violate(
            "4.2.1.4",
            f"'{excerpt(text)}' after 'podume bonus:' must be a Plastic colour (Bk, Bu, Gr, Re)",
        )
        return None
    return colour


def station_podume_bonus(ctx: TurnContext) -> None:
    """Rule 4.2.1.4: for each Station Podume the player held as eir Move ended at a Station
    of its category, a Token of its colour (the A to Z Podume's: a Plastic of eir choice).
    A Pass ends no Move at a Station unless the setting ``podume_bonus_on_pass`` says so."""
    settings = ctx.ruleset.settings
    on_pass = isinstance(settings, KnightsbridgeSettings) and settings.podume_bonus_on_pass
    ended = [
        m.end.station for m in ctx.moves if m.end is not None and (m.route is not None or m.special)
    ]
    if on_pass and not ended and any(m.kind is MoveKind.PASS for m in ctx.play.moves):
        here = ctx.position()
        ended = [here.station] if here is not None else []
    if not ended or ctx.violations:
        return
    station = ended[-1]
    for name, category in BY_NAME.items():
        if held_at_move(ctx, name) and category in _categories(ctx, station):
            chosen = _bonus_colour(ctx) if name == A_TO_Z_PODUME else podume_colour(ctx, name)
            if chosen is not None:
                ctx.gain({chosen: 1}, f"the {name} at {station} (rule 4.2.1.4)")


@LAYER.action("Cashing in Podumes")
def cashing_in_podumes(ctx: TurnContext, action: Action) -> None:
    """Rule 4.2.1.4: at Bank, with three Station Podumes or more: all of them are destroyed
    and the player gains one Gold fewer than their number."""
    here = ctx.position()
    if here is None or here.station != BANK:
        ctx.violate(
            "4.2.1.4",
            f"[Cashing in Podumes] is performed at Bank; you are at "
            f"{here.station if here else 'no Station'}",
        )
        return
    held = [item.name for item in podumes_of(ctx) if item.name in BY_NAME]
    if len(held) < OTHER_STACKS:
        ctx.violate(
            "4.2.1.4", f"[Cashing in Podumes] needs three Station Podumes; you have {len(held)}"
        )
        return
    for name in held:
        destroy(ctx, name, f"{ctx.player} cashed it in at Bank")
    ctx.gain({Colour.GO: len(held) - 1}, "[Cashing in Podumes]")


@LAYER.after_each_action("4.2.1.2")
def podume_powers_after_action(ctx: TurnContext) -> None:
    """Rules 4.2.1.2 and 4.2.1.3 as each Action is done: the Shield's Red and its end, the
    Spanger's halved LV and its end."""
    action = current_action(ctx)
    if action is not None:
        shield_podume(ctx, action)
        spanger_podume(ctx, action)


@LAYER.at_end("4.2.1.4")
def podume_powers_at_turns_end(ctx: TurnContext) -> None:
    """Rules 4.2.1.1 and 4.2.1.4 as the Turn ends: a Pass destroys the Speed Podume; the
    Station Podumes' bonus Tokens."""
    speed_podume_passes(ctx)
    station_podume_bonus(ctx)
