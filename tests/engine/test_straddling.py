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


def running(size: int = 3) -> GSD:
    """The Stack stands at Chancery Lane, the Station ahead of a Piece that came east along
    the Central line from Tottenham Court Road to Holborn."""
    stack = TokenStack(station="Chancery Lane", tokens=(Colour.BU,) * size)
    return stack_at_holborn().model_copy(update={"stacks": (stack,)})


def test_1_7_6_a_running_straddle_onwards() -> None:
    """Rule 1.7.6: from a Stack on the Station adjacent in the Line Direction of the last
    Move segment, onwards in that direction (Bank is two beyond Chancery Lane)."""
    state = legal(play(running(), f"{TO_HOLBORN} [Straddling to Bank]"))
    history._CACHE.clear()
    assert history.derive(state).position("Rushton") == Position("Bank")


def test_1_7_6_a_running_straddle_only_in_the_line_direction() -> None:
    """Rule 1.7.6: Running Straddles may only be performed in the Piece's Line Direction."""
    result = play(running(), f"{TO_HOLBORN} [Straddling to Oxford Circus]")
    assert rules_broken(result) == ["1.7.6"]
    assert "reaches it in your Line Direction" in message(result)


def test_1_7_6_a_running_straddle_no_farther_than_the_stack() -> None:
    """Rule 1.7.6: a one-Token Stack at Chancery Lane reaches St. Paul's, not Bank."""
    legal(play(running(1), f"{TO_HOLBORN} [Straddling to St. Paul's]"))
    result = play(running(1), f"{TO_HOLBORN} [Straddling to Bank]")
    assert rules_broken(result) == ["1.7.6"]


def test_1_7_6_a_straddle_needs_a_stack() -> None:
    """Rule 1.7.6: a Straddle is made from a Station that has a Token Stack."""
    gsd = stack_at_holborn().model_copy(update={"stacks": ()})
    result = play(gsd, f"{TO_HOLBORN} [Straddling to Bank]")
    assert rules_broken(result) == ["1.7.6"]
    assert "no Token Stack at Holborn for a Standing Straddle" in message(result)


def test_1_7_6_never_to_another_players_home() -> None:
    """Rule 1.7.6: the Straddle Destination must not be another Player's Home Station, even
    after [Rent to] has opened it for Moves."""
    gsd = stack_at_holborn()
    players = tuple(p.model_copy(update={"home": "Bank"}) if p.name == "Garden" else p
                    for p in gsd.players)  # fmt: skip
    result = play(gsd.model_copy(update={"players": players}),
                  f"{TO_HOLBORN} [Straddling to Bank]")  # fmt: skip
    assert rules_broken(result) == ["1.7.6"]
    assert "Bank is Garden's Home Station" in message(result)


def test_1_7_6_not_to_a_closed_station() -> None:
    """Rule 1.7.6: the Straddle Destination must not be Closed (the Crescent, unopened)."""
    result = play(stack_at_holborn(6), f"{TO_HOLBORN} [Straddling to Mornington Crescent]")
    assert rules_broken(result) == ["1.13.4"]
    assert "Mornington Crescent is Closed" in message(result)
