"""Section 1.9 - Blocks, Impediments and Gaps, and rule 1.11.3's repairs (DATC style)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from tests.engine.builder import game, play, row, rules_broken


def at_tcr(tokens: str = "3Re", **kw: object) -> GSD:
    """Rushton at Tottenham Court Road (CN), LV 1: one stop to Holborn."""
    return game(
        {"Rushton": "Tottenham Court Road (CN)", **kw.pop("at", {})},  # type: ignore[dict-item]
        lv={"Rushton": 1},
        tokens={"Rushton": tokens},
        **kw,
    )  # type: ignore[arg-type]


def legal(result: TurnResult) -> GSD:
    assert result.legal, result.violations
    return result.state


def message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def with_stub(gsd: GSD, player: str, station: str) -> GSD:
    entry = RackEntry(player=player, possessions=(Possession.parse(f"{station} Stub"),))
    return gsd.model_copy(update={"rack": (entry,)})


# -- Rule 1.9.1 - Basic Blocks ----------------------------------------------------------------


def test_1_9_1_blocking_a_neighbour_costs_one_red() -> None:
    """Rule 1.9.1: after the Move, Block an unoccupied Station next to the Piece (1 Re)."""
    result = play(at_tcr(), "Rushton : Holborn (CN) [Blocking Chancery Lane]")
    state = legal(result)
    assert row(state, "Rushton").tokens.re == 3 + 1 - 1  # 3, one collected, one paid
    assert any(e.kind == "block" and e.detail["station"] == "Chancery Lane" for e in result.events)


def test_1_9_1_each_further_block_costs_one_red_more() -> None:
    """Rule 1.9.1: the second Block of a Turn costs 2 Re, the third 3."""
    state = legal(play(at_tcr("3Re"), "Rushton : Holborn (CN) [Blocking Chancery Lane] "
                                      "[Blocking Covent Garden]"))  # fmt: skip
    assert row(state, "Rushton").tokens.re == 3 + 1 - 1 - 2
    result = play(at_tcr("3Re"), "Rushton : Holborn (CN) [Blocking Chancery Lane] "
                                 "[Blocking Covent Garden] [Blocking Russell Square]")  # fmt: skip
    assert rules_broken(result) == ["1.7.1"]
    assert "3 Red" in message(result)


def test_1_9_1_a_stub_owner_blocks_for_free() -> None:
    """Rule 1.9.1: owning the Station's Ticket Stub, a player pays no Tokens to Block it."""
    gsd = with_stub(at_tcr("0Re"), "Rushton", "Chancery Lane")
    state = legal(play(gsd, "Rushton : Holborn (CN) [Blocking Chancery Lane]"))
    assert row(state, "Rushton").tokens.re == 1  # the one collected


def test_1_9_1_only_a_neighbour_may_be_blocked() -> None:
    """Rule 1.9.1: the Station must be adjacent to the Piece's position (the index's (S1),
    checked for every Action under rule 1.17.9)."""
    result = play(at_tcr(), "Rushton : Holborn (CN) [Blocking Bank]")
    assert rules_broken(result) == ["1.9.1"]
    assert "requires (S1) from your Piece to Bank, but from Holborn (CN)" in message(result)


def test_1_9_1_an_occupied_station_cannot_be_blocked() -> None:
    """Rule 1.9.1: the Station must be unoccupied."""
    gsd = at_tcr(at={"Garden": "Chancery Lane (CN)"})
    result = play(gsd, "Rushton : Holborn (CN) [Blocking Chancery Lane]")
    assert rules_broken(result) == ["1.9.1"]
    assert "Chancery Lane holds a Piece" in message(result)


def test_1_9_1_blocking_is_post_move() -> None:
    """Rule 1.9.1: a post-Move Action, so not before the Move."""
    result = play(at_tcr(), "Rushton : [Blocking Goodge Street] Holborn (CN)")
    assert "1.3.4" in rules_broken(result)


