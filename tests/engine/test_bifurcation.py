"""Rule 1.7.42 - Me and My Shadow: Bifurcating, its upkeep, two Moves, and losing a Piece.

Every destruction is checked three ways: the adjudicated Turn, the positions derived from its
record alone (cold), and those read on from the state before (rule 1.5.1 either way).
"""

from __future__ import annotations

from referee.engine.history import History, Position, derive, forget
from referee.engine.result import TurnResult
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken

SPLIT = "Rushton : Pass Euston (VC) [Bifurcating to Warren Street]"


def start(tokens: str = "1 Go, 2 Gr, 2 Br, 1 Bk", lv: int = 0) -> GSD:
    """Rushton at Euston (VC), Cryer at Holborn (CN), Garden at Angel (NT)."""
    at = {"Rushton": "Euston (VC)", "Cryer": "Holborn (CN)", "Garden": "Angel (NT)"}
    return game(at, lv={"Rushton": lv}, tokens={"Rushton": tokens})


def recorded(gsd: GSD, *lines: str) -> GSD:
    """``gsd`` with ``lines`` appended to its record unjudged (how the builder places Pieces)."""
    plays = tuple(Play.parse(text, players=gsd.player_names) for text in lines)
    return gsd.model_copy(update={"record": (*gsd.record, *plays)})


def split(tokens: str = "4 Br, 1 Bk", lv: int = 1) -> GSD:
    """Rushton Bifurcated (A at Euston (VC), B at Warren Street), and it is eir Turn again."""
    gsd = recorded(start(tokens, lv), SPLIT, "Cryer : Pass Holborn (CN)",
                   "Garden : Pass Angel (NT)")  # fmt: skip
    return gsd


def legal(result: TurnResult) -> GSD:
    assert result.legal, result.messages()
    return result.state


def agree(before: GSD, after: GSD) -> History:
    """The positions of ``after`` read cold from its whole record, and read on from
    ``before``'s, are the same; that History is returned."""
    forget()
    whole = derive(after)
    forget()
    derive(before)
    read_on = derive(after)
    assert read_on == whole
    reparsed = GSD.parse(after.render())
    forget()
    assert derive(reparsed).positions == whole.positions
    return whole


# -- Bifurcating ----------------------------------------------------------------------------


def test_1_7_42_bifurcating_puts_piece_b_next_to_the_piece() -> None:
    """Rule 1.7.42: a Post-Move Action; Piece B appears at the adjacent targeted Station."""
    gsd = start()
    state = legal(play(gsd, SPLIT))
    assert state.players[1].tokens.go == 0 and row(state, "Rushton").tokens.gr == 0
    history = agree(gsd, state)
    assert history.position("Rushton", "B") == Position("Warren Street")
    assert history.position("Rushton") == Position("Euston", LineCode.VC)


def test_1_7_42_piece_b_must_be_adjacent() -> None:
    """Rule 1.7.42: "a Station adjacent to the Player's current position"."""
    far = play(start(), "Rushton : Pass Euston (VC) [Bifurcating to Oxford Circus]")
    assert rules_broken(far) == ["1.7.42"] and "not next to" in far.violations[0].message
    same = play(start(), "Rushton : Pass Euston (VC) [Bifurcating to Euston]")
    assert rules_broken(same) == ["1.7.42"]


def test_1_7_42_no_more_than_two_pieces() -> None:
    """Rule 1.7.42: "no more than two Pieces at any one time"."""
    result = play(
        split(tokens="4 Br, 1 Go, 2 Gr"),
        "Rushton : A:Pass Euston (VC) [Bifurcating to King's Cross St. Pancras]",
    )
    assert rules_broken(result) == ["1.7.42"] and "two Pieces" in result.violations[0].message


def test_1_7_42_bifurcating_is_post_move_and_costs_gold_and_green() -> None:
    """Rule 1.7.42 and the index (rule 1.7.2): Post-Move, 1 Gold and 2 Green."""
    early = play(start(), "Rushton : [Bifurcating to Warren Street] Pass Euston (VC)")
    assert rules_broken(early) == ["1.3.4"]
    poor = play(start(tokens="2 Gr"), SPLIT)
    assert rules_broken(poor) == ["1.7.1"]


# -- Two Moves and the upkeep ---------------------------------------------------------------


def test_1_7_42_two_labelled_moves_with_one_lv_and_upkeep_of_two_bronze() -> None:
    """Rule 1.7.42: both Pieces move at the player's LV; upkeep two Bronze, lost (no Stack)."""
    gsd = split()
    result = play(gsd, "Rushton : A:King's Cross St. Pancras (VC) B:Oxford Circus (VC)")
    state = legal(result)
    assert row(state, "Rushton").tokens.br == 2
    assert [e.detail["tokens"] for e in result.events if e.kind == "tokens_lost"] == [{"Br": 2}]
    assert state.stacks == gsd.stacks
    history = agree(gsd, state)
    assert history.position("Rushton") == Position("King's Cross St. Pancras", LineCode.VC)
    assert history.position("Rushton", "B") == Position("Oxford Circus", LineCode.VC)


def test_1_7_42_the_upkeep_is_of_the_players_choice() -> None:
    """Rule 1.7.42: "2 Bronze Tokens, or 1 Token of any other color, of eir choice"."""
    chosen = legal(play(split(), "Rushton : A:Pass Euston (VC) {upkeep: Bk}"))
    assert (row(chosen, "Rushton").tokens.bk, row(chosen, "Rushton").tokens.br) == (0, 4)
    absent = play(split(), "Rushton : A:Pass Euston (VC) {upkeep: Go}")
    assert rules_broken(absent) == ["1.7.42"] and "Gold" in absent.violations[0].message


