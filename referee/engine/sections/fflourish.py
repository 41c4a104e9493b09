"""The fFrobisher fFlourish (rule 1.7.59).

Rule 1.7.59 - The fFrobisher fFlourish: after a Turn with [fFrobisher fFlourish], every
player's Tokens but Gold go into one Pool, and six dice, each with as many sides as there are
Active players, each name an Active player by place in the Playing Order. By the table of
``rules/vanilla/fflourish.toml`` each die's player receives, per colour, a quarter of the Pool
(rounded down), the remainder, or nothing.

The rule has the dice rolled once the Turn is submitted and the shares applied before the next
Turn, so the referee shares out at the end of the Flourishing Turn, with the Turn's recorded
dice: the fFlourisher cannot spend the new Tokens in the same Turn, and the GSD posted after
it already shows them. Everyone in the Token Table pays into the Pool, Inactive players
too ("all Players"); only Active players can be named.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.context import TurnContext
from referee.engine.registry import VANILLA
from referee.engine.tables.fflourish import DICE
from referee.notation.actions import Action
from referee.notation.tokens import ORDER, Colour

FLOURISH = "fFrobisher fFlourish"


@dataclass
class _Flourish:
    played: bool = False


@VANILLA.action(FLOURISH)
def fflourish(ctx: TurnContext, action: Action) -> None:
    """Rule 1.7.59: the redistribution is made when the Turn ends (see the module)."""
    ctx.state(_Flourish).played = True
    ctx.event("fflourish", "the fFrobisher fFlourish pools every non-Gold Token at the end of "
                           "the Turn")  # fmt: skip


@VANILLA.at_end("1.7.59")
def share_out(ctx: TurnContext) -> None:
    """Rule 1.7.59: pool every non-Gold Token, roll six dice over the Active players, share."""
    if not ctx.state(_Flourish).played:
        return
    active = [p.name for p in ctx.players.values() if not p.inactive]
    if not active:
        return
    named = [active[ctx.roll(len(active), "rule 1.7.59") - 1] for _ in range(DICE)]
    pool: dict[Colour, int] = {}
    for row in ctx.players.values():
        given: dict[Colour, int] = {
            c: row.tokens[c] for c in ORDER if c is not Colour.GO and row.tokens[c]
        }
        for colour, count in given.items():
            pool[colour] = pool.get(colour, 0) + count
            row.tokens[colour] = 0
        if given:
            ctx.event("fflourish", f"{row.name} puts {_text(given)} into the Pool",
                      player=row.name, lost={c.value: n for c, n in given.items()})  # fmt: skip
    ctx.event("fflourish", f"the Pool holds {_text(pool)}; the dice name {', '.join(named)}",
              pool={c.value: n for c, n in pool.items()}, named=named)  # fmt: skip
    for player, gains in ctx.ruleset.tables().fflourish.share_out(pool, named).items():
        for colour, count in gains.items():
            ctx.players[player].tokens[colour] += count
        ctx.event("fflourish", f"{player} receives {_text(gains)}", player=player,
                  gained={c.value: n for c, n in gains.items()})  # fmt: skip


def _text(counts: dict[Colour, int]) -> str:
    return ", ".join(f"{n} {c.value}" for c, n in counts.items() if n) or "nothing"
