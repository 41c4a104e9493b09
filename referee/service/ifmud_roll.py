"""One source of truth between an ifMUD Nomic game's state and its chamber's roll.

Both keep demerits, brownie points, who is playing and the Passive Voters, and they must never
disagree (rules/ifmud-nomic/readings.md#roll). The ownership, fact by fact:

- demerits, brownie points and who is still playing are the game state's (rules 11, 28, 41,
  148): the game's own actions change them (45, 82, 119, 142), and a demerit the chamber gives
  (22, 24) is made in the state with :func:`referee.games.ifmud.consent.give_demerit`; the
  chamber's roll is read back from the state each time it is loaded, so the third demerit
  removes a player in both at once;
- the Passive Voters list is the chamber's (rules 31, 32, 40): the game sends 'join the
  passive voters' to it, and the state's list is copied from the roll each time the chamber
  is stored (:func:`mirror`), whatever changed it; a rule 40 change agreed in a proposal's
  text is made on the roll (:func:`adopt_agreed`), so the copy never leads;
- the Passive Turn-Takers list is the game's (rule 91), and the chamber reads it for rule
  130's exemption from rule 24's demerit;
- a player admitted (12) or leaving (13) by the chamber is added to or removed from the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime

from referee.chamber import Chamber, Event, Member, MemberStatus
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
            elif event.kind == "left":
                state = consent.remove_player(state, name, "left the game, rule 13", lost=False)
            elif event.kind == "admitted":
                state = consent.add_player(state, name)
        except (ValueError, KeyError):
            continue  # the state already has it so (a player the game itself removed)
        state = consent.end_removed_turn(state, event.at)
    if state != before:
        game.state = state.render()
        game.version += 1


def mirror(game: Game, chamber: Chamber) -> None:
    """Rule 31: the state's Passive Voters become the chamber's list, in roll order, so the
    state posted next shows the list the chamber counts votes with."""
    state = _state(game)
    if state is None:
        return
    playing = {p.name for p in state.players}
    listed = tuple(name for name in chamber.passive_voters() if name in playing)
    if listed != state.passive_voters:
        game.state = replace(state, passive_voters=listed).render()
        game.version += 1


def adopt_agreed(
    game: Game, chamber: Chamber, at: datetime, known: Callable[[str], bool]
) -> Chamber:
    """``chamber`` with what a ratified proposal's text agreed of its members made on the
    roll, its one owner: every player the text put on the state's Passive Voters (rule 40)
    is on the chamber's list, and every player it added to the state (rule 12) who is
    ``known`` by name (casefolded) is on the roll, counted as having posted at ``at``."""
    state = _state(game)
    if state is None:
        return chamber
    listed = set(chamber.passive_voters())
    members = tuple(
        replace(m, passive=True)
        if m.name in state.passive_voters and m.name not in listed and m.status is MemberStatus.IN
        else m
        for m in chamber.members
    )
    for player in state.players:
        member = chamber.member(player.name)
        if member is not None and member.status is MemberStatus.IN:
            continue
        if not known(player.name.casefold()):
            continue
        fresh = Member(player.name, at, at)
        members = (*(m for m in members if m.name != player.name), fresh)
    return chamber if members == chamber.members else replace(chamber, members=members)
