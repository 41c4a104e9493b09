"""Picking up, dropping and stealing tokens (55-57, 64-67, 74, 84, 86, 100), prize tokens
(57, 103, 112), the monkey and its banana (138), quest tokens merging (140) and the Bottle
Imp (149, 150)."""

from __future__ import annotations

from referee.games.ifmud.state import Token, Where

from .helpers import (
    ADAM,
    CARL,
    JOTA,
    ROGER,
    add,
    game,
    legal,
    play,
    points,
    put,
    put_servant,
    refused,
    token,
)

GEM = Token("gem", Where("room", "Lounge"))


def test_rule_55_picking_up_sets_the_tokens_location_to_oneself() -> None:
    state = legal(add(game(), GEM), ADAM, "pick up gem")
    assert token(state, "gem").where == Where("player", ADAM)


def test_rule_55_only_a_token_in_ones_own_room_may_be_picked_up() -> None:
    assert "rule 55" in refused(add(put(game(), ADAM, "Attic"), GEM), ADAM, "pick up gem")


def test_rule_55_dropping_puts_the_token_in_ones_room() -> None:
    state = legal(add(game(), GEM), ADAM, "pick up gem\nmove to Attic\ndrop gem")
    assert token(state, "gem").where == Where("room", "Attic")


def test_rule_56_pick_up_and_drop_as_often_as_desired() -> None:
    state = legal(add(game(), GEM), ADAM, "pick up gem\ndrop gem\npick up gem\ndrop gem")
    assert token(state, "gem").where == Where("room", "Lounge")


def test_rule_56_the_servant_picks_up_and_drops_where_it_stands() -> None:
    state = add(put_servant(game(), ADAM, "Attic"), Token("gem", Where("room", "Attic")))
    state = legal(state, ADAM, "servant pick up gem")
    assert token(state, "gem").where == Where("servant", ADAM)


def test_rule_64_stealing_needs_the_victim_in_ones_room() -> None:
    state = add(put_servant(put(game(), ROGER, "Attic"), ROGER, "Attic"), GEM)
    state = add(state, Token("coin", Where("servant", ROGER)))
    assert "rule 64" in refused(state, ADAM, "steal coin from the servant of Roger Carbol")


def test_rule_66_the_active_player_steals_from_a_servant_in_the_room() -> None:
    state = add(put_servant(game(), ROGER, "Lounge"), Token("coin", Where("servant", ROGER)))
    state = put(state, ROGER, "Attic")
    state = legal(state, ADAM, "steal coin from the servant of Roger Carbol")
    assert token(state, "coin").where == Where("player", ADAM)


def test_rule_65_a_servant_with_its_player_keeps_its_tokens() -> None:
    state = add(put_servant(game(), ROGER, "Lounge"), Token("coin", Where("servant", ROGER)))
    assert "rule 65" in refused(state, ADAM, "steal coin from the servant of Roger Carbol")


def test_rule_67_stealing_from_a_player_needs_ones_own_servant_present() -> None:
    state = add(game(), Token("coin", Where("player", ROGER)))
    assert "rule 67" in refused(state, ADAM, "steal coin from Roger Carbol")
    state = put_servant(state, ADAM, "Lounge")
    assert token(legal(state, ADAM, "steal coin from Roger Carbol"), "coin").where == Where(
        "player", ADAM
    )


def test_rule_65_a_player_with_their_servant_keeps_their_tokens() -> None:
    state = add(
        put_servant(put_servant(game(), ADAM, "Lounge"), ROGER, "Lounge"),
        Token("coin", Where("player", ROGER)),
    )
    assert "rule 65" in refused(state, ADAM, "steal coin from Roger Carbol")


def test_rule_64_only_one_theft_a_turn() -> None:
    state = put_servant(game(), ADAM, "Lounge")
    state = add(
        add(state, Token("coin", Where("player", ROGER))), Token("ring", Where("player", JOTA))
    )
    assert "rule 64" in refused(
        state, ADAM, "steal coin from Roger Carbol\nsteal ring from Admiral Jota"
    )


