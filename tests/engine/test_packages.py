"""Rules 1.4.7 - Suspect Packages and 1.7.30 - Defusing (DATC style)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import parse_token_sequence
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
    assert rules_broken(result) == ["1.4.7"]
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
    state = legal(
        play(
            from_oxford_circus(),
            "Rushton : Holborn (CN) [Dropping Package at Tottenham Court Road]",
        )
    )
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


def with_stacks(gsd: GSD, *stacks: TokenStack) -> GSD:
    return gsd.model_copy(update={"stacks": (*gsd.stacks, *stacks)})


def tokens_at(station: str, tokens: str = "Bu Bu") -> TokenStack:
    return TokenStack(station=station, tokens=parse_token_sequence(tokens))


def blasted(gsd: GSD) -> list[str | None]:
    return [d.player for d in gsd.disruptions if d.flag == "Blasted"]


def damage(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions if d.marker in ("Damage", "*Damage*")]


def near_a_package(tokens: str = "2Re", who: str = "Rushton", **kw: object) -> GSD:
    """Rushton at Holborn, one stop from a Package at Tottenham Court Road; Cryer at Bank,
    four stops from it; Garden at Warren Street, two stops from it."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Bank (CN)", "Garden": "Warren Street (VC)"},
               tokens={who: tokens}, **kw)  # type: ignore[arg-type]  # fmt: skip
    return packages_at(gsd, "Tottenham Court Road")


DETONATE = "Rushton : Pass Holborn (CN) [Detonating Tottenham Court Road Package]"


def test_1_7_30_detonating_a_package() -> None:
    """Rule 1.7.30: the Package's Station becomes Heavily Damaged and the Package leaves play;
    the Action costs 2 Red and takes 20 minutes (the index)."""
    state = legal(play(near_a_package(), DETONATE))
    assert package_stations(state) == []
    assert damage(state) == ["Tottenham Court Road (*Damage*)"]
    assert row(state, "Rushton").tokens.re == 0
    assert str(state.time) == "Wednesday 1220"


def test_1_7_30_the_blast_reaches_stations_fewer_than_three_stops_away() -> None:
    """Rule 1.7.30: Stations less than three stops away are Blasted: their Token Stacks are
    destroyed and the players there must Pass with no Actions next Turn; three stops away
    is safe."""
    gsd = with_stacks(near_a_package(), tokens_at("Green Park"), tokens_at("Euston"),
                      tokens_at("Tottenham Court Road"))  # fmt: skip
    state = legal(play(gsd, DETONATE))
    assert [s.station for s in state.stacks] == ["Euston"]
    assert blasted(state) == ["Rushton", "Garden"]


def test_1_7_30_the_poid_is_no_token_stack_and_survives_a_blast() -> None:
    """Rules 1.7.30 and 1.4.24: a Blast destroys Token Stacks; the PoID, shown among them but
    no Token, stays (rules/vanilla/readings.md#r1-4-24)."""
    gsd = with_stacks(near_a_package(), TokenStack(station="Holborn", marker="PoID"))
    assert [s.marker for s in legal(play(gsd, DETONATE)).stacks] == ["PoID"]


def test_1_7_30_blasted_players_lose_every_possession() -> None:
    """Rule 1.7.30: any Players at a Blasted Station lose all of their Possessions."""
    rack = (RackEntry(player="Garden", possessions=(Possession.parse("Scarf"),
                                                    Possession.parse("Euston Stub"))),
            RackEntry(player="Cryer", possessions=(Possession.parse("Scarf"),)))  # fmt: skip
    gsd = near_a_package().model_copy(update={"rack": rack})
    state = legal(play(gsd, DETONATE))
    assert [entry.player for entry in state.rack] == ["Cryer"]


