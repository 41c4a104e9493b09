"""The pieman (114), pies (115, 116, 108) and bombs bought from him (132, 133), and the Magic
Omnibus (51, 80)."""

from __future__ import annotations

from referee.games.ifmud.state import GameState, Where

from .helpers import ADAM, ROGER, game, legal, points, put, put_servant, refused, token


def test_rule_115_a_servant_with_the_pieman_buys_a_pie_for_twenty_and_he_moves_on() -> None:
    state = points(put_servant(game(), ADAM, "Central Park"), ADAM, 30)
    after = legal(state, ADAM, "buy a pie", 1)
    assert after.player(ADAM).brownie == 10
    assert token(after, "a pie").where == Where("servant", ADAM)
    assert after.pieman == "The House of Commons"


def test_rule_115_no_pie_without_the_servant_at_the_pieman() -> None:
    assert "rule 115" in refused(points(game(), ADAM, 30), ADAM, "buy a pie")


def test_rule_42_a_pie_that_would_make_ones_points_negative_is_refused() -> None:
    state = put_servant(game(), ADAM, "Central Park")
    assert "rule 42" in refused(state, ADAM, "buy a pie", 1)


def test_rule_108_a_new_pie_may_be_renamed_that_turn() -> None:
    state = points(put_servant(game(), ADAM, "Central Park"), ADAM, 30)
    after = legal(state, ADAM, "buy a pie\nrename a pie to a cherry pie", 1)
    assert token(after, "a cherry pie").status == "pie"
    assert "rule 108" in refused(after, ADAM, "rename a cherry pie to an apple pie")


def pie_thrower() -> GameState:
    state = points(put_servant(game(), ADAM, "Central Park"), ADAM, 30)
    return legal(state, ADAM, "buy a pie", 1)


def test_rule_116_a_pie_hits_on_an_even_die_and_the_target_drops_everything() -> None:
    state = pie_thrower()
    after = legal(state, ADAM, f"throw pie at {ROGER}", 4)
    assert not any(t.name == "a pie" for t in after.tokens)
    assert token(after, f"{ROGER}'s bomb").where == Where("room", "Lounge")


def test_rule_116_a_missing_pie_lands_in_the_targets_room() -> None:
    after = legal(pie_thrower(), ADAM, f"throw pie at {ROGER}", 3)
    assert token(after, "a pie").where == Where("room", "Lounge")
    assert token(after, f"{ROGER}'s bomb").where == Where("player", ROGER)


def test_rule_116_the_target_must_be_in_a_connected_other_room() -> None:
    state = put(pie_thrower(), ROGER, "Saturn")
    assert "rule 116" in refused(state, ADAM, f"throw pie at {ROGER}", 2)


def test_rule_116_a_servant_that_threw_may_not_move_and_one_that_moved_may_not_throw() -> None:
    state = pie_thrower()
    assert "rule 116" in refused(
        state, ADAM, f"throw pie at {ROGER}\nmove servant to Washington, DC", 3
    )


def test_rule_132_a_player_with_the_pieman_buys_a_bomb_of_1_to_7_days_for_ten() -> None:
    state = put(game(), ADAM, "Central Park")
    after = legal(points(state, ADAM, 20), ADAM, "buy a bomb of 3 days", 1)
    bomb = token(after, "a bomb")
    assert (bomb.where, bomb.delay) == (Where("player", ADAM), 72)
    assert after.player(ADAM).brownie == 10
    assert "rule 132" in refused(points(state, ADAM, 20), ADAM, "buy a bomb of 8 days", 1)


def test_rule_133_a_bought_bomb_may_be_renamed_but_not_a_pie_bomb() -> None:
    state = points(put(game(), ADAM, "Central Park"), ADAM, 20)
    after = legal(state, ADAM, "buy a bomb\nrename a bomb to an angry bomb", 1)
    assert token(after, "an angry bomb").delay == 24
    assert "rule 133" in refused(state, ADAM, "buy a bomb\nrename a bomb to a pie bomb", 1)


def test_rule_80_the_omnibus_carries_its_passenger_anywhere_and_51_costs_five() -> None:
    state = put(game(), ADAM, "The House of Commons")
    after = legal(state, ADAM, "ride the omnibus to The North Pole")
    assert after.player(ADAM).location == after.omnibus == "The North Pole"
    assert after.player(ADAM).brownie == 5


def test_rule_51_fewer_than_five_points_may_not_ride() -> None:
    state = points(put(game(), ADAM, "The House of Commons"), ADAM, 4)
    assert "rule 51" in refused(state, ADAM, "ride the omnibus to Saturn")


def test_rule_80_not_after_moving_and_no_moving_after() -> None:
    state = put(game(), ADAM, "Central Park")
    assert "rule 80" in refused(
        state, ADAM, "move to The House of Commons\nride the omnibus to Saturn"
    )
    state = put(game(), ADAM, "The House of Commons")
    assert "rule 80" in refused(state, ADAM, "ride the omnibus to Lounge\nmove to Attic")


def test_rule_80_the_servant_may_ride_instead() -> None:
    state = put_servant(game(), ADAM, "The House of Commons")
    after = legal(state, ADAM, "send servant by omnibus to Saturn")
    assert after.servant(ADAM).location == "Saturn"
    assert "rule 80" in refused(after, ADAM, "ride the omnibus to Lounge")


def test_rule_80_after_the_servant_rides_the_player_may_still_move() -> None:
    state = put_servant(game(), ADAM, "The House of Commons")
    after = legal(state, ADAM, "send servant by omnibus to Saturn\nmove to Attic")
    assert after.player(ADAM).location == "Attic"
