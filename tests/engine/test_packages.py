"""Rules 1.4.7 - Suspect Packages and 1.7.30 - Defusing (DATC style)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message


def packages_at(gsd: GSD, *stations: str) -> GSD:
    stacks = tuple(TokenStack(station=s, marker="Susp Package") for s in stations)
    return gsd.model_copy(update={"stacks": stacks})


def from_oxford_circus(**kw: object) -> GSD:
    """Rushton at Oxford Circus (CN), LV 2: to Holborn through Tottenham Court Road."""
    return game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 2},
                tokens={"Rushton": "2Re"}, **kw)  # type: ignore[arg-type]  # fmt: skip


def package_stations(gsd: GSD) -> list[str]:
    return [s.station for s in gsd.stacks if s.marker == "Susp Package"]


def test_1_4_7_dropping_a_package_where_the_piece_stands() -> None:
    """Rule 1.4.7: a Suspect Package at the player's current location (2 Re)."""
    text = "Rushton : Holborn (CN) [Dropping Package at Holborn]"
    state = legal(play(from_oxford_circus(), text))
    assert package_stations(state) == ["Holborn"]
    assert row(state, "Rushton").tokens.re == 2 + 1 - 2


def test_1_4_7_dropping_a_package_passed_through() -> None:
    """Rule 1.4.7: or at any Station passed through so far this Turn."""
    text = "Rushton : Holborn (CN) [Dropping Package at Tottenham Court Road]"
    assert package_stations(legal(play(from_oxford_circus(), text))) == ["Tottenham Court Road"]


def test_1_4_7_not_at_a_station_not_yet_reached() -> None:
    """Rule 1.4.7: "so far this Turn": before the Move only the Piece's own Station counts."""
    result = play(from_oxford_circus(), "Rushton : [Dropping Package at Holborn] Holborn (CN)")
    assert rules_broken(result) == ["1.17.9"]
    assert "requires (S0) from your Piece to Holborn" in message(result)


def test_1_4_7_at_most_three_packages() -> None:
    """Rule 1.4.7: only if there are less than three Suspect Packages in play."""
    gsd = packages_at(from_oxford_circus(), "Bank", "Angel", "Euston")
    result = play(gsd, "Rushton : Holborn (CN) [Dropping Package at Holborn]")
    assert rules_broken(result) == ["1.4.7"]
    assert "three Suspect Packages are already in play" in message(result)


def test_1_11_4_no_package_on_a_pegged_station() -> None:
    """Rule 1.11.4: game objects may not be placed at a Pegged Station."""
    gsd = from_oxford_circus(disruptions=("Tottenham Court Road (Peg)",))
    result = play(gsd, "Rushton : Holborn (CN) [Dropping Package at Tottenham Court Road]")
    assert rules_broken(result) == ["1.11.4"]
    assert "Tottenham Court Road is Pegged" in message(result)


def test_1_4_7_a_dropped_package_bars_passing_through() -> None:
    """Rule 1.4.7: a Move passing through a Station with a Package is Invalid, next Turn on."""
    state = legal(play(from_oxford_circus(),
                       "Rushton : Holborn (CN) [Dropping Package at Tottenham Court Road]"))
    gsd = state.model_copy(update={"players": tuple(
        p.model_copy(update={"lv": 2}) for p in state.players)})  # fmt: skip
    result = play(gsd, "Rushton : Oxford Circus (CN)")
    assert rules_broken(result) == ["1.4.7"]


def test_1_7_30_defusing_a_package() -> None:
    """Rule 1.7.30: at a Package e did not place, a player defuses it and gains a Silver."""
    gsd = packages_at(from_oxford_circus(), "Holborn")
    state = legal(play(gsd, "Rushton : Holborn (CN) [Defusing Package]"))
    assert package_stations(state) == []
    assert row(state, "Rushton").tokens.si == 1


def test_1_7_30_no_defusing_ones_own_package() -> None:
    """Rule 1.7.30: provided e did not place the Package there emself."""
    gsd = game({"Rushton": "Holborn (CN)", "Garden": "Bank (CN)"}, lv={"Rushton": 1},
               tokens={"Rushton": "2Re"}, players=("Rushton", "Garden"))  # fmt: skip
    state = legal(play(gsd, "Rushton : Pass Holborn (CN) [Dropping Package at Holborn]"))
    state = legal(play(state, "Garden : Pass Bank (CN)"))
    result = play(state, "Rushton : Pass Holborn (CN) [Defusing Package]")
    assert rules_broken(result) == ["1.7.30"]
    assert "you put the Package at Holborn yourself" in message(result)


def test_1_7_30_defusing_needs_a_package_there() -> None:
    """Rule 1.7.30: e must be situated at the same location as a Suspect Package."""
    gsd = packages_at(from_oxford_circus(), "Bank")
    result = play(gsd, "Rushton : Holborn (CN) [Defusing Package]")
    assert rules_broken(result) == ["1.7.30"]
    assert "no Suspect Package where your Piece stands (Holborn)" in message(result)


def test_1_7_30_detonating_is_not_yet_adjudicated() -> None:
    """Rule 1.7.30: Detonation strips Possessions, which the engine cannot yet change; the
    referee says so rather than guess."""
    gsd = packages_at(from_oxford_circus(), "Bank")
    result = play(gsd, "Rushton : Holborn (CN) [Detonating Bank Package]")
    assert not result.adjudicated
    assert "Detonating Package" in result.unadjudicated