def test_rule_74_no_stealing_in_a_high_security_area() -> None:
    from referee.games.ifmud.consent import set_high_security

    state = put_servant(set_high_security(game(), "Lounge"), ADAM, "Lounge")
    state = add(state, Token("coin", Where("player", ROGER)))
    assert "rule 74" in refused(state, ADAM, "steal coin from Roger Carbol")


def test_rule_84_and_86_stealing_from_the_monkey_when_nobody_holds_the_uplink() -> None:
    state = add(put(game(), ADAM, "Central Park"), Token("nut", Where("monkey")))
    assert token(legal(state, ADAM, "steal nut from the monkey"), "nut").where == Where(
        "player", ADAM
    )


def test_rules_64_66_67_84_a_theft_is_told_with_the_rules_that_allowed_it() -> None:
    state = add(put(game(), ADAM, "Central Park"), Token("nut", Where("monkey")))
    notes = play(state, ADAM, "steal nut from the monkey").notes
    assert f"{ADAM} steals nut from the monkey (rules 84, 86)" in notes
    state = add(put_servant(game(), ADAM, "Lounge"), Token("coin", Where("player", ROGER)))
    notes = play(state, ADAM, "steal coin from Roger Carbol").notes
    assert f"{ADAM} steals coin from Roger Carbol (rules 64, 67)" in notes
    state = put(put_servant(game(), ROGER, "Lounge"), ROGER, "Attic")
    state = add(state, Token("coin", Where("servant", ROGER)))
    notes = play(state, ADAM, "steal coin from the servant of Roger Carbol").notes
    assert f"{ADAM} steals coin from the servant of Roger Carbol (rules 64, 66)" in notes


def test_rule_86_the_uplinks_holder_alone_may_rob_the_monkey() -> None:
    state = add(put(game(), ADAM, "Central Park"), Token("nut", Where("monkey")))
    state = add(state, Token("mind-control satellite uplink", Where("player", CARL), charge=10))
    assert "rule 86" in refused(state, ADAM, "steal nut from the monkey")


def test_rule_100_the_monkey_carries_one_token_and_a_second_falls_to_its_room() -> None:
    state = add(
        add(put(game(), ADAM, "Central Park"), Token("nut", Where("monkey"))),
        Token("mind-control satellite uplink", Where("player", ADAM), charge=10),
    )
    state = add(state, Token("bolt", Where("room", "Central Park")))
    assert "rule 100" in refused(state, ADAM, "monkey pick up bolt")


def test_rule_101_each_monkey_action_spends_one_charge_and_none_at_zero() -> None:
    state = add(
        put(game(), ADAM, "Central Park"),
        Token("mind-control satellite uplink", Where("player", ADAM), charge=1),
    )
    state = add(state, Token("bolt", Where("room", "Central Park")))
    state = legal(state, ADAM, "monkey pick up bolt")
    assert token(state, "mind-control satellite uplink").charge == 0
    assert "rule 101" in refused(state, ADAM, "monkey drop bolt")


def test_rule_103_dropping_a_prize_at_its_destination_scores_its_value() -> None:
    prize = Token("cup", Where("player", ADAM), value=12, destination="Attic")
    state = legal(add(game(), prize), ADAM, "move to Attic\ndrop cup")
    assert state.player(ADAM).brownie == 10 + 12
    assert "destination of cup" in state.log.open


def test_rule_103_the_servant_scores_half_rounded_up() -> None:
    prize = Token("cup", Where("servant", ADAM), value=7, destination="Servants' Quarters")
    state = legal(add(game(), prize), ADAM, "servant drop cup")
    assert state.player(ADAM).brownie == 10 + 4


def test_rule_103_the_scorer_may_choose_the_next_destination_that_turn() -> None:
    prize = Token("cup", Where("player", ADAM), value=1, destination="Lounge")
    state = legal(add(game(), prize), ADAM, "drop cup\nset destination of cup to Saturn")
    assert token(state, "cup").destination == "Saturn"
    assert "rule 103" in refused(state, ADAM, "set destination of cup to Attic")


