"""The GSD changes a game's life makes outside play (rules 1.1.3, 1.1.10, 1.3.5, 1.15.1)."""

from __future__ import annotations

from referee.notation.gametime import Day, GameTime
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import parse_possessions
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from referee.service import gsd_edits

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


def test_1_3_5_a_forced_timeout_is_a_play_in_the_record_and_an_hour_of_game_time() -> None:
    state = _game()
    after = GSD.parse(gsd_edits.after_timeout(state, "Drone"))
    assert [play.render() for play in after.plays] == ["Drone : Timeout"]
    assert after.time == GameTime(day=Day.MONDAY, hour=11, minute=0)
    assert after.turn == (GSD.parse(state).turn or 0) + 1
