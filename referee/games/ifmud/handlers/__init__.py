"""The handler of every verb of the grammar (``actions.GRAMMAR``), by verb: each checks the
rules that govern its action, raising :class:`~referee.games.ifmud.effects.Refused` with the
rule broken, and applies it to the :class:`~referee.games.ifmud.effects.Play`."""

from __future__ import annotations

from collections.abc import Callable

from referee.games.ifmud.actions import Action
from referee.games.ifmud.effects import Play
from referee.games.ifmud.handlers import (
    carrying,
    damage,
    gifts,
    monkey,
    moving,
    pieman,
    players,
    robot,
)
from referee.games.ifmud.turns import end_turn

Handler = Callable[[Play, Action], None]


def finish_turn(play: Play, action: Action) -> None:
    """Rule 27: the active player announces the end of their turn."""
    end_turn(play)


HANDLERS: dict[str, Handler] = {
    "move": moving.move,
    "move servant": moving.move_servant,
    "move monkey": monkey.monkey_move,
    "xyzzy": moving.xyzzy,
    "pick up": carrying.pick_up,
    "servant pick up": lambda play, action: carrying.pick_up(play, action, servant=True),
    "monkey pick up": monkey.monkey_pick_up,
    "drop": carrying.drop,
    "servant drop": lambda play, action: carrying.drop(play, action, servant=True),
    "monkey drop": monkey.monkey_drop,
    "monkey retime": monkey.monkey_retime,
    "monkey steal": monkey.monkey_steal,
    "create cigar": pieman.create_cigar,
    "steal": carrying.steal,
    "servant steal": carrying.servant_steal,
    "ride omnibus": moving.ride_omnibus,
    "send servant by omnibus": lambda play, action: moving.ride_omnibus(play, action, servant=True),
    "teleport": moving.teleport,
    "set destination": carrying.set_destination,
    "buy pie": pieman.buy_pie,
    "throw pie": pieman.throw_pie,
    "buy bomb": pieman.buy_bomb,
    "rename": pieman.rename,
    "create pie bomb": pieman.create_pie_bomb,
    "create quest": gifts.create_quest,
    "unletter": damage.unletter,
    "reletter": damage.reletter,
    "kitten move": robot.kitten_move,
    "kitten fly": robot.kitten_fly,
    "robot examine": robot.robot_examine,
    "metamorphose": gifts.metamorphose,
    "abandon": gifts.abandon,
    "sacrifice": carrying.sacrifice,
    "name servant": players.name_servant,
    "donate": players.donate,
    "accept": players.accept,
    "retract": players.retract,
    "join list": players.join_list,
    "leave list": lambda play, action: players.join_list(play, action, joining=False),
    "wake": players.wake,
    "leave game": players.leave_game,
    "end turn": finish_turn,
}
"""Every verb of the grammar and the function that judges it."""
