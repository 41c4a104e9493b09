"""The engine-backed turn desk: a posting judged against the stored GSD, never the player's copy."""

from __future__ import annotations

import pytest

from referee.engine.ruleset import VANILLA
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.service.desk import GameView, PlayerView, TurnOutcome
from referee.service.engine_desk import EngineDesk

ALICE = PlayerView("Alice", "alice@example.org", 1)
BOB = PlayerView("Bob", "bob@example.org", 2)
FIRST = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
SECOND = "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)"
"""First plays: each declares a Home (rule 1.12.2) and enters the Map."""


@pytest.fixture(scope="module")
def desk() -> EngineDesk:
    return EngineDesk()


def _start() -> str:
    gsd = VANILLA.new_game(["Alice", "Bob"], GameTime.parse("Monday 0900"), game=12)
    return gsd.render(VANILLA.action_index())


def _view(state: str | None, turns: int = 0) -> GameView:
    return GameView(12, turns + 1, turns, state, ("Alice", "Bob"))


def _after_first(desk: EngineDesk) -> str:
    outcome = desk.submit(_view(_start()), ALICE, FIRST)
    assert outcome.verdict == "legal" and outcome.new_state is not None
    return outcome.new_state


def test_1_3_1_a_play_alone_is_judged_and_the_new_canonical_gsd_returned(desk: EngineDesk) -> None:
    outcome = desk.submit(
        _view(_start()), ALICE, "alice:  [home: upney (ds)]  [lv+1]  holborn (cn)"
    )
    assert (outcome.verdict, outcome.play) == ("legal", FIRST)
    assert outcome.new_state is not None
    gsd = GSD.parse(outcome.new_state)
    assert outcome.new_state.startswith(
        f"Mornington Crescent - Game 12 - Turn 2 - State {gsd.state_hash()}\n"
    )
    assert [p.render() for p in gsd.plays] == [FIRST]
    assert str(gsd.time) == "Monday 0920"


def test_1_3_1_the_current_gsd_with_the_play_appended_is_judged(desk: EngineDesk) -> None:
    state = _after_first(desk)
    quoted = "\n".join(f"> {line}" for line in state.splitlines())
    posting = f"Here you go.\n\n{quoted}\n{SECOND}\n\n-- \nBob"
    outcome = desk.submit(_view(state, 1), BOB, posting)
    assert (outcome.verdict, outcome.play) == ("legal", SECOND)
    assert outcome.new_state is not None and "Turn 3 - State" in outcome.new_state


def test_1_2_1_a_gsd_with_an_old_header_hash_is_stale(desk: EngineDesk) -> None:
    state = _after_first(desk)
    outcome = desk.submit(_view(state, 1), BOB, f"{_start()}\n{SECOND}\n")
    assert outcome.verdict == "stale"
    assert "State " in outcome.explanation and "Turn 2" in outcome.explanation
    assert outcome.new_state is None


def test_1_2_1_a_gsd_whose_record_differs_is_stale_even_without_a_hash(desk: EngineDesk) -> None:
    state = _after_first(desk)
    body = state.split("\n", 1)[1]  # the header (and its hash) left out
    forged = body.replace(FIRST, "Alice : [Home: Upney (DS)] [LV+1] Chancery Lane (CN)")
    outcome = desk.submit(_view(state, 1), BOB, f"{forged}\n{SECOND}\n")
    assert outcome.verdict == "stale"
    assert (
        "play 1 of its record is 'Alice : [Home: Upney (DS)] [LV+1] Chancery Lane (CN)'"
    ) in outcome.explanation


def test_1_2_1_the_players_tables_are_never_trusted(desk: EngineDesk) -> None:
    """Rule 1.2.1: keeping the GSD is the referee's job; a posting that doctors the Token
    Table but keeps the header is judged against the stored state, or refused as stale."""
    state = _after_first(desk)
    body = state.split("\n", 1)[1].replace("|  0 |  0 |  2  0  2", "|  9 |  0 |  2  0  2", 1)
    outcome = desk.submit(_view(state, 1), BOB, f"{body}\n{SECOND}\n")
    assert outcome.verdict == "legal" and outcome.new_state is not None
    assert "|  9 |" not in outcome.new_state


def test_1_3_2_a_play_out_of_turn_is_answered_not_applied(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), BOB, SECOND)
    assert outcome.verdict == "out_of_turn"
    assert outcome.explanation == "it is Alice's Turn, not Bob's (rule 1.3.2)"


def test_1_3_2_nobody_may_post_another_players_play(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), BOB, FIRST)
    assert outcome.verdict == "out_of_turn" and "Alice" in outcome.explanation


