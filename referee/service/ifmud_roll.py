"""One source of truth between an ifMUD Nomic game's state and its chamber's roll.

Both keep demerits, brownie points, who is playing and the Passive Voters, and they must never
disagree (rules/ifmud-nomic/readings.md#roll). The ownership, fact by fact:

- demerits, brownie points and who is still playing are the game state's (rules 11, 28, 41,
  148): the game's own actions change them (45, 82, 119, 142), and a demerit the chamber gives
  (22, 24) is made in the state with :func:`referee.games.ifmud.consent.give_demerit`; the
  chamber's roll is read back from the state each time it is loaded, so the third demerit
  removes a player in both at once;
- the Passive Voters list is the chamber's (rules 32, 40): the game sends 'join the passive
  voters' to it, and each change is copied into the state with
  :func:`~referee.games.ifmud.consent.set_passive_voter`;
- the Passive Turn-Takers list is the game's (rule 91), and the chamber reads it for rule
  130's exemption from rule 24's demerit;
- a player admitted (12) or leaving (13) by the chamber is added to or removed from the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from referee.chamber import Chamber, Event, MemberStatus
from referee.games import IFMUD_NOMIC
from referee.games.ifmud import consent
from referee.games.ifmud.state import GameState
from referee.store.models import Game


def _state(game: Game) -> GameState | None:
    if game.kind != IFMUD_NOMIC or not game.state:
        return None
    return GameState.parse(game.state)


def turn_takers(game: Game) -> tuple[str, ...]:
    """The game's Passive Turn-Takers (rule 91), for rule 130; none for another kind."""
    state = _state(game)
    return state.passive_turn_takers if state is not None else ()


def roll_from_game(game: Game, chamber: Chamber) -> Chamber:
    """``chamber`` with each member's demerits and brownie points read from the game's state,
    and a member the state no longer counts as playing marked removed."""
    state = _state(game)
    if state is None:
        return chamber
    playing = {p.name.casefold(): p for p in state.players}
    members = []
    for member in chamber.members:
        player = playing.get(member.name.casefold())
        if player is not None:
            member = replace(member, demerits=player.demerits, brownie_points=player.brownie)
        elif member.status is MemberStatus.IN:
            member = replace(member, status=MemberStatus.REMOVED, passive=False)
        members.append(member)
    return replace(chamber, members=tuple(members))


def follow(game: Game, events: Iterable[Event]) -> None:
    """Make in the game's state what the chamber's events about its members did."""
    state = _state(game)
    if state is None:
        return
    before = state
    for event in events:
        name = event.player or ""
        try:
            if event.kind == "demerit":
                state = consent.give_demerit(state, name, f"rule {event.rule}")
            elif event.kind == "passive":
                state = consent.set_passive_voter(state, name, event.detail == "on")
            elif event.kind == "left":
                state = consent.remove_player(state, name, "left the game, rule 13")
            elif event.kind == "admitted":
                state = consent.add_player(state, name)
        except (ValueError, KeyError):
            continue  # the state already has it so (a player the game itself removed)
    if state != before:
        game.state = state.render()
        game.version += 1
