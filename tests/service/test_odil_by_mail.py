"""One Day in London played by mail through the real SMTP path, from ``speaker new-game`` to
a win: racks reach only their owners, the lounge sees the discard tops, the draw pile's size
and whose turn it is, the winning rack is checked and every rack revealed at the end, and
the game replays from the referee's record card for card."""

from __future__ import annotations

import random
import re
from email import message_from_bytes
from email.message import EmailMessage, Message
from itertools import count

from sqlalchemy import select

from referee.engine.fair_dice import commitment, derive, label
from referee.games.mornington import NoEngineDesk
from referee.games.one_day_in_london.cards import full_deck
from referee.games.one_day_in_london.moves import parse_move
from referee.games.one_day_in_london.rules import apply, new_game, replay
from referee.games.one_day_in_london.state import GameState, Phase
from referee.service.game_dice import verify
from referee.service.ledger import archive, standing
from referee.store.models import Game, Player, Turn
from referee.store.status import GameStatus, TurnStatus
from tests.conftest import REFEREE, MailPath
from tests.games.one_day_in_london.test_views import named
from tests.service.odil_plan import plan

SPEAKER, SECRET = "speaker@example.org", "gavel and bell"
LOUNGE = "odil1@lounge.example.org"
PEOPLE = {"Alice": "alice@example.org", "Bob": "bob@example.org", "Carol": "carol@example.org"}
IDS = count(1)


def _send(path: MailPath, sender: str, body: str, subject: str = "[MC 1] mail") -> None:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = REFEREE
    message["Subject"] = subject
    message["Message-ID"] = f"<odil-{next(IDS)}@example.org>"
    message.set_content(body)
    path.deliver(message, sender, [REFEREE])


def _speaker(path: MailPath, command: str) -> None:
    _send(path, SPEAKER, f"speaker {command}\nSecret: {SECRET}", subject="speaker")
    path.settled()


def _received(path: MailPath) -> list[tuple[list[str], str, Message]]:
    path.settled(timeout=120)
    with path.sink.sink.arrived:
        raw = list(path.sink.sink.received)
    found = []
    for _, rcpt, data in raw:
        message = message_from_bytes(data)
        payload = message.get_payload(decode=True)
        assert isinstance(payload, bytes)
        found.append((list(rcpt), payload.decode(), message))
    return found


def _opened(path: MailPath) -> GameState:
    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert game.kind == "one-day-in-london" and game.state is not None
        return GameState.parse(game.state)


def _dealt_by_mail(
    mail_path: object, url: str, seed: int, people: dict[str, str]
) -> tuple[MailPath, GameState]:
    """The service on ``url`` (its dice from ``seed``), where the Speaker opens a game of One
    Day in London, seats ``people`` (each joining by mail, then approved) and starts it; the
    path and the state as dealt."""
    path: MailPath = mail_path(  # type: ignore[operator]
        url,
        desk=NoEngineDesk(),
        rng=random.Random(seed),
        speaker_address=SPEAKER,
        speaker_secret=SECRET,
    )
    _speaker(path, f"new-game {LOUNGE} one-day-in-london")
    for name, address in people.items():
        _send(path, address, f"nomic join {name}")
        path.settled()
        _speaker(path, f"approve 1 {name}")
    _speaker(path, "start 1")
    return path, _opened(path)


def _ever_held(start: GameState, record: list[str]) -> dict[str, set[str]]:
    """Every card each player has had in rack, dealt hand or held card, move by move."""
    held: dict[str, set[str]] = {seat.name: set() for seat in start.seats}
    state = start

    def note(state: GameState) -> None:
        for seat in state.seats:
            held[seat.name] |= {card for card in seat.rack if card} | set(seat.dealt)
        if state.hand is not None:
            held[state.mover.name].add(state.hand)

    note(state)
    for line in record:
        name, _, text = line.partition(":")
        state = apply(state, name.strip(), parse_move(text))
        note(state)
    return held


