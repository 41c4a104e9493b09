"""Rule 1.7.6 - Straddling Nancy (DATC style)."""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message

TO_HOLBORN = "Rushton : Holborn (CN)"


def stack_at_holborn(size: int = 3, disruptions: tuple[str, ...] = ()) -> GSD:
    """Rushton at Tottenham Court Road (CN), LV 1; a Stack of ``size`` Tokens at Holborn."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 1},
               tokens={"Rushton": "1Bk,2Re"}, disruptions=disruptions)  # fmt: skip
    stack = TokenStack(station="Holborn", tokens=(Colour.BU,) * size)
    return gsd.model_copy(update={"stacks": (stack,)})


def test_1_7_6_a_standing_straddle() -> None:
    """Rule 1.7.6: from the Stack where the Piece stands, Translocate no farther than the
    Stack has Tokens (Bank is three Stations from Holborn; 1 Bk)."""
    state = legal(play(stack_at_holborn(), f"{TO_HOLBORN} [Straddling to Bank]"))
    history._CACHE.clear()
    assert history.derive(state).position("Rushton") == Position("Bank")
    assert row(state, "Rushton").tokens.bk == 1  # one paid, one collected


def test_1_7_6_no_farther_than_the_stack_is_high() -> None:
    """Rule 1.7.6: the distance must not exceed the number of Tokens in the Stack."""
    result = play(stack_at_holborn(2), f"{TO_HOLBORN} [Straddling to Bank]")
    assert rules_broken(result) == ["1.7.6"]
    assert "Bank is 3 Stations from Holborn; the Stack there holds 2 Tokens" in message(result)


def test_1_7_6_not_to_a_blocked_station() -> None:
    """Rule 1.7.6: the Straddle Destination must not be Blocked."""
    result = play(stack_at_holborn(disruptions=("Bank (Bulkhead)",)),
                  f"{TO_HOLBORN} [Straddling to Bank]")  # fmt: skip
    assert rules_broken(result) == ["1.9.3"]


def test_1_7_6_no_aggressive_action_after_a_straddle() -> None:
    """Rule 1.7.6: after a Straddle, no Action requiring Red Tokens for the rest of the Turn."""
    text = f"{TO_HOLBORN} [Straddling to Bank] [Blocking Liverpool Street]"
    result = play(stack_at_holborn(), text)
    assert rules_broken(result) == ["1.7.6"]
    assert "[Blocking], an Aggressive Action" in message(result)


def test_1_7_6_a_running_straddle_is_not_yet_adjudicated() -> None:
    """Rule 1.7.6: a Running Straddle (from the next Station ahead) is recognised, not judged."""
    gsd = stack_at_holborn().model_copy(update={"stacks": (
        TokenStack(station="Chancery Lane", tokens=(Colour.BU,) * 3),)})
    result = play(gsd, f"{TO_HOLBORN} [Straddling to Bank]")
    assert not result.adjudicated
    assert any("Running Straddle" in name for name in result.unadjudicated)
