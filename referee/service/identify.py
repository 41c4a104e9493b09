"""Who sent a message: which game it is for, and which player, or why we cannot tell.

A player is known by their registered address. From any other address they prove themselves
with ``Playing as: <name>`` and ``Secret: <secret>`` lines, checked against the scrypt hash
kept since they joined. A claim to be a player without the right secret is a forgery, which
the runner reports to both the sender and the player claimed.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Literal

from sqlalchemy.orm import Session

from referee.mail.message import Inbound
from referee.store import games
from referee.store.models import Game, Player

Doubt = Literal["not-seated", "unknown-player", "forged"]


@dataclass(frozen=True)
class Identity:
    """The player behind a message, or the doubt that stops us acting on it."""

    player: Player | None
    doubt: Doubt | None = None
    claimed: Player | None = None
    secret_given: bool = False


def list_poster(message: EmailMessage, *, lounge: str) -> tuple[str, str] | None:
    """The poster of a message a list relayed with From rewritten to the lounge itself.

    A list that mitigates DMARC (Mailman 3's ``munge_from``) delivers ``From: Alice via
    Lounge <lounge@...>`` and puts the original From first in Reply-To, or in Cc when the list
    sets Reply-To to itself. The first address there that is not the lounge is the poster, as
    (display name, address); it is trusted exactly as From is for any other mail (a
    registered address, else ``Playing as:`` with a proof). None when there is no such
    address.
    """
    skip = {lounge.lower()}
    for header in ("Reply-To", "Cc"):
        try:
            values = [str(v) for v in message.get_all(header, [])]
        except Exception:  # a header the parser could not make sense of proves nothing
            continue
        for name, address in getaddresses(values):
            if "@" in address and address.lower() not in skip:
                return name, address.lower()
    return None


def find_game(session: Session, inbound: Inbound, addresses: list[str]) -> Game | None:
    """The game by lounge address among ``addresses``, else by the ``[MC n]`` subject tag."""
    game = games.game_by_address(session, addresses)
    if game is None and inbound.game_tag is not None:
        game = games.game_by_number(session, inbound.game_tag)
    return game


def identify(session: Session, game: Game, inbound: Inbound) -> Identity:
    """Who, among the players seated in ``game``, sent ``inbound``."""
    seated = games.members(session, game)
    sender = inbound.sender.lower()
    registered = next((p for p in seated if p.address == sender), None)
    if registered is None:  # addresses are unique: a seated player's needs no second look
        registered = games.player_by_address(session, inbound.sender)
    if registered is not None:
        if registered not in seated:
            return Identity(None, "not-seated", claimed=registered)
        return Identity(registered)
    claim = (inbound.playing_as or inbound.sender_name or "").strip().lower()
    claimed = next((p for p in seated if p.name.lower() == claim), None) if claim else None
    if claimed is None:
        return Identity(None, "unknown-player")
    if inbound.secret and games.secret_matches(inbound.secret, claimed.secret_hash):
        return Identity(claimed)
    return Identity(None, "forged", claimed=claimed, secret_given=bool(inbound.secret))
