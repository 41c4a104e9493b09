"""Spending a room's damage on a letter of its connectivity name (76, 121, 129)."""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    with_room,
)
from referee.games.ifmud.effects import (
    Play,
    Refused,
    brownie,
)
from referee.games.ifmud.handlers.common import (
    named_room,
    once,
)


def damaged(play: Play, action: Action, rule: int) -> tuple[str, int]:
    name = named_room(play, action.get("room"))
    target = play.state.room(name)
    if target.damage <= 0:
        raise Refused(rule, f"{name} has no damage to spend")
    position = int(action.get("position"))
    if not 1 <= position <= len(target.connectivity_name):
        raise Refused(rule, f"{target.connectivity_name!r} has no letter {position}")
    return name, position


def unletter(play: Play, action: Action) -> None:
    """Rule 76: spend a damage point to strike a letter from a room's connectivity name;
    connections here are the agreed pairs of rule 25, none rests on a letter, so none goes
    (rules/ifmud-nomic/readings.md#r76)."""
    name, position = damaged(play, action, 76)
    once(play, "unlettered", 76, "this may be done once per turn")
    target = play.state.room(name)
    letters = target.connectivity_name
    changed = letters[: position - 1] + "_" + letters[position:]
    play.state = with_room(
        play.state, replace(target, damage=target.damage - 1, connectivity=changed)
    )
    play.note(f"{name}'s connectivity name is now {changed}")


def reletter(play: Play, action: Action) -> None:
    """Rule 121: spend a damage point and two brownie points to change a letter."""
    name, position = damaged(play, action, 121)
    target = play.state.room(name)
    letters = target.connectivity_name
    changed = letters[: position - 1] + action.get("letter") + letters[position:]
    play.state = with_room(
        play.state, replace(target, damage=target.damage - 1, connectivity=changed)
    )
    brownie(play, play.actor, -2, "changing a letter, rule 121")
    play.note(f"{name}'s connectivity name is now {changed}")
