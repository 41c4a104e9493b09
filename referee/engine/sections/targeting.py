"""Actions That Target Other Players (section 1.10) and Sanctuary (rule 1.11.7).

Rule 1.10.0 - Target Practice: a targeting Action needs the target on the player's Station and
Line, and must be the first Post-Move Action of the Turn unless its rule says otherwise
(Double-Shunting is the second). Rule 1.11.7 - Sanctuary: no one at a Holy Station may be
targeted or target (``special_stations.sanctuary``, a target check the pipeline asks for every
Action naming a player). Rule 1.13.1's small hours are the core's (``turn._perform``).

Choices a targeting Action leaves to the player are written in the play's comment, one
``key: value`` each, separated by ``;`` (rules/vanilla/readings.md#r1-10-0): ``claim: <Colour> from
<Target>`` (the Token a Shunt claims), ``shadow: <Colour>``, ``huff: <n>``, ``blonk: <Colour>``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import networkx as nx

from referee.engine.comments import note_of, write_note
from referee.engine.context import TurnContext
from referee.engine.history import Position, piece_key
from referee.engine.pegged import is_pegged
from referee.engine.registry import VANILLA
from referee.engine.sections.line_states import SOAPED, state_of
from referee.engine.sections.obstacles import sinkhole
from referee.engine.sections.packages import quadrant_of
from referee.engine.sections.sinkholes import sink
from referee.notation.actions import SPECIAL_TARGETS, Action
from referee.notation.errors import NotationError
from referee.notation.notes import NoteKind, RefereeNote
from referee.notation.places import Destination
from referee.notation.plays import Play
from referee.notation.podumes import PODUMES
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import ORDER, Colour
from referee.quoting import excerpt

STACK_MARKERS: dict[str, str | None] = {
    "Token Stack": None, "Suspect Package": "Susp Package", "PoID": "PoID",
    **dict.fromkeys(PODUMES, "Podume"),
}  # fmt: skip
"""Rules 1.10.1, 1.4.7, 1.4.24: Stacks, Packages and the PoID are Shunted as if players (and
a Podume lying at a Station, rule 4.2.1 of the Knightsbridge 1965 amendments)."""
STACK_SHUNT_LIMIT = 6
CRESCENT = "Mornington Crescent"
SHUNTS = ("Shunting", "Double-Shunting", "Dead-End Shunting", "Stationary-Shunting",
          "Power-Shunting")  # fmt: skip
MONEY_BELT = "money belt"
LOOP_TRAPS = frozenset({"Dollis Hill"})
"""Rule 1.8.6's Trap Stations that Volume 1 names: rule 1.8.1's Dollis Hill (the other Loops'
rules name none), from which rule 1.10.1 lets no one be Shunted."""


def choice(ctx: TurnContext, key: str) -> str | None:
    """The value of ``key: value`` in the play's comment (keys compared without case)."""
    if not ctx.play.comment:
        return None
    pattern = re.compile(rf"(?:^|;)\s*{re.escape(key)}\s*:\s*(?P<v>[^;]+?)\s*(?=;|$)", re.I)
    match = pattern.search(ctx.play.comment)
    return match.group("v") if match else None


_CLAIM = re.compile(r"(?:^|;)\s*claim\s*:\s*(?P<what>[^;]+?)\s+from\s+(?P<who>[^;]+?)\s*(?=;|$)",
                    re.I)  # fmt: skip


def _claims(ctx: TurnContext) -> dict[str, str]:
    """Every ``claim: <Token> from <Target>`` of the comment, by target (case-folded)."""
    if not ctx.play.comment:
        return {}
    return {m.group("who").casefold(): m.group("what") for m in _CLAIM.finditer(ctx.play.comment)}


def colour_choice(ctx: TurnContext, key: str, rule: str) -> Colour | None:
    text = choice(ctx, key)
    if text is None:
        return None
    try:
        return Colour.parse(text)
    except NotationError:
        ctx.violate(rule, f"'{excerpt(text)}' in your comment's '{key}:' is not a Token colour")
        return None


def post_move_index(ctx: TurnContext, action: Action) -> int:
    """Where ``action`` stands among the Turn's Post-Move Actions (0 for the first)."""
    parts = ctx.play.parts
    last_move = max(i for i, p in enumerate(parts) if not isinstance(p, Action))
    after = [p for p in parts[last_move + 1 :] if isinstance(p, Action)]
    return next((i for i, p in enumerate(after) if p is action), -1)


