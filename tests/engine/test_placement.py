"""Paid Tokens onto Token Stacks (rule 1.4.19 - Token Tracking, rule 1.14.3)."""

from __future__ import annotations

from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken

ANGEL = {"Rushton": "Angel (NT)"}  # Quadrant 1: 0, 1, 2 and 4 are barred, 3 is not
NIGHT = "Rushton : [Night Train] Pass Angel (NT)"


def _at_angel(*stacks: TokenStack) -> GSD:
    return game(ANGEL, tokens={"Rushton": "1 Bu"}).model_copy(update={"stacks": stacks})


def test_1_4_19_paid_tokens_go_to_the_station_the_player_names() -> None:
    """Rule 1.4.19: a non-Bronze Token paid for an Action goes on a Stack the player picks."""
    result = play(_at_angel(), NIGHT + " {stack: Wimbledon}")
    assert result.legal, result.messages()
    assert result.state.stacks == (TokenStack(station="Wimbledon", quadrant=3,
                                              tokens=(Colour.BU,)),)  # fmt: skip
    assert row(result.state, "Rushton").tokens.bu == 0


def test_1_4_19_not_in_the_final_quadrant_or_one_next_to_it() -> None:
    """Rule 1.4.19: the Stack cannot be in the same or an adjacent Quadrant."""
    for near in ("Finsbury Park", "Brixton", "Euston", "Holborn"):
        result = play(_at_angel(), NIGHT + f" {{stack: {near}}}")
        assert rules_broken(result) == ["1.4.19"], near


def test_1_4_19_from_the_circle_every_quadrant_is_adjacent_so_tokens_are_discarded() -> None:
    """Rule 1.4.19: if no Station qualifies, the Tokens are discarded."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "1 Bu"})
    result = play(gsd, "Rushton : [Night Train] Pass Holborn (CN) {stack: Wimbledon}")
    assert result.legal and result.state.stacks == ()
    assert any(e.kind == "tokens_discarded" for e in result.events)


def test_1_4_19_by_default_the_first_qualifying_stack_with_room() -> None:
    """Our default (rules/vanilla/readings.md#r1-4-19): unnamed, the first Stack that qualifies and
    has room."""
    full = TokenStack(station="Hammersmith", quadrant=3, tokens=(Colour.RE,) * 6)
    near = TokenStack(station="Brixton", quadrant=2, tokens=(Colour.RE,))
    free = TokenStack(station="Wimbledon", quadrant=3, tokens=(Colour.GR,))
    result = play(_at_angel(full, near, free), NIGHT)
    assert result.legal
    assert result.state.stacks[2].tokens == (Colour.GR, Colour.BU)
    assert play(_at_angel(), NIGHT).state.stacks == ()


def test_1_14_3_a_full_stack_destroys_the_surplus() -> None:
    """Rule 1.4.19 with rule 1.14.3: Tokens beyond a Stack's six are destroyed."""
    full = TokenStack(station="Hammersmith", quadrant=3, tokens=(Colour.RE,) * 6)
    result = play(_at_angel(full), NIGHT + " {stack: Hammersmith}")
    assert result.legal and result.state.stacks == (full,)
    assert any(e.detail.get("destroyed") == 1 for e in result.events)


SEGMENT = "East Putney to Wimbledon (DS) (Peg)"
"""Rule 1.11.5: Southfields and Wimbledon Park lie inside it, so they are Pegged too."""


def test_1_11_5_no_paid_tokens_inside_a_pegged_segment() -> None:
    """Rules 1.11.4 and 1.11.5: no Token may be placed at a Station a Pegged Segment covers,
    though Disruptions do not name it."""
    gsd = _at_angel().model_copy(update={"disruptions": (Disruption.parse(SEGMENT),)})
    result = play(gsd, NIGHT + " {stack: Southfields}")
    assert rules_broken(result) == ["1.4.19"]
    assert "it is Pegged" in " ".join(v.message for v in result.violations)


def test_1_11_5_the_default_stack_skips_a_pegged_segment() -> None:
    """Rule 1.4.19's default (the first qualifying Stack) passes over a Stack inside a Pegged
    Segment to the next one."""
    gsd = _at_angel(TokenStack(station="Southfields", quadrant=3),
                    TokenStack(station="Morden", quadrant=3))  # fmt: skip
    gsd = gsd.model_copy(update={"disruptions": (Disruption.parse(SEGMENT),)})
    result = play(gsd, NIGHT)
    assert result.legal, result.messages()
    assert [(s.station, s.tokens) for s in result.state.stacks] == [
        ("Southfields", ()),
        ("Morden", (Colour.BU,)),
    ]
