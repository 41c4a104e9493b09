"""Hidden information on the paths the whole-game mail test does not take: a turn split over
three mails (take, exchange by naming the rack card, discard), sent to the referee and through
the lounge list. Every message it causes names a card only where that card is public (a
discard pile's top) or the reader's own (their rack, the card they are to place or hold)."""

from __future__ import annotations

from dataclasses import replace
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


def _rack_holds(table: Table, name: str, cards: dict[int, str]) -> None:
    """Put ``cards`` in ``name``'s rack by slot, in the stored state (each card taken out of
    wherever else it lay, so the deck stays whole)."""
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        state = GameState.parse(game.state or "")
        wanted = set(cards.values())
        seats = []
        for seat in state.seats:
            rack = [None if card in wanted else card for card in seat.rack]
            if seat.name == name:
                out = [rack[slot - 1] for slot in cards]
                for slot, card in cards.items():
                    rack[slot - 1] = card
            seats.append(replace(seat, rack=tuple(rack)))
        deck = [card for card in state.deck if card not in wanted]
        deck += [card for card in out if card is not None]
        piles = tuple(tuple(c for c in pile if c not in wanted) for pile in state.piles)
        game.state = replace(state, seats=tuple(seats), deck=tuple(deck), piles=piles).render()
        session.commit()


EDGWARE = ("Edgware Road (Bakerloo)", "Edgware Road (Circle)")


def test_an_exchange_naming_a_shared_name_is_decided_by_the_rack_and_refused_privately(
    sqlite_engine: Engine,
) -> None:
    table = Table(sessions(sqlite_engine), HandClock(FRIDAY_10AM))
    mover = _dealt_and_set_up(table).mover.name
    _rack_holds(table, mover, {4: EDGWARE[0], 6: EDGWARE[1]})
    before = _state(table)
    sent = table.mail(PEOPLE[mover], "take deck, exchange Edgware Road", subject="[ODL 1] m")
    assert _state(table) == before
    [(rcpt, answer)] = sent
    assert rcpt == [PEOPLE[mover]] and "holds both" in text(answer)
    _rack_holds(table, mover, {6: "Bank"})
    sent = table.mail(PEOPLE[mover], "take deck, swap edgware road", subject="[ODL 1] m")
    after = _state(table)
    assert after.hand == EDGWARE[0] and after.record[-1] == f"{mover}: take deck, place 4"
    _only_public_or_own(sent, after)
