"""Turns and time: who is active (27, 47), how a turn ends (27, 88, 98, 131, 62, 92) and what
the passing of time does (27's 24 hours, 92's six, time bombs esploding 70, 75, 77, 111).

The clock is never read here: :func:`pass_time` is handed the time of the posting or the
deadline by the edge, and plays the events due by then in the order they fell due.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from referee.games.ifmud.board import (
    EMBEDDED_CPU,
    QUARTERS,
    holder_room,
    same,
    surname,
    with_player,
    with_room,
    with_servant,
)
from referee.games.ifmud.effects import (
    TELEPORTER,
    UPLINK,
    Play,
    brownie,
    drop_everything,
    settle,
)
from referee.games.ifmud.state import GameState, Token, TurnLog, Where, room

TURN = timedelta(hours=24)
RECHARGE = timedelta(hours=48)
FULL_CHARGE = 10
ASLEEP_TURN = timedelta(hours=6)


def turn_order(names: list[str] | tuple[str, ...]) -> list[str]:
    """Rule 27's order: alphabetical by surname (the last word of the name the player is
    known by), case aside; the full name breaks a tie."""
    return sorted(names, key=lambda name: (surname(name).lower(), name.lower()))


def next_player(state: GameState, after: str) -> str | None:
    """Who is active after ``after`` (who may have just left): the next by surname, else the
    first (27)."""
    names = turn_order([p.name for p in state.players])
    if not names:
        return None
    key = (surname(after).lower(), after.lower())
    for name in names:
        if (surname(name).lower(), name.lower()) > key:
            return name
    return names[0]


def turn_length(state: GameState) -> timedelta:
    """Rule 27's 24 hours, or six for a player asleep at the switch (92)."""
    active = next((p for p in state.players if p.name == state.active), None)
    return ASLEEP_TURN if active is not None and active.asleep else TURN


def passed(length: timedelta) -> str:
    """How long a timed-out turn lasted, as its ending says: 24 hours (27) or six (92)."""
    return f" ({length // timedelta(hours=1)} hours passed)"


def end_turn(play: Play, *, timed_out: bool = False) -> None:
    """End the active player's turn: visits (98), the servant sent home (88), the Servants'
    Quarters' charge (131), chatting counted down (62), asleep at the switch (92), and the
    next player made active (27)."""
    state = play.state
    name = state.active
    if name is None:
        return
    length = turn_length(state)
    for _who, where in dict.fromkeys(state.log.entered):
        if state.has_room(where):
            visited = state.room(where)
            state = with_room(state, replace(visited, visits=visited.visits + 1))
    play.state = state
    if name in {p.name for p in state.players}:
        servant = state.servant(name)
        if servant.location != QUARTERS and any(
            p.location == servant.location and p.name != name for p in state.players
        ):
            play.state = with_servant(state, replace(servant, location=QUARTERS))
            play.note(
                f"the servant of {name} shares a room with another player: back to the "
                f"{QUARTERS} (rule 88)"
            )
        player = play.state.player(name)
        if player.location == QUARTERS:
            brownie(play, name, -3, "ending a turn in the Servants' Quarters, rule 131")
        player = play.state.player(name)
        asleep = player.asleep
        if timed_out and name in play.state.passive_turn_takers and not play.state.log.did("acted"):
            asleep = True
            play.note(f"{name} is asleep at the switch (rule 92)")
        play.state = with_player(
            play.state, replace(player, chatting=max(player.chatting - 1, 0), asleep=asleep)
        )
    for choice in play.state.log.open:
        play.note(f"{name} forfeits the choice: {choice}")
    following = next_player(play.state, name)
    play.state = replace(
        play.state,
        active=following,
        turn=play.state.turn + 1,
        turn_began=play.state.time,
        log=TurnLog(),
    )
    play.note(
        f"{name}'s turn ends{passed(length) if timed_out else ''}; {following} is active (rule 27)"
    )
    settle(play)


