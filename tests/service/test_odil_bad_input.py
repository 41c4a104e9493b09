"""Bad mail to a game of One Day in London: each answered clearly, the game left untouched.

The rules' Setup (each card placed as it is drawn, in an empty slot, never moved) and The
Play (take one card, perhaps exchange it with a rack card, discard it) by mail, through the
runner on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime
from email.message import Message

import pytest
from sqlalchemy import Engine, select

from referee.games.one_day_in_london.state import GameState, Phase
from referee.store.db import sessions
from referee.store.models import Deadline, Game
from tests.service.harness import HandClock, Table, text

LOUNGE = "odil1@lounge.example.org"
PEOPLE = {"Alice": "alice@example.org", "Bob": "bob@example.org", "Carol": "carol@example.org"}
FRIDAY_10AM = datetime(2026, 11, 20, 10, 0)
Sent = list[tuple[list[str], Message]]


@pytest.fixture
def table(engine: Engine) -> Table:
    return Table(sessions(engine), HandClock(FRIDAY_10AM))


def _stored(table: Table) -> tuple[str, int]:
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        return game.state or "", game.version


def _state(table: Table) -> GameState:
    return GameState.parse(_stored(table)[0])


def _dealt(table: Table, people: int = 3) -> GameState:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    for name, address in list(PEOPLE.items())[:people]:
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    return _state(table)


def _move(table: Table, name: str, body: str) -> Sent:
    return table.mail(PEOPLE[name], body, subject="[ODL 1] my move")


def _setup_done(table: Table) -> GameState:
    state = _state(table)
    for slot in range(1, 11):
        for seat in state.seats:
            _move(table, seat.name, f"place {slot}")
    state = _state(table)
    assert state.phase is Phase.TAKE
    return state


def _refused(table: Table, name: str, body: str) -> str:
    """The one answer to ``body`` from ``name``, checking the game did not change."""
    before = _stored(table)
    sent = _move(table, name, body)
    assert _stored(table) == before
    [(rcpt, answer)] = sent
    assert rcpt == [PEOPLE[name]]
    return text(answer)


def test_setup_slot_out_of_range_is_refused_naming_the_slots(table: Table) -> None:
    first = _dealt(table).seats[0].name
    answer = _refused(table, first, "place 11")
    assert "slot 11 is not a rack slot; slots are 1 to 10 (Setup)" in answer


def test_setup_places_one_card_per_mail_into_an_empty_slot(table: Table) -> None:
    first = _dealt(table).seats[0].name
    answer = _refused(table, first, "place 3, place 4")
    assert "each card is placed as it is drawn, one at a time" in answer
    _move(table, first, "place 3")
    answer = _refused(table, first, "place 3")
    assert "slot 3 already holds a card" in answer and "choose an empty slot (1, 2, 4," in answer


def test_setup_taking_a_card_is_refused_until_the_racks_are_full(table: Table) -> None:
    first = _dealt(table).seats[0].name
    answer = _refused(table, first, "take deck")
    assert "during setup the only action is placing the card you were dealt" in answer


def test_an_unknown_station_is_answered_with_what_to_write(table: Table) -> None:
    first = _dealt(table).seats[0].name
    answer = _refused(table, first, "take deck, exchange Wimbledon")
    assert "'Wimbledon' is not a station of One Day in London" in answer
    assert "cannot read" in answer and "Please send your move again, corrected" in answer


def test_a_card_not_in_the_rack_is_refused_privately(table: Table) -> None:
    _dealt(table)
    state = _setup_done(table)
    mover = state.mover
    absent = next(card for card in sorted(_all_cards()) if card not in mover.rack)
    answer = _refused(table, mover.name, f"take deck, exchange {absent}")
    assert f"{absent} is not in your rack; name a card you hold" in answer


def test_drawing_twice_is_refused_in_one_mail_and_across_mails(table: Table) -> None:
    _dealt(table)
    mover = _setup_done(table).mover.name
    answer = _refused(table, mover, "take deck, take pile 1")
    assert "you already took a card this turn (from the deck)" in answer
    _move(table, mover, "take deck")
    answer = _refused(table, mover, "take pile 2")
    assert "you already took a card this turn (from the deck): place it" in answer


def test_a_turn_out_of_turn_is_refused_naming_whose_turn_it_is(table: Table) -> None:
    _dealt(table)
    state = _setup_done(table)
    other = state.seats[1].name
    answer = _refused(table, other, "take deck, discard pile 1")
    assert f"it is {state.mover.name}'s turn" in answer


def test_a_discard_goes_on_the_empty_pile_while_one_is_empty(table: Table) -> None:
    _dealt(table)
    mover = _setup_done(table).mover.name
    answer = _refused(table, mover, "take pile 1, discard pile 2")
    assert "pile 1 is empty, and while a pile is empty the discard goes there" in answer


def test_a_non_player_is_answered_and_the_game_untouched(table: Table) -> None:
    _dealt(table)
    before = _stored(table)
    sent = table.mail("mallory@example.org", "take deck", subject="[ODL 1] my move")
    assert _stored(table) == before
    [(rcpt, answer)] = sent
    assert rcpt == ["mallory@example.org"] and "ODL 1" in text(answer)


def test_a_claim_that_is_not_a_journey_is_refused_privately_with_the_break(table: Table) -> None:
    _dealt(table)
    mover = _setup_done(table).mover.name
    answer = _refused(table, mover, "claim")
    assert "your rack is not yet a journey" in answer and "(Continuous Journey)" in answer


def test_a_fifth_player_and_a_start_with_one_player_are_refused(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    table.mail(PEOPLE["Alice"], "nomic join Alice", subject="[ODL 1] join")
    table.speaker("approve 1 Alice")
    sent = table.speaker("start 1")
    assert "is for 2-4 players and game ODL 1 has 1" in text(sent[-1][1])
    assert _stored(table)[0] == ""
    for name in ("Bob", "Carol", "Dee", "Eve"):
        table.mail(f"{name.lower()}@example.org", f"nomic join {name}", subject="[ODL 1] join")
        sent = table.speaker(f"approve 1 {name}")
    assert "is for 2-4 players and game ODL 1 has 4: decline the application" in text(sent[-1][1])
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert game.order_of_play == ["Alice", "Bob", "Carol", "Dee"]


def test_timeout_and_take_back_are_mornington_rules_refused_here(table: Table) -> None:
    _dealt(table)
    first = _state(table).seats[0].name
    sent = _move(table, first, "nomic timeout Bob")
    assert "a forced Timeout (rule 1.3.5) is a rule of Mornington Nomic" in text(sent[-1][1])


def test_resigning_by_mail_leaves_the_rotation_and_the_last_player_wins(table: Table) -> None:
    _dealt(table, people=2)
    state = _state(table)
    leaving, staying = state.seats[0].name, state.seats[1].name
    sent = _move(table, leaving, "nomic resign")
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert (game.status, game.winner) == ("won", staying)
        assert not session.scalars(select(Deadline).where(Deadline.closed_at.is_(None))).all()
    over = [text(m) for rcpt, m in sent if rcpt == [LOUNGE] and "is over" in text(m)]
    assert over and f"won by {staying}" in over[0] and "Seed:" in over[0]


def _all_cards() -> set[str]:
    from referee.games.one_day_in_london.cards import full_deck

    return set(full_deck())


def test_the_speaker_is_told_the_kinds_there_are_and_that_this_one_takes_no_settings(
    table: Table,
) -> None:
    sent = table.speaker(f"new-game {LOUNGE} odil")
    assert "for another kind of game, its name: one-day-in-london" in text(sent[-1][1])
    sent = table.speaker(f"new-game {LOUNGE} one-day-in-london set route_choice=first")
    assert "'route_choice=first' is not a setting of One Day in London; it has: " in text(
        sent[-1][1]
    )
    assert "turn_back_alongside=false|true" in text(sent[-1][1])
    sent = table.speaker(f"new-game {LOUNGE} one-day-in-london special knightsbridge-1965")
    assert "takes no variants" in text(sent[-1][1])
    with table.factory() as session:
        assert session.scalars(select(Game)).all() == []


def test_a_game_of_a_kind_no_longer_hosted_is_not_dealt_and_the_speaker_told(
    table: Table,
) -> None:
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    for name, address in list(PEOPLE.items())[:2]:
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    with table.factory.begin() as session:
        session.scalars(select(Game)).one().kind = "pebbles"
    sent = table.speaker("start 1")
    assert "cannot be dealt: this referee hosts no kind of game named 'pebbles'" in text(
        sent[-1][1]
    )
    assert _stored(table)[0] == ""


LIST_HEADERS = {
    "List-Id": "<odil1.lounge.example.org>",
    "List-Post": f"<mailto:{LOUNGE}>",
    "Precedence": "list",
}


def test_through_the_lounge_list_cards_still_reach_only_their_owner(table: Table) -> None:
    """A move relayed by the lounge list is answered in the lounge, but a refusal naming the
    poster's own cards, and every rack, still go to each player's own address."""
    _dealt(table)
    mover = _setup_done(table).mover
    absent = next(card for card in sorted(_all_cards()) if card not in mover.rack)
    before = _stored(table)
    sent = table.mail(
        PEOPLE[mover.name],
        f"take deck, exchange {absent}",
        to=LOUNGE,
        subject="[ODL 1] my move",
        headers=LIST_HEADERS,
    )
    assert _stored(table) == before
    [(rcpt, answer)] = sent
    assert rcpt == [PEOPLE[mover.name]] and "is not in your rack" in text(answer)
    sent = table.mail(
        PEOPLE[mover.name],
        "take deck, place 3, discard pile 1",
        to=LOUNGE,
        subject="[ODL 1] my move",
        headers=LIST_HEADERS,
    )
    lounge = [text(m) for rcpt, m in sent if rcpt == [LOUNGE]]
    racks = {rcpt[0]: text(m) for rcpt, m in sent if rcpt != [LOUNGE]}
    assert len(lounge) == 1 and "Your rack" not in lounge[0]
    assert set(racks) == set(PEOPLE.values())
    for name, address in PEOPLE.items():
        assert f"Your rack, {name}:" in racks[address]


def test_r1_is_a_setting_the_speaker_sets_players_see_and_the_deal_keeps(table: Table) -> None:
    sent = table.speaker(f"new-game {LOUNGE} one-day-in-london set turn_back_alongside=yes")
    first = next(text(m) for rcpt, m in sent if rcpt == [LOUNGE])
    assert "turn_back_alongside = true (default false)" in first
    for name, address in list(PEOPLE.items())[:2]:
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    sent = table.mail(PEOPLE["Alice"], "nomic settings", subject="[ODL 1] settings")
    assert "turn_back_alongside = true (default false)" in text(sent[-1][1])
    table.speaker("start 1")
    assert _state(table).rules.turn_back_alongside


def test_help_lists_only_the_commands_one_day_in_london_has(table: Table) -> None:
    _dealt(table, people=2)
    [(to, answer)] = table.mail(PEOPLE["Alice"], "nomic help", subject="[ODL 1] help")
    body = text(answer)
    assert to == [PEOPLE["Alice"]] and "nomic resign" in body
    for step in ("nomic take-back", "nomic timeout"):
        assert step not in body
    assert "nomic settings nomic rules" in body and "for the Speaker" not in body