def may_target(
    ctx: TurnContext, action: Action, target: str, rule: str, *, beside: bool = True
) -> bool:
    """Rules 1.10.0 and 1.11.7 for ``action`` aimed at ``target`` (a player or a Stack's
    stand-in name): the first Post-Move Action, the same Station and Line (unless ``beside``
    is false: a Double-Shunt's target stands where the Shunt before it ended; an Action whose
    index entry gives it a Fosdyke Requirement had it checked by the pipeline, rule 1.17.9,
    with any Magnifier, rule 1.4.48). Sanctuary (rule 1.11.7) is the pipeline's target check."""
    written = action.render(ctx.index)
    if beside and post_move_index(ctx, action) != 0:
        ctx.violate("1.10.0", f"{written} must be the first Post-Move Action of your Turn")
        return False
    me = ctx.position()
    if me is None:
        ctx.violate("1.10.0", f"your Piece is not on the Map, so {written} has no target")
        return False
    if target in STACK_MARKERS:
        return True
    if target == ctx.player or target not in ctx.players:
        ctx.violate("1.10.0", f"{written} must target another player of this game")
        return False
    there = ctx.position(target)
    if there is None:
        ctx.violate("1.10.0", f"{target}'s Piece is not on the Map")
        return False
    if (
        beside
        and not ctx.spec(action.name).fr
        and (
            there.station != me.station
            or (there.line is not None and me.line is not None and there.line != me.line)
        )
    ):
        place = there.render() if there else "off the Map"
        ctx.violate("1.10.0", f"{target} ({place}) does not share your Station and Line "
                              f"({me.render()}); {written} needs that")  # fmt: skip
        return False
    return True


def _stack_at(ctx: TurnContext, station: str, name: str) -> TokenStack | None:
    marker = STACK_MARKERS[name]

    def named(stack: TokenStack) -> bool:
        return stack.marker == marker and (stack.podume is None or stack.podume.name == name)

    return next((s for s in ctx.stacks if s.station == station and named(s)), None)


def _charge_mean(ctx: TurnContext, a: str, b: str) -> None:
    """Rule 1.10.1: both take the mean of their Charges (rounded down,
    rules/vanilla/readings.md#r1-10-1)."""
    mean = math.floor((ctx.players[a].charge + ctx.players[b].charge) / 2)
    for name in (a, b):
        ctx.add_charge(mean - ctx.players[name].charge, player=name)


def _claim(ctx: TurnContext, target: str, stack: TokenStack | None, rule: str) -> None:
    """Rule 1.10.1: the Shunter may claim one Token or Possession
    (``claim: <Colour or Possession> from <Target>``); a Money Belt forbids it."""
    text = _claims(ctx).get(target.casefold())
    if text is None:
        return
    try:
        colour = Colour.parse(text)
    except NotationError:
        _claim_possession(ctx, target, stack, text, rule)
        return
    if stack is not None:
        if colour not in stack.tokens:
            ctx.violate(rule, f"the {target} holds no {colour.word} Token to claim")
            return
        tokens = list(stack.tokens)
        del tokens[len(tokens) - 1 - tokens[::-1].index(colour)]
        ctx.stacks[ctx.stacks.index(stack)] = stack.model_copy(update={"tokens": tuple(tokens)})
    else:
        if _has_money_belt(ctx, target):
            ctx.violate(rule, f"{target} wears a Money Belt; nothing may be claimed in the Shunt")
            return
        if ctx.players[target].tokens[colour] < 1:
            ctx.violate(rule, f"{target} holds no {colour.word} Token to claim")
            return
        ctx.players[target].tokens[colour] -= 1
        ctx.event("tokens_lost", f"{ctx.player} claims one of {target}'s {colour.word} Tokens",
                  player=target, tokens={colour.value: 1})  # fmt: skip
    ctx.gain({colour: 1}, f"claimed from {target}")


