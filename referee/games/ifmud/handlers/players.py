"""What any player may do at any time: naming a servant (45), donations (113), the Passive
lists (32, 91, 93) and leaving (13).
"""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.actions import Action
from referee.games.ifmud.board import (
    with_player,
    with_servant,
)
from referee.games.ifmud.effects import (
    Play,
    Refused,
    brownie,
    lose,
)
from referee.games.ifmud.handlers.common import (
    player_named,
)
from referee.games.ifmud.state import (
    Donation,
    check_name,
)


def name_servant(play: Play, action: Action) -> None:
    """Rule 45: a player names their servant and its species."""
    servant = play.state.servant(play.actor)
    if servant.name:
        raise Refused(45, f"your servant is already {servant.name}, {servant.species}")
    try:
        check_name(action.get("name"))
        check_name(action.get("species"))
    except ValueError as error:
        raise Refused(45, str(error)) from None
    play.state = with_servant(
        play.state, replace(servant, name=action.get("name"), species=action.get("species"))
    )
    play.note(f"the servant of {play.actor} is {action.get('name')}, {action.get('species')}")


def donate(play: Play, action: Action) -> None:
    """Rule 113: an offer of brownie points, waiting for the recipient to accept."""
    named, amount = action.get("player"), int(action.get("amount"))
    to = player_named(play.state, named)
    if to is None or to == play.actor:
        raise Refused(113, f"{named!r} is not another player of this game")
    if amount <= 0:
        raise Refused(113, "a donation is a positive number of brownie points")
    kept = tuple(d for d in play.state.donations if (d.donor, d.recipient) != (play.actor, to))
    play.state = replace(play.state, donations=(*kept, Donation(play.actor, to, amount)))
    play.note(f"{play.actor} offers {to} {amount} brownie points")


def accept(play: Play, action: Action) -> None:
    """Rule 113: the recipient accepts; the points pass at once."""
    donor = player_named(play.state, action.get("player")) or action.get("player")
    offer = next(
        (d for d in play.state.donations if d.donor == donor and d.recipient == play.actor), None
    )
    if offer is None:
        raise Refused(113, f"{donor} has offered you no donation")
    play.state = replace(play.state, donations=tuple(d for d in play.state.donations if d != offer))
    brownie(play, donor, -offer.amount, f"a donation to {play.actor}, rule 113")
    brownie(play, play.actor, offer.amount, f"a donation from {donor}, rule 113")


def retract(play: Play, action: Action) -> None:
    """Rule 113: a donation not yet accepted is withdrawn."""
    to = player_named(play.state, action.get("player")) or action.get("player")
    offer = next(
        (d for d in play.state.donations if d.donor == play.actor and d.recipient == to), None
    )
    if offer is None:
        raise Refused(113, f"you have offered {to} no donation")
    play.state = replace(play.state, donations=tuple(d for d in play.state.donations if d != offer))
    play.note(f"{play.actor} retracts the donation to {to}")


def join_list(play: Play, action: Action, *, joining: bool = True) -> None:
    """Rule 91: onto or off the Passive Turn-Takers, the game's own list. The Passive Voters
    (32) are the chamber's, which counts the votes: a player naming them is sent there."""
    if action.get("list") == "passive voters":
        raise Refused(
            32,
            "the Passive Voters list is the chamber's, which counts the votes: post "
            "'passive on' or 'passive off' to it",
        )
    members = play.state.passive_turn_takers
    if joining == (play.actor in members):
        raise Refused(91, f"you are {'already' if joining else 'not'} on the passive turn-takers")
    members = (*members, play.actor) if joining else tuple(n for n in members if n != play.actor)
    play.state = replace(play.state, passive_turn_takers=members)
    play.note(f"{play.actor} {'joins' if joining else 'leaves'} the {action.get('list')}")


def wake(play: Play, action: Action) -> None:
    """Rule 93: a player asleep at the switch says they are not."""
    player = play.state.player(play.actor)
    if not player.asleep:
        raise Refused(93, "you are not asleep at the switch")
    play.state = with_player(play.state, replace(player, asleep=False))
    play.note(f"{play.actor} is no longer asleep at the switch (rule 93)")


def leave_game(play: Play, action: Action) -> None:
    """Rule 13: a player leaves; their servant ceases (44) and their tokens go to the Attic
    (49). A player who leaves has not lost, so may be added again (12)."""
    lose(play, play.actor, "they left the game, rule 13", lost=False)