def test_1_7_42_one_bronze_and_nothing_else_cannot_pay_so_b_is_destroyed() -> None:
    """Rule 1.7.42: "If e cannot pay, Piece B is immediatly destroyed"; the referee notes
    it in the comment, so the record alone takes B off the Map."""
    gsd = split(tokens="1 Br")
    result = play(gsd, "Rushton : Pass Euston (VC)")
    state = legal(result)
    assert row(state, "Rushton").tokens.br == 1
    assert "destroyed: Rushton's B (upkeep unpaid)" in (state.record[-1].comment or "")
    assert agree(gsd, state).position("Rushton", "B") is None
    moving_b = play(gsd, "Rushton : B:Pass Warren Street")
    assert rules_broken(moving_b) == ["1.7.42"]


def test_1_7_42_a_player_cannot_write_a_destruction_in() -> None:
    """Only the referee notes a destroyed Piece: one written by the player is dropped."""
    gsd = split()
    state = legal(play(gsd, "Rushton : A:Pass Euston (VC) {destroyed: Rushton's B (no)}"))
    assert "destroyed" not in (state.record[-1].comment or "")
    assert agree(gsd, state).position("Rushton", "B") == Position("Warren Street")


# -- Moving onto or through the other Piece -------------------------------------------------


def test_1_7_42_moving_to_the_other_piece_destroys_it() -> None:
    """Rule 1.7.42: "moves to ... a Station occupied by the other Piece": B, stationary, goes."""
    gsd = split()
    state = legal(play(gsd, "Rushton : A:Warren Street (VC)"))
    history = agree(gsd, state)
    assert history.position("Rushton", "B") is None
    assert history.position("Rushton") == Position("Warren Street", LineCode.VC)


def test_1_7_42_moving_through_the_other_piece_destroys_it() -> None:
    """Rule 1.7.42: "moves ... through": only the route shows it, so the note carries it."""
    gsd = split(lv=2)
    state = legal(play(gsd, "Rushton : A:Oxford Circus (VC)"))
    assert "Piece A moved through Warren Street" in (state.record[-1].comment or "")
    history = agree(gsd, state)
    assert history.position("Rushton", "B") is None
    assert history.position("Rushton") == Position("Oxford Circus", LineCode.VC)


def test_1_7_42_piece_b_moving_through_a_destroys_a_and_b_goes_on_alone() -> None:
    """Rule 1.7.42: the stationary Piece is destroyed whichever moved; B is then the Piece."""
    gsd = split(lv=2)
    state = legal(play(gsd, "Rushton : B:King's Cross St. Pancras (VC)"))
    history = agree(gsd, state)
    assert history.position("Rushton", "B") is None
    assert history.position("Rushton") == Position("King's Cross St. Pancras", LineCode.VC)
    after = recorded(state, "Cryer : Pass Holborn (CN)", "Garden : Pass Angel (NT)")
    assert rules_broken(play(after, "Rushton : B:Pass King's Cross St. Pancras")) == ["1.7.42"]
    assert legal(play(after, "Rushton : Pass King's Cross St. Pancras"))


def test_1_7_42_a_destroyed_piece_makes_no_later_move() -> None:
    """Rule 1.7.42: B, destroyed by A's Move, cannot then make the second Move."""
    result = play(split(), "Rushton : A:Warren Street (VC) B:Oxford Circus (VC)")
    assert rules_broken(result) == ["1.7.42"] and "destroyed" in result.violations[0].message


def test_1_7_42_a_pass_moves_no_piece() -> None:
    """Rule 1.7.42: a Pass moves to no Station, so it destroys nothing."""
    gsd = split()
    state = legal(play(gsd, "Rushton : A:Pass Euston (VC) B:Pass Warren Street"))
    assert agree(gsd, state).position("Rushton", "B") == Position("Warren Street")


def test_1_7_42_shunted_into_the_other_piece_destroys_the_second() -> None:
    """Rule 1.7.42: "If one Piece is Shunted into the other, the second one is destroyed";
    the Shunter's play carries the note."""
    at = {"Garden": "Euston (VC)", "Rushton": "Warren Street (VC)", "Cryer": "Holborn (CN)"}
    gsd = recorded(
        game(at, lv={"Rushton": 1}, tokens={"Rushton": "3 Re", "Garden": "2 Br"}),
        "Garden : Pass Euston (VC) [Bifurcating to King's Cross St. Pancras]",
    )
    state = legal(play(gsd, "Rushton : Euston (VC) "
                            "[Shunting Garden to King's Cross St. Pancras (VC)]"))  # fmt: skip
    assert "Garden's B" in (state.record[-1].comment or "")
    history = agree(gsd, state)
    assert history.position("Garden", "B") is None
    assert history.position("Garden") == Position("King's Cross St. Pancras", LineCode.VC)


def test_1_7_42_split_again_after_losing_a_piece_in_the_same_turn() -> None:
    """Rule 1.7.42: at most two at any one time, so a player who lost B may split again."""
    gsd = split(tokens="4 Br, 1 Go, 2 Gr")
    state = legal(play(gsd, "Rushton : A:Warren Street (VC) [Bifurcating to Euston]"))
    history = agree(gsd, state)
    assert history.position("Rushton", "B") == Position("Euston")
    assert history.position("Rushton") == Position("Warren Street", LineCode.VC)


# -- What a Bifurcated player may not do ----------------------------------------------------


def test_1_7_42_no_parcel_or_pigeon_while_bifurcated() -> None:
    """Rule 1.7.42: no [Collecting Parcel] or [Catching Pigeon] while Bifurcated."""
    result = play(split(), "Rushton : A:Pass Euston (VC) [Catching Pigeon]")
    assert "1.7.42" in rules_broken(result)
