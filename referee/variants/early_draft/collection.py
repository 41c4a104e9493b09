"""Rule 4's landing bonuses and rule 5's limit of ten Black Tokens, of the early draft.

A Move earns by where it ends: one Green at a Green Station, one Red at an Interchange (by the
draft's glossary, a Station with three or more neighbours), one Blue at a British Rail
Station, as many Black as the Station's Zone number, and one Bronze at a Terminus (one
neighbour) in Zone 3, 4 or 5; a Station can earn several at once. A Station whose bonus the
player claimed in any of eir last three Turns earns nothing now. A Pass, a Timeout and the
Piece's first placement on the Map land nowhere new and earn nothing (our reading).
At the end of a Turn a player keeps at most ten Black; the referee discards the rest (our
reading of "may not hold", rules/early-draft/readings.md#r5), or with the setting
``black_over_ten_discarded`` off refuses the Turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.context import MoveContext, TurnContext
from referee.network.categories import Category
from referee.network.network import Network
from referee.notation.plays import MoveKind, Play
from referee.notation.tokens import Colour
from referee.variants.early_draft.registry import DRAFT
from referee.variants.early_draft.settings import EarlyDraftSettings

BLACK_LIMIT = 10
"""Rule 5: the most Black Tokens a player may hold at the end of eir Turn."""
CLAIM_MEMORY = 3
"""Rule 4: a Station's bonus is not claimed again within the player's last three Turns."""
TERMINUS_ZONES = frozenset({3, 4, 5})


def neighbours(network: Network, station: str) -> set[str]:
    """Rule 8 (adjacent): the Stations one line segment away (Escalator Links are none)."""
    return {other for _, other, key in network.graph.edges(station, keys=True)
            if key != "escalator"}  # fmt: skip


def station_bonus(network: Network, station: str, boundary: str = "lower") -> dict[Colour, int]:
    """Rule 4's table for landing at ``station``. A Station in two Zones pays the lower
    Zone's number, the higher's, or both, as ``boundary`` (the setting
    ``boundary_zone_bonus``) says."""
    facts = network.facts[station]
    near = len(neighbours(network, station))
    bonus: dict[Colour, int] = {}
    if Category.GREEN in facts.categories:
        bonus[Colour.GR] = 1
    if near >= 3:
        bonus[Colour.RE] = 1
    if facts.british_rail:
        bonus[Colour.BU] = 1
    if facts.zones:
        paid = {"higher": max(facts.zones), "both": sum(facts.zones)}
        bonus[Colour.BK] = paid.get(boundary, min(facts.zones))
    if near == 1 and facts.zones & TERMINUS_ZONES:
        bonus[Colour.BR] = 1
    return bonus


def _landing(play: Play) -> str | None:
    """The Station a play's Move stepped to, None for a Pass, Timeout or Farkle."""
    for move in play.moves:
        if move.kind is MoveKind.GO and move.destination is not None:
            return move.destination.station
    return None


def claims(plays: tuple[Play, ...], player: str) -> list[str | None]:
    """The Station whose bonus ``player`` claimed in each of eir Turns, in order (None when
    the Turn claimed none): read from the record, the first Move being the placement."""
    claimed: list[str | None] = []
    placed = False
    for play in plays:
        if play.player != player:
            continue
        if not placed:
            placed = any(move.destination is not None for move in play.moves)
            claimed.append(None)
            continue
        station = _landing(play)
        if station is not None and station in claimed[-CLAIM_MEMORY:]:
            station = None
        claimed.append(station)
    return claimed


@DRAFT.collects
def landing_bonus(ctx: TurnContext, moving: MoveContext) -> Mapping[Colour, int]:
    """Rule 4: the bonus of the Station an ordinary Move ends at, unless claimed lately."""
    if moving.route is None or moving.end is None or moving.move.kind is not MoveKind.GO:
        return {}
    station = moving.end.station
    if station in claims(ctx.before.plays, ctx.player)[-CLAIM_MEMORY:]:
        return {}
    settings = ctx.ruleset.settings
    boundary = settings.boundary_zone_bonus if isinstance(settings, EarlyDraftSettings) else "lower"
    return station_bonus(ctx.network, station, boundary)


@DRAFT.at_end("5")
def black_limit(ctx: TurnContext) -> None:
    """Rule 5: at most ten Black at the end of the Turn; the rest are discarded, or, with the
    setting ``black_over_ten_discarded`` off, the Turn is illegal."""
    held = ctx.me.tokens[Colour.BK]
    settings = ctx.ruleset.settings
    strict = isinstance(settings, EarlyDraftSettings) and not settings.black_over_ten_discarded
    if held > BLACK_LIMIT and strict:
        ctx.violate("5", f"you would end your Turn holding {held} Black Tokens; a player may "
                         f"hold at most {BLACK_LIMIT}, so spend {held - BLACK_LIMIT} more or "
                         "land where the bonus is smaller")  # fmt: skip
        return
    if held > BLACK_LIMIT:
        ctx.me.tokens[Colour.BK] = BLACK_LIMIT
        ctx.event("discard", f"{held - BLACK_LIMIT} Black discarded: a player keeps at most "
                             f"{BLACK_LIMIT} at the end of eir Turn (rule 5)",
                  lost={Colour.BK.value: held - BLACK_LIMIT})  # fmt: skip