def test_1_15_1_the_drones_turn_is_posted_by_the_stick_carrier(desk: EngineDesk) -> None:
    gsd = VANILLA.new_game(["Alice", "Bob"], GameTime.parse("Monday 0900"), game=12)
    rows = tuple(r.model_copy(update={"inactive": False}) for r in gsd.players)
    stick = (RackEntry(player="Bob", possessions=(Possession(name="Drone Stick"),)),)
    drone_first = gsd.model_copy(update={"players": rows, "rack": stick})
    state = drone_first.render(VANILLA.action_index())
    by_alice = desk.submit(_view(state), ALICE, "Drone : Holborn (CN)")
    assert by_alice.verdict == "out_of_turn"
    assert "Drone Stick" in by_alice.explanation and "Bob carries it" in by_alice.explanation
    by_bob = desk.submit(_view(state), BOB, "Drone : Holborn (CN)")
    assert by_bob.verdict == "illegal"  # adjudicated: the Drone stands at the Crescent
    assert by_bob.violations[0].startswith("Rule 1.6.2 - Getting There: there is no route from")


def test_1_6_2_an_illegal_move_cites_the_rule_and_changes_nothing(desk: EngineDesk) -> None:
    state = _after_first(desk)
    after = desk.submit(_view(state, 1), BOB, SECOND).new_state
    outcome = desk.submit(_view(after, 2), ALICE, "Alice : Euston (NT)")
    assert outcome.verdict == "illegal" and outcome.new_state is None
    assert outcome.violations == (
        "Rule 1.6.2 - Getting There: there is no route from Holborn to Euston by NT; "
        "check the Line Codes",
    )


def test_an_unreadable_play_gets_its_line_and_column(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), ALICE, "Hello referee,\n\nAlice : Eustn (NT)\n")
    assert outcome.verdict == "unreadable"
    assert outcome.violations == (
        "line 3, column 9: 'Eustn' is not a station; did you mean Euston?",
    )


def test_an_unreadable_gsd_gets_its_line_and_column(desk: EngineDesk) -> None:
    broken = _start().replace("Game Time: Monday 0900", "Game Time: Moonday 0900")
    outcome = desk.submit(_view(_start()), ALICE, f"{broken}\n{FIRST}\n")
    assert outcome.verdict == "unreadable"
    [message] = outcome.violations
    line = 1 + broken.splitlines().index("Game Time: Moonday 0900")
    assert message.startswith(f"line {line}, column ")


def test_1_3_1_a_posting_with_no_new_play_is_answered(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), ALICE, _start())
    assert outcome.verdict == "unreadable" and "no new play" in outcome.explanation


def test_1_3_1_a_play_without_the_players_name_is_shown_with_it(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), ALICE, "Holborn (CN)")
    assert outcome.verdict == "unreadable"
    assert "'Alice : Holborn (CN)'" in outcome.explanation
    assert "nomic help" in outcome.explanation


def test_1_3_1_a_posting_with_no_play_shows_a_play_in_the_players_name(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), BOB, "help")
    assert "'Bob : Euston (VC)'" in outcome.explanation and "nomic help" in outcome.explanation


def test_1_3_1_one_play_a_turn(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), ALICE, f"{FIRST}\n{SECOND}\n")
    assert outcome.verdict == "unreadable" and "2 new plays" in outcome.explanation


def test_an_action_not_yet_adjudicated_is_named(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(_start()), ALICE, "Alice : Holborn (CN) [Taking a Bow]")
    assert outcome.verdict == "not_adjudicated"
    assert outcome.explanation == "this referee does not yet adjudicate [Taking a Bow]"


def test_a_game_with_no_gsd_is_not_adjudicated(desk: EngineDesk) -> None:
    outcome = desk.submit(_view(None), ALICE, FIRST)
    assert outcome == TurnOutcome(
        verdict="not_adjudicated",
        explanation="game MC 12 has no Game State Document yet; the operator starts it with "
        "`referee db new-game`",
    )


