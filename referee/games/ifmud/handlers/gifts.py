"""Dark Gifts (124, 135-137) and creating Quests (139, 142)."""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    MORNINGTON,
    same,
    with_player,
)
from referee.games.ifmud.effects import (
    Play,
    Refused,
)
from referee.games.ifmud.handlers.common import (
    mark,
)
from referee.games.ifmud.order import random_selection
from referee.games.ifmud.state import (
    Quest,
)


def metamorphose(play: Play, action: Action) -> None:
    """Rules 135 and 137: a Dark Gift, as the turn's only action besides abandoning."""
    name = action.get("gift")
    gift = next((g for g in play.state.gifts if same(g.name, name)), None)
    if gift is None:
        raise Refused(124, f"there is no Dark Gift called {name!r} on the list")
    if play.state.log.did("acted other than abandoning"):
        raise Refused(
            135,
            "you may metamorphose only in a turn with no other action than abandoning Dark Gifts",
        )
    player = play.state.player(play.actor)
    if gift.name in player.gifts:
        raise Refused(137, f"you already have {gift.name}")
    mark(play, "metamorphosed")
    if len(player.gifts) >= player.puissance:
        play.note(
            f"{play.actor} metamorphoses but has no Puissance to hold {gift.name}: it is "
            "lost at once (rule 137)"
        )
        return
    play.state = with_player(play.state, replace(player, gifts=(*player.gifts, gift.name)))
    play.note(f"{play.actor} metamorphoses and gains {gift.name}")


def abandon(play: Play, action: Action) -> None:
    """Rule 137: give up a Dark Gift one has."""
    player = play.state.player(play.actor)
    held = next((g for g in player.gifts if same(g, action.get("gift"))), None)
    if held is None:
        raise Refused(137, f"you have no Dark Gift called {action.get('gift')!r}")
    play.state = with_player(
        play.state, replace(player, gifts=tuple(g for g in player.gifts if g != held))
    )
    play.note(f"{play.actor} abandons {held}")


def create_quest(play: Play, action: Action) -> None:
    """Rule 142: with fewer than three Quests, a new one: colour, three random rooms, a d20."""
    colour, name = action.get("colour"), action.get("name")
    if len(play.state.quests) >= 3:
        raise Refused(142, "there are already three Quests on the Roster")
    if any(q.colour.lower() == colour.lower() for q in play.state.quests):
        raise Refused(142, f"a Quest is already {colour}; choose another colour")
    rooms = [r.name for r in play.state.rooms if r.name != MORNINGTON]
    if len(rooms) < 3:
        raise Refused(142, "the map has too few rooms for a Quest")
    home = random_selection(rooms, play.dice, "a Quest's home, rule 142")
    locate = random_selection([r for r in rooms if r != home], play.dice, "a Quest's locate")
    goal = random_selection(
        [r for r in rooms if r not in (home, locate)], play.dice, "a Quest's goal"
    )
    roll = play.dice.roll(20, "rule 142: a Quest's value")
    quest = Quest(colour, home, locate, goal, roll if roll <= 17 else 1, roll >= 18, name)
    play.state = replace(play.state, quests=(*play.state.quests, quest))
    play.note(f"a new Quest: {quest.render()}")