def _claim_possession(
    ctx: TurnContext, target: str, stack: TokenStack | None, text: str, rule: str
) -> None:
    """Rule 1.10.1: the claimed Possession passes from the Shunted player's Luggage Rack to
    the Shunter's, taken off if worn (rules/vanilla/readings.md#r1-10-1); a Money Belt forbids
    it."""
    if stack is not None:
        ctx.violate(rule, f"the {target} holds no Possessions; claim a Token colour")
        return
    if _has_money_belt(ctx, target):
        ctx.violate(rule, f"{target} wears a Money Belt; nothing may be claimed in the Shunt")
        return
    try:
        wanted = Possession.parse(text)
    except NotationError:
        ctx.violate(rule, f"'{excerpt(text)}' is neither a Token colour nor a Possession")
        return
    theirs = ctx.luggage(target)
    found = next((p for p in theirs
                  if p.name.casefold() == wanted.name.casefold()
                  and p.station == wanted.station), None)  # fmt: skip
    if found is None:
        ctx.violate(rule, f"{target} has no {wanted.render()} to claim")
        return
    theirs.remove(found)
    ctx.luggage().append(found.model_copy(update={"worn": False}))
    ctx.event("possession_claimed", f"claimed {found.render()} from {target}", target=target)


def _has_money_belt(ctx: TurnContext, player: str) -> bool:
    return any(entry.player == player and any(p.name.casefold() == MONEY_BELT
                                              for p in entry.possessions)
               for entry in ctx.before.rack)  # fmt: skip


@dataclass
class _Shunts:
    """This Turn's Shunts so far: who was Shunted, and the last Shunt's LV and end (a Double-
    or Triple-Shunt continues from there, rule 1.10.2)."""

    shunted: set[str] = field(default_factory=set)
    lv: int = 0
    destination: str | None = None


def last_shunt_lv(ctx: TurnContext) -> int | None:
    """The LV the Turn's last Shunt was made with, or None when no Shunt has been made (a
    variant's rule about what a Shunt leaves the Shunter with reads it, rule 4.2.1.3)."""
    state = ctx.state(_Shunts)
    return state.lv if state.destination is not None else None


def _shunt(ctx: TurnContext, action: Action) -> None:
    """The shared body of every Shunt (rules 1.10.1-1.10.3, 1.10.17, 1.10.18)."""
    kind = action.name
    rule = ctx.spec(kind).rule
    target, dest = str(action.args[0]), action.args[1]
    assert isinstance(dest, Destination)
    state = ctx.state(_Shunts)
    shunted = state.shunted
    if kind == "Double-Shunting":
        first = state.destination
        order = post_move_index(ctx, action)
        mine = next(i for i, p in enumerate(ctx.play.parts) if p is action)
        previous = ctx.play.parts[mine - 1]
        if (
            first is None
            or order < 1
            or not (isinstance(previous, Action) and previous.name in SHUNTS)
        ):
            ctx.violate("1.10.2", "a Double-Shunt must follow a Shunt as the next Post-Move "
                                  "Action (the second, or later for a Triple)")  # fmt: skip
            return
        start = str(first)
        if not may_target(ctx, action, target, rule, beside=False):
            return
        n = state.lv
    else:
        if not may_target(ctx, action, target, rule):
            return
        me = ctx.position()
        assert me is not None
        there = ctx.position(target) if target in ctx.players else None
        start = (there or me).station  # the target's own Station (rule 1.4.48 may part them)
        lv = ctx.me.lv
        if kind == "Stationary-Shunting":
            if lv != 0:
                ctx.violate("1.10.17", f"a Stationary Shunt needs LV 0; yours is {lv}")
                return
            n = 1
        elif lv <= 0:
            ctx.violate("1.10.1", "a Shunt needs a Line Velocity above zero; yours is 0")
            return
        else:
            n = lv
    if start in LOOP_TRAPS:
        ctx.violate("1.10.1", f"{start} is a Loop Trap Station (rule 1.8.1); no one there may "
                              "be Shunted")  # fmt: skip
        return
    if target in shunted:
        ctx.violate("1.10.2", f"{target} was already Shunted this Turn; no one is Shunted "
                              "twice")  # fmt: skip
        return
    stack = _stack_at(ctx, start, target) if target in STACK_MARKERS else None
    if target in STACK_MARKERS:
        if stack is None:
            ctx.violate(rule, f"there is no {target} at {start} to Shunt")
            return
        if len(stack.tokens) > STACK_SHUNT_LIMIT:
            ctx.violate("1.10.1", f"the Token Stack at {start} holds {len(stack.tokens)} "
                                  "Tokens; more than six cannot be Shunted")  # fmt: skip
            return
    elif kind == "Double-Shunting":
        there = ctx.position(target)
        if there is None or there.station != start:
            ctx.violate("1.10.2", f"{target} is not at {start}, where your Shunt ended")
            return
    if not _destination_ok(ctx, kind, rule, start, dest, n):
        return
    assert dest.line is not None
    sinks = _sinkholes_between(ctx, dest.line.value, start, dest.station)
    end = dest if not sinks else Destination(station=sinks[0], line=dest.line)
    shunted.add(target)
    if kind != "Double-Shunting":
        state.lv = n
    state.destination = end.station
    if stack is not None:
        _move_stack(ctx, kind, target, stack, start, end)
    else:
        _move_player(ctx, kind, rule, target, end)
        if sinks:
            sink(ctx, target, Position(end.station, end.line))
    if state_of(ctx, dest.line) == SOAPED:
        _skid(ctx, target, end)
    if kind != "Power-Shunting" and kind != "Double-Shunting":
        ctx.set_lv(0)
    if kind == "Double-Shunting":
        ctx.gain({Colour.SI: 1}, "[Double-Shunting]")
    if kind in ("Shunting", "Double-Shunting"):
        current = None
        if stack is not None:
            current = next((s for s in ctx.stacks if s.station == end.station
                            and s.marker == stack.marker), None)  # fmt: skip
        _claim(ctx, target, current, rule)
    elif target.casefold() in _claims(ctx):
        ctx.violate(rule, f"a {_SHUNT_NAMES[kind]} claims no Token or Possession; take "
                          f"'claim: ... from {target}' out of your comment")  # fmt: skip


