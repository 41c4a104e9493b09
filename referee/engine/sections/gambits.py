"""Using Gambits and Manoeuvres (rule 1.18.3), from the list of rule 1.18.2.

Rule 1.18.3 - Manoeuvres in the Light: a player whose most recent Stations (those eir own
Moves ended at, Passes left out) have, in order, the attributes a listed Gambit asks for may
play [Using the <Name> Gambit] (or Manoeuvre: the words are synonyms, rule 1.18.1) and gains
what the Gambit's declarer paid for it, plus two Silver for each Station of the Gambit that
is another player's Home Station.

rules/choices.md ("Action family B") records the choices: this Turn's Move must complete the
Gambit (a Gambit is not cashed again after a Pass), and the gain is the referee's to work out
(the comment need not repeat it). Gambits declared during a game (rule 1.18.1) and Denials
(rule 1.18.4) are not adjudicated; a record holding one for the Gambit named leaves this
Action "not adjudicated" too, since the reward would depend on it.
"""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import move_end
from referee.engine.registry import VANILLA
from referee.engine.tables._load import TableError
from referee.engine.tables.gambits import Gambit, StationFacts, load_gambits
from referee.notation.actions import Action
from referee.notation.plays import MoveKind, Play
from referee.notation.tokens import Colour

USING = ("Using Gambit", "Using Manoeuvre")
DECLARING = ("Declaring Gambit", "Declaring Manoeuvre")
DENYING = ("Denying Gambit", "Denying Manoeuvre")
HOME_BONUS = 2
"""Rule 1.18.3: Silver gained for each Station of the Gambit that is another's Home."""


def _key(name: str) -> str:
    return name.strip().casefold().removeprefix("the ").strip()


def _station_of(play: Play) -> str | None:
    """The Station a play's last Move ended at, unless it was a Pass, Timeout or Farkle."""
    moves = play.moves
    if not moves or moves[-1].kind is not MoveKind.GO:
        return None
    end = move_end(moves[-1])
    return end.station if end is not None else None


def recent_stations(ctx: TurnContext) -> list[str]:
    """Rule 1.18.3: the Stations the player's own Moves ended at, oldest first, Passes (and
    Timeouts and Farkles, which end nowhere new) left out; this Turn's Move last."""
    found = [s for p in ctx.before.plays if p.player == ctx.player
             if (s := _station_of(p)) is not None]  # fmt: skip
    if ctx.play.moves[-1].kind is MoveKind.GO and ctx.moves and ctx.moves[-1].end is not None:
        found.append(ctx.moves[-1].end.station)
    return found


def _facts(ctx: TurnContext, station: str) -> StationFacts:
    facts = ctx.network.facts[station]
    return StationFacts(station, facts.quadrants, frozenset(c.value for c in facts.categories))


def _unjudged(ctx: TurnContext, gambit: str) -> str | None:
    """The Action of the record (a Declaration or a Denial of this Gambit) this referee does
    not adjudicate, if there is one."""
    for play in ctx.before.plays:
        for action in play.actions:
            if action.name in (*DECLARING, *DENYING) and _key(str(action.args[0])) == gambit:
                return action.name
    return None


@VANILLA.action(*USING)
def using_gambit(ctx: TurnContext, action: Action) -> None:
    """Rule 1.18.3 - Manoeuvres in the Light: a listed Gambit, completed by this Turn's Move,
    gains its recorded cost and two Silver per Station of it that is another's Home."""
    written = action.render(ctx.index)
    if any(name in ctx.done for name in USING):
        ctx.violate("1.3.4", f"{written}: a Gambit may be Used once a Turn (Gambit and "
                             "Manoeuvre are one Action, rule 1.18.1)")  # fmt: skip
        return
    name = str(action.args[0])
    unjudged = _unjudged(ctx, _key(name))
    if unjudged is not None:
        if unjudged not in ctx.unadjudicated:
            ctx.unadjudicated.append(unjudged)
        return
    try:
        gambit = load_gambits(ctx.ruleset.rules_name).named(name)
    except TableError as error:
        ctx.violate("1.18.3", str(error))
        return
    recent = recent_stations(ctx)
    if ctx.play.moves[-1].kind is not MoveKind.GO:
        ctx.violate("1.18.3", f"{written} is completed by this Turn's Move, and a "
                              f"{ctx.play.moves[-1].kind.value} completes nothing")  # fmt: skip
        return
    tail = recent[-len(gambit.steps) :]
    if not gambit.matches([_facts(ctx, s) for s in recent]):
        ctx.violate("1.18.3", f"your most recent Stations ({' -> '.join(tail) or 'none'}) do "
                              f"not complete the {gambit.name} {gambit.word}: "
                              f"{_render(gambit)}")  # fmt: skip
        return
    gain = dict(gambit.reward.fixed())
    homes = {p.home for n, p in ctx.players.items() if n != ctx.player and p.home}
    bonus = HOME_BONUS * sum(station in homes for station in tail)
    if bonus:
        gain[Colour.SI] = gain.get(Colour.SI, 0) + bonus
    ctx.gain(gain, written)
    ctx.event("gambit", f"the {gambit.name} {gambit.word} is completed ({' -> '.join(tail)})",
              gambit=gambit.name)  # fmt: skip


def _render(gambit: Gambit) -> str:
    parts = []
    for step in gambit.steps:
        if step.station:
            parts.append(step.station)
        elif step.quadrant is not None:
            parts.append(f"Quadrant {step.quadrant}")
        else:
            parts.append(f"a {step.category} Station")
    return " -> ".join(parts)
