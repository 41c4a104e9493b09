"""ifMUD Nomic through the game-kind seam: registered by name, judged with the game's
committed dice, refusals citing rules, and nothing hidden."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from referee.engine.fair_dice import check
from referee.games import IFMUD_NOMIC, Kinds, hosted
from referee.games.ifmud.consent import connect
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.games.kind import GameKind, GameView, PlayerView

from .helpers import ADAM, ROGER, START

SEED = bytes(range(32))


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def view(state: str, number: int = 1, seed: bytes | None = SEED) -> GameView:
    return GameView(9, number, number, state, SEED_PLAYERS, seed=seed, draw=f"message {number}")


def seat(name: str) -> PlayerView:
    return PlayerView(name, f"{name.split()[-1].lower()}@example.org", SEED_PLAYERS.index(name) + 1)


def test_it_satisfies_the_seam_and_registers_by_name() -> None:
    kinds = Kinds(hosted(Clock(START)))
    kind: GameKind = kinds.find(IFMUD_NOMIC)
    assert IFMUD_NOMIC == "ifmud-nomic" and kind.title == "ifMUD Nomic"


def test_opening_is_the_rules_state_at_the_clocks_time() -> None:
    kind = IfmudNomic(Clock(START))
    state = GameState.parse(kind.opening(9, SEED_PLAYERS, random.Random(0)))
    assert state.time == START and state.active == ADAM


def test_a_legal_posting_returns_the_new_state_and_its_effects() -> None:
    clock = Clock(START)
    kind = IfmudNomic(clock)
    state = connect(
        GameState.parse(kind.opening(9, SEED_PLAYERS, random.Random(0))), "Lounge", "Attic"
    ).render()
    clock.now = START + timedelta(minutes=5)
    judged = kind.judge(
        view(state), seat(ADAM), kind.read(view(state), "Move to Attic\nend turn"), random.Random(0)
    )
    assert judged.verdict == "legal" and judged.new_state is not None
    assert judged.play == "move to Attic\nend turn"
    after = GameState.parse(judged.new_state)
    assert after.player(ADAM).location == "Attic" and after.active == ROGER
    assert "Adam Biltcliffe is now in Attic" in judged.explanation
    assert "Happened: Adam Biltcliffe is now in Attic" in kind.public_view(view(judged.new_state))
    assert [o.owed_by for o in kind.owed(view(judged.new_state))] == [ROGER]


def test_an_action_the_rules_forbid_is_refused_citing_the_rule() -> None:
    kind = IfmudNomic(Clock(START))
    state = kind.opening(9, SEED_PLAYERS, random.Random(0))
    judged = kind.judge(
        view(state), seat(ADAM), kind.read(view(state), "move to Saturn"), random.Random(0)
    )
    assert judged.verdict == "illegal" and judged.new_state is None
    assert judged.violations == (
        "action 1 (move to Saturn): rule 26: Saturn is not connected to Lounge, so you cannot "
        "move there",
    )


def test_out_of_turn_is_named() -> None:
    kind = IfmudNomic(Clock(START))
    state = kind.opening(9, SEED_PLAYERS, random.Random(0))
    judged = kind.judge(view(state), seat(ROGER), kind.read(view(state), "xyzzy"), random.Random(0))
    assert judged.verdict == "out_of_turn" and "Adam Biltcliffe's turn" in judged.explanation


def test_an_unreadable_posting_says_what_to_write() -> None:
    kind = IfmudNomic(Clock(START))
    with pytest.raises(ValueError, match="'go north' is not an action"):
        kind.read(view(""), "go north")


def test_rules_79_95_102_rolls_come_from_the_games_seed_and_check_out() -> None:
    kind = IfmudNomic(Clock(START))
    state = kind.opening(9, SEED_PLAYERS, random.Random(0))
    judged = kind.judge(
        view(state, 3), seat(ADAM), kind.read(view(state), "create pie bomb"), random.Random(0)
    )
    assert judged.verdict == "legal" and len(judged.rolls) == 2
    stored = [("turn 3", "message 3", at, roll) for at, roll in enumerate(judged.rolls, 1)]
    assert check(SEED, 9, stored) == []
    assert all(roll["sides"] == 18 for roll in judged.rolls)


def test_nothing_is_hidden_so_no_private_view() -> None:
    kind = IfmudNomic(Clock(START))
    assert kind.private_view(view(kind.opening(9, SEED_PLAYERS, random.Random(0))), ADAM) is None


def test_golden_lounge_view_of_the_opening() -> None:
    from pathlib import Path

    kind = IfmudNomic(Clock(START))
    state = kind.opening(9, SEED_PLAYERS, random.Random(0))
    golden = Path(__file__).parents[2] / "golden" / "ifmud-nomic" / "lounge-opening.txt"
    assert kind.public_view(view(state)) == golden.read_text("utf-8")


def test_rule_27_advance_times_out_a_turn_for_the_deadline_runner() -> None:
    clock = Clock(START)
    kind = IfmudNomic(clock)
    state = kind.opening(9, SEED_PLAYERS, random.Random(0))
    assert kind.advance(view(state)) is None
    clock.now = START + timedelta(hours=24)
    advanced = kind.advance(view(state))
    assert advanced is not None
    after, notes = advanced
    assert GameState.parse(after).active == ROGER
    assert any("24 hours passed" in note for note in notes)
