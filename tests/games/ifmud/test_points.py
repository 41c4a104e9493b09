"""Brownie points: visits (97-99), tolls and taxes (43, 68, 78), the bubble (29), the
Servants' Quarters (131), donations (113), negative tallies (42), honours and winning (148,
153, 33), and Mornington Crescent (16)."""

from __future__ import annotations

from dataclasses import replace

from referee.games.ifmud.board import with_room
from referee.games.ifmud.consent import set_tax_haven, set_toll

from .helpers import ADAM, CARL, JOTA, ROGER, game, legal, play, points, put, refused


def test_rule_98_visits_count_at_the_end_of_the_turn_once_per_player_and_room() -> None:
    state = legal(game(), ADAM, "move to Attic")
    assert state.room("Attic").visits == 0
    state = legal(state, ADAM, "end turn")
    assert state.room("Attic").visits == 1


def test_rule_99_entering_a_little_visited_room_pays_the_difference_from_the_most() -> None:
    state = with_room(game(), replace(game().room("Lounge"), visits=5))
    state = with_room(state, replace(state.room("Attic"), visits=2))
    assert legal(state, ADAM, "move to Attic").player(ADAM).brownie == 10 + 3


def test_rule_43_a_toll_costs_the_enterer_and_pays_others_half_rounded_up() -> None:
    state = set_toll(game(), "Attic", "Ticket", 5)
    after = legal(state, ADAM, "move to Attic")
    assert after.player(ADAM).brownie == 5
    assert [after.player(n).brownie for n in (ROGER, JOTA, CARL)] == [13, 13, 13]


def test_rule_68_a_tax_haven_charges_no_toll() -> None:
    state = set_tax_haven(set_toll(game(), "Attic", "Ticket", 5), "Attic")
    assert state.room("Attic").tolls == ()
    assert legal(state, ADAM, "move to Attic").player(ADAM).brownie == 10


def test_rule_78_a_damaged_room_charges_a_death_toll_of_twice_its_damage() -> None:
    state = with_room(game(), replace(game().room("Attic"), damage=2))
    ruling = play(state, ADAM, "move to Attic")
    assert ruling.state.player(ADAM).brownie == 10 - 4
    assert f"{ADAM} loses 4 brownie points (the toll Death Toll, rules 78, 43)" in ruling.notes


def test_rule_42_an_action_may_not_take_a_non_negative_tally_below_zero() -> None:
    state = set_toll(game(), "Attic", "Ticket", 11)
    assert "rule 42" in refused(state, ADAM, "move to Attic")


def test_rule_29_the_bubble_pays_1_then_2_and_not_twice_running_to_the_same_player() -> None:
    state = legal(game(), ADAM, "move to Dot-Com Bubble")
    assert state.player(ADAM).brownie == 11
    state = legal(state, ADAM, "end turn")
    state = legal(state, ROGER, "move to Dot-Com Bubble")
    assert state.player(ROGER).brownie == 12
    assert (state.bubble_next, state.bubble_last) == (4, ROGER)


def test_rule_29_the_last_earner_gets_nothing_for_entering_again() -> None:
    state = replace(game(), bubble_last=ADAM, bubble_next=4)
    assert legal(state, ADAM, "move to Dot-Com Bubble").player(ADAM).brownie == 10


def test_rule_29_at_32_points_the_bubble_bursts_into_the_lounge() -> None:
    state = put(replace(game(), bubble_next=32, bubble_last=ROGER), JOTA, "Dot-Com Bubble")
    after = legal(state, ADAM, "move to Dot-Com Bubble")
    assert not after.has_room("Dot-Com Bubble")
    assert after.player(ADAM).brownie == 42
    assert after.player(JOTA).location == after.player(ADAM).location == "Lounge"
    assert (JOTA, "Lounge") in after.log.entered  # counted for rule 98 like any arrival


def test_rule_131_ending_a_turn_in_the_servants_quarters_costs_three() -> None:
    state = legal(game(), ADAM, "move to Servants' Quarters\nend turn")
    assert state.player(ADAM).brownie == 7


def test_rule_113_a_donation_passes_when_accepted_and_may_be_retracted_before() -> None:
    state = legal(game(), ROGER, "donate 4 to Admiral Jota")
    after = legal(state, JOTA, "accept donation from Roger Carbol")
    assert (after.player(ROGER).brownie, after.player(JOTA).brownie) == (6, 14)
    retracted = legal(state, ROGER, "retract donation to Admiral Jota")
    assert "rule 113" in refused(retracted, JOTA, "accept donation from Roger Carbol")


def test_rule_148_350_brownie_points_win_the_game() -> None:
    state = points(game(), ADAM, 349)
    after = legal(state, ADAM, "move to Dot-Com Bubble")
    assert after.winner == ADAM and after.active is None
    assert set(after.lost) == {ROGER, JOTA, CARL}


def test_rule_33_once_the_game_is_won_nothing_more_is_played() -> None:
    state = legal(points(game(), ADAM, 349), ADAM, "move to Dot-Com Bubble")
    assert "rule 33" in refused(state, ADAM, "end turn")


def test_rule_153_the_first_to_250_achieves_first_honours() -> None:
    state = legal(points(game(), ADAM, 249), ADAM, "move to Dot-Com Bubble")
    assert state.honours == (ADAM,)
    assert legal(points(state, ADAM, 249), ADAM, "end turn").honours == (ADAM,)


def test_rule_16_winning_mornington_crescent_loses_the_game() -> None:
    state = put(game(), ADAM, "Saturn")
    after = legal(state, ADAM, "move to Mornington Crescent")
    assert ADAM not in {p.name for p in after.players}
    assert ADAM in after.lost
    assert after.active == ROGER


def test_rule_33_and_44_a_loser_leaves_with_their_servant_and_tokens_go_to_the_attic() -> None:
    from referee.games.ifmud.state import Where

    after = legal(put(game(), ADAM, "Saturn"), ADAM, "move to Mornington Crescent")
    assert ADAM not in {s.owner for s in after.servants}
    bomb = next(t for t in after.tokens if t.name == f"{ADAM}'s bomb")
    assert bomb.where == Where("room", "Attic")


def test_rule_153_players_reaching_250_at_once_share_honours() -> None:
    state = set_toll(game(), "Attic", "Fee", 4)
    state = points(points(points(state, ROGER, 248), JOTA, 248), CARL, 10)
    after = legal(state, ADAM, "move to Attic")
    assert set(after.honours) == {ROGER, JOTA}


def test_rule_150_the_servant_holding_the_imp_halves_a_win_to_at_most_150() -> None:
    from referee.games.ifmud.state import Token, Where

    state = points(game(), ADAM, 340)
    state = replace(state, tokens=(*state.tokens, Token("Bottle Imp", Where("servant", ADAM))))
    state = replace(
        state, tokens=(*state.tokens, Token("cup", Where("player", ADAM), 20, "Lounge"))
    )
    after = legal(state, ADAM, "drop cup")
    assert after.winner is None and after.player(ADAM).brownie == 150
