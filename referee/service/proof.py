"""Proof codes: a way for a player to prove emself that is safe to post to a list.

A ``Secret:`` line posted to a list is read by every member and kept in its archive, so
through a list a player proves emself with a short one-time code instead: ``Code: ABCD-EFGH``.

The code is an HMAC-SHA256 of the game's number, the turn being played and how many codes the
player already spent on that turn, keyed with the player's stored secret hash (the salted
scrypt output kept since e joined). That key is safe because it never leaves the referee: the
player cannot compute a code either, and asks for one privately (``nomic code``, answered at
eir registered address only). Knowing a published code gives nothing towards the key (HMAC),
and a code proves one player for one turn of one game, once: using it records the use, after
which that turn's next code is a different one. Changing the secret changes every code.

Eight base32 characters (40 bits) make a guess hopeless within the daily reply cap.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from referee.store.models import Game, Player, ProofCode

_CODE_LINE = re.compile(r"^\s*code\s*:\s*([A-Za-z2-7]{4})[\s-]*([A-Za-z2-7]{4})\s*$", re.I)


def derive(secret_hash: str, game: int, turn: int, use: int) -> str:
    """The ``use``-th code for ``turn`` of game ``game``, as ``ABCD-EFGH``."""
    message = f"referee proof code|MC {game}|turn {turn}|use {use}".encode()
    digest = hmac.new(secret_hash.encode(), message, hashlib.sha256).digest()
    letters = base64.b32encode(digest[:5]).decode()
    return f"{letters[:4]}-{letters[4:]}"


def split_code(text: str) -> tuple[str, str | None]:
    """``text`` without its ``Code:`` lines, and the last code written there (normalised)."""
    kept, code = [], None
    for line in text.split("\n"):
        if match := _CODE_LINE.match(line):
            code = f"{match.group(1)}-{match.group(2)}".upper()
            continue
        kept.append(line)
    return "\n".join(kept).strip(), code


def _turn(game: Game) -> int:
    """The turn a code is for: the one being played next."""
    return game.turn_number + 1


def _spent(session: Session, game: Game, player: Player, turn: int) -> int:
    return (
        session.scalar(
            select(func.count(ProofCode.id)).where(
                ProofCode.game_id == game.id,
                ProofCode.player_id == player.id,
                ProofCode.turn_number == turn,
            )
        )
        or 0
    )


def current(session: Session, game: Game, player: Player) -> str | None:
    """The code that proves ``player`` for the next turn of ``game`` (None without a secret)."""
    if not player.secret_hash:
        return None
    turn = _turn(game)
    return derive(player.secret_hash, game.number, turn, _spent(session, game, player, turn))


def redeem(
    session: Session, game: Game, player: Player, code: str, *, inbox_id: int, now: datetime
) -> bool:
    """Whether ``code`` is ``player``'s current code for this turn; if so it is spent."""
    expected = current(session, game, player)
    if expected is None or not hmac.compare_digest(expected, code.upper()):
        return False
    turn = _turn(game)
    session.add(
        ProofCode(
            game_id=game.id,
            player_id=player.id,
            turn_number=turn,
            use=_spent(session, game, player, turn),
            inbox_id=inbox_id,
            used_at=now,
        )
    )
    session.flush()
    return True
