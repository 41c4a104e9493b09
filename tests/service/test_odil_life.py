"""A game of One Day in London between turns: deadlines and reminders kept as for Mornington
Nomic (36 weekday hours a turn; two months of silence is a resignation), no buzz and no forced
Timeout, and a game ended early shows its lounge view, never its stored racks."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import Engine, select

from referee.games.one_day_in_london.cards import full_deck
from referee.games.one_day_in_london.state import GameState
from referee.service.ledger import archive
from referee.service.timekeeper import run_due
from referee.store.db import sessions
from referee.store.models import Deadline, Game
from tests.games.one_day_in_london.test_journey import WINNING_POSITION
from tests.games.one_day_in_london.test_views import named
from tests.service.harness import HandClock, Table, text
from tests.service.test_odil_bad_input import FRIDAY_10AM, LOUNGE, PEOPLE


def _dealt(engine: Engine) -> tuple[Table, GameState]:
    table = Table(sessions(engine), HandClock(FRIDAY_10AM))
    table.speaker(f"new-game {LOUNGE} one-day-in-london")
    for name, address in PEOPLE.items():
        table.mail(address, f"nomic join {name}", subject="[ODL 1] join")
        table.speaker(f"approve 1 {name}")
    table.speaker("start 1")
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        return table, GameState.parse(game.state or "")


def _turn_deadlines(table: Table) -> dict[str, datetime]:
    with table.factory() as session:
        rows = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        )
        return {row.owed_by or "": row.due for row in rows}


def test_setup_owes_every_player_a_placement_by_36_weekday_hours(sqlite_engine: Engine) -> None:
    table, state = _dealt(sqlite_engine)
    monday_10pm = datetime(2026, 11, 23, 22, 0)
    assert _turn_deadlines(table) == dict.fromkeys(PEOPLE, monday_10pm)
    first = state.seats[0].name
    table.clock.advance(hours=1)
    table.mail(PEOPLE[first], "place 1", subject="[ODL 1] move")
    # the others keep their clocks; the one who moved owes the next placement afresh
    after = _turn_deadlines(table)
    assert after[first] == monday_10pm and set(after) == set(PEOPLE)


def test_a_reminder_goes_to_each_owing_player_and_a_passed_turn_waits(
    sqlite_engine: Engine,
) -> None:
    table, _ = _dealt(sqlite_engine)
    table.sent()
    monday_noon = datetime(2026, 11, 23, 12, 0)
    assert run_due(table.factory, table.settings, monday_noon).reminded == 3  # type: ignore[arg-type]
    reminders = table.sent()
    assert sorted(rcpt[0] for rcpt, _ in reminders) == sorted(PEOPLE.values())
    assert all("the referee's deadline for every game" in text(m) for _, m in reminders)
    monday_11pm = datetime(2026, 11, 23, 23, 0)
    assert run_due(table.factory, table.settings, monday_11pm).passed == 3  # type: ignore[arg-type]
    passed = [text(m) for _, m in table.sent()]
    assert all("The game waits for you" in body for body in passed)
    assert not any("Timeout" in body for body in passed)


def test_two_months_of_silence_resign_and_the_last_player_left_wins(engine: Engine) -> None:
    table, _ = _dealt(engine)
    table.sent()
    later = FRIDAY_10AM + timedelta(days=70)
    run_due(table.factory, table.settings, later)  # type: ignore[arg-type]
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert game.status == "won" and game.winner is not None
    lounge = [text(m) for rcpt, m in table.sent() if rcpt == [LOUNGE]]
    assert sum("has resigned" in body for body in lounge) == 2
    assert any("is over" in body for body in lounge)
    assert all("Rack " not in body and "Deck:" not in body for body in lounge)


def test_game_end_a_move_after_the_win_is_refused_citing_game_end(
    sqlite_engine: Engine,
) -> None:
    """Once the game is won (here by the last player left, reading R6) a move is refused with
    the winner and the rules' Game End, the kind's own rule for the end; nothing changes."""
    table, _ = _dealt(sqlite_engine)
    run_due(table.factory, table.settings, FRIDAY_10AM + timedelta(days=70))  # type: ignore[arg-type]
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        winner, before = game.winner or "", game.state
    table.sent()
    [(_, refusal)] = table.mail(PEOPLE[winner], "place 1", subject="[ODL 1] move")
    said = " ".join(text(refusal).split())
    assert f"Game ODL 1 is won by {winner}, so no turn can be played in it" in said
    assert "by the rules' Game End, play goes on only until a player has won" in said
    with table.factory() as session:
        assert session.scalars(select(Game.state).where(Game.number == 1)).one() == before


def test_buzz_and_timeout_are_refused_as_rules_this_game_does_not_have(
    sqlite_engine: Engine,
) -> None:
    table, state = _dealt(sqlite_engine)
    name = state.seats[0].name
    sent = table.mail(PEOPLE[name], "buzz turn 1 bad card", subject="[ODL 1] buzz")
    assert "nothing to buzz" in text(sent[-1][1])
    sent = table.mail(PEOPLE[name], "nomic take-back", subject="[ODL 1] oops")
    assert "taking back a turn (rule 1.3.3) is a rule of Mornington Nomic" in text(sent[-1][1])
    sent = table.mail(PEOPLE[name], "concede", subject="Re: [ODL 1] buzz")
    refusal = text(sent[-1][1])
    assert "a buzz (section 1.16) is a rule of Mornington Nomic" in refusal
    assert "nothing to buzz" in refusal
    sent = table.mail(PEOPLE[name], "nomic timeout", subject="[ODL 1] late")
    assert "missing arguments; write: nomic timeout PLAYER" in text(sent[-1][1])


def test_a_stalemate_shows_the_lounge_view_and_archives_it_not_the_racks(
    sqlite_engine: Engine,
) -> None:
    table, _ = _dealt(sqlite_engine)
    for address in PEOPLE.values():
        table.mail(address, "nomic stalemate", subject="[ODL 1] stuck")
    table.sent()
    sent = table.speaker("stalemate 1")
    over = next(text(m) for rcpt, m in sent if rcpt == [LOUNGE])
    assert "Setup: cards placed" in over and "Rack " not in over and "Deck:" not in over
    with table.factory() as session:
        [entry] = archive(session)
    assert str(entry.tag) == "ODL 1", "the archive names the game as its mail does"
    assert "Setup: cards placed" in entry.final_gsd and "Deck:" not in entry.final_gsd
    assert not named(over) and not named(entry.final_gsd)  # no card at all before the piles


def test_nobody_joins_once_the_cards_are_dealt(sqlite_engine: Engine) -> None:
    table, _ = _dealt(sqlite_engine)
    sent = table.mail("dee@example.org", "nomic join Dee", subject="[ODL 1] join")
    assert "has started, and it takes no new player" in text(sent[-1][1])


def test_game_end_a_journey_placed_in_setup_wins_by_mail_before_anyone_plays(
    sqlite_engine: Engine,
) -> None:
    """Game End: the last placement of setup, by whoever makes it, ends a game in which some
    rack is a journey; its owner wins though the first player has not yet played."""
    table, state = _dealt(sqlite_engine)
    owner = state.seats[1].name
    with table.factory.begin() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        game.state = state.with_seat(replace(state.seat(owner), dealt=WINNING_POSITION)).render()
    for slot in range(1, 11):
        for seat in state.seats:
            sent = table.mail(PEOPLE[seat.name], f"place {slot}", subject="[ODL 1] move")
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        assert (game.status, game.winner) == ("won", owner)
    over = [text(m) for rcpt, m in sent if rcpt == [LOUNGE] and "is over" in text(m)]
    assert over and f"won by {owner}" in " ".join(over[0].split())
    [(_, refusal)] = table.mail(PEOPLE[state.seats[0].name], "take deck", subject="[ODL 1] m")
    assert f"is won by {owner}" in " ".join(text(refusal).split())


def test_silence_counts_only_while_the_game_waits_on_the_player(
    sqlite_engine: Engine,
) -> None:
    """R9 keeps rule 1.1.10's two months for a player who owes a move and sends none: here
    the first player, gone quiet mid-turn holding the card they took. The others were only
    waiting on them, which is no silence of theirs: they stay, and the game goes on with the
    next player (R6: the card held goes back where it was taken from; no card is lost)."""
    table, state = _dealt(sqlite_engine)
    for slot in range(1, 11):
        for seat in state.seats:
            table.mail(PEOPLE[seat.name], f"place {slot}", subject="[ODL 1] move")
    first, second, third = (seat.name for seat in state.seats)
    with table.factory() as session:
        before = GameState.parse(session.scalars(select(Game.state)).one() or "")
    taken = before.piles[0][-1]
    table.clock.advance(days=1)
    table.mail(PEOPLE[first], "take pile 1, place 4", subject="[ODL 1] move")
    table.sent()
    run_due(table.factory, table.settings, FRIDAY_10AM + timedelta(days=70))  # type: ignore[arg-type]
    with table.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 1)).one()
        after = GameState.parse(game.state or "")
        assert game.status == "running"
    assert after.seat(first).resigned and after.mover.name == second
    assert not after.seat(second).resigned and not after.seat(third).resigned
    assert after.hand is None and len(after.piles[0]) == len(before.piles[0])
    assert after.seat(first).rack[3] == taken
    cards = [*after.deck, *(c for pile in after.piles for c in pile)]
    cards += [c for seat in after.seats for c in seat.rack if c]
    assert sorted(cards) == sorted(full_deck())
    lounge = [" ".join(text(m).split()) for rcpt, m in table.sent() if rcpt == [LOUNGE]]
    assert sum("has resigned" in body for body in lounge) == 1
    assert any(first in body and "has resigned" in body for body in lounge)
