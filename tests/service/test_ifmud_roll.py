"""An ifMUD Nomic game's state and its chamber's roll as one source of truth
(rules/ifmud-nomic/readings.md#roll): demerits and brownie points are the state's, the
Passive Voters the chamber's, the Passive Turn-Takers the game's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from referee.chamber import Chamber, MemberStatus
from referee.games.ifmud import consent
from referee.games.ifmud.kind import NAME, IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.service import chamber
from referee.service.deadlines import aware
from referee.service.enactment import RecordOnly
from referee.store import games
from referee.store.db import sessions
from referee.store.models import Game

ADAM, ROGER, JOTA, CARL = SEED_PLAYERS
T0 = datetime(2026, 11, 2, 9, 30)
WEEK = timedelta(weeks=1)
LEAD = timedelta(hours=12)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with sessions(engine)() as session:
        game = games.create_game(session, 1, "ifmud@lounge.example.org", T0, name="ifMUD")
        game.kind = NAME
        game.state = IfmudNomic(lambda: aware(T0)).opening(1, SEED_PLAYERS, random.Random(0))
        for seat, name in enumerate(SEED_PLAYERS, start=1):
            address = f"{seat}@example.org"
            games.join(session, game, games.add_player(session, name, address), seat)
        chamber.open_chamber(session, game, T0, LEAD)
        session.flush()
        yield session


def _game(session: Session) -> Game:
    return session.scalars(select(Game).where(Game.number == 1)).one()


def _state(session: Session) -> GameState:
    return GameState.parse(_game(session).state or "")


def _roll(session: Session) -> Chamber:
    found = chamber.load(session, _game(session))
    assert found is not None
    return found


def test_rule_24_a_week_of_silence_costs_a_demerit_in_the_game_state_and_on_the_roll(
    session: Session,
) -> None:
    chamber.catch_up(session, _game(session), T0 + WEEK, RecordOnly(), LEAD)
    assert [p.demerits for p in _state(session).players] == [1, 1, 1, 1]
    assert [m.demerits for m in _roll(session).members] == [1, 1, 1, 1]


def test_rule_41_a_demerit_the_game_gives_is_on_the_roll_and_the_third_removes_in_both(
    session: Session,
) -> None:
    game = _game(session)
    state = consent.give_demerit(_state(session), JOTA, "rule 119")
    game.state = consent.give_demerit(state, JOTA, "rule 142").render()
    roll = _roll(session)
    assert [(m.name, m.demerits) for m in roll.members if m.demerits] == [(JOTA, 2)]
    chamber.catch_up(session, game, T0 + WEEK, RecordOnly(), LEAD)
    assert JOTA in _state(session).lost
    jota = _roll(session).member(JOTA)
    assert jota is not None and jota.status is MemberStatus.REMOVED
    assert JOTA not in _roll(session).players()


def test_rule_32_the_passive_voters_are_the_chambers_and_the_state_follows(
    session: Session,
) -> None:
    game = _game(session)
    chamber.act(session, game, lambda c: c.set_passive(CARL, True, T0), T0, RecordOnly(), LEAD)
    assert _state(session).passive_voters == (CARL,)
    chamber.act(session, game, lambda c: c.set_passive(CARL, False, T0), T0, RecordOnly(), LEAD)
    assert _state(session).passive_voters == ()


def test_rule_130_the_chamber_reads_the_passive_turn_takers_from_the_game_state(
    session: Session,
) -> None:
    game = _game(session)
    game.state = replace(_state(session), passive_turn_takers=(CARL, ROGER)).render()
    for name in (CARL, ADAM):
        chamber.act(
            session, game, lambda c, n=name: c.set_passive(n, True, T0), T0, RecordOnly(), LEAD
        )  # type: ignore[misc]
    chamber.catch_up(session, game, T0 + WEEK, RecordOnly(), LEAD)
    demerits = {p.name: p.demerits for p in _state(session).players}
    # Carl is on both lists; Roger only a turn-taker, Adam only a passive voter.
    assert demerits == {ADAM: 1, ROGER: 1, JOTA: 1, CARL: 0}
    assert {m.name: m.demerits for m in _roll(session).members} == demerits


def test_rule_33_a_player_who_lost_in_the_game_leaves_roll_and_seat_with_the_lounge_told(
    session: Session,
) -> None:
    game = _game(session)
    before = game.state
    after = consent.remove_player(_state(session), CARL, "rule 16")
    game.state = consent.remove_player(after, ROGER, "left, rule 13", lost=False).render()
    kind = IfmudNomic(lambda: aware(T0))
    news = chamber.follow_state(session, game, kind, before, T0 + timedelta(hours=1))
    said = [str(n.values["news"]) for n in news]
    assert any(s.startswith(f"{CARL} has lost and leaves the game (ifMUD rule 33") for s in said)
    assert any(s.startswith(f"{ROGER} has left the game (ifMUD rule 13") for s in said)
    statuses = {m.name: m.status for m in _roll(session).members}
    assert statuses[CARL] is MemberStatus.REMOVED and statuses[ROGER] is MemberStatus.LEFT
    assert statuses[ADAM] is MemberStatus.IN
    seated = {
        name: games.membership(session, game, games.player_by_name(session, name)).status
        for name in (ADAM, ROGER, CARL)
    }
    assert seated[CARL] == seated[ROGER] == "resigned" and seated[ADAM] == "active"
    assert CARL not in game.order_of_play and ROGER not in game.order_of_play
