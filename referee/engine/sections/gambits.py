"""Declaring and Using Gambits and Manoeuvres (rules 1.18.1, 1.18.3; the list of 1.18.2).

Rule 1.18.1 - Manoeuvres in the Dark: a player whose last three to six Moves (no Pass or
Timeout among them) ended at Stations with some attributes may declare that sequence a new
Gambit under a new name, paying at least one Token (plus the index's Green); no Gambit may
already use the same sequence. The play's comment lists the attributes and the price:
``{gambit: Holy Station -> Quadrant 2 -> Angel; cost: 2 Bu}``. The referee reads a Station's
name, "Quadrant <n>" and "<category> Station" (rule 1.17.6; "another <category> Station" is a
different Station of it than the first); any other attribute is answered "not adjudicated".
Declared Gambits are read back from the record (the GSD has no slot for them).

Rule 1.18.3 - Manoeuvres in the Light: a player whose most recent Stations (those eir own
Moves ended at, Passes left out) have, in order, the attributes a listed Gambit asks for may
play [Using the <Name> Gambit] (or Manoeuvre: the words are synonyms, rule 1.18.1) and gains
what the Gambit's declarer paid for it, plus two Silver for each Station of the Gambit that
is another player's Home Station.

Rule 1.18.4 - Deny Everything!: once a player's Stations are one Move short of a Gambit,
another player may Deny it, naming em. The Denial is judged at the end of the named player's
next Turn: if that Turn's Move does not complete the Gambit, each Denier gains its reward
instead; if it does, the Denial failed and a Use of it in that Turn gains double.

rules/vanilla/readings.md#r1-18-1 records the choices: this Turn's Move
must complete the Gambit (a Gambit is not cashed again after a Pass), the gain is the
referee's to work out (the comment need not repeat it), and when and what a Denier gains.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from referee.engine.comments import field, field_of
from referee.engine.context import TurnContext
from referee.engine.history import move_end
from referee.engine.registry import VANILLA
from referee.engine.tables import TableError
from referee.engine.tables.gambits import CATEGORIES, Gambit, StationFacts, Step
from referee.network.names import UnknownStationError
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.plays import MoveKind, Play
from referee.notation.tokens import ORDER, Colour, TokenCounts

USING = ("Using Gambit", "Using Manoeuvre")
DECLARING = ("Declaring Gambit", "Declaring Manoeuvre")
UNREADABLE = ("the declaration of {name} (rule 1.18.1) names an attribute of a Station that "
              "this referee cannot read from its map: a Station's name, 'Quadrant <n>' and "
              "'<category> Station' (rule 1.17.6) are what it reads")  # fmt: skip
DENYING = ("Denying Gambit", "Denying Manoeuvre")
HOME_BONUS = 2
"""Rule 1.18.3: Silver gained for each Station of the Gambit that is another's Home."""
RECENT = range(3, 7)
"""Rule 1.18.1: 'recent' is at least three Moves and no more than six."""
_QUADRANT = re.compile(r"quadrant\s+(?P<n>[0-4])", re.I)
_CATEGORY = re.compile(r"(?P<another>another\s+)?(?P<cat>.+?)\s+station", re.I)
_CATEGORY_NAMES = {c.casefold(): c for c in CATEGORIES} | {"a-z": "A to Z"}


def _key(name: str) -> str:
    return name.strip().casefold().removeprefix("the ").strip()


def _station_of(play: Play) -> str | None:
    """The Station a play's last Move ended at, unless it was a Pass, Timeout or Farkle."""
    moves = play.moves
    if not moves or moves[-1].kind is not MoveKind.GO:
        return None
    end = move_end(moves[-1])
    return end.station if end is not None else None


def played_stations(ctx: TurnContext, player: str) -> list[str]:
    """The Stations ``player``'s own Moves of the record ended at, oldest first, Passes (and
    Timeouts and Farkles, which end nowhere new) left out."""
    return [s for p in ctx.before.plays if p.player == player
            if (s := _station_of(p)) is not None]  # fmt: skip


def recent_stations(ctx: TurnContext) -> list[str]:
    """Rule 1.18.3: the playing player's Stations (:func:`played_stations`), this Turn's Move
    last."""
    found = played_stations(ctx, ctx.player)
    if ctx.play.moves[-1].kind is MoveKind.GO and ctx.moves and ctx.moves[-1].end is not None:
        found.append(ctx.moves[-1].end.station)
    return found


def _facts(ctx: TurnContext, station: str) -> StationFacts:
    facts = ctx.network.facts[station]
    return StationFacts(station, facts.quadrants, frozenset(c.value for c in facts.categories))