def _skid(ctx: TurnContext, target: str, end: Destination) -> None:
    """Rule 1.20.6 - Soap on the Tracks: a Shunt along a Soaped Line carries the Shunter with
    the Shunted, both ending at the same Station; noted in the comment, since whether the Line
    was Soaped is not in the play."""
    ctx.place(piece_key(ctx.player), Position(end.station, end.line))
    write_note(ctx, RefereeNote.skidded(end.render()))
    ctx.event("skid", f"{ctx.player} skids along the Soaped {end.line.value if end.line else ''} "
                      f"with {target} to {end.station}", station=end.station)  # fmt: skip


@VANILLA.reads_plays("1.20.6")
def skids(positions: dict[str, Position], play: Play) -> None:
    """Rule 1.20.6: put a Shunter who skidded along a Soaped Line where the referee noted."""
    note = note_of(play, NoteKind.SKIDDED)
    if note is not None:
        where = Destination.parse(note.place)
        positions[piece_key(play.player)] = Position(where.station, where.line)


_SHUNT_NAMES = {
    "Dead-End Shunting": "Dead-End Shunt",
    "Stationary-Shunting": "Stationary Shunt",
    "Power-Shunting": "Power Shunt",
}
"""The Shunts whose rules (1.10.3, 1.10.17, 1.10.18) forbid a claim, as a sentence names them."""


def _destination_ok(ctx: TurnContext, kind: str, rule: str, start: str, dest: Destination,
                    n: int) -> bool:  # fmt: skip
    """Rule 1.10.1's criteria (rule 1.10.3's for a Dead-End Shunt): the Target Station is
    ``n`` Stations along one of the Lines at the start (nearer if a Terminus of that Line;
    for a Dead-End Shunt always a Terminus nearer than ``n``), never Mornington Crescent.
    Blocks and closures do not restrict it."""
    if dest.line is None:
        ctx.violate("1.2.0", f"write the Line of the Target Station, e.g. [{kind} ... to "
                             f"{dest.station} (NT)]")  # fmt: skip
        return False
    if dest.station == CRESCENT:
        ctx.violate("1.10.1", "no one may be Shunted to Mornington Crescent")
        return False
    line = dest.line
    if line not in ctx.network.facts[start].lines:
        ctx.violate("1.10.1", f"the {line.value} line does not serve {start}; Shunt along one "
                              "of its Lines")  # fmt: skip
        return False
    lengths = ctx.network.distances.by_line.get(line, {})
    distance = lengths.get(start, {}).get(dest.station)
    if distance is None:
        ctx.violate("1.10.1", f"{dest.station} is not on the {line.value} line from {start}")
        return False
    terminus = line in ctx.network.facts[dest.station].terminates
    if kind == "Dead-End Shunting":
        if terminus and distance < n:
            return True
        ctx.violate("1.10.3", f"a Dead-End Shunt goes to a Terminus of the {line.value} line "
                              f"fewer than {n} Stations away; {dest.station} is {distance} "
                              "away" + ("" if terminus else " and no Terminus"))  # fmt: skip
        return False
    if distance == n or (distance < n and terminus):
        return True
    ctx.violate(rule, f"{dest.station} is {distance} Stations from {start} along the "
                      f"{line.value} line; a Shunt at LV {n} goes exactly {n} (or to a nearer "
                      "Terminus)")  # fmt: skip
    return False


