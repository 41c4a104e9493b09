"""The kind adapter satisfies the seam and keeps racks out of what the lounge is shown."""

from __future__ import annotations

import random

import pytest

from referee.games import Kinds
from referee.games.kind import GameKind, GameView, PlayerView
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.games.one_day_in_london.moves import Move
from referee.games.one_day_in_london.state import GameState, Phase

from .test_views import named

PLAYERS = ("Alice", "Bob", "Carol")
KIND = OneDayInLondon()


def view(state: str, number: int = 1) -> GameView:
    return GameView(number=7, version=number, turn_number=number, state=state, players=PLAYERS)


def seat(name: str) -> PlayerView:
    return PlayerView(name, f"{name.lower()}@example.org", PLAYERS.index(name) + 1)


def test_it_satisfies_the_seam_and_registers_by_name() -> None:
    kind: GameKind = KIND
    assert Kinds([kind]).find("one-day-in-london") is kind


def test_opening_draws_the_deal_seed_from_the_chances_it_is_handed() -> None:
    one = GameState.parse(KIND.opening(7, PLAYERS, random.Random(1)))
    two = GameState.parse(KIND.opening(7, PLAYERS, random.Random(1)))
    three = GameState.parse(KIND.opening(7, PLAYERS, random.Random(2)))
    assert one.phase is Phase.SETUP and one == two and one.seed != three.seed


def test_resigning_is_a_command_not_a_turn_and_leaving_takes_the_player_out() -> None:
    state = KIND.opening(7, PLAYERS, random.Random(3))
    with pytest.raises(ValueError, match="nomic resign"):
        KIND.read(view(state), "resign")
    after = GameState.parse(KIND.leave(view(state), "Bob"))
    assert after.seat("Bob").resigned and not after.seat("Alice").resigned


def test_a_whole_game_judged_through_the_seam_never_shows_a_rack_to_the_lounge() -> None:
    rng = random.Random(5)
    state = KIND.opening(7, PLAYERS, rng)
    turn = 0
    for slot in range(1, 11):
        for name in PLAYERS:
            turn += 1
            move = KIND.read(view(state, turn), f"place {slot}")
            judged = KIND.judge(view(state, turn), seat(name), move, rng)
            assert judged.verdict == "legal", judged.violations
            assert judged.new_state is not None
            state = judged.new_state
    game = GameState.parse(state)
    assert [owed.owed_by for owed in KIND.owed(view(state))] == ["Alice"]
    for _ in range(30):
        mover = GameState.parse(state).mover.name
        move = KIND.read(view(state), "take deck, discard 1")
        assert isinstance(move, Move)
        judged = KIND.judge(view(state), seat(mover), move, rng)
        if judged.verdict != "legal":
            move = KIND.read(view(state), "take deck, discard 2")
            judged = KIND.judge(view(state), seat(mover), move, rng)
        assert judged.verdict == "legal" and judged.new_state is not None
        state = judged.new_state
        game = GameState.parse(state)
        if game.phase is Phase.OVER:
            break
        lounge = KIND.public_view(view(state)) + (judged.play or "")
        tops = {top for top in game.pile_tops() if top}
        assert named(lounge) <= tops
        for name in PLAYERS:
            own = KIND.private_view(view(state), name) or ""
            rack = {card for card in game.seat(name).rack if card}
            assert named(own) <= rack | {game.hand} - {None}


def test_out_of_turn_and_illegal_and_unreadable() -> None:
    rng = random.Random(2)
    state = KIND.opening(7, PLAYERS, rng)
    with pytest.raises(ValueError, match="take deck"):
        KIND.read(view(state), "fly to Paris")
    judged = KIND.judge(view(state), seat("Alice"), KIND.read(view(state), "take deck"), rng)
    assert judged.verdict == "illegal" and "placing the card" in judged.violations[0]
    for slot in range(1, 11):
        for name in PLAYERS:
            move = KIND.read(view(state), f"place {slot}")
            state = KIND.judge(view(state), seat(name), move, rng).new_state or ""
    judged = KIND.judge(view(state), seat("Bob"), KIND.read(view(state), "take deck"), rng)
    assert judged.verdict == "out_of_turn" and "Alice's turn" in judged.explanation