def monkey_penalty(play: Play, bomb: Token) -> None:
    """Rule 90: a bomb esploding where the monkey is costs whoever last moved the bomb or
    the monkey, whichever was later, 40 brownie points or all they have. A tie goes to the
    bomb's mover (rules/ifmud-nomic/readings.md#r90)."""
    culprit = bomb.moved_by
    moved = play.state.monkey_moved
    if moved is not None and (bomb.since is None or moved[1] > bomb.since):
        culprit = moved[0]
    if culprit is None or culprit not in {p.name for p in play.state.players}:
        return
    loss = min(40, max(play.state.player(culprit).brownie, 0))
    brownie(play, culprit, -loss, "a bomb esploded where the monkey is, rule 90")


def _recharge_due(state: GameState) -> tuple[datetime, int] | None:
    """Rule 101: the uplink resting in Embedded CPU for 48 hours is charged to 10 again."""
    for at, token in enumerate(state.tokens):
        if (
            same(token.name, UPLINK)
            and token.where == room(EMBEDDED_CPU)
            and token.since is not None
            and (token.charge or 0) < FULL_CHARGE
        ):
            return token.since + RECHARGE, at
    return None


def _bomb_due(state: GameState) -> tuple[datetime, int] | None:
    due = [
        (token.since + timedelta(hours=token.delay), at)
        for at, token in enumerate(state.tokens)
        if token.delay is not None and token.since is not None and token.where.kind == "room"
    ]
    return min(due) if due else None


def esplode(play: Play, at: int) -> None:
    """A time bomb esplodes (70): damage to its room (75), everyone there drops all and
    loses two brownie points (77), a teleporter there is charged (111)."""
    token = play.state.tokens[at]
    where = token.where.name
    play.note(f"{token.name} esplodes in {where} (rule 70)")
    play.state = replace(
        play.state, tokens=tuple(t for i, t in enumerate(play.state.tokens) if i != at)
    )
    hit = play.state.room(where)
    play.state = with_room(play.state, replace(hit, damage=hit.damage + 1))
    for player in play.state.players:
        if player.location == where:
            drop_everything(play, Where("player", player.name), "an esplosion, rule 77")
            brownie(play, player.name, -2, "an esplosion, rule 77")
    if play.state.monkey == where:
        monkey_penalty(play, token)
    for i, other in enumerate(play.state.tokens):
        if same(other.name, TELEPORTER) and (
            other.where == room(where)
            or (other.where.kind != "room" and holder_room(play.state, other.where) == where)
        ):
            play.state = replace(
                play.state,
                tokens=tuple(
                    replace(t, status="fully charged") if j == i else t
                    for j, t in enumerate(play.state.tokens)
                ),
            )
            play.note("the personal teleporter is fully charged (rule 111)")


def next_due(state: GameState) -> datetime | None:
    """When time alone next changes the game (a bomb due, 70; the active turn's end, 27 and
    92; the uplink recharged, 101), or None: when the service's deadline runner calls
    :func:`pass_time`."""
    if state.winner is not None:
        return None
    bomb = _bomb_due(state)
    recharge = _recharge_due(state)
    turn_due = (
        state.turn_began + turn_length(state)
        if state.active is not None and state.turn_began is not None
        else None
    )
    due = [e for e in (bomb and bomb[0], turn_due, recharge and recharge[0]) if e is not None]
    return min(due) if due else None


def pass_time(play: Play, now: datetime) -> None:
    """Play every event due by ``now`` in order: bombs esploding and turns timing out."""
    while play.state.winner is None:
        state = play.state
        bomb = _bomb_due(state)
        turn_due = (
            state.turn_began + turn_length(state)
            if state.active is not None and state.turn_began is not None
            else None
        )
        recharge = _recharge_due(state)
        due = (bomb and bomb[0], turn_due, recharge and recharge[0])
        events = [e for e in due if e is not None and e <= now]
        if not events:
            break
        moment = min(events)
        play.state = replace(state, time=max(state.time, moment))
        if bomb is not None and bomb[0] == moment:
            esplode(play, bomb[1])
            settle(play)
        elif recharge is not None and recharge[0] == moment:
            uplink = play.state.tokens[recharge[1]]
            play.state = replace(
                play.state,
                tokens=tuple(
                    replace(t, charge=FULL_CHARGE) if i == recharge[1] else t
                    for i, t in enumerate(play.state.tokens)
                ),
            )
            play.note(f"{uplink.name} has rested 48 hours in {EMBEDDED_CPU}: charged (rule 101)")
        else:
            end_turn(play, timed_out=True)
    if now > play.state.time:
        play.state = replace(play.state, time=now)
