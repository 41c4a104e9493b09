"""Hidden information on the paths the whole-game mail test does not take: a turn split over
three mails (take, exchange by naming the rack card, discard), sent to the referee and through
the lounge list. Every message it causes names a card only where that card is public (a
discard pile's top) or the reader's own (their rack, the card they are to place or hold)."""

from __future__ import annotations

from email.message import Message

from sqlalchemy import Engine, select

from referee.games.one_day_in_london.state import GameState, Phase
from referee.store.db import sessions
from referee.store.models import Game
from tests.games.one_day_in_london.test_views import named
from tests.service.harness import HandClock, Table, text
from tests.service.test_odil_bad_input import FRIDAY_10AM, LIST_HEADERS, LOUNGE, PEOPLE

ADDRESSES = {address: name for name, address in PEOPLE.items()}


def _state(table: Table) -> GameState:
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        return GameState.parse(game.state or "")


def _dealt_and_set_up(table: Table) -> GameState:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    for name, address in PEOPLE.items():
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    for slot in range(1, 11):
        for seat in _state(table).seats:
            table.mail(PEOPLE[seat.name], f"place {slot}", subject="[ODL 1] move")
    state = _state(table)
    assert state.phase is Phase.TAKE
    return state


def _only_public_or_own(sent: list[tuple[list[str], Message]], after: GameState) -> None:
    """Each message names no card but the pile tops and, for a player, their own cards."""
    tops = {top for top in after.pile_tops() if top}
    for rcpt, message in sent:
        body = text(message)
        if rcpt == [LOUNGE]:
            assert named(body) <= tops, (named(body) - tops, body)
            assert "Your rack" not in body
            continue
        [address] = rcpt
        owner = ADDRESSES[address]
        seat = after.seat(owner)
        own = {card for card in seat.rack if card} | set(seat.dealt[:1])
        if after.mover.name == owner and after.hand is not None:
            own.add(after.hand)
        assert named(body) <= own | tops, (owner, named(body) - own - tops)
        for name in PEOPLE:
            assert name == owner or f"Your rack, {name}" not in body


def _one_turn_in_three_mails(table: Table, **lounge: object) -> None:
    state = _state(table)
    mover = state.mover.name
    drawn = state.deck[0]
    sent = table.mail(PEOPLE[mover], "take deck", subject="[ODL 1] move", **lounge)
    after = _state(table)
    assert after.hand == drawn
    _only_public_or_own(sent, after)
    assert any(drawn in text(m) for rcpt, m in sent if rcpt == [PEOPLE[mover]])
    outgoing = next(card for card in after.seat(mover).rack if card and card not in (drawn,))
    sent = table.mail(PEOPLE[mover], f"exchange {outgoing}", subject="[ODL 1] move", **lounge)
    after = _state(table)
    assert after.hand == outgoing and drawn in after.seat(mover).rack
    _only_public_or_own(sent, after)
    lounge_posts = [text(m) for rcpt, m in sent if rcpt == [LOUNGE]]
    assert lounge_posts and all(outgoing not in post for post in lounge_posts)
    sent = table.mail(PEOPLE[mover], "discard pile 2", subject="[ODL 1] move", **lounge)
    after = _state(table)
    assert after.pile_tops()[1] == outgoing and after.mover.name != mover
    _only_public_or_own(sent, after)


def test_a_swap_by_name_over_three_mails_reaches_only_public_and_own_cards(
    sqlite_engine: Engine,
) -> None:
    table = Table(sessions(sqlite_engine), HandClock(FRIDAY_10AM))
    _dealt_and_set_up(table)
    _one_turn_in_three_mails(table)
    _one_turn_in_three_mails(table, to=LOUNGE, headers=LIST_HEADERS)
