"""The state changes the chamber applies once the players agree (rules 12, 20, 25, 37, 40, 43,
45, 54, 127): each refuses a change that cannot be made as worded."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.games.ifmud import consent
from referee.games.ifmud.turns import next_player

from .helpers import ADAM, CARL, JOTA, game


def test_rule_12_a_new_player_joins_in_the_lounge_with_ten_points_and_a_servant() -> None:
    state = consent.add_player(game(), "Zed Zebra")
    assert (
        state.player("Zed Zebra").brownie == 10 and state.player("Zed Zebra").location == "Lounge"
    )
    assert state.servant("Zed Zebra").location == "Servants' Quarters"


def test_rule_33_a_player_who_lost_may_not_rejoin() -> None:
    state = consent.remove_player(game(), JOTA, "a test")
    assert state.lost == (JOTA,)
    with pytest.raises(ValueError, match="rule 33"):
        consent.add_player(state, JOTA)


def test_rule_13_a_player_who_leaves_is_not_lost_and_may_be_added_again() -> None:
    state = consent.remove_player(game(), JOTA, "left the game, rule 13", lost=False)
    assert JOTA not in {p.name for p in state.players} and state.lost == ()
    assert JOTA in {p.name for p in consent.add_player(state, JOTA).players}


def test_rule_25_a_connection_is_agreed_once_between_two_rooms_on_the_map() -> None:
    with pytest.raises(ValueError, match="already connected"):
        consent.connect(game(), "Attic", "Lounge")
    with pytest.raises(ValueError, match="no room called Narnia"):
        consent.connect(game(), "Attic", "Narnia")
    assert ("Attic", "Lounge") not in consent.disconnect(game(), "Attic", "Lounge").connections


def test_rule_20_a_room_is_added_once() -> None:
    state = consent.add_room(game(), "Narnia")
    assert state.room("Narnia").visits == 0
    with pytest.raises(ValueError, match="already a room"):
        consent.add_room(state, "Narnia")


def test_rule_68_no_toll_may_be_set_on_a_tax_haven() -> None:
    with pytest.raises(ValueError, match="rule 68"):
        consent.set_toll(consent.set_tax_haven(game(), "Attic"), "Attic", "Fee", 2)


def test_rule_37_the_game_may_be_renamed() -> None:
    assert consent.rename_game(game(), "Mudnomic").name == "Mudnomic"


def test_rule_40_a_silent_player_is_put_on_the_passive_voters() -> None:
    state = consent.add_passive_voter(game(), CARL)
    assert state.passive_voters == (CARL,)
    with pytest.raises(ValueError, match="already"):
        consent.add_passive_voter(state, CARL)


def test_rule_45_the_others_name_a_servant_left_unnamed() -> None:
    servant = consent.name_servant(game(), ADAM, "Igor", "hunchback").servant(ADAM)
    assert (servant.name, servant.species) == ("Igor", "hunchback")


def test_rule_54_a_token_may_be_changed_by_agreement() -> None:
    from referee.games.ifmud.state import Token, Where

    charged = Token("personal teleporter", Where("player", ADAM), status="fully charged")
    state = consent.change_token(game(), "personal teleporter", charged)
    assert charged in state.tokens
    with pytest.raises(ValueError, match="no token called"):
        consent.change_token(game(), "unicorn", charged)


def test_rule_32_the_chamber_sets_the_games_copy_of_the_passive_voters() -> None:
    state = consent.set_passive_voter(game(), CARL, True)
    assert state.passive_voters == (CARL,)
    assert consent.set_passive_voter(state, CARL, False).passive_voters == ()


def test_rule_27_a_turn_ends_when_the_chamber_removes_its_active_player() -> None:
    state = game()
    active = state.active
    assert active is not None
    at = datetime(2026, 11, 30, 9, 15)  # naive UTC, as the store keeps the chamber's times
    after = consent.end_removed_turn(consent.remove_player(state, active, "a test"), at)
    assert after.active == next_player(state, active) and after.turn == state.turn + 1
    assert after.turn_began == at.replace(tzinfo=UTC)
    assert consent.end_removed_turn(state, at) == state  # still playing: nothing ends
    everyone = state
    for player in state.players:
        everyone = consent.remove_player(everyone, player.name, "a test")
    assert consent.end_removed_turn(everyone, at).active is None