def test_rule_112_the_scorer_may_not_take_the_prize_back_until_another_has_had_it() -> None:
    prize = Token("cup", Where("player", ADAM), value=1, destination="Lounge")
    state = legal(add(game(), prize), ADAM, "drop cup")
    assert "rule 112" in refused(state, ADAM, "pick up cup")
    state = legal(state, ADAM, "end turn")
    state = legal(state, ROGER, "pick up cup\ndrop cup\nend turn")
    state = legal(legal(state, JOTA, "end turn"), CARL, "end turn")
    assert token(legal(state, ADAM, "pick up cup"), "cup").where == Where("player", ADAM)


def test_rule_138_the_monkey_drops_all_for_a_banana() -> None:
    state = add(game(), Token("nut", Where("monkey")))
    state = add(put(state, ADAM, "Central Park"), Token("Banana Split", Where("player", ADAM)))
    state = legal(state, ADAM, "drop Banana Split")
    assert token(state, "Banana Split").where == Where("monkey")
    assert token(state, "nut").where == Where("room", "Central Park")


def test_rule_140_quest_tokens_of_one_name_in_one_place_become_one() -> None:
    state = add(game(), Token("red primary", Where("room", "Lounge"), quest="red"))
    state = add(state, Token("red primary", Where("player", ADAM), quest="red"))
    state = legal(state, ADAM, "drop red primary")
    assert [t.where for t in state.tokens if t.name == "red primary"] == [Where("room", "Lounge")]


def test_rule_149_holding_the_bottle_imp_adds_one_puissance() -> None:
    state = legal(
        add(game(), Token("Bottle Imp", Where("room", "Lounge"))), ADAM, "pick up bottle imp"
    )
    assert state.player(ADAM).puissance == 2
    assert legal(state, ADAM, "drop bottle imp").player(ADAM).puissance == 1


def test_rule_150_the_bottle_imp_stops_a_win() -> None:
    state = add(points(game(), ADAM, 345), Token("Bottle Imp", Where("player", ADAM)))
    state = add(state, Token("cup", Where("player", ADAM), value=10, destination="Lounge"))
    after = legal(state, ADAM, "drop cup")
    assert after.winner is None and after.player(ADAM).brownie == 50


def test_rule_85_the_monkey_steals_for_the_uplinks_holder_even_in_high_security() -> None:
    from referee.games.ifmud.consent import set_high_security

    state = set_high_security(game(), "Central Park")
    state = add(put(state, ROGER, "Central Park"), Token("coin", Where("player", ROGER)))
    state = add(state, Token("mind-control satellite uplink", Where("player", ADAM), charge=2))
    after = legal(state, ADAM, "monkey steal coin from Roger Carbol")
    assert token(after, "coin").where == Where("monkey")
    guarded = put_servant(state, ROGER, "Central Park")
    assert "rule 65" in refused(guarded, ADAM, "monkey steal coin from Roger Carbol")


def test_rule_62_xyzzy_in_the_lounge_changes_nothing_but_the_chatting() -> None:
    after = legal(game(), ADAM, "xyzzy")
    assert after.player(ADAM).brownie == 10 and after.log.entered == ()
    assert after.player(ADAM).chatting == 2


def test_rule_72_a_synonym_names_the_same_room_or_token() -> None:
    from referee.games.ifmud.consent import add_synonyms

    state = add_synonyms(add(game(), GEM), ("gem", "jewel"))
    state = add_synonyms(state, ("Attic", "loft"))
    after = legal(state, ADAM, "pick up the jewel\nmove to Loft")
    assert token(after, "gem").where == Where("player", ADAM)
    assert after.player(ADAM).location == "Attic"
    assert "rule 14" in refused(state, ADAM, "move to Cellar")


def test_rule_66_a_servant_is_named_in_any_case_either_way() -> None:
    state = add(put_servant(game(), ROGER, "Lounge"), Token("coin", Where("servant", ROGER)))
    state = put(state, ROGER, "Attic")
    for victim in ("the servant of roger carbol", "Roger Carbol's servant"):
        after = legal(state, ADAM, f"steal coin from {victim}")
        assert token(after, "coin").where == Where("player", ADAM)