def test_the_gsd_a_legal_turn_produced_is_not_read_again(
    desk: EngineDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The warm path: the engine's derived history lives on the GSD value the last turn made."""
    state = _after_first(desk)
    reads: list[str] = []
    original = GSD.parse

    def counting(text: str, **kwargs: object) -> GSD:
        reads.append(text)
        return original(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(GSD, "parse", staticmethod(counting))
    assert desk.submit(_view(state, 1), BOB, SECOND).verdict == "legal"
    assert reads == []
    assert desk.submit(_view(_start()), ALICE, FIRST).verdict == "legal"
    assert reads == [_start()]


def test_an_engine_failure_is_answered_and_the_turn_kept(
    desk: EngineDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug in a handler")

    monkeypatch.setattr("referee.service.engine_desk.adjudicate", broken)
    outcome = desk.submit(_view(_start()), ALICE, FIRST)
    assert (outcome.verdict, outcome.play) == ("not_adjudicated", FIRST)
    assert "failed while judging it" in outcome.explanation


def test_live_dice_are_not_predictable_from_the_game_and_turn_numbers() -> None:
    """Dice by mail must not be computable by a player before the Turn is sent: two desks
    judging the same Turn draw from fresh entropy, unlike the engine's repeatable default."""
    from referee.engine.turn import turn_dice
    from referee.service.engine_desk import unpredictable_dice

    rolls = {tuple(unpredictable_dice().roll(295, "test") for _ in range(4)) for _ in range(8)}
    assert len(rolls) > 1
    gsd = GSD()
    repeatable = {tuple(turn_dice(gsd).roll(295, "test") for _ in range(4)) for _ in range(8)}
    assert len(repeatable) == 1


def test_1_1_1_a_winning_turn_names_its_winner(desk: EngineDesk) -> None:
    """Rule 1.1.1 - How to Win: the desk passes the engine's winner on, so the service can
    start the acknowledgements that end the game."""
    from tests.engine.builder import game

    at = {"Rushton": "Euston (NT)", "Garden": "Balham (NT)"}  # Garden last: Rushton is next
    gsd = game(at, lv={"Rushton": 1}, tokens={"Rushton": "3 Go, 1 Bk"})
    view = GameView(12, 2, 1, gsd.render(VANILLA.action_index()), ("Rushton", "Cryer", "Garden"))
    rushton = PlayerView("Rushton", "rushton@example.org", 3)
    outcome = desk.submit(view, rushton, "Rushton : [Opening MC] Mornington Crescent (NT)")
    assert outcome.verdict == "legal", outcome
    assert outcome.winner == "Rushton"
    ordinary = desk.submit(view, rushton, "Rushton : Camden Town (NT)")
    assert ordinary.verdict == "legal" and ordinary.winner is None


# The header the referee would have issued for _after_first's GSD before the state hash named
# its version (state-hash 1: no version line, the play lines as drawn). First taken from
# tests/golden/mail/player.turn-stale.txt in git history; drawn again by that formula when the
# opening play began to declare a Home (rule 1.12.2).
TURN_2_STATE_HASH_1 = "40a3c956"


def test_1_2_1_a_reply_to_a_gsd_issued_under_the_first_hash_is_current(desk: EngineDesk) -> None:
    """A game under way when the hash formula changed: its players quote the old header."""
    state = _after_first(desk)
    header, body = state.split("\n", 1)
    old = header.rsplit(" ", 1)[0] + f" {TURN_2_STATE_HASH_1}"
    outcome = desk.submit(_view(state, 1), BOB, f"{old}\n{body}{SECOND}\n")
    assert (outcome.verdict, outcome.play) == ("legal", SECOND)
    wrong = header.rsplit(" ", 1)[0] + " 40a3c957"
    assert desk.submit(_view(state, 1), BOB, f"{wrong}\n{body}{SECOND}\n").verdict == "stale"


def test_1_1_2_a_special_rules_game_is_judged_under_its_variant(desk: EngineDesk) -> None:
    """Rule 1.1.2: the desk judges a game under the variant it names (the early draft pays a
    Move by the step, with no LV); several variants cannot be combined yet, and say so."""
    from referee.variants import EarlyDraft

    draft = EarlyDraft()
    gsd = draft.new_game(["Alice", "Bob"], GameTime.parse("Monday 0900"), game=12)
    view = GameView(12, 1, 0, gsd.render(draft.action_index()), ("Alice", "Bob"), ("draft",))
    placed = desk.submit(view, ALICE, "Alice : Holborn (CN)")
    assert placed.verdict == "legal", placed.explanation
    second = GameView(12, 2, 1, placed.new_state, ("Alice", "Bob"), ("early-draft",))
    stepped = desk.submit(second, BOB, "Bob : [Block Holborn 2] Pass")
    assert stepped.verdict == "illegal", "Bob's Piece is off the Map, so next to nothing"
    assert any("Rule 7 - Actions" in v for v in stepped.violations)
    both = GameView(12, 1, 0, view.state, ("Alice", "Bob"), ("early-draft", "knightsbridge"))
    refused = desk.submit(both, ALICE, "Alice : Holborn (CN)")
    assert refused.verdict == "not_adjudicated"
    assert "cannot yet combine" in refused.explanation


def test_a_huge_unreadable_line_is_answered_with_its_start_not_all_of_it(
    desk: EngineDesk,
) -> None:
    """A play with a whole letter pasted on its line is refused naming what could not be read,
    quoting only the start of it (referee.quoting): the answer stays a line long."""
    letter = "I had thought of going by the Northern line but the Bridges are Down " * 15_000
    outcome = desk.submit(_view(_start()), ALICE, f"Alice : Euston (NT) {letter}\n")
    assert outcome.verdict == "unreadable"
    [message] = outcome.violations
    assert message.startswith("line 1, column 9: 'Euston (NT) I had thought of going by")
    assert "...' is not a station" in message
    assert len(message) < 200
