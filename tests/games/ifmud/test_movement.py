"""Moving oneself and one's servant (26, 30, 36, 46, 87, 88, 89), xyzzy (62), Brigadoon (107)
and the turn's order (27)."""

from __future__ import annotations

from datetime import timedelta

from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.judge import judge

from .helpers import (
    ADAM,
    CARL,
    JOTA,
    ROGER,
    ScriptedDice,
    game,
    legal,
    play,
    put,
    put_servant,
    refused,
)


def test_rule_26_a_move_goes_only_to_a_connected_room() -> None:
    state = game()
    assert "rule 26" in refused(state, ADAM, "move to Saturn")
    assert legal(state, ADAM, "move to Attic").player(ADAM).location == "Attic"


def test_rule_30_the_active_player_moves_once_per_turn() -> None:
    assert "rule 30" in refused(game(), ADAM, "move to Attic\nmove to West of House")


def test_rule_30_only_the_active_player_moves() -> None:
    ruling = judge(game(), ROGER, parse_actions("move to Attic"), ScriptedDice(), game().time)
    assert ruling.out_of_turn and "rule 27" in (ruling.refusal or "")


def test_rule_14_a_room_not_on_the_map_is_refused() -> None:
    assert "no room called 'Narnia'" in refused(game(), ADAM, "move to Narnia")


def test_rule_46_the_servant_moves_once_per_turn_before_or_after_oneself() -> None:
    state = legal(game(), ADAM, "move servant to Attic\nmove to Central Park")
    assert state.servant(ADAM).location == "Attic"
    assert "rule 46" in refused(state, ADAM, "move servant to West of House")


def test_rule_36_no_servant_may_be_moved_to_zrblm() -> None:
    state = put_servant(game(), ADAM, "Lounge")
    for name in (ADAM, ROGER, JOTA, CARL):
        state = put(state, name, "Attic")
    assert "rule 36" in refused(state, ADAM, "move servant to Zrblm")


def test_rule_87_no_servant_may_be_moved_to_another_players_room() -> None:
    state = put(game(), ADAM, "Attic")
    assert "rule 87" in refused(state, ADAM, "move servant to Lounge")


def test_rule_87_a_servant_may_join_its_own_player() -> None:
    state = put(put(put(game(), ROGER, "Attic"), JOTA, "Attic"), CARL, "Attic")
    assert legal(state, ADAM, "move servant to Lounge").servant(ADAM).location == "Lounge"


def test_rule_88_a_servant_with_another_player_at_turn_end_goes_home() -> None:
    state = put_servant(game(), ADAM, "Lounge")
    after = legal(state, ADAM, "end turn")
    assert after.servant(ADAM).location == "Servants' Quarters"


def test_rule_88_a_servant_already_in_its_quarters_is_not_sent_there_again() -> None:
    state = put(game(), ROGER, "Servants' Quarters")
    ruling = play(state, ADAM, "end turn")
    assert ruling.state.servant(ADAM).location == "Servants' Quarters"
    assert not any("rule 88" in note for note in ruling.notes), ruling.notes


def test_rule_62_xyzzy_takes_one_to_the_lounge_and_leaves_one_chatting() -> None:
    state = put(game(), ADAM, "West of House")
    after = legal(state, ADAM, "xyzzy")
    assert after.player(ADAM).location == "Lounge" and after.player(ADAM).chatting == 2
    assert "rule 62" in refused(after, ADAM, "move to Attic")
    assert after.player(ADAM).chatting


def test_rule_62_xyzzy_not_after_changing_location_this_turn() -> None:
    assert "rule 62" in refused(game(), ADAM, "move to Attic\nxyzzy")


def test_rule_62_chatting_lasts_through_the_players_next_turn() -> None:
    state = legal(put(game(), ADAM, "Attic"), ADAM, "xyzzy\nend turn")
    for name in (ROGER, JOTA, CARL):
        state = legal(state, name, "end turn")
    assert state.active == ADAM
    assert "rule 62" in refused(state, ADAM, "move to Attic")
    state = legal(state, ADAM, "end turn")
    for name in (ROGER, JOTA, CARL):
        state = legal(state, name, "end turn")
    assert legal(state, ADAM, "move to Attic").player(ADAM).location == "Attic"


def test_rule_27_turns_pass_in_alphabetical_order_of_surname_and_wrap() -> None:
    state = game()
    seen = []
    for _ in range(5):
        seen.append(state.active)
        state = legal(state, state.active or "", "end turn")
    assert seen == [ADAM, ROGER, JOTA, CARL, ADAM]


def test_rule_27_a_turn_ends_after_24_hours() -> None:
    state = game()
    late = state.time + timedelta(hours=24, minutes=1)
    ruling = judge(state, ADAM, parse_actions("move to Attic"), ScriptedDice(), late)
    assert ruling.out_of_turn and f"{ROGER}'s turn" in (ruling.refusal or "")


def test_rule_107_brigadoon_connects_only_on_tuesdays() -> None:
    monday = game()
    assert "rule 26" in refused(monday, ADAM, "move to Brigadoon")
    tuesday = game(monday.time + timedelta(days=1))
    assert legal(tuesday, ADAM, "move to Brigadoon").player(ADAM).location == "Brigadoon"