def _sinkholes_between(ctx: TurnContext, line: str, a: str, b: str) -> list[str]:
    """Rule 1.9.6 - Kafka Sinkholes: the Sinkholes strictly between ``a`` and ``b`` along
    ``line``, nearest ``a`` first: anyone (or any Stack, Shunted as a player) Shunted through
    one ends the Shunt at the first."""
    if not any(sinkhole(ctx, s.station) for s in ctx.stacks):
        return []
    graph = nx.Graph([(x, y) for x, y, key in ctx.network.graph.edges(keys=True) if key == line])
    try:
        path = nx.shortest_path(graph, a, b)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []
    return [s for s in path[1:-1] if sinkhole(ctx, s)]


def _move_stack(ctx: TurnContext, kind: str, target: str, stack: TokenStack, start: str,
                dest: Destination) -> None:  # fmt: skip
    """A Stack Shunted as a player (rule 1.10.1); Dead-End Shunted, it is destroyed (1.10.3)."""
    if is_pegged(ctx, start) or (kind != "Dead-End Shunting" and is_pegged(ctx, dest.station)):
        ctx.violate("1.11.4", "game objects may not be moved from or placed at a Pegged Station")
        return
    ctx.stacks.remove(stack)
    if kind == "Dead-End Shunting":
        ctx.event("shunt", f"the {target} at {start} is Dead-End Shunted and destroyed")
        return
    ctx.stacks.append(
        stack.model_copy(
            update={"station": dest.station, "quadrant": quadrant_of(ctx, dest.station)}
        )
    )
    ctx.event("shunt", f"the {target} is Shunted from {start} to {dest.render()}",
              target=target, station=dest.station)  # fmt: skip


def _move_player(ctx: TurnContext, kind: str, rule: str, target: str, dest: Destination) -> None:
    if is_pegged(ctx, dest.station):
        ctx.violate("1.11.4", f"{dest.station} is Pegged; a Turn that leaves a Piece there is "
                              "Illegal, Shunted or not")  # fmt: skip
        return
    ctx.place(piece_key(target), Position(dest.station, dest.line))
    ctx.set_lv(0, player=target)
    _charge_mean(ctx, ctx.player, target)
    ctx.event("shunt", f"{target} is Shunted to {dest.render()}", target=target,
              station=dest.station)  # fmt: skip
    if kind == "Dead-End Shunting":
        row = ctx.players[target]
        lost = [c for c in ORDER if row.tokens[c] > 0]
        for colour in lost:
            row.tokens[colour] -= 1
        if lost:
            ctx.event("tokens_destroyed", f"{target} loses one each of "
                      + ", ".join(c.value for c in lost), player=target,
                      tokens={c.value: 1 for c in lost})  # fmt: skip


