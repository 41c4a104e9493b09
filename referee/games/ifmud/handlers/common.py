"""Helpers the action handlers share: naming rooms and victims, once-a-turn marks, open
choices, the uplink, and the bars on moving servants.
"""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.board import (
    ZRBLM,
    carried_by,
    find_room,
    same,
    with_token,
)
from referee.games.ifmud.effects import (
    LUNCHBOX,
    UPLINK,
    Play,
    Refused,
)
from referee.games.ifmud.state import (
    GameState,
    Token,
    Where,
)

PIE = "pie"
"""The status that marks a token as a pie (115): it keeps a pie's function when renamed (108)."""


class NotJudged(Exception):
    """An action the grammar reads but the referee cannot carry out from the state alone."""


def names(state: GameState) -> set[str]:
    return {p.name for p in state.players}


def named_room(play: Play, name: str) -> str:
    """The room a player named, exactly or by a synonym (72); else refused (14)."""
    found = find_room(play.state, name)
    if found is None:
        raise Refused(14, f"there is no room called {name!r} on the map")
    return found


def once(play: Play, what: str, rule: int, sentence: str) -> None:
    if play.state.log.did(what):
        raise Refused(rule, sentence)
    play.state = replace(play.state, log=play.state.log.doing(what))


def mark(play: Play, *what: str) -> None:
    log = play.state.log
    for each in what:
        log = log.doing(each)
    play.state = replace(play.state, log=log)


def open_choice(play: Play, choice: str) -> None:
    play.state = replace(
        play.state, log=replace(play.state.log, open=(*play.state.log.open, choice))
    )


def victim_of(play: Play, text: str) -> Where:
    """Whom a player names as the target of a theft or a pie: a player, ``the servant of``
    a player (or ``PLAYER's servant``), or the monkey; names in any case."""
    lowered = text.lower()
    if lowered in ("the monkey", "monkey"):
        return Where("monkey")
    for prefix in ("the servant of ", "servant of "):
        if lowered.startswith(prefix):
            owner = player_named(play.state, text[len(prefix) :])
            if owner is not None:
                return Where("servant", owner)
    if lowered.endswith("'s servant"):
        owner = player_named(play.state, text[: -len("'s servant")])
        if owner is not None:
            return Where("servant", owner)
    player = player_named(play.state, text)
    if player is not None:
        return Where("player", player)
    raise Refused(84, f"{text!r} is no player, servant or the monkey")


def player_named(state: GameState, text: str) -> str | None:
    """The player ``text`` names, case aside."""
    return next((p.name for p in state.players if p.name.casefold() == text.casefold()), None)


def check_barred(token: Token, actor: str) -> None:
    if token.barred == actor:
        rule = 145 if same(token.name, LUNCHBOX) else 112
        raise Refused(
            rule,
            f"you scored with {token.name}: you and your servant may not take it until another "
            "player or servant has picked it up",
        )


def uplink_holder(state: GameState) -> str | None:
    for token in state.tokens:
        if same(token.name, UPLINK) and token.where.kind == "player":
            return token.where.name
    return None


def spend_charge(play: Play) -> None:
    mine = Where("player", play.actor)
    at = next(
        (i for i in carried_by(play.state, mine) if same(play.state.tokens[i].name, UPLINK)), None
    )
    if at is None:
        raise Refused(71, "you are not holding the mind-control satellite uplink")
    token = play.state.tokens[at]
    if (token.charge or 0) <= 0:
        raise Refused(101, "the mind-control satellite uplink has no charge left")
    play.state = with_token(play.state, at, replace(token, charge=(token.charge or 0) - 1))


def servant_bars(play: Play, to: str) -> None:
    """Rules 36 and 87: where no servant may be moved."""
    if to == ZRBLM:
        raise Refused(36, "no servant may be moved to Zrblm")
    others = [p.name for p in play.state.players if p.location == to and p.name != play.actor]
    if others:
        raise Refused(87, f"{others[0]} is in {to}: your servant may not be moved there")