def blocked_by_garden(stub: bool = False) -> GSD:
    """Garden Blocks Chancery Lane; Rushton's Turn comes next."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)", "Garden": "Bank (CN)"},
               lv={"Rushton": 2, "Garden": 1}, players=("Rushton", "Garden"))  # fmt: skip
    state = legal(play(gsd, "Garden : St. Paul's (CN) [Blocking Chancery Lane]"))
    return with_stub(state, "Rushton", "Chancery Lane") if stub else state


def test_1_9_1_no_move_passes_through_a_blocked_station() -> None:
    """Rule 1.9.1: Moves that start at, pass through or end at a Blocked Station are Invalid."""
    result = play(blocked_by_garden(), "Rushton : Chancery Lane (CN)")
    assert rules_broken(result) == ["1.9.1"]
    assert "Chancery Lane is Blocked this Round; your Move cannot end at it" in message(result)


def test_1_9_1_the_stub_owner_moves_through_a_block() -> None:
    """Rule 1.9.1: unless the Moving Player owns the Ticket Stub for that Station."""
    legal(play(blocked_by_garden(stub=True), "Rushton : Chancery Lane (CN)"))


def test_1_9_1_a_block_lasts_one_round() -> None:
    """Rule 1.9.1: Blocked for one Round; once the Blocker has played again it is lifted."""
    state = blocked_by_garden()
    state = legal(play(state, "Rushton : Pass Tottenham Court Road (CN)"))
    state = legal(play(state, "Garden : Pass St. Paul's (CN)"))
    state = state.model_copy(
        update={
            "players": tuple(
                p.model_copy(update={"lv": 2}) if p.name == "Rushton" else p for p in state.players
            )
        }
    )
    legal(play(state, "Rushton : Chancery Lane (CN)"))


def test_1_9_1_a_newcomer_meets_only_this_rounds_blocks() -> None:
    """Rule 1.9.1: a Block lapses once its Blocker has played again, for everyone: a player
    entering the Map (no play of eir own yet) meets only Blocks still in force."""
    gsd = game({"Garden": "Bank (CN)"}, lv={"Garden": 1}, players=("Rushton", "Garden"))
    state = legal(play(gsd, "Garden : St. Paul's (CN) [Blocking Chancery Lane]"))
    assert rules_broken(play(state, "Rushton : Chancery Lane (CN)")) == ["1.9.1"]
    state = legal(play(state, "Garden : Pass St. Paul's (CN)"))
    legal(play(state, "Rushton : Chancery Lane (CN)"))


# -- Rule 1.9.2 - Escalator Fires --------------------------------------------------------------


def test_1_9_2_a_fire_blocks_and_lightly_damages() -> None:
    """Rule 1.9.2: a Fire at an unoccupied neighbour: 2 Re, Blocked a Round, (Damage)."""
    state = legal(play(at_tcr(), "Rushton : Holborn (CN) [Fire at Chancery Lane]"))
    assert row(state, "Rushton").tokens.re == 3 + 1 - 2
    assert Disruption(station="Chancery Lane", marker="Damage") in state.disruptions


def test_1_9_2_a_fire_at_an_interchange_passed_through() -> None:
    """Rule 1.9.2 and the index: at an Interchange passed through, 4 Re and 10 minutes a Line."""
    gsd = game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": "4Re"})
    result = play(gsd, "Rushton : Holborn (CN) [Fire at Tottenham Court Road]")
    state = legal(result)
    assert row(state, "Rushton").tokens.re == 4 + 1 - 4  # one Red collected at Holborn
    assert state.time is not None and (state.time.hour, state.time.minute) == (12, 30)


def test_1_9_2_a_fire_must_be_near() -> None:
    """Rule 1.9.2: a Station passed through or adjacent, nothing farther."""
    result = play(at_tcr(), "Rushton : Holborn (CN) [Fire at Bank]")
    assert rules_broken(result) == ["1.9.2"]
    assert "neither a Station you passed through" in message(result)


def test_1_9_2_a_fire_needs_its_red_tokens() -> None:
    """Rule 1.9.2 and the index: elsewhere than an Interchange a Fire costs 2 Red."""
    result = play(at_tcr("0Re"), "Rushton : Holborn (CN) [Fire at Chancery Lane]")
    assert rules_broken(result) == ["1.9.2"]
    assert "2 Red" in message(result)


def test_1_9_3_a_fire_removes_a_bulkhead() -> None:
    """Rule 1.9.3: spotting a Fire at a Bulkheaded Station removes the Bulkhead."""
    gsd = at_tcr(disruptions=("Chancery Lane (Bulkhead)",))
    state = legal(play(gsd, "Rushton : Holborn (CN) [Fire at Chancery Lane]"))
    assert [d.render() for d in state.disruptions] == ["Chancery Lane (Damage)"]


# -- Rule 1.9.3 - Bulkheading -------------------------------------------------------------------


def test_1_9_3_bulkheading_a_neighbour() -> None:
    """Rule 1.9.3: Bulkhead a Station when adjacent to it; Disruptions say (Bulkhead)."""
    state = legal(play(at_tcr("4Re"), "Rushton : Holborn (CN) [Bulkheading Chancery Lane]"))
    assert [d.render() for d in state.disruptions] == ["Chancery Lane (Bulkhead)"]
    assert row(state, "Rushton").tokens.re == 1


def test_1_9_3_bulkheading_needs_adjacency() -> None:
    """Rule 1.9.3: only when adjacent (the index's (S1), rule 1.17.9)."""
    result = play(at_tcr("4Re"), "Rushton : Holborn (CN) [Bulkheading Bank]")
    assert rules_broken(result) == ["1.9.3"]
    assert "requires (S1) from your Piece to Bank" in message(result)


def test_1_9_3_a_station_is_bulkheaded_once() -> None:
    """Rule 1.9.3: an already Bulkheaded Station cannot be Bulkheaded again."""
    gsd = at_tcr("4Re", disruptions=("Chancery Lane (Bulkhead)",))
    result = play(gsd, "Rushton : Holborn (CN) [Bulkheading Chancery Lane]")
    assert rules_broken(result) == ["1.9.3"]
    assert "already Bulkheaded" in message(result)


def test_1_9_3_removing_a_bulkhead_lets_the_move_through() -> None:
    """Rule 1.9.3: removed during the Move, a Player may effectively move through a Bulkhead."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2},
               tokens={"Rushton": "4Bk"}, disruptions=("Oxford Circus (Bulkhead)",))  # fmt: skip
    state = legal(play(gsd, "Rushton : [Removing Bulkhead at Oxford Circus] Bond Street (CN)"))
    assert state.disruptions == ()


def test_1_9_3_removing_needs_a_bulkhead() -> None:
    """Rule 1.9.3: there must be a Bulkhead to remove."""
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2},
               tokens={"Rushton": "4Bk"})  # fmt: skip
    result = play(gsd, "Rushton : [Removing Bulkhead at Oxford Circus] Bond Street (CN)")
    assert rules_broken(result) == ["1.9.3"]
    assert "Oxford Circus is not Bulkheaded" in message(result)


# -- Rule 1.9.5 - Maelberg Variance -------------------------------------------------------------


def maelberg_gsd(**kw: object) -> GSD:
    return game(
        {"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": "1Bu"}, **kw
    )  # type: ignore[arg-type]


def test_1_9_5_maelberging_a_station_passed_through() -> None:
    """Rule 1.9.5: Maelberg a Station the Piece passed through this Turn (1 Bu)."""
    state = legal(play(maelberg_gsd(), "Rushton : Holborn (CN) [Maelberging Tottenham Court Road]"))
    assert [d.render() for d in state.disruptions] == ["Tottenham Court Road (Maelberg)"]
    assert row(state, "Rushton").tokens.bu == 0


def test_1_9_5_maelberging_needs_passing_through() -> None:
    """Rule 1.9.5: the end of the Move is not passed through."""
    result = play(maelberg_gsd(), "Rushton : Holborn (CN) [Maelberging Holborn]")
    assert rules_broken(result) == ["1.9.5"]
    assert "did not pass through Holborn" in message(result)


def test_1_9_5_un_maelberging_where_the_piece_stands() -> None:
    """Rule 1.9.5: at a Maelberged Station, Un-Maelberg it and gain what was paid (1 Bu)."""
    gsd = maelberg_gsd(disruptions=("Holborn (Maelberg)",))
    state = legal(play(gsd, "Rushton : Holborn (CN) [Un-Maelberging]"))
    assert state.disruptions == ()
    assert row(state, "Rushton").tokens.bu == 2


def test_1_9_5_un_maelberging_elsewhere_is_refused() -> None:
    """Rule 1.9.5: only when the Piece is situated at a Maelberged Station."""
    gsd = maelberg_gsd(disruptions=("Chancery Lane (Maelberg)",))
    result = play(gsd, "Rushton : Holborn (CN) [Un-Maelberging]")
    assert rules_broken(result) == ["1.9.5"]
    assert "your Piece (Holborn) is not at a Maelberged Station" in message(result)


# -- Rule 1.11.3 - Station Damage ---------------------------------------------------------------


def test_1_11_3_a_new_day_repairs_the_first_damage() -> None:
    """Rule 1.11.3: moving into a new day takes the first Damaged Station off; Heavy Damage
    returns as Light Damage at the end of the list."""
    gsd = at_tcr(time="Wednesday 2355", disruptions=("Bank (*Damage*)", "Angel (Damage)"))
    state = legal(play(gsd, "Rushton : Holborn (CN)"))
    assert [d.render() for d in state.disruptions] == ["Angel (Damage)", "Bank (Damage)"]


def test_1_11_3_the_same_day_repairs_nothing() -> None:
    """Rule 1.11.3: no new day, no repair."""
    gsd = at_tcr(disruptions=("Bank (*Damage*)", "Angel (Damage)"))
    state = legal(play(gsd, "Rushton : Holborn (CN)"))
    assert [d.render() for d in state.disruptions] == ["Bank (*Damage*)", "Angel (Damage)"]