@VANILLA.action(*SHUNTS)
def shunting(ctx: TurnContext, action: Action) -> None:
    """Rule 1.10.1 - A Shunting We Will Go: with LV above zero, after the Move, a player may
    Shunt a player (or a Token Stack of six Tokens or fewer, a Suspect Package, the PoID)
    sharing eir Station and Line to a Station exactly LV Stations along one of the Lines
    there, or to a nearer Terminus of that Line; never to Mornington Crescent. The target
    moves there; both LVs become zero and both take the mean of their Charges; the Shunter
    may claim one Token (not from a Money Belt wearer).
    Rule 1.10.2 - Line 'Em Up, Knock 'Em Down: as the second Post-Move Action, a player at the
    first Shunt's Target Station may be Double-Shunted as though Shunted directly at the
    first Shunt's LV; no one is Shunted twice; it earns a Silver Token.
    Rule 1.10.3 - Dead-End Shunts: to a Terminus fewer than LV Stations away; no claim; the
    target loses one Token of each colour e has; a Stack is destroyed.
    Rule 1.10.17 - Stationary Shunts: only at LV zero, as a Shunt at LV one, with no claim.
    Rule 1.10.18 - Power Shunts: the Shunter's LV is unchanged; no claim.
    Rule 1.9.6 - Kafka Sinkholes: a Shunt passing through a Sinkhole ends there, player,
    Stack or Package alike (a Double-Shunt then starts there); a player so stopped is
    recorded as Sunk (:mod:`referee.engine.sections.sinkholes`)."""
    _shunt(ctx, action)


def _shunt_position(positions: dict[str, Position], play: Play, action: Action) -> None:
    target, dest = action.args[0], action.args[1]
    if str(target) in SPECIAL_TARGETS and str(target) != "Drone":
        return
    if isinstance(dest, Destination):
        positions[piece_key(str(target))] = Position(dest.station, dest.line)


VANILLA.moves_pieces(*SHUNTS)(_shunt_position)


@VANILLA.action("Shadowing")
def shadowing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.10.5 - The Coming of Shadows: the player takes the LV of a player on eir Station
    and Line, and gains one Plastic Token of a colour that player holds (``shadow: <Colour>``
    in the comment)."""
    target = str(action.args[0])
    if target in STACK_MARKERS or not may_target(ctx, action, target, "1.10.5"):
        if target in STACK_MARKERS:
            ctx.violate("1.10.5", "only a player may be Shadowed")
        return
    colour = colour_choice(ctx, "shadow", "1.10.5")
    if colour is None:
        ctx.violate("1.10.5", "name the Plastic colour you gain in the comment, e.g. "
                              "{shadow: Blue}")  # fmt: skip
        return
    if colour.metallic or ctx.players[target].tokens[colour] < 1:
        ctx.violate("1.10.5", f"you may gain a Plastic colour {target} holds; "
                              f"{colour.word} is not one")  # fmt: skip
        return
    ctx.set_lv(ctx.players[target].lv)
    ctx.gain({colour: 1}, f"[Shadowing {target}]")


@VANILLA.action("Huffing")
def huffing(ctx: TurnContext, action: Action) -> None:
    """Rule 1.10.15 - But No Taxi: as the first Post-Move Action, the player picks a number
    from zero to the sum of eir LV and the target's (``huff: <n>``); both LVs become it."""
    target = str(action.args[0])
    if target in STACK_MARKERS:
        ctx.violate("1.10.15", "only a player may be Huffed")
        return
    if not may_target(ctx, action, target, "1.10.15"):
        return
    top = ctx.me.lv + ctx.players[target].lv
    text = choice(ctx, "huff")
    if text is None or not text.isdigit() or int(text) > top:
        ctx.violate("1.10.15", f"name the new LV, from 0 to {top}, in the comment, e.g. "
                               f"{{huff: {top}}}")  # fmt: skip
        return
    ctx.set_lv(int(text))
    ctx.set_lv(int(text), player=target)


@VANILLA.action("Blonking")
def blonking(ctx: TurnContext, action: Action) -> None:
    """Rule 1.10.16 - Blonk Cheque: as the first Post-Move Action, the player may destroy one
    Token of the target's (``blonk: <Colour>``), Money Belt or not; naming none destroys
    none."""
    target = str(action.args[0])
    if target in STACK_MARKERS:
        ctx.violate("1.10.16", "only a player may be Blonked")
        return
    if not may_target(ctx, action, target, "1.10.16"):
        return
    colour = colour_choice(ctx, "blonk", "1.10.16")
    if colour is None:
        return
    row = ctx.players[target]
    if row.tokens[colour] < 1:
        ctx.violate("1.10.16", f"{target} holds no {colour.word} Token to destroy")
        return
    row.tokens[colour] -= 1
    ctx.event("tokens_destroyed", f"one of {target}'s {colour.word} Tokens is destroyed",
              player=target, tokens={colour.value: 1})  # fmt: skip
