"""A stored game judged again turn by turn (referee.service.replaying), across the referee's
own changes of the GSD between turns: a resignation (rule 1.1.3) is no play, so the turn after
it is judged from the state it was judged on then, and every turn must still reach the very
state the referee posted after it. (A game amended mid-way by its chamber, replayed under each
turn's version: tests/service/test_rulebook_chamber.py.)"""

from __future__ import annotations

from sqlalchemy import Engine, select

from referee.service.replaying import replay_game
from referee.store.models import Game, Turn
from tests.service.test_seats import LOUNGE, _address, _game, _people_in_order, _play, _started


def test_rule_1_1_3_a_game_with_a_resignation_between_turns_replays_turn_by_turn(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    first, second, third = _people_in_order(table)
    _play(table, first, "Euston (VC)")
    _play(table, second, "Bank (NT)")
    table.mail(_address(third), "nomic resign", to=LOUNGE)
    _play(table, first, "[LV+1] Warren Street (VC)")
    assert _game(table).turn_number == 3
    with table.factory() as session:
        game = session.get_one(Game, _game(table).id)
        again = replay_game(session, game)
    assert again.agrees, again.illegal or again.differs_at
    assert (again.legal_turns, again.edits, again.versions) == (3, 1, (1, 1, 1))
    assert again.replayed == again.live


def test_a_turn_whose_posted_state_the_rules_do_not_reach_is_named(sqlite_engine: Engine) -> None:
    """The replay compares each turn with what the referee posted after it: a stored state
    that the turn's play does not make (here, edited by hand) is found at that turn."""
    table = _started(sqlite_engine)
    first, second, _ = _people_in_order(table)
    _play(table, first, "Euston (VC)")
    _play(table, second, "Bank (NT)")
    with table.factory.begin() as session:
        turn = session.scalars(select(Turn).where(Turn.number == 1)).one()
        posted = turn.state or ""
        clock = next(line for line in posted.splitlines() if line.startswith("Game Time: "))
        turn.state = posted.replace(clock, "Game Time: Wednesday 0101", 1)
        assert turn.state != posted
    with table.factory() as session:
        again = replay_game(session, session.get_one(Game, _game(table).id))
    assert not again.agrees and again.differs_at == 1
