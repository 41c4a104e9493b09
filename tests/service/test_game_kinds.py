"""The game-kind seam carries a second kind of game end to end, through the real SMTP path.

Pebbles is a throwaway kind defined here and nowhere else: a shared pile, each player's take
kept secret. It proves that a kind plugs in by the seam alone (no change to the service): its
turns are read and judged by the kind, the lounge sees only the public view, and each
player's private view reaches that player's own address and no one else's.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage, Message

import pytest

from referee.games import Kinds, UnknownKindError
from referee.games.kind import GameKind, GameView, Judgement, Owed, PlayerView, Silence
from referee.games.mornington import NoEngineDesk
from referee.service.runner import mornington
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.wall_clock import utcnow
from tests.conftest import LOUNGE, MailPath

ALICE, BOB = "alice@example.org", "bob@example.org"


@dataclass(frozen=True)
class Take:
    count: int


def _read_state(state: str | None) -> dict[str, str]:
    return dict(part.split("=", 1) for part in (state or "").split(";") if part)


def _write_state(fields: dict[str, str]) -> str:
    return ";".join(f"{key}={value}" for key, value in fields.items())


class Pebbles:
    """Take one to three pebbles from the pile in turn; how many each holds is secret."""

    name = "pebbles"
    title = "Pebbles"
    dealt_at_start = True
    players = (2, 2)
    wins_are_final = True
    silence = Silence.RESIGNS
    choices: Mapping[str, tuple[str, ...]] = {}

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        return _write_state({"pile": "10", "next": players[0], **dict.fromkeys(players, "0")})

    def read(self, game: GameView, text: str) -> Take:
        match = re.fullmatch(r"\s*take\s+([1-3])\s*", text, re.IGNORECASE)
        if match is None:
            raise ValueError("write 'take 1', 'take 2' or 'take 3'")
        return Take(int(match.group(1)))

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        assert isinstance(move, Take)
        state = _read_state(game.state)
        if state["next"] != player.name:
            why = f"it is {state['next']}'s turn"
            return Judgement("out_of_turn", play=f"take {move.count}", explanation=why)
        if move.count > int(state["pile"]):
            left = (f"Pebbles: only {state['pile']} are left",)
            return Judgement("illegal", play=f"take {move.count}", violations=left)
        others = [name for name in game.players if name != player.name]
        state["pile"] = str(int(state["pile"]) - move.count)
        state[player.name] = str(int(state[player.name]) + move.count)
        state["next"] = others[0] if others else player.name
        return Judgement("legal", play=f"take {move.count}", new_state=_write_state(state))

    def public_view(self, game: GameView) -> str:
        state = _read_state(game.state)
        return f"The pile holds {state['pile']} pebbles; {state['next']} takes next."

    def private_view(self, game: GameView, player: str) -> str | None:
        return f"You hold {_read_state(game.state)[player]} pebbles (secret)."

    def owed(self, game: GameView) -> Sequence[Owed]:
        return (Owed("turn", _read_state(game.state)["next"]),)

    def leave(self, game: GameView, player: str) -> str | None:
        return None


def test_pebbles_satisfies_the_seam() -> None:
    kind: GameKind = Pebbles()
    assert Kinds([kind]).find("pebbles") is kind


def test_a_kind_is_found_by_name_and_an_unknown_name_is_refused() -> None:
    kinds = Kinds([mornington(NoEngineDesk()), Pebbles()])
    assert sorted(kinds) == ["mornington-nomic", "pebbles"]
    with pytest.raises(UnknownKindError, match="known: mornington-nomic, pebbles"):
        kinds.find("one-day-in-london")
    with pytest.raises(ValueError, match="two kinds"):
        kinds.register(Pebbles())


def _seed_pebbles(url: str) -> None:
    engine = make_engine(url, sqlite_synchronous="NORMAL")
    upgrade(engine)
    with sessions(engine).begin() as session:
        game = games.create_game(session, 12, LOUNGE, utcnow(), name="Pebbles")
        game.kind = "pebbles"
        game.state = Pebbles().opening(12, ["Alice", "Bob"], random.Random(1))
        for seat, (name, address) in enumerate([("Alice", ALICE), ("Bob", BOB)], start=1):
            games.join(session, game, games.add_player(session, name, address), seat)
    engine.dispose()


def _turn(path: MailPath, sender: str, body: str, number: int) -> None:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = LOUNGE
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = f"<pebbles-{number}@example.org>"
    message.set_content(body)
    path.deliver(message, sender, [LOUNGE])
    path.settled()


def _text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def test_a_second_kind_is_played_by_mail_with_private_views_only_to_their_player(
    db_url: str, mail_path: object
) -> None:
    _seed_pebbles(db_url)
    path = mail_path(db_url, desk=NoEngineDesk(), kinds=[Pebbles()])  # type: ignore[operator]
    _turn(path, ALICE, "take 3", 1)
    _turn(path, BOB, "take 2", 2)
    _turn(path, BOB, "take 1", 3)  # not Bob's turn
    _turn(path, ALICE, "grab everything", 4)
    received = [(rcpt, message) for _, rcpt, message in _raw(path)]

    lounge = [_text(m) for rcpt, m in received if rcpt == [LOUNGE]]
    assert len(lounge) == 2
    assert "The pile holds 7 pebbles; Bob takes next." in lounge[0]
    assert "The pile holds 5 pebbles; Alice takes next." in lounge[1]
    private = [(rcpt, _text(m)) for rcpt, m in received if "(secret)" in _text(m)]
    assert [(rcpt, re.findall(r"You hold \d+", t)) for rcpt, t in private] == [
        ([ALICE], ["You hold 3"]),
        ([BOB], ["You hold 0"]),
        ([ALICE], ["You hold 3"]),
        ([BOB], ["You hold 2"]),
    ]
    owner = {ALICE: "Alice", BOB: "Bob"}
    for rcpt, message in received:  # hidden information stays hidden, on every message
        text = _text(message)
        if rcpt == [LOUNGE]:
            assert "You hold" not in text and "(secret)" not in text
        elif "You hold" in text:
            [address] = rcpt
            assert text.startswith(f"Dear {owner[address]},")
    answers = {tuple(rcpt): _text(m) for rcpt, m in received[-2:]}
    assert "it is Alice's turn" in answers[(BOB,)]
    assert "write 'take 1', 'take 2' or 'take 3'" in answers[(ALICE,)]


def _raw(path: MailPath) -> list[tuple[str, list[str], Message]]:
    from email import message_from_bytes

    path.settled()
    with path.sink.sink.arrived:
        return [(f, list(r), message_from_bytes(raw)) for f, r, raw in path.sink.sink.received]


def test_a_turn_in_a_game_of_a_kind_no_longer_hosted_is_kept_and_answered(
    sqlite_url: str, mail_path: object
) -> None:
    _seed_pebbles(sqlite_url)
    path = mail_path(sqlite_url, desk=NoEngineDesk())  # type: ignore[operator]
    _turn(path, ALICE, "take 3", 1)
    [(_, rcpt, answer)] = _raw(path)
    assert rcpt == [ALICE]
    assert "hosts no kind of game named 'pebbles'" in _text(answer)
