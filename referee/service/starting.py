"""Starting a game: the first Game State Document, written by the referee from the seats.

A game is played by mail from its first Turn only once the referee holds its GSD. The operator
starts one with ``referee db new-game``; the Speaker's mail commands (issue 6) call the same
functions, so both paths give the same first GSD.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from referee.engine.fair_dice import SEED_BYTES, commitment
from referee.engine.ruleset import VANILLA, Ruleset
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.store import games
from referee.store.models import Game, Player

#: The Game Time a new game starts at unless the Speaker says otherwise (rule 1.1.2).
DEFAULT_START = "Monday 0900"


class StartError(ValueError):
    """Why a game cannot be started or joined as asked, in words the operator can act on."""


@dataclass(frozen=True)
class Started:
    """The game as started: its number, players in Order of Play, and first GSD text."""

    number: int
    players: tuple[str, ...]
    gsd: str
    commitment: str = ""
    """The SHA-256 of the game's dice seed, for the operator to publish."""


def start_game(
    session: Session,
    game: Game,
    *,
    time: GameTime | None = None,
    ruleset: Ruleset | None = None,
) -> Started:
    """Rule 1.1.2 - A New Game: the Drone and the seated players, in seat order, each as rule
    1.1.8 - Joining In makes a new player, at the Speaker's Game Time. Refused if the game
    already has a GSD or no one is seated, so a running game is never reset by mistake."""
    ruleset = ruleset or VANILLA
    if game.state:
        raise StartError(f"game {game.tag} has already started (turn {game.turn_number})")
    names = [p.name for p in games.members(session, game)]
    if not names:
        raise StartError(f"no one is seated in game {game.tag}; seat players first")
    gsd = ruleset.new_game(names, time or GameTime.parse(DEFAULT_START), game=game.number)
    if game.dice_seed is None:  # its turns' dice come from a seed too (README: verify)
        game.dice_seed = secrets.token_hex(SEED_BYTES)
        session.flush()
    text = gsd.render(ruleset.action_index())
    _replace_state(session, game, text)
    return Started(game.number, tuple(names), text, commitment(bytes.fromhex(game.dice_seed)))


def join_started(
    session: Session,
    game: Game,
    player: Player,
    *,
    seat: int | None = None,
    ruleset: Ruleset | None = None,
) -> str:
    """Rule 1.1.8 - Joining In: seat ``player`` and, if the game has a GSD, add eir row to
    its Token Table (at the end unless ``seat`` says where); the new GSD text."""
    ruleset = ruleset or VANILLA
    if games.membership(session, game, player) is not None:
        raise StartError(f"{player.name} is already seated in {game.tag}; nothing was changed")
    at = seat if seat is not None else len(games.members(session, game)) + 1
    games.join(session, game, player, at)
    if not game.state:
        return ""
    index = ruleset.action_index()
    current = GSD.parse(game.state, index=index, kept=True)
    if player.name.casefold() in (n.casefold() for n in current.player_names):
        raise StartError(f"{player.name} is already in the Token Table of {game.tag}")
    text = ruleset.join(current, player.name, seat).render(index)
    _replace_state(session, game, text)
    return text


def _replace_state(session: Session, game: Game, text: str) -> None:
    """Write a new state through the version column, as a turn would, so a turn judged against
    the old state cannot land on the new one."""
    changed = session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == game.version)
        .values(version=Game.version + 1, state=text)
        .execution_options(synchronize_session="fetch")
    )
    if changed.rowcount != 1:  # type: ignore[attr-defined]
        raise StartError(f"game {game.tag} changed meanwhile; try again")
    session.refresh(game)


def created_now(session: Session, number: int, lounge: str, now: datetime, name: str) -> Game:
    """Game ``number`` with its lounge, created if missing (the operator's one-step path)."""
    found = games.game_by_number(session, number)
    if found is not None:
        if found.lounge_address != lounge.lower():
            raise StartError(f"game {found.tag} exists with lounge {found.lounge_address}")
        return found
    return games.create_game(session, number, lounge, now, name=name)