def _unjudged(ctx: TurnContext, gambit: str) -> str | None:
    """The Action of the record this referee cannot judge the Gambit's Use or Denial without:
    a Declaration of it whose attributes it cannot read."""
    for play in ctx.before.plays:
        for action in play.actions:
            if action.name not in DECLARING or _key(str(action.args[0])) != gambit:
                continue
            if _declared(ctx, play, action) is None:
                return action.name
    return None


def _step(ctx: TurnContext, text: str, earlier: list[Step]) -> Step | None:
    """One attribute as a play writes it, or None when the referee cannot read it."""
    words = " ".join(text.split())
    if match := _QUADRANT.fullmatch(words):
        return Step(quadrant=int(match["n"]))
    match = _CATEGORY.fullmatch(words)
    category = _CATEGORY_NAMES.get(match["cat"].casefold()) if match else None
    if match and category:
        if not match["another"]:
            return Step(category=category)
        first = next((n for n, s in enumerate(earlier, 1) if s.category == category), None)
        return Step(category=category, other_than=first) if first else None
    try:
        return Step(station=ctx.network.resolve(words))
    except UnknownStationError:
        return None


def _declared(ctx: TurnContext, play: Play, action: Action) -> Gambit | None:
    """The Gambit a Declaration of the record (or of this play) made, if it can be read."""
    listed, price = field_of(play, "gambit"), field_of(play, "cost")
    if listed is None or price is None:
        return None
    steps: list[Step] = []
    for part in listed.split("->"):
        step = _step(ctx, part, steps)
        if step is None:
            return None
        steps.append(step)
    try:
        counts = TokenCounts.parse(price)
        cost = ",".join(f"{n}{c.value}" for c, n in zip(ORDER, counts.as_tuple(), strict=True)
                        if n)  # fmt: skip
        word = "Manoeuvre" if action.name.endswith("Manoeuvre") else "Gambit"
        name = re.sub(r"^the\s+", "", str(action.args[0]).strip(), flags=re.I)
        return Gambit(name=name, word=word, cost=cost, steps=tuple(steps))
    except (NotationError, ValidationError):
        return None


def known_gambits(ctx: TurnContext) -> list[Gambit]:
    """Rule 1.18.2's list, then the Gambits the game's record declares."""
    found = list(ctx.ruleset.tables().gambits.gambit)
    for play in ctx.before.plays:
        for action in play.actions:
            if action.name in DECLARING and (made := _declared(ctx, play, action)) is not None:
                found.append(made)
    return found


def _named(ctx: TurnContext, name: str) -> Gambit:
    for gambit in known_gambits(ctx)[len(ctx.ruleset.tables().gambits.gambit) :]:
        if _key(gambit.name) == _key(name):
            return gambit
    return ctx.ruleset.tables().gambits.named(name)


def _sequence(gambit: Gambit) -> tuple[tuple[object, ...], ...]:
    return tuple((s.station, s.quadrant, s.category, s.other_than) for s in gambit.steps)


@VANILLA.action(*DECLARING)
def declaring(ctx: TurnContext, action: Action) -> None:
    """Rule 1.18.1 - Manoeuvres in the Dark: three to six attributes of the player's latest
    Stations (this Turn's last; no Pass or Timeout among those Moves), a new name, a new
    sequence, and at least one Token paid (with the index's Green)."""
    written = action.render(ctx.index)
    if any(name in ctx.done for name in DECLARING):
        ctx.violate("1.3.4", f"{written}: one Declaration a Turn (Gambit and Manoeuvre are one "
                             "Action, rule 1.18.1)")  # fmt: skip
        return
    if field(ctx, "gambit") is None or field(ctx, "cost") is None:
        example = "{gambit: Holy Station -> Quadrant 2 -> Angel; cost: 2 Bu}"
        ctx.violate("1.18.1", f"list the attributes and the price in the comment, e.g. {example}")
        return
    gambit = _declared(ctx, ctx.play, action)
    if gambit is None:
        ctx.not_adjudicated(action.name, UNREADABLE.format(name=f"the {action.args[0]} Gambit"))
        return
    if len(gambit.steps) not in RECENT:
        ctx.violate("1.18.1", f"a Gambit names three to six recent Stations, not "
                              f"{len(gambit.steps)}")  # fmt: skip
        return
    mine = [p for p in ctx.before.plays if p.player == ctx.player]
    stations = [_station_of(p) for p in mine[max(0, len(mine) - len(gambit.steps) + 1) :]]
    last = ctx.moves[-1].end if ctx.moves and ctx.play.moves[-1].kind is MoveKind.GO else None
    stations.append(last.station if last is not None else None)
    if len(stations) < len(gambit.steps) or None in stations:
        ctx.violate("1.18.1", f"the last {len(gambit.steps)} Moves of a Gambit may include no "
                              "Pass or Timeout (and this Turn's is one of them)")  # fmt: skip
        return
    if not gambit.matches([_facts(ctx, str(s)) for s in stations]):
        ctx.violate("1.18.1", f"your last Stations ({' -> '.join(map(str, stations))}) do not "
                              f"have those attributes ({_render(gambit)})")  # fmt: skip
        return
    for other in known_gambits(ctx):
        if _key(other.name) == _key(gambit.name) or _sequence(other) == _sequence(gambit):
            ctx.violate("1.18.1", f"the {other.name} {other.word} already exists with that "
                                  "name or that sequence")  # fmt: skip
            return
    price = dict(gambit.reward.fixed())
    if not any(price.values()):
        ctx.violate("1.18.1", "a Gambit's price is at least one Token")
        return
    if ctx.pay(price, written, "1.18.1", ctx.spec(action.name)):
        ctx.event("gambit", f"the {gambit.name} {gambit.word} is declared: "
                            f"{_render(gambit)}", gambit=gambit.name)  # fmt: skip


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
        ctx.not_adjudicated(unjudged, UNREADABLE.format(name=name))
        return
    try:
        gambit = _named(ctx, name)
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
    if any(_key(denied) == _key(gambit.name) for _, denied in denials_of(ctx)):
        gain = {colour: 2 * count for colour, count in gain.items()}
        written += " (Denied, and completed: double, rule 1.18.4)"
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


