"""Time bombs (70, 74, 75, 77, 111, 134), damage and connectivity names (76, 121, 129), the
pie bomb (118-120) and the esploding of time as it passes."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from referee.games.ifmud.board import with_room
from referee.games.ifmud.consent import set_high_security
from referee.games.ifmud.effects import Play
from referee.games.ifmud.state import GameState, Token, Where
from referee.games.ifmud.turns import pass_time

from .helpers import ADAM, ROGER, ScriptedDice, add, game, legal, points, put, refused, token


def later(state: GameState, hours: float) -> GameState:
    play = Play(state, "the clock", ScriptedDice())
    pass_time(play, state.time + timedelta(hours=hours))
    return play.state


def test_rule_70_a_bomb_carried_does_not_tick() -> None:
    state = later(game(), 23)
    assert token(state, f"{ADAM}'s bomb").where == Where("player", ADAM)


def test_rule_70_a_bomb_resting_in_a_room_for_its_delay_esplodes() -> None:
    state = legal(game(), ADAM, f"drop {ADAM}'s bomb")
    assert token(state, f"{ADAM}'s bomb").since == state.time
    assert any(t.name == f"{ADAM}'s bomb" for t in later(state, 23.9).tokens)
    assert not any(t.name == f"{ADAM}'s bomb" for t in later(state, 24).tokens)


def test_rule_75_an_esplosion_damages_its_room() -> None:
    state = later(legal(game(), ADAM, f"drop {ADAM}'s bomb"), 24)
    assert state.room("Lounge").damage == 1


def test_rule_77_everyone_in_the_room_drops_everything_and_loses_two() -> None:
    state = legal(game(), ADAM, f"drop {ADAM}'s bomb")
    state = later(state, 24)
    roger = state.player(ROGER)
    assert roger.location == "Lounge" and roger.brownie == 8
    assert token(state, f"{ROGER}'s bomb").where == Where("room", "Lounge")


def test_rule_111_an_esplosion_charges_a_teleporter_in_the_room() -> None:
    state = put(game(), ADAM, "Blasted Heath")
    state = legal(state, ADAM, f"drop {ADAM}'s bomb")
    state = later(state, 24)
    assert token(state, "personal teleporter").status == "fully charged"


def test_rule_110_a_charged_teleporter_takes_its_holder_anywhere_and_burns_out() -> None:
    state = add(game(), Token("personal teleporter", Where("player", ADAM), status="fully charged"))
    state = replace(state, tokens=state.tokens[1:])
    after = legal(state, ADAM, "teleport to The North Pole")
    assert after.player(ADAM).location == "The North Pole"
    assert token(after, "personal teleporter").where == Where("room", "Lounge")
    assert token(after, "personal teleporter").status == "burned out"
    assert "rule 110" in refused(state, ADAM, "move to Attic\nteleport to Saturn")


def test_rule_74_a_time_bomb_in_a_high_security_area_is_removed_unexploded() -> None:
    state = legal(set_high_security(game(), "Lounge"), ADAM, f"drop {ADAM}'s bomb")
    assert not any(t.name == f"{ADAM}'s bomb" for t in state.tokens)
    assert state.room("Lounge").damage == 0


def test_rule_134_when_the_last_time_bomb_esplodes_everyone_gets_a_new_one() -> None:
    state = replace(
        game(), tokens=(Token("a bomb", Where("room", "Attic"), delay=1, since=game().time),)
    )
    after = later(state, 1)
    assert sorted(t.name for t in after.tokens if t.is_time_bomb) == sorted(
        f"{p.name}'s bomb" for p in after.players
    )


def test_rule_76_damage_strikes_a_letter_from_the_connectivity_name_once_a_turn() -> None:
    state = with_room(game(), replace(game().room("Attic"), damage=2))
    after = legal(state, ADAM, "damage Attic letter 2")
    assert after.room("Attic").connectivity_name == "A_tic"
    assert after.room("Attic").damage == 1
    assert "rule 76" in refused(after, ADAM, "damage Attic letter 3")


def test_rule_121_damage_and_two_points_change_a_letter() -> None:
    state = with_room(game(), replace(game().room("Attic"), damage=1))
    after = legal(state, ADAM, "repair Attic letter 1 as O")
    assert after.room("Attic").connectivity_name == "Ottic"
    assert after.room("Attic").name == "Attic"
    assert after.player(ADAM).brownie == 8
    assert "rule 121" in refused(after, ADAM, "repair Attic letter 1 as E")


def test_rule_120_a_pie_bomb_of_value_7_in_a_randomly_selected_room() -> None:
    state = legal(game(), ADAM, "create pie bomb", 1, 2)
    bomb = token(state, "a pie bomb")
    assert (bomb.where, bomb.destination, bomb.value) == (
        Where("room", "Attic"),
        "Blasted Heath",
        7,
    )
    assert "rule 120" in refused(state, ADAM, "create pie bomb", 1, 1)


def test_rule_118_entering_the_pie_bombs_room_rolls_a_die_and_a_six_kersplats() -> None:
    state = add(game(), Token("a pie bomb", Where("room", "Attic"), value=7, destination="Saturn"))
    calm = legal(state, ADAM, "move to Attic", 5)
    assert any(t.name == "a pie bomb" for t in calm.tokens)
    splat = legal(state, ADAM, "move to Attic", 6, 2, 2, 2, 2)
    assert not any(t.name == "a pie bomb" for t in splat.tokens)


def test_rule_119_on_an_even_two_sided_die_a_carrier_near_the_kersplat_drops_all() -> None:
    state = add(game(), Token("a pie bomb", Where("room", "Attic"), value=7, destination="Saturn"))
    state = points(state, ADAM, 10)
    after = legal(state, ADAM, "move to Attic", 6, 1, 2, 1, 1)
    assert token(after, f"{ADAM}'s bomb").where == Where("player", ADAM)
    assert token(after, f"{ROGER}'s bomb").where == Where("room", "Lounge")


def test_rule_70_a_bomb_added_to_a_room_by_agreement_starts_resting_at_once() -> None:
    from referee.games.ifmud.consent import add_token

    state = add_token(game(), Token("a gift bomb", Where("room", "Saturn"), delay=2))
    assert token(state, "a gift bomb").since == state.time
    assert not any(t.name == "a gift bomb" for t in later(state, 2).tokens)


UPLINK = "mind-control satellite uplink"


def test_rule_83_the_monkey_retimes_a_bomb_it_carries_to_a_d100_of_hours() -> None:
    state = add(game(), Token(UPLINK, Where("player", ADAM), charge=3))
    state = add(state, Token("a bomb", Where("monkey"), delay=24))
    after = legal(state, ADAM, "monkey retime a bomb", 37)
    assert token(after, "a bomb").delay == 37 and token(after, UPLINK).charge == 2
    assert "rule 83" in refused(after, ADAM, "monkey retime a bomb", 5)


def test_rule_90_a_bomb_esploding_at_the_monkey_costs_its_last_mover_up_to_40() -> None:
    state = points(put(game(), ADAM, "Central Park"), ADAM, 55)
    state = legal(state, ADAM, f"drop {ADAM}'s bomb\nmove to Lounge")
    assert token(state, f"{ADAM}'s bomb").moved_by == ADAM
    assert later(state, 24).player(ADAM).brownie == 55 - 40


def test_rule_90_the_monkeys_later_mover_pays_instead() -> None:
    state = add(put(game(), ADAM, "Central Park"), Token(UPLINK, Where("player", ADAM), charge=3))
    state = legal(state, ADAM, f"drop {ADAM}'s bomb\nmove the monkey to Lounge\nend turn")
    state = points(add(state, Token(UPLINK, Where("player", ROGER), charge=3)), ROGER, 30)
    state = legal(state, ROGER, "move to Central Park\nmove the monkey to Central Park")
    assert later(state, 24).player(ROGER).brownie == 0


def test_rule_101_the_uplink_resting_48_hours_in_embedded_cpu_is_charged_to_10() -> None:
    state = add(game(), Token(UPLINK, Where("room", "Embedded CPU"), charge=1, since=game().time))
    assert token(later(state, 47), UPLINK).charge == 1
    assert token(later(state, 48), UPLINK).charge == 10


def test_rule_152_the_cigar_is_made_again_a_day_shorter() -> None:
    cigar = Token("esploding cigar", Where("room", "Attic"), 5, "Saturn", 48, game().time)
    state = later(add(game(), cigar), 48)
    assert state.last_cigar is not None and state.last_cigar.name == "esploding cigar"
    again = legal(state, state.active or "", "create esploding cigar")
    made = token(again, "esploding cigar")
    assert (made.where, made.delay, made.value, made.destination) == (
        Where("room", "Attic"),
        24,
        5,
        "Saturn",
    )
    assert "rule 152" in refused(again, again.active or "", "create esploding cigar")
    gone = later(again, 24)
    assert "rule 152" in refused(gone, gone.active or "", "create esploding cigar")
