"""Rules 1.11.4 - Peg Leg and 1.11.5 - Pegs Tie (DATC style)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message


def from_oxford_circus(**kw: object) -> GSD:
    """Rushton at Oxford Circus (CN), LV 2: to Holborn through Tottenham Court Road."""
    at = {"Rushton": "Oxford Circus (CN)", **kw.pop("at", {})}  # type: ignore[dict-item]
    return game(at, lv={"Rushton": 2}, tokens={"Rushton": "2Bu,1Bk"}, **kw)  # type: ignore[arg-type]


SEGMENT = ("Chancery Lane (Peg)", "Bank (Peg)", "Chancery Lane to Bank (CN) (Peg)")


def test_1_11_4_pegging_a_station_next_to_the_end() -> None:
    """Rule 1.11.4: Peg a Station the Piece is adjacent to at the end of its Move (1 Bu)."""
    state = legal(play(from_oxford_circus(), "Rushton : Holborn (CN) [Pegging Chancery Lane]"))
    assert [d.render() for d in state.disruptions] == ["Chancery Lane (Peg)"]
    assert row(state, "Rushton").tokens.bu == 1


def test_1_11_4_pegging_the_station_the_move_started_at() -> None:
    """Rule 1.11.4: the Station the Piece starts at may be Pegged too, once left."""
    legal(play(from_oxford_circus(), "Rushton : Holborn (CN) [Pegging Oxford Circus]"))


def test_1_11_4_pegging_far_away_is_refused() -> None:
    """Rule 1.11.4: only where the Piece started, passed through or ended next to."""
    result = play(from_oxford_circus(), "Rushton : Holborn (CN) [Pegging Bank]")
    assert rules_broken(result) == ["1.11.4"]
    assert "neither started at, passed through nor ended next to Bank" in message(result)


def test_1_11_4_a_station_with_a_piece_cannot_be_pegged() -> None:
    """Rule 1.11.4: provided the Station does not contain a Piece."""
    gsd = from_oxford_circus(at={"Garden": "Chancery Lane (CN)"})
    result = play(gsd, "Rushton : Holborn (CN) [Pegging Chancery Lane]")
    assert rules_broken(result) == ["1.11.4"]
    assert "Chancery Lane holds a Piece" in message(result)


def test_1_11_4_unpegging_a_neighbour() -> None:
    """Rule 1.11.4: Unpeg a Pegged Station the Piece ends next to (1 Bk)."""
    gsd = from_oxford_circus(disruptions=("Chancery Lane (Peg)",))
    state = legal(play(gsd, "Rushton : Holborn (CN) [Unpegging Chancery Lane]"))
    assert state.disruptions == ()
    assert row(state, "Rushton").tokens.bk == 1  # one paid, one collected


def test_1_11_4_unpegging_the_start_is_refused() -> None:
    """Rule 1.11.4: Unpegging reaches Stations passed through or adjacent, not the start."""
    gsd = game({"Rushton": "Chancery Lane (CN)"}, lv={"Rushton": 2},
               tokens={"Rushton": "1Bk"}, disruptions=("Oxford Circus (Peg)",))  # fmt: skip
    result = play(gsd, "Rushton : Bank (CN) [Unpegging Chancery Lane]")
    assert rules_broken(result) == ["1.11.4"]
    assert "neither passed through nor ended next to Chancery Lane" in message(result)


def test_1_11_4_unpegging_an_unpegged_station_is_refused() -> None:
    """Rule 1.11.4: the Station must be Pegged."""
    result = play(from_oxford_circus(), "Rushton : Holborn (CN) [Unpegging Chancery Lane]")
    assert rules_broken(result) == ["1.11.4"]
    assert "Chancery Lane is not Pegged" in message(result)


def test_1_11_5_pegging_a_line_segment_after_its_end() -> None:
    """Rule 1.11.5: right after Pegging one end, Peg the Segment to the other Pegged end;
    one Blue per Station of it not yet Pegged (St. Paul's)."""
    gsd = from_oxford_circus(disruptions=("Bank (Peg)",))
    state = legal(play(gsd, "Rushton : Holborn (CN) [Pegging Chancery Lane] "
                            "[Pegging CN from Chancery Lane to Bank]"))  # fmt: skip
    assert [d.render() for d in state.disruptions] == [SEGMENT[1], SEGMENT[0], SEGMENT[2]]
    assert row(state, "Rushton").tokens.bu == 0


def test_1_11_5_a_segment_must_follow_the_pegging_of_an_end() -> None:
    """Rule 1.11.5: played immediately after the Action which Pegged an end."""
    gsd = from_oxford_circus(disruptions=("Bank (Peg)", "Chancery Lane (Peg)"))
    result = play(gsd, "Rushton : Holborn (CN) [Pegging CN from Chancery Lane to Bank]")
    assert rules_broken(result) == ["1.11.5"]
    assert "right after [Pegging Chancery Lane] or [Pegging Bank]" in message(result)


def test_1_11_5_both_ends_must_be_pegged() -> None:
    """Rule 1.11.5: a Segment runs between two Pegged Stations."""
    result = play(from_oxford_circus(), "Rushton : Holborn (CN) [Pegging Chancery Lane] "
                                        "[Pegging CN from Chancery Lane to Bank]")  # fmt: skip
    assert rules_broken(result) == ["1.11.5"]
    assert "Bank is not Pegged" in message(result)


def test_1_11_5_no_piece_may_rest_on_the_segment() -> None:
    """Rule 1.11.5: not if any Piece rests upon it."""
    gsd = from_oxford_circus(disruptions=("Bank (Peg)",), at={"Garden": "St. Paul's (CN)"})
    result = play(gsd, "Rushton : Holborn (CN) [Pegging Chancery Lane] "
                       "[Pegging CN from Chancery Lane to Bank]")  # fmt: skip
    assert rules_broken(result) == ["1.11.5"]
    assert "a Piece rests on the Segment" in message(result)


def test_1_11_5_the_line_must_join_the_ends() -> None:
    """Rule 1.11.5: a Line on which both Stations rest."""
    gsd = from_oxford_circus(disruptions=("Bank (Peg)",))
    result = play(gsd, "Rushton : Holborn (CN) [Pegging Chancery Lane] "
                       "[Pegging VC from Chancery Lane to Bank]")  # fmt: skip
    assert rules_broken(result) == ["1.11.5"]
    assert "no stretch of the VC line" in message(result)


def test_1_11_5_no_move_ends_on_a_pegged_segment() -> None:
    """Rule 1.11.5: the Segment's Stations are Pegged; rule 1.11.4: no Piece ends there."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2}, disruptions=SEGMENT)
    result = play(gsd, "Rushton : St. Paul's (CN)")
    assert rules_broken(result) == ["1.11.5"]
    assert "St. Paul's lies on the Pegged Line Segment" in message(result)


def test_1_11_5_unpegging_an_end_unpegs_the_segment() -> None:
    """Rule 1.11.5: a Line Segment is Unpegged when one of its end Stations is Unpegged."""
    gsd = game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": "1Bk"},
               disruptions=SEGMENT)  # fmt: skip
    state = legal(play(gsd, "Rushton : Holborn (CN) [Unpegging Chancery Lane]"))
    assert [d.render() for d in state.disruptions] == ["Bank (Peg)"]


# -- Rule 1.11.4: nothing placed at or removed from a Pegged Station ------------------------


def _pegged_tcr(tokens: str = "2Bu,1Bk,2Re", rack: str = "", home: str | None = None) -> GSD:
    """Rushton passes through a Pegged Tottenham Court Road, which holds a Stack (Re on top),
    on eir way from Oxford Circus to Holborn."""
    from tests.engine.luggage_builder import with_luggage

    gsd = game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": tokens},
               disruptions=("Tottenham Court Road (Peg)",))  # fmt: skip
    return with_luggage(gsd, {"Rushton": rack} if rack else {},
                        stacks={"Tottenham Court Road (0)": "BuRe"},
                        home={"Rushton": home} if home else None)  # fmt: skip


def test_1_11_4_no_token_dropped_on_a_pegged_station() -> None:
    """Rule 1.11.4: Tokens may not be placed at a Pegged Station, so [Blue Token on <it>]
    (rule 1.14.3) is refused citing the Peg; Holborn, unpegged, takes it."""
    result = play(_pegged_tcr(), "Rushton : Holborn (CN) [Blue Token on Tottenham Court Road]")
    assert rules_broken(result) == ["1.11.4"]
    assert "Tottenham Court Road is Pegged" in message(result)
    legal(play(_pegged_tcr(), "Rushton : Holborn (CN) [Blue Token on Holborn]"))


def test_1_11_4_no_token_claimed_from_a_pegged_station() -> None:
    """Rule 1.11.4: Tokens may not be removed from a Pegged Station, so [Claiming a Red Token
    from <it>] (rule 1.14.4) is refused citing the Peg."""
    result = play(_pegged_tcr(), "Rushton : Holborn (CN) [Claiming a Red Token from "
                                 "Tottenham Court Road]")  # fmt: skip
    assert rules_broken(result) == ["1.11.4"]
    assert "nothing may be placed at or removed from it" in message(result)


def test_1_11_4_a_helsinki_leaves_a_pegged_stack_whole() -> None:
    """Rules 1.11.4 and 1.7.57: a Single Helsinki sinks the bottom Token of every Stack, but
    nothing may be removed from a Pegged Station: its Stack stays as it was."""
    from tests.engine.luggage_builder import stack

    result = play(_pegged_tcr(tokens="3Bu"), "Rushton : Holborn (CN) [Single Helsinki]")
    assert result.legal, result.messages()
    assert stack(result, "Tottenham Court Road") == "BuRe"


def test_1_11_4_no_hoarding_at_a_pegged_home() -> None:
    """Rules 1.11.4 and 1.4.9: Hoarding places Tokens on the Home Station's Stack; a Pegged
    Home takes none."""
    gsd = game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": "3Re"},
               disruptions=("Theydon Bois (Peg)",))  # fmt: skip
    from tests.engine.luggage_builder import with_luggage

    gsd = with_luggage(gsd, {}, home={"Rushton": "Theydon Bois"})
    result = play(gsd, "Rushton : Holborn (CN) [Hoarding 1 Re]")
    assert rules_broken(result) == ["1.11.4"]
