"""Rule 1.7.55 - Did You Spill My Podumes? (Toppling a Token Stack)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import stack, with_luggage

TOPPLE = "Rushton : Holborn (CN) [Topple to White City (CN)]"


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _game(
    lv: int = 5, stacks: dict[str, str] | None = None, disruptions: tuple[str, ...] = ()
) -> GSD:
    """Rushton at Lancaster Gate (CN), five stations from Holborn (CN), where a Stack holds Red,
    Black, Green (Green on top)."""
    gsd = game({"Rushton": "Lancaster Gate (CN)"}, lv={"Rushton": lv}, disruptions=disruptions)
    return with_luggage(gsd, {}, stacks={"Holborn": "Re Bk Gr", **(stacks or {})})


def test_1_7_55_the_stack_falls_twice_lv_stations_along_the_line() -> None:
    """Rule 1.7.55: LV 5, so the Target is ten stations along the Central (White City); the
    top Token lands there, the next at Shepherd's Bush, the last at Holland Park; the Stack is
    gone and LV is zero."""
    result = play(_game(), TOPPLE)
    assert result.legal, result.messages()
    assert stack(result, "Holborn") == ""
    landed = [stack(result, s) for s in ("White City", "Shepherd's Bush", "Holland Park")]
    assert landed == ["Gr", "Bk", "Re"]
    assert row(result.state, "Rushton").lv == 0


def test_1_7_55_blocks_do_not_restrict_the_target_and_full_stacks_lose_tokens() -> None:
    """Rule 1.7.55: a Bulkheaded Target is still a Target; a Token that would overfill a
    six-Token Stack (rule 1.14.3) disappears."""
    result = play(_game(stacks={"Shepherd's Bush": "Re Re Re Re Re Re"},
                        disruptions=("White City (Bulkhead)",)), TOPPLE)  # fmt: skip
    assert result.legal, result.messages()
    assert stack(result, "White City") == "Gr"
    assert stack(result, "Shepherd's Bush") == "ReReReReReRe"
    assert stack(result, "Holland Park") == "Re"


def test_1_7_55_breaks() -> None:
    """Rule 1.7.55: a Stack at the Piece's Station, LV above four, exactly twice LV away, on a
    Line serving the Stack's Station; a Post-Move Action."""
    slow = play(
        _game(lv=4, stacks={"Tottenham Court Road": "Re"}),
        "Rushton : Tottenham Court Road (CN) [Topple to Marble Arch (CN)]",
    )
    assert rules_broken(slow) == ["1.7.55"] and "above four" in _message(slow)
    short = play(_game(), "Rushton : Holborn (CN) [Topple to Shepherd's Bush (CN)]")
    assert rules_broken(short) == ["1.7.55"] and "9 stations away" in _message(short)
    other = play(_game(), "Rushton : Holborn (CN) [Topple to Warren Street (VC)]")
    assert rules_broken(other) == ["1.7.55"] and "serving Holborn" in _message(other)
    bare = play(game({"Rushton": "Lancaster Gate (CN)"}, lv={"Rushton": 5}), TOPPLE)
    assert rules_broken(bare) == ["1.7.55"] and "no Token Stack" in _message(bare)
    early = play(_game(), "Rushton : [Topple to White City (CN)] Holborn (CN)")
    assert "1.3.4" in rules_broken(early)
