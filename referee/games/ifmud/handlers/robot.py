"""The robot and the kitten (155, 157, 160)."""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    EMBEDDED_CPU,
    LOUNGE,
    connected,
    neighbours,
)
from referee.games.ifmud.effects import (
    Play,
    Refused,
    brownie,
)
from referee.games.ifmud.handlers.common import (
    NotJudged,
    named_room,
)
from referee.games.ifmud.order import random_selection
from referee.games.ifmud.state import (
    GameState,
    room,
)


def count_critter(play: Play) -> None:
    if play.state.log.critters >= 2:
        raise Refused(160, "you have taken two robot and kitten actions this turn already")
    play.state = replace(
        play.state, log=replace(play.state.log, critters=play.state.log.critters + 1)
    )


def kitten_move(play: Play, action: Action) -> None:
    """Rule 160: the kitten moves to a randomly selected connected room."""
    around = neighbours(play.state, play.state.kitten)
    if not around:
        raise Refused(160, f"no room is connected to {play.state.kitten}, where the kitten is")
    count_critter(play)
    to = random_selection(around, play.dice, "where the kitten goes, rule 160")
    play.state = replace(play.state, kitten=to)
    play.note(f"the kitten moves to {to}")


def kitten_fly(play: Play, action: Action) -> None:
    raise NotJudged(
        "rule 160 lets the kitten fly to rooms it could fly to, but no rule says which those "
        "are; the referee cannot choose them (rules/ifmud-nomic/rules.md, rule 160)"
    )


def robot_examine(play: Play, action: Action) -> None:
    """Rules 160 and 157: optionally move the robot, then it examines a random entity there;
    finding the kitten scores ten, anything else costs one."""
    to = action.get("room")
    where = play.state.robot
    if to:
        to = named_room(play, to)
        if not connected(play.state, where, to):
            raise Refused(26, f"{to} is not connected to {where}, where the robot is")
        where = to
    entities = entities_in(play.state, where)
    if not entities:
        raise Refused(
            160,
            f"there is nothing in {where} for the robot to examine, so it "
            "cannot complete an examination (and does not move)",
        )
    count_critter(play)
    play.state = replace(play.state, robot=where)
    seen = random_selection(entities, play.dice, "what the robot examines, rule 160")
    play.note(f"the robot examines {seen}")
    if seen == "the kitten":
        brownie(play, play.actor, 10, "robotfindskitten, rule 157")
        play.state = replace(play.state, robot=EMBEDDED_CPU, kitten=LOUNGE)
    else:
        brownie(
            play, play.actor, -1, "the robot examined something that is not the kitten, rule 157"
        )


def entities_in(state: GameState, where: str) -> list[str]:
    """What the robot may examine (rules/ifmud-nomic/readings.md#r160): players, servants,
    the monkey, the pieman, the Omnibus, the kitten and tokens in the room."""
    found = [p.name for p in state.players if p.location == where]
    found += [f"the servant of {s.owner}" for s in state.servants if s.location == where]
    for thing, at in (
        ("the monkey", state.monkey),
        ("the pieman", state.pieman),
        ("the Magic Omnibus", state.omnibus),
        ("the kitten", state.kitten),
    ):
        if at == where:
            found.append(thing)
    found += [t.name for t in state.tokens if t.where == room(where)]
    return found
