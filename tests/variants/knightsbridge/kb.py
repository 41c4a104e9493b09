"""Playing a Turn under the knightsbridge-1965 variant, for its tests."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.engine.ruleset import Ruleset
from referee.engine.turn import adjudicate
from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.variants.knightsbridge import Knightsbridge1965

KB = Knightsbridge1965()
RICH = "6Bk,6Re,6Bu,4Gr,3Go,2Si"


def kb_play(gsd: GSD, text: str) -> TurnResult:
    """Adjudicate the play line ``text`` against ``gsd`` under the 1965 amendments."""
    return judged(gsd, text, KB)


def judged(gsd: GSD, text: str, rules: Ruleset) -> TurnResult:
    """Adjudicate the play line ``text`` against ``gsd`` under ``rules`` (the amendments
    with some settings changed)."""
    parsed = Play.parse(text, players=gsd.player_names, index=rules.action_index())
    return adjudicate(gsd, parsed, rules, check_order=False)


def states(gsd: GSD) -> list[str]:
    """The Disruptions entries of a GSD, as written."""
    return [entry.render() for entry in gsd.disruptions]


def with_states(gsd: GSD, *entries: str) -> GSD:
    """``gsd`` with Player State entries added to its Disruptions."""
    added = tuple(Disruption.parse(entry) for entry in entries)
    return gsd.model_copy(update={"disruptions": gsd.disruptions + added})
