"""The robot and the kitten (155, 157, 160), Dark Gifts (124, 127, 135-137), Quests (139-142,
151), the Bus Driver's Lunchbox (104-106, 143-145), the Passive lists (32, 91-93), servants'
names (45), leaving (13), demerits (11), Standard Order (94) and Random Selection (95)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from referee.games.ifmud.actions import parse_actions
from referee.games.ifmud.consent import add_dark_gift, give_demerit, remove_dark_gift, remove_room
from referee.games.ifmud.judge import judge
from referee.games.ifmud.order import random_selection, standard_order
from referee.games.ifmud.state import Quest, Token, Where

from .helpers import (
    ADAM,
    CARL,
    JOTA,
    ROGER,
    ScriptedDice,
    add,
    game,
    legal,
    points,
    put,
    put_servant,
    refused,
    token,
)


def test_rule_94_standard_order_ignores_case_articles_and_punctuation() -> None:
    names = ["the Zebra", "an apple", "Mango", "A", "The", "12", "3", "#"]
    assert standard_order(names) == ["an apple", "Mango", "the Zebra", "A", "The", "3", "12", "#"]


def test_rule_95_random_selection_indexes_standard_order_from_one() -> None:
    dice = ScriptedDice([3])
    assert random_selection(["Zrblm", "The Attic", "lounge"], dice, "a test") == "Zrblm"
    assert dice.asked == [(3, "rule 95: a test")]


def test_rule_160_the_kitten_moves_to_a_random_connected_room() -> None:
    after = legal(game(), ADAM, "move the kitten", 1)
    assert after.kitten == "Attic"


def test_rule_160_at_most_two_robot_and_kitten_actions_a_turn() -> None:
    assert "rule 160" in refused(
        game(), ADAM, "move the kitten\nmove the kitten\nmove the kitten", 1, 1, 1
    )


def test_rule_160_the_kittens_flight_is_named_as_not_adjudicated() -> None:
    ruling = judge(game(), ADAM, parse_actions("fly the kitten"), ScriptedDice(), game().time)
    assert ruling.not_judged and "rule 160" in ruling.not_judged and ruling.state == game()


def test_rule_157_robotfindskitten_scores_ten_and_resets_both() -> None:
    from dataclasses import replace

    state = replace(game(), robot="Lounge")
    # In Standard Order the Lounge holds: Adam Biltcliffe, Admiral Jota, Carl Muckenhoupt,
    # the kitten, Roger Carbol; a 4 on the d5 is the kitten.
    after = legal(state, ADAM, "robot examine", 4)
    assert after.robot == "Embedded CPU" and after.kitten == "Lounge"
    assert after.player(ADAM).brownie == 20


def test_rule_157_examining_anything_else_costs_one() -> None:
    from dataclasses import replace

    after = legal(replace(game(), robot="Lounge"), ADAM, "robot examine", 1)
    assert after.player(ADAM).brownie == 9 and after.robot == "Lounge"


def test_rule_160_with_nothing_to_examine_the_robot_does_not_move() -> None:
    assert "rule 160" in refused(game(), ADAM, "robot examine")


def test_rule_135_metamorphosing_gains_a_dark_gift_and_ends_other_actions() -> None:
    state = add_dark_gift(game(), "Wings", "flies")
    after = legal(state, ADAM, "metamorphose into Wings")
    assert after.player(ADAM).gifts == ("Wings",)
    assert "rule 135" in refused(after, ADAM, "move to Attic")
    assert "rule 135" in refused(state, ADAM, "move to Attic\nmetamorphose into Wings")


def test_rule_137_no_more_gifts_than_puissance_and_none_twice() -> None:
    state = add_dark_gift(add_dark_gift(game(), "Wings", "flies"), "Claws", "scratches")
    after = legal(state, ADAM, "metamorphose into Wings\nend turn")
    for name in (ROGER, JOTA, CARL):
        after = legal(after, name, "end turn")
    assert "rule 137" in refused(after, ADAM, "metamorphose into Wings")
    again = legal(after, ADAM, "metamorphose into Claws")
    assert again.player(ADAM).gifts == ("Wings",)
    assert legal(after, ADAM, "abandon Wings\nmetamorphose into Claws").player(ADAM).gifts == (
        "Claws",
    )


def test_rule_127_a_removed_dark_gift_is_lost_by_its_holders() -> None:
    state = legal(add_dark_gift(game(), "Wings", "flies"), ADAM, "metamorphose into Wings")
    assert remove_dark_gift(state, "Wings").player(ADAM).gifts == ()


def test_rule_142_creating_a_quest_selects_three_rooms_and_rolls_a_d20() -> None:
    after = legal(game(), ADAM, "create quest red named Grail", 1, 1, 1, 12)
    quest = after.quests[0]
    assert (quest.home, quest.locate, quest.goal) == ("Attic", "Blasted Heath", "Brigadoon")
    assert (quest.value, quest.puissance, quest.name) == (12, False, "Grail")
    assert legal(game(), ADAM, "create quest red", 1, 1, 1, 18).quests[0].puissance


def test_rule_142_no_fourth_quest_and_no_repeated_colour() -> None:
    state = legal(game(), ADAM, "create quest red", 1, 1, 1, 5)
    assert "rule 142" in refused(state, ADAM, "create quest Red", 1, 1, 1, 5)


def test_rule_141_a_quest_from_home_to_locate_to_goal_pays_its_value() -> None:
    from dataclasses import replace

    quest = Quest("red", "Attic", "West of House", "Lounge", 15)
    state = replace(game(), quests=(quest,))
    state = legal(state, ADAM, "move to Attic")
    assert token(state, "red primary").where == Where("room", "Attic")
    state = legal(state, ADAM, "pick up red primary\nend turn")
    for name in (ROGER, JOTA, CARL):
        state = legal(state, name, "end turn")
    state = legal(state, ADAM, "move to West of House")
    assert token(state, "red secondary").where == Where("player", ADAM)
    for name in (ADAM, ROGER, JOTA, CARL):
        state = legal(state, name, "end turn")
    state = legal(state, ADAM, "xyzzy")
    assert state.quests == ()
    assert not any(t.quest == "red" for t in state.tokens)
    assert state.player(ADAM).brownie >= 15


def test_rule_151_removing_a_quests_room_removes_the_quest_and_its_tokens() -> None:
    from dataclasses import replace

    state = replace(game(), quests=(Quest("red", "Attic", "Saturn", "Lounge", 3),))
    state = add(state, Token("red primary", Where("player", ROGER), quest="red"))
    after = remove_room(state, "Saturn")
    assert after.quests == () and not any(t.quest for t in after.tokens)


def test_rule_151_the_lost_quest_is_in_the_news_of_the_room_removed() -> None:
    from dataclasses import replace

    from referee.games.ifmud.agreements import apply_agreements

    state = replace(game(), quests=(Quest("red", "Attic", "Saturn", "Lounge", 3),))
    line = "the red Quest leaves the Roster of Quests: its room Saturn left the map (rule 151)"
    assert line in remove_room(state, "Saturn").news
    after, said = apply_agreements(state, "Remove room Saturn")
    assert said[0] == "made: Remove room Saturn" and f"then: {line}" in said
    assert after.news == state.news


LUNCHBOX = Token(
    "The Bus Driver's Lunchbox",
    Where("player", ADAM),
    value=0,
    destination="The House of Commons",
    die=18,
)


def test_rule_106_the_lunchbox_is_bound_for_the_omnibus() -> None:
    from referee.games.ifmud.consent import add_token

    state = add_token(
        game(),
        Token(
            "The Bus Driver's Lunchbox",
            Where("player", ADAM),
            value=0,
            destination="Saturn",
            die=18,
        ),
    )
    assert token(state, "The Bus Driver's Lunchbox").destination == "The House of Commons"


def test_rule_104_and_105_dropping_the_lunchbox_rolls_its_value_and_sends_it_off() -> None:
    state = add(put(game(), ADAM, "The House of Commons"), LUNCHBOX)
    after = legal(state, ADAM, "drop the bus driver's lunchbox", 9, 1)
    box = token(after, "The Bus Driver's Lunchbox")
    assert after.player(ADAM).brownie == 10 + 9
    assert (box.where, box.die, box.value) == (Where("room", "Attic"), 17, 0)


def test_rule_143_to_145_sacrificing_the_lunchbox_brings_the_omnibus() -> None:
    state = points(add(put(game(), ADAM, "Attic"), LUNCHBOX), ADAM, 30)
    after = legal(state, ADAM, "sacrifice the lunchbox", 7, 1)
    assert after.player(ADAM).brownie == 23
    assert after.omnibus == "Attic"
    box = token(after, "The Bus Driver's Lunchbox")
    assert box.where == Where("room", "Blasted Heath") and box.barred == ADAM


def test_rule_42_a_sacrifice_that_could_go_negative_is_refused() -> None:
    assert "rule 42" in refused(add(game(), LUNCHBOX), ADAM, "sacrifice the lunchbox")


def test_rule_91_players_join_and_leave_the_passive_turn_takers_at_any_time() -> None:
    state = legal(game(), CARL, "join the passive turn-takers")
    assert state.passive_turn_takers == (CARL,)
    assert legal(state, CARL, "leave the passive turn-takers").passive_turn_takers == ()


def test_rule_32_the_passive_voters_are_the_chambers_and_the_player_is_sent_there() -> None:
    assert "'passive on'" in refused(game(), CARL, "join the passive voters")
    left = refused(game(), CARL, "leave the passive voters")
    assert "rule 32" in left and "'passive on'" in left


def test_rule_91_joining_twice_or_leaving_unlisted_is_refused_citing_rule_91() -> None:
    state = legal(game(), CARL, "join the passive turn-takers")
    assert "rule 91" in refused(state, CARL, "join the passive turn-takers")
    assert "rule 91" in refused(game(), CARL, "leave the passive turn-takers")


def test_rule_92_a_passive_turn_taker_timing_out_idle_is_asleep_and_has_six_hours() -> None:
    state = legal(game(), ADAM, "join the passive turn-takers\nend turn")
    for name in (ROGER, JOTA, CARL):
        state = legal(state, name, "end turn")
    late = state.time + timedelta(hours=25)
    ruling = judge(state, ROGER, parse_actions("end turn"), ScriptedDice(), late)
    assert ruling.applied and ruling.state.player(ADAM).asleep
    asleep = ruling.state
    while asleep.active != ADAM:
        asleep = legal(asleep, asleep.active or "", "end turn")
    six = asleep.time + timedelta(hours=6)
    assert judge(asleep, ADAM, parse_actions("move to Attic"), ScriptedDice(), six).out_of_turn


def test_rule_92_a_sleepers_turn_is_said_to_end_after_six_hours_not_24() -> None:
    from dataclasses import replace

    state = game()
    state = replace(state, players=(replace(state.player(ADAM), asleep=True), *state.players[1:]))
    assert state.active == ADAM
    six = state.time + timedelta(hours=6, minutes=1)
    ruling = judge(state, ROGER, parse_actions("end turn"), ScriptedDice(), six)
    assert ruling.applied, ruling
    [ended] = [note for note in ruling.notes if note.startswith(f"{ADAM}'s turn ends")]
    assert ended.startswith(f"{ADAM}'s turn ends (6 hours passed); {ROGER} is active"), ended


def test_rule_93_a_voluntary_action_wakes_the_sleeper() -> None:
    from dataclasses import replace

    state = game()
    state = replace(state, players=(replace(state.player(ADAM), asleep=True), *state.players[1:]))
    assert not legal(state, ADAM, "move to Attic").player(ADAM).asleep


def test_rule_45_a_player_names_their_servant_once() -> None:
    state = legal(game(), JOTA, "name servant Jeeves, a valet")
    assert (state.servant(JOTA).name, state.servant(JOTA).species) == ("Jeeves", "valet")
    assert "rule 45" in refused(state, JOTA, "name servant Bob, a dog")


def test_rule_13_a_player_may_leave_at_any_time() -> None:
    state = legal(game(), JOTA, "leave the game")
    assert JOTA not in {p.name for p in state.players} and JOTA not in state.lost


def test_rule_11_three_demerits_remove_a_player() -> None:
    state = game()
    for _ in range(3):
        state = give_demerit(state, CARL, "a test")
    assert CARL not in {p.name for p in state.players}


@pytest.mark.parametrize("line", ["dance a jig", "move", "steal"])
def test_an_unknown_action_is_refused_with_examples(line: str) -> None:
    with pytest.raises(ValueError, match="not an action"):
        parse_actions(line)


def test_rule_39_connections_are_two_way() -> None:
    state = put(game(), ADAM, "Attic")
    assert legal(state, ADAM, "move to Lounge").player(ADAM).location == "Lounge"


def test_rules_52_53_57_when_a_room_goes_servants_go_home_players_to_saturn_and_prizes_west() -> (
    None
):
    state = put_servant(put(game(), JOTA, "Attic"), ROGER, "Attic")
    state = add(state, Token("cup", Where("room", "Lounge"), value=3, destination="Attic"))
    after = remove_room(state, "Attic")
    assert after.player(JOTA).location == "Saturn"
    assert after.servant(ROGER).location == "Servants' Quarters"
    assert token(after, "cup").destination == "West of Nowhere"


def test_rule_71_the_uplinks_holder_moves_the_monkey_once_a_turn() -> None:
    state = add(game(), Token("mind-control satellite uplink", Where("player", ADAM), charge=5))
    after = legal(state, ADAM, "move the monkey to Lounge")
    assert after.monkey == "Lounge" and token(after, "mind-control satellite uplink").charge == 4
    assert "rule 71" in refused(after, ADAM, "move the monkey to Central Park")
    assert "rule 71" in refused(game(), ADAM, "move the monkey to Lounge")


def test_rules_122_123_the_compass_points_at_the_savage_wilderness() -> None:
    from referee.games.ifmud.consent import add_token
    from referee.games.ifmud.effects import savage_wilderness

    state = game()
    assert savage_wilderness(state) == "Attic"
    state = add_token(state, Token("Explorer's Compass", Where("room", "Lounge"), 5, "Saturn"))
    assert token(state, "Explorer's Compass").destination == "Attic"


def test_rule_154_a_protected_token_goes_to_the_jaws_of_death_before_leaving() -> None:
    from referee.games.ifmud.consent import remove_token_named

    state = add(game(), Token("relic", Where("room", "Lounge"), protected=True))
    once = remove_token_named(state, "relic")
    assert token(once, "relic").where == Where("room", "Jaws of Death")
    assert not any(t.name == "relic" for t in remove_token_named(once, "relic").tokens)


def test_rule_93_saying_so_wakes_a_sleeper_at_any_time() -> None:
    from dataclasses import replace

    state = game()
    state = replace(state, players=(*state.players[:3], replace(state.player(CARL), asleep=True)))
    assert not legal(state, CARL, "I am awake").player(CARL).asleep
    assert "rule 93" in refused(game(), CARL, "i am awake")


def test_rules_53_and_69_when_saturn_itself_goes_its_players_and_beings_go_to_the_first_room() -> (
    None
):
    from dataclasses import replace as changed

    state = changed(put(game(), JOTA, "Saturn"), monkey="Saturn")
    after = remove_room(state, "Saturn")
    assert after.player(JOTA).location == "Attic" and after.monkey == "Attic"


def test_rule_57_without_west_of_nowhere_a_lost_destination_is_the_last_room_alphabetically() -> (
    None
):
    state = remove_room(game(), "West of Nowhere")
    state = add(state, Token("cup", Where("room", "Lounge"), value=3, destination="Attic"))
    after = remove_room(state, "Attic")
    assert token(after, "cup").destination == "Zrblm"