def test_a_three_player_game_by_mail_from_new_game_to_a_win_shows_each_rack_only_to_its_owner(
    db_url: str, mail_path: object
) -> None:
    path, dealt = _dealt_by_mail(mail_path, db_url, 14, PEOPLE)
    assert dealt.phase is Phase.SETUP and sorted(s.name for s in dealt.seats) == sorted(PEOPLE)
    order = [seat.name for seat in dealt.seats]

    made = plan(dealt)
    assert made.end.phase is Phase.OVER and made.end.winner == order[0]
    for name, text in made.mails:
        _send(path, PEOPLE[name], text, subject="[MC 1] my move")
    received = _received(path)

    with path.service.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert (game.status, game.winner) == (GameStatus.WON, order[0])
        stored = GameState.parse(game.state or "")
        turns = session.scalars(
            select(Turn).where(Turn.game_id == game.id).order_by(Turn.number)
        ).all()
        names = {p.id: p.name for p in session.scalars(select(Player))}
        record = [f"{names[t.player_id]}: {t.play}" for t in turns]
        assert all(t.status == TurnStatus.APPLIED for t in turns)
        dice_seed = game.dice_seed or ""
        checked = verify(session, 1)
        [entry] = archive(session)
        points = standing(session).points
    assert stored == made.end
    # the referee's record of turns deals and plays the same game again, card for card
    assert replay(order, stored.seed, record) == stored
    assert new_game(order, stored.seed).seats == dealt.seats
    # the deal's seed is a draw of the committed dice seed, which verifies at the end
    assert checked.ok and checked.rolls >= 2
    deal = label(1, "draw 2", 1, 2**256, "the deal of One Day in London")
    assert f"{derive(bytes.fromhex(dice_seed), deal, 2**256) - 1:064x}" == stored.seed
    assert dice_seed and commitment(bytes.fromhex(dice_seed)) == checked.commitment
    assert order[0] in entry.final_gsd and "Deck:" not in entry.final_gsd
    assert points[order[0]] > 0

    lounge = [text for rcpt, text, _ in received if rcpt == [LOUNGE]]
    first, last = lounge[0], lounge[-1]
    assert checked.commitment in " ".join(first.split())
    assert f"won by {order[0]}" in last
    for seat in stored.seats:  # the final post reveals every rack, and the seeds
        assert f"{seat.name}: {'; '.join(card or '-' for card in seat.rack)}" in last
    assert stored.seed in last and dice_seed in last
    assert all("Draw pile:" in text for text in lounge[lounge.index(
        next(t for t in lounge if "begins" in t)):])  # fmt: skip

    held = _ever_held(dealt, record)
    addresses = {address: name for name, address in PEOPLE.items()}
    private = 0
    ended = [text for text in lounge if "Game over" in text]  # the winning turn, then the end
    assert len(ended) == 2 and ended[-1] is last
    for rcpt, text, message in received:  # hidden information stays hidden, on EVERY message
        final = rcpt == [LOUNGE] and text in ended
        if not final:
            assert stored.seed not in text and dice_seed not in text
        assert "Deck:" not in text and "Dealt " not in text
        if rcpt == [LOUNGE]:
            assert "Your rack" not in text
            if not final:
                tops = set().union(*(named(line) for line in text.splitlines() if "Pile" in line))
                assert named(text) <= tops, (named(text) - tops, text)
            continue
        [address] = rcpt
        owner = addresses.get(address)
        for name in PEOPLE:
            if name != owner:
                assert f"Your rack, {name}" not in text and f"Rack {name}:" not in text
        if owner is not None:
            assert named(text) <= held[owner], (owner, named(text) - held[owner])
            if f"Your rack, {owner}" in text:
                private += 1
                assert str(message["To"]) == address
    assert private >= len(made.mails)


def test_every_lounge_post_of_a_turn_shows_the_tops_the_draw_pile_and_who_is_waited_for(
    sqlite_url: str, mail_path: object
) -> None:
    path, dealt = _dealt_by_mail(mail_path, sqlite_url, 3, dict(list(PEOPLE.items())[:2]))
    first = dealt.seats[0].name
    _send(path, PEOPLE[first], "place 4")
    received = _received(path)
    started = next(text for rcpt, text, _ in received if "begins" in text)
    assert "The game waits for:" in started and "Setup: cards placed:" in started
    post = [text for rcpt, text, _ in received if rcpt == [LOUNGE]][-1]
    assert f"{first} played turn 1" in post and "place 4" in post
    assert f"{first} 1/10" in post and f"Draw pile: {len(full_deck()) - 20} cards" in post
    second = dealt.seats[1].name
    assert re.search(rf"The game waits for: {first} by .*, {second} by ", " ".join(post.split()))