def denials_of(ctx: TurnContext) -> list[tuple[str, str]]:
    """Rule 1.18.4: the Denials naming the playing player made since eir last Turn, as
    (Denier, Gambit name)."""
    found = []
    for entry in reversed(ctx.before.record):  # back to eir last play only: cheap each Turn
        if not isinstance(entry, Play):
            continue
        if entry.player == ctx.player:
            break
        for action in entry.actions:
            if action.name in DENYING and str(action.args[1]) == ctx.player:
                found.append((entry.player, str(action.args[0])))
    return found[::-1]


@VANILLA.action(*DENYING)
def denying(ctx: TurnContext, action: Action) -> None:
    """Rule 1.18.4 - Deny Everything!: another player's Gambit, once eir Stations are one Move
    short of it (the penultimate Move played); rule 1.7.42 forbids Denying one's own."""
    name, target = str(action.args[0]), str(action.args[1])
    if target == ctx.player:
        ctx.violate("1.18.4", "a player may not Deny eir own Gambit; name the player you Deny")
        return
    if target not in ctx.players:
        ctx.violate("1.18.4", f"{target} is not in the Token Table; name the player you Deny")
        return
    unjudged = _unjudged(ctx, _key(name))
    if unjudged is not None:
        ctx.not_adjudicated(unjudged, UNREADABLE.format(name=name))
        return
    try:
        gambit = _named(ctx, name)
    except TableError as error:
        ctx.violate("1.18.4", str(error))
        return
    stations = played_stations(ctx, target)
    short = gambit.model_copy(update={"steps": gambit.steps[:-1]})
    if not short.matches([_facts(ctx, s) for s in stations]):
        last = " -> ".join(stations[-len(short.steps) :]) or "none"
        ctx.violate("1.18.4", f"{target}'s last Stations ({last}) are not one Move short of the "
                              f"{gambit.name} {gambit.word} ({_render(gambit)}); a Denial "
                              "follows the penultimate Move")  # fmt: skip
        return
    ctx.event("denial", f"{ctx.player} Denies {target} the {gambit.name} {gambit.word}",
              gambit=gambit.name, target=target)  # fmt: skip


@VANILLA.at_end("1.18.4")
def judge_denials(ctx: TurnContext) -> None:
    """Rule 1.18.4: at the end of the Denied player's next Turn, each Denial whose Gambit that
    Turn's Move did not complete gains its Denier the Gambit's reward (its recorded cost)."""
    denials = denials_of(ctx)
    if not denials:
        return
    recent = [_facts(ctx, s) for s in recent_stations(ctx)]
    completes = ctx.play.moves[-1].kind is MoveKind.GO
    for denier, name in denials:
        unjudged = _unjudged(ctx, _key(name))
        if unjudged is not None:
            ctx.not_adjudicated(unjudged, UNREADABLE.format(name=name))
            continue
        try:
            gambit = _named(ctx, name)
        except TableError:
            continue
        if completes and gambit.matches(recent):
            ctx.event("denial", f"{denier}'s Denial of the {gambit.name} {gambit.word} failed: "
                                f"{ctx.player} completed it", player=denier)  # fmt: skip
            continue
        ctx.gain(dict(gambit.reward.fixed()),
                 f"the Denial of the {gambit.name} {gambit.word} held", player=denier)  # fmt: skip
