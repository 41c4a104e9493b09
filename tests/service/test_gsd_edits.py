"""The service's changes to a GSD outside a mailed play (rules 1.1.3, 1.1.10, 1.3.5, 1.15.1),
and whose turn it says it is (rule 1.3.2)."""

from __future__ import annotations

import pytest

from referee.engine.ruleset import VANILLA
from referee.notation.errors import NotationError
from referee.notation.gametime import Day, GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import parse_possessions
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from referee.service import gsd_edits
from referee.service.gsd_edits import GSDUnreadable, after_timeout, to_play, without_player


def _opening() -> str:
    gsd = VANILLA.new_game(["Alice", "Bob", "Carol"], GameTime.parse("Friday 1030"), game=4)
    return gsd.render(VANILLA.action_index())


def test_1_3_2_the_inactive_drone_is_passed_over_so_the_first_player_plays_first() -> None:
    """Rules 1.3.2 and 1.1.2: the Drone heads the Token Table but starts Inactive."""
    assert to_play(_opening()) == "Alice"
    assert to_play(None) is None and to_play("not a GSD") is None


def test_1_3_5_a_forced_timeout_is_a_play_in_the_record_and_takes_an_hour() -> None:
    """Rule 1.3.5: the Timeout is the late player's play; it moves the Game Time on one
    hour, and the Turn passes to the next player (rule 1.3.2)."""
    after = GSD.parse(after_timeout(_opening(), "Alice"))
    assert [play.render() for play in after.plays] == ["Alice : Timeout"]
    assert str(after.time) == "Friday 1130" and after.turn == 2
    assert to_play(after.render()) == "Bob"


def test_1_3_5_a_timeout_for_a_player_whose_turn_it_is_not_is_refused() -> None:
    """Rule 1.3.2: only the player whose Turn it is can be timed out; the engine says so."""
    with pytest.raises(GSDUnreadable, match="it is Alice's Turn, not Bob's"):
        after_timeout(_opening(), "Bob")
    with pytest.raises(GSDUnreadable, match="Mallory"):
        after_timeout(_opening(), "Mallory")


def test_1_1_3_after_a_resignation_the_turn_passes_on_from_the_resigned_players_place() -> None:
    """Rules 1.1.3 and 1.3.2: Bob played last and resigned; Carol, after em, plays next, and
    the kept GSD, whose newest play is now by a player not in the table, is still read."""
    state = without_player(after_timeout(after_timeout(_opening(), "Alice"), "Bob"), "Bob")
    assert to_play(state) == "Carol"
    assert [play.player for play in GSD.parse(state, kept=True).plays] == ["Alice", "Bob"]
    with pytest.raises(NotationError, match="'Bob' is not a player in this game"):
        GSD.parse(state)  # as a player's posting, the newest play must be a player's


ORDER = ["Drone", "Alice", "Bob"]


def _game(alice: str = "Euston Stub, Drone Stick, Hat (C)", home: str | None = "Euston") -> str:
    """Game 3 with Alice (Home Euston, eir possessions ``alice``) and Bob (a Piano)."""
    state = gsd_edits.new_game(3, GameTime(day=Day.MONDAY, hour=10, minute=0))
    for number in (2, 3):
        state = gsd_edits.with_player(state, ORDER[number - 1], ORDER[:number])
    gsd = GSD.parse(state)
    rows = tuple(
        row.model_copy(update={"home": home, "inactive": False})
        if row.name == "Alice"
        else row.model_copy(update={"inactive": row.name == "Drone" and "Drone" not in alice})
        for row in gsd.players
    )
    rack = (
        RackEntry(player="Alice", possessions=parse_possessions(alice)),
        RackEntry(player="Bob", possessions=parse_possessions("Piano, Holborn Stub")),
    )
    stacks = (TokenStack(station="Euston", tokens=(Colour("Re"), Colour("Si"))),)
    return gsd.model_copy(update={"players": rows, "rack": rack, "stacks": stacks}).render()


def test_1_1_3_the_resigner_leaves_table_and_rack_and_eir_home_and_stubs_are_ownerless() -> None:
    before = GSD.parse(_game())
    after = GSD.parse(gsd_edits.without_player(before.render(), "Alice"))
    assert after.player_names == ("Drone", "Bob")
    assert [entry.player for entry in after.rack] == ["Bob"], "eir Stubs belong to no one"
    assert all(row.home != "Euston" for row in after.players), "eir Home Station is ownerless"
    assert after.rack[0] == before.rack[1], "the others keep what they own"
    assert after.stacks == before.stacks, "Token Stacks hold nothing a player owns"


def test_1_15_1_the_drone_is_inactive_once_its_stick_leaves_with_the_resigner() -> None:
    before = GSD.parse(_game())
    assert not before.players[0].inactive, "the Drone plays while Alice carries the Stick"
    after = GSD.parse(gsd_edits.without_player(before.render(), "Alice"))
    assert after.players[0].name == "Drone" and after.players[0].inactive


def test_1_15_1_the_drone_stays_active_when_someone_else_carries_the_stick() -> None:
    state = _game(alice="Euston Stub")
    gsd = GSD.parse(state)
    rack = (gsd.rack[0], RackEntry(player="Bob", possessions=parse_possessions("Drone Stick")))
    rows = tuple(row.model_copy(update={"inactive": False}) for row in gsd.players)
    state = gsd.model_copy(update={"rack": rack, "players": rows}).render()
    after = GSD.parse(gsd_edits.without_player(state, "Alice"))
    assert not after.players[0].inactive


def test_1_1_3_what_the_resigner_owned_is_named_for_the_announcement() -> None:
    assert gsd_edits.owned_by(_game(), "Alice") == (
        "Euston",
        ("Euston Stub", "Drone Stick", "Hat (C)"),
    )
    assert gsd_edits.owned_by(_game(alice="", home=None), "Alice") == (None, ())


def test_1_3_5_the_drones_late_turn_is_timed_out_like_anyone_s() -> None:
    state = _game()
    after = GSD.parse(gsd_edits.after_timeout(state, "Drone"))
    assert [play.render() for play in after.plays] == ["Drone : Timeout"]
    assert after.time == GameTime(day=Day.MONDAY, hour=11, minute=0)
    assert after.turn == (GSD.parse(state).turn or 0) + 1


def test_1_3_2_a_gsd_the_desk_just_rendered_is_read_back_from_its_value() -> None:
    """The desk hands over the value each new GSD was rendered from, so whose Turn follows is
    read from it rather than by parsing a long game's record again; a text never handed
    over is parsed as before."""
    index = VANILLA.action_index()
    opening = VANILLA.new_game(["Alice", "Bob"], GameTime.parse("Friday 1030"), game=9871)
    other = VANILLA.new_game(["Dora", "Eve"], GameTime.parse("Friday 1030"), game=9871)
    text = opening.render(index)
    assert to_play(text) == "Alice"
    gsd_edits.remember(text, other, index)
    try:
        assert to_play(text) == "Dora", "read from the value handed over, not parsed"
    finally:
        gsd_edits.remember(text, opening, index)  # leave the true value for other tests
    assert to_play(_opening()) == "Alice"