def test_1_7_30_a_blast_sets_off_the_packages_it_reaches() -> None:
    """Rule 1.7.30: if a Suspect Package rests at a Blasted Station, it detonates: a Package at
    Warren Street (two stops) goes off, and its Blast reaches Camden Town (three stops from
    the first) and sets off the Package at King's Cross St. Pancras, whose Blast reaches
    Angel; Bank, four stops from all of them, is untouched."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Camden Town (NT)", "Garden": "Angel (NT)",
                "Drone": "Bank (CN)"}, tokens={"Rushton": "2Re"})  # fmt: skip
    gsd = packages_at(gsd, "Tottenham Court Road", "Warren Street", "King's Cross St. Pancras")
    gsd = with_stacks(gsd, tokens_at("Farringdon"), tokens_at("Bank"))
    state = legal(play(gsd, DETONATE))
    assert package_stations(state) == []
    assert damage(state) == ["Tottenham Court Road (*Damage*)", "Warren Street (*Damage*)",
                             "King's Cross St. Pancras (*Damage*)"]  # fmt: skip
    assert blasted(state) == ["Rushton", "Cryer", "Garden"]
    assert [s.station for s in state.stacks] == ["Bank"]


def test_1_11_3_a_blast_makes_light_damage_heavy_in_its_place() -> None:
    """Rules 1.7.30 and 1.11.3: a Lightly Damaged Station becomes Heavily Damaged; the entry
    keeps its place in the repair order."""
    gsd = near_a_package(disruptions=("Tottenham Court Road (Damage)", "Bank (Damage)"))
    assert damage(legal(play(gsd, DETONATE))) == ["Tottenham Court Road (*Damage*)",
                                                  "Bank (Damage)"]  # fmt: skip


def test_1_7_30_detonating_needs_a_package_at_the_station_named() -> None:
    """Rule 1.7.30: "[Detonating <Station> Package]" names the Station the Package rests at."""
    result = play(near_a_package(), "Rushton : Pass Holborn (CN) [Detonating Goodge Street "
                                    "Package]")  # fmt: skip
    assert rules_broken(result) == ["1.7.30"]
    assert "no Suspect Package at Goodge Street" in message(result)


def test_1_7_30_detonating_from_four_stations_away() -> None:
    """Rule 1.7.30: fewer than five Stations away: four is near enough (Bank is four stops
    from Tottenham Court Road)."""
    gsd = near_a_package(who="Cryer")
    state = legal(play(gsd, "Cryer : Pass Bank (CN) [Detonating Tottenham Court Road Package]"))
    assert package_stations(state) == []
    assert "Cryer" not in blasted(state)


def test_1_7_30_not_from_five_stations_away() -> None:
    """Rule 1.7.30: a player five Stations from the Package may not detonate it; the index
    writes the distance as the Fosdyke Requirement (R<5), so the refusal cites rule 1.17.9."""
    gsd = game({"Rushton": "Moorgate (NT)"}, tokens={"Rushton": "2Re"})
    gsd = packages_at(gsd, "Tottenham Court Road")
    result = play(gsd, "Rushton : Pass Moorgate (NT) [Detonating Tottenham Court Road Package]")
    assert rules_broken(result) == ["1.7.30"]
    assert "requires (R<5)" in message(result) and "R5," in message(result)


def test_1_7_30_detonating_costs_two_red() -> None:
    """Rule 1.7.2's index: [Detonating Package] costs 2 Red."""
    gsd = near_a_package("1Re")
    assert rules_broken(play(gsd, DETONATE)) == ["1.7.1"]


def test_1_11_4_no_detonating_a_package_at_a_pegged_station() -> None:
    """Rule 1.11.4: nothing may be removed from a Pegged Station, the Package included."""
    gsd = near_a_package(disruptions=("Tottenham Court Road (Peg)",))
    assert rules_broken(play(gsd, DETONATE)) == ["1.11.4"]


def test_1_11_4_a_pegged_station_keeps_its_stack_and_package_in_a_blast() -> None:
    """Rule 1.11.4: a Blast removes no Token Stack or Package from a Pegged Station."""
    gsd = with_stacks(near_a_package(disruptions=("Goodge Street (Peg)",)),
                      tokens_at("Goodge Street"), TokenStack(station="Goodge Street",
                                                             marker="Susp Package"))  # fmt: skip
    state = legal(play(gsd, DETONATE))
    assert [s.station for s in state.stacks] == ["Goodge Street", "Goodge Street"]


def blasted_garden() -> GSD:
    """Garden was caught in Rushton's Blast and plays next."""
    return legal(play(near_a_package(), DETONATE))


def test_1_7_30_a_blasted_player_passes_and_the_debt_is_paid() -> None:
    """Rule 1.7.30: the caught player's next Turn is a Pass with no Actions; once played, the
    Disruptions entry goes."""
    state = legal(play(blasted_garden(), "Garden : Pass Warren Street (VC)"))
    assert blasted(state) == ["Rushton"]
    again = legal(play(state, "Garden : Pass Warren Street (VC)"))
    assert blasted(again) == ["Rushton"]


def test_1_7_30_a_blasted_player_may_not_act() -> None:
    """Rule 1.7.30: "with no Actions"."""
    result = play(blasted_garden(), "Garden : [LV+1] Pass Warren Street (VC)")
    assert "1.7.30" in rules_broken(result)
    assert "must be a Pass with no Actions; remove [LV+1]" in message(result)


def test_1_7_30_a_blasted_player_may_not_move() -> None:
    """Rule 1.7.30: the Move must be "Pass"; a Move elsewhere or a Farkle is not one."""
    gsd = blasted_garden()
    moved = play(gsd.model_copy(update={"players": tuple(
        p.model_copy(update={"lv": 1}) for p in gsd.players)}), "Garden : Euston (VC)")  # fmt: skip
    assert rules_broken(moved) == ["1.7.30"]
    assert rules_broken(play(gsd, "Garden : Farkle")) == ["1.7.30"]


def test_1_7_30_a_timeout_also_pays_the_debt() -> None:
    """Rules 1.7.30 and 1.3.5: a Timeout has no Actions and moves nothing
    (rules/vanilla/readings.md#r1-7-30)."""
    assert blasted(legal(play(blasted_garden(), "Garden : Timeout"))) == ["Rushton"]


def test_1_7_30_the_detonator_caught_in_eir_own_blast_passes_next_turn() -> None:
    """Rule 1.7.30: the Detonator at a Blasted Station is caught too; the Turn that Blasts em
    is not the Turn that pays."""
    state = blasted_garden()
    assert "Rushton" in blasted(state)
    assert rules_broken(play(state, "Rushton : [LV+1] Pass Holborn (CN)")) == ["1.7.30"]
