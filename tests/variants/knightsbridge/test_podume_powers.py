"""The Speed, Shield, Spanger and Station Podumes (rules 4.2.1.1 to 4.2.1.4), each test written
from its rule's words."""

from __future__ import annotations

import pytest

from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.stacks import TokenStack
from referee.variants.knightsbridge import Knightsbridge1965, KnightsbridgeSettings
from tests.engine.builder import game, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.variants.knightsbridge.kb import RICH, kb_play
from tests.variants.knightsbridge.test_podumes import lying, rack

# -- Rule 4.2.1.1 - Speed Demon ----------------------------------------------------------------


def test_4_2_1_1_creating_the_speed_podume_at_a_hill_station_with_lv_8() -> None:
    """Three Black, at a High or Hill Station, LV at least 8; it lies at the creator's Station."""
    gsd = game({"Rushton": "Tower Hill (CL)"}, lv={"Rushton": 8}, tokens={"Rushton": RICH})
    state = legal(kb_play(gsd, "Rushton : [Creating Speed Podume] Pass"))
    assert lying(state) == [("Tower Hill", "Speed Podume")]
    assert row(state, "Rushton").tokens.bk == 6 - 3


@pytest.mark.parametrize(
    ("where", "lv"), [("Tower Hill (CL)", 7), ("Holborn (CN)", 8)], ids=["lv-7", "not-high-or-hill"]
)
def test_4_2_1_1_the_speed_podumes_conditions(where: str, lv: int) -> None:
    gsd = game({"Rushton": where}, lv={"Rushton": lv}, tokens={"Rushton": RICH})
    assert rules_broken(kb_play(gsd, "Rushton : [Creating Speed Podume] Pass")) == ["4.2.1.1"]


def speedy(lv: int = 0, tokens: str = RICH, disruptions: tuple[str, ...] = ()) -> GSD:
    gsd = game(
        {"Rushton": "Holborn (CN)"},
        lv={"Rushton": lv},
        tokens={"Rushton": tokens},
        disruptions=disruptions,
    )
    return with_luggage(gsd, {"Rushton": "Speed Podume"})


def paid(result: TurnResult, colour: str) -> int:
    """How many Tokens of ``colour`` the Turn paid, by its events."""
    return sum(e.detail["tokens"].get(colour, 0) for e in result.events if e.kind == "tokens_paid")


def test_4_2_1_1_up_by_four_free_or_five_for_one_black() -> None:
    free = kb_play(speedy(), "Rushton : [LV+4] Liverpool Street (CN)")
    assert free.legal and paid(free, "Bk") == 0
    dear = kb_play(speedy(), "Rushton : [LV+5] Bethnal Green (CN)")
    assert dear.legal and paid(dear, "Bk") == 1 and row(dear.state, "Rushton").lv == 5
    assert rules_broken(kb_play(speedy(), "Rushton : [LV+6] Pass")) == ["4.2.1.1"]
    broke = kb_play(speedy(tokens="0Bk,2Re"), "Rushton : [LV+5] Pass")
    assert rules_broken(broke) == ["4.2.1.1"]


def test_4_2_1_1_decreasing_lv_costs_as_usual() -> None:
    """ "When decreasing LV, the regular costs apply": rule 1.6.3's one to three."""
    assert legal(kb_play(speedy(lv=5), "Rushton : [LV-3] Pass"))
    assert rules_broken(kb_play(speedy(lv=5), "Rushton : [LV-4] Pass")) == ["1.6.3"]


def test_4_2_1_1_a_maximum_lv_of_13_instead_of_the_usual_10() -> None:
    """LV 12 along the Central Line (at its starting Speed Limit) is the holder's to make, not
    anyone else's (rule 1.20.0's 10); 14 breaks even the holder's Limit of 13 (rule 1.20.4)."""
    assert legal(kb_play(speedy(lv=12), "Rushton : North Acton (CN)"))
    result = kb_play(speedy(lv=14), "Rushton : Ealing Broadway (CN)")
    assert rules_broken(result) == ["1.20.4"] and "Speed Limit of 13" in message(result)
    without = kb_play(speedy(lv=12).model_copy(update={"rack": ()}), "Rushton : North Acton (CN)")
    assert rules_broken(without) == ["1.20.4"] and "Speed Limit of 10" in message(without)


def test_4_2_1_1_a_speed_limit_a_player_set_binds_the_holder() -> None:
    """The Podume replaces "the usual 10", not a Limit set by rule 1.20.4's Action."""
    limited = kb_play(speedy(12, disruptions=("CN: Speed Limit: 6",)), "Rushton : North Acton (CN)")
    assert rules_broken(limited) == ["1.20.4"]


def test_4_2_1_1_a_pass_destroys_the_speed_podume() -> None:
    """ "If a Player in possession of the Speed Podume ever plays 'Pass' as eir Move"."""
    state = legal(kb_play(speedy(lv=3), "Rushton : Pass"))
    assert rack(state, "Rushton") == [] and lying(state) == []
    kept = legal(kb_play(speedy(lv=3), "Rushton : Bank (CN)"))
    assert rack(kept, "Rushton") == ["Speed Podume"]


def test_4_2_1_1_dropped_after_the_pass_it_is_destroyed_all_the_same() -> None:
    """ "Immediatly destroyed": the Pass destroys it as it is played, so dropping it in the
    Post-Move phase, where the Piece stands, does not save it."""
    state = legal(kb_play(speedy(), "Rushton : Pass [Dropping Speed Podume at Holborn]"))
    assert lying(state) == [] and rack(state, "Rushton") == []


def test_4_2_1_1_dropped_before_the_pass_it_survives() -> None:
    """Its holder only is bound: dropped before the Pass, the Podume is not destroyed."""
    state = legal(kb_play(speedy(), "Rushton : [Dropping Speed Podume at Holborn] Pass"))
    assert lying(state) == [("Holborn", "Speed Podume")]


# -- Rule 4.2.1.2 - Defense, Boss!  Defense! ---------------------------------------------------


def test_4_2_1_2_creating_the_shield_podume_at_a_holy_station() -> None:
    gsd = game({"Rushton": "St. Paul's (CN)"}, tokens={"Rushton": RICH})
    state = legal(kb_play(gsd, "Rushton : [Creating Shield Podume] Pass"))
    assert lying(state) == [("St. Paul's", "Shield Podume")]
    assert row(state, "Rushton").tokens.gr == 4 - 4
    elsewhere = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    assert rules_broken(kb_play(elsewhere, "Rushton : [Creating Shield Podume] Pass")) == [
        "4.2.1.2"
    ]


def shielded(garden_rack: str = "Shield Podume") -> GSD:
    gsd = game(
        {"Rushton": "Holborn (CN)", "Garden": "Chancery Lane (CN)"},
        lv={"Rushton": 1, "Garden": 1},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    return with_luggage(gsd, {"Garden": garden_rack} if garden_rack else {})


SHUNT = "Rushton : Chancery Lane (CN) [Shunting Garden to St. Paul's (CN)]"


def test_4_2_1_2_an_aggressive_action_at_the_holder_costs_one_red_more() -> None:
    plain = legal(kb_play(shielded(""), SHUNT))
    extra = legal(kb_play(shielded(), SHUNT))
    assert row(plain, "Rushton").tokens.re - row(extra, "Rushton").tokens.re == 1


def test_4_2_1_2_cumulative_with_cowering() -> None:
    """ "targeting a Player who is both Cowering and in possession of the Shield Podume adds 2
    Red Tokens"."""
    cowered = legal(kb_play(shielded(), "Garden : Pass [Cowering]"))
    plain = legal(kb_play(shielded(""), SHUNT))
    both = legal(kb_play(cowered, SHUNT))
    assert row(plain, "Rushton").tokens.re - row(both, "Rushton").tokens.re == 2


def test_4_2_1_2_the_holders_own_aggressive_action_destroys_it() -> None:
    gsd = game(
        {"Rushton": "Chancery Lane (CN)", "Garden": "Holborn (CN)"},
        lv={"Garden": 1},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    gsd = with_luggage(gsd, {"Garden": "Shield Podume"})
    state = legal(kb_play(gsd, "Garden : Chancery Lane (CN) [Shunting Rushton to St. Paul's (CN)]"))
    assert rack(state, "Garden") == []
    calm = legal(kb_play(gsd, "Garden : Chancery Lane (CN)"))
    assert rack(calm, "Garden") == ["Shield Podume"]


def test_4_2_1_2_an_action_its_own_rule_prices_in_red_is_aggressive_too() -> None:
    """Rule 4.2.1.2 with rule 1.7.6's "Aggressive Actions (those requiring Red Token
    expenditure)": [Creating Terminus Podume] costs one Red by rule 4.2.1.4, though the index
    lists no cost, so the Shield's holder who performs it loses the Shield; the Compass
    Podume, one Blue, leaves it."""
    gsd = game({"Rushton": "Ealing Broadway (CN)"}, tokens={"Rushton": RICH})
    gsd = with_luggage(gsd, {"Rushton": "Shield Podume"}, home={"Rushton": "Perivale"})
    stacks = tuple(TokenStack(station=s, tokens=TokenStack.parse_cells(s, "BkRe").tokens)
                   for s in ("Holborn", "Euston", "Angel"))  # fmt: skip
    gsd = gsd.model_copy(update={"stacks": stacks})
    play = "Rushton : [Creating Terminus Podume] Pass {podume: Epping}"
    state = legal(kb_play(gsd, play))
    assert rack(state, "Rushton") == [] and lying(state) == [("Epping", "Terminus Podume")]
    compass = with_luggage(blue_board(), {"Mrs. Trellis": "Shield Podume"},
                           home={"Mrs. Trellis": "Perivale"})  # fmt: skip
    kept = legal(kb_play(compass, "Mrs. Trellis : [Creating Compass Podume] Pass "
                                  "{podume: East Acton}"))  # fmt: skip
    assert rack(kept, "Mrs. Trellis") == ["Shield Podume"]


def test_4_2_1_2_stealing_the_shield_by_a_shunt_does_not_destroy_it() -> None:
    """The Shunt was not the new holder's Action while e held it; it was aimed at the holder,
    so it costs the Shield's Red."""
    result = kb_play(shielded(), SHUNT + " {claim: Shield Podume from Garden}")
    assert result.legal and rack(result.state, "Rushton") == ["Shield Podume"]
    assert paid(result, "Re") == 2  # the Shunt's Red and the Shield's: it was aimed at its holder


# -- Rule 4.2.1.3 - Spanging Offence -----------------------------------------------------------


def test_4_2_1_3_creating_the_spanger_podume_lays_it_at_arsenal() -> None:
    """One Silver, at a non-Holy Station on or within the Circle Line; it lies at Arsenal."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    state = legal(kb_play(gsd, "Rushton : [Creating Spanger Podume] Pass"))
    assert lying(state) == [("Arsenal", "Spanger Podume")]
    assert row(state, "Rushton").tokens.si == 2 - 1


@pytest.mark.parametrize("where", ["St. Paul's (CN)", "Euston (VC)"], ids=["holy", "outside"])
def test_4_2_1_3_not_at_a_holy_station_nor_outside_the_circle(where: str) -> None:
    gsd = game({"Rushton": where}, tokens={"Rushton": RICH})
    assert rules_broken(kb_play(gsd, "Rushton : [Creating Spanger Podume] Pass")) == ["4.2.1.3"]


def spanging(lv: int = 3) -> GSD:
    gsd = game(
        {"Rushton": "Tottenham Court Road (CN)", "Garden": "Marble Arch (CN)"},
        lv={"Rushton": lv},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    return with_luggage(gsd, {"Rushton": "Spanger Podume"})


SPANG = "Rushton : Marble Arch (CN) [Shunting Garden to Tottenham Court Road (CN)]"


def test_4_2_1_3_shunts_are_free_and_halve_lv() -> None:
    """Free of charge; LV halved, rounded as the player chooses (down unless e says up)."""
    down = kb_play(spanging(), SPANG)
    assert down.legal and paid(down, "Re") == 0 and row(down.state, "Rushton").lv == 1
    up = legal(kb_play(spanging(), SPANG + " {spanger: up}"))
    assert row(up, "Rushton").lv == 2
    plain = kb_play(spanging().model_copy(update={"rack": ()}), SPANG)
    assert paid(plain, "Re") == 1 and row(plain.state, "Rushton").lv == 0


def test_4_2_1_3_cowering_penalties_still_apply() -> None:
    cowered = legal(kb_play(spanging(), "Garden : Pass [Cowering]"))
    assert paid(kb_play(cowered, SPANG), "Re") == 1


def test_4_2_1_3_a_dead_end_shunt_of_the_holder_destroys_it() -> None:
    gsd = game(
        {"Rushton": "East Acton (CN)", "Garden": "West Acton (CN)"},
        lv={"Rushton": 2},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    gsd = with_luggage(gsd, {"Garden": "Spanger Podume"})
    shunt = "Rushton : West Acton (CN) [Dead-End Shunting Garden to Ealing Broadway (CN)]"
    state = legal(kb_play(gsd, shunt))
    assert rack(state, "Garden") == [] and lying(state) == []


# -- Rule 4.2.1.4 - They Used To Be Hats -------------------------------------------------------


def blue_board(at: str = "North Acton (CN)", stations: tuple[str, ...] = ()) -> GSD:
    """Mrs. Trellis at ``at``; Blue Tokens in the Stacks of three Stations."""
    gsd = game({"Mrs. Trellis": at}, tokens={"Mrs. Trellis": RICH}, players=("Mrs. Trellis",))
    gsd = with_luggage(gsd, {}, home={"Mrs. Trellis": "Perivale"})  # a Home far away (1.12.2)
    stacks = tuple(
        TokenStack(station=s, tokens=TokenStack.parse_cells(s, "BkBu").tokens)
        for s in stations or ("Bank", "Euston", "Angel")
    )
    return gsd.model_copy(update={"stacks": stacks})


def test_4_2_1_4_the_rules_example_mrs_trellis_creates_the_compass_podume() -> None:
    """Three Stations with Blue in their Stacks; Mrs. Trellis at North Acton, a Compass
    Station; she spends one Blue and lays the Compass Podume at East Acton."""
    play = "Mrs. Trellis : [Creating Compass Podume] Pass {podume: East Acton}"
    state = legal(kb_play(blue_board(), play))
    assert lying(state) == [("East Acton", "Compass Podume")]
    assert row(state, "Mrs. Trellis").tokens.bu == 6 - 1


def test_4_2_1_4_three_other_stations_must_hold_the_colour() -> None:
    play = "Mrs. Trellis : [Creating Compass Podume] Pass {podume: East Acton}"
    few = kb_play(blue_board(stations=("Bank", "Euston", "North Acton")), play)
    assert rules_broken(few) == ["4.2.1.4"] and "2 hold one" in message(few)


@pytest.mark.parametrize(
    ("at", "choice"),
    [("Holborn (CN)", "East Acton"), ("North Acton (CN)", "Holborn"), ("North Acton (CN)", "")],
    ids=["creator-not-compass", "podume-not-compass", "no-choice"],
)
def test_4_2_1_4_category_of_both_stations(at: str, choice: str) -> None:
    comment = f" {{podume: {choice}}}" if choice else ""
    play = "Mrs. Trellis : [Creating Compass Podume] Pass" + comment
    assert rules_broken(kb_play(blue_board(at), play)) == ["4.2.1.4"]


def test_4_2_1_4_no_hard_podume() -> None:
    play = "Mrs. Trellis : [Creating Hard Podume] Pass {podume: East Acton}"
    assert rules_broken(kb_play(blue_board(), play)) == ["4.2.1.4"]


def at_royal_oak(rack_text: str) -> GSD:
    gsd = game({"Rushton": "Royal Oak (HC)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH})
    return with_luggage(gsd, {"Rushton": rack_text} if rack_text else {})


def test_4_2_1_4_the_rules_example_westbourne_park_pays_both_bonuses() -> None:
    """Westbourne Park is Compass and Verdant: the holder of both Podumes gains one Blue and
    one Green on top of the Move's Tokens."""
    move = "Rushton : Westbourne Park (HC)"
    plain = legal(kb_play(at_royal_oak(""), move)).players
    both = legal(kb_play(at_royal_oak("Compass Podume, Verdant Podume"), move)).players
    before, after = (next(p for p in rows if p.name == "Rushton").tokens for rows in (plain, both))
    assert after.bu - before.bu == 1 and after.gr - before.gr == 1
    assert (after.bk, after.re, after.si, after.go) == (before.bk, before.re, before.si, before.go)


def test_4_2_1_4_the_a_to_z_podume_gives_a_plastic_of_the_players_choice() -> None:
    gsd = game({"Rushton": "Oxford Circus (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH})
    plain = legal(kb_play(gsd, "Rushton : Bond Street (CN)"))
    held = with_luggage(gsd, {"Rushton": "A to Z Podume"})
    chosen = legal(kb_play(held, "Rushton : Bond Street (CN) {podume bonus: Gr}"))
    assert row(chosen, "Rushton").tokens.gr - row(plain, "Rushton").tokens.gr == 1
    assert row(chosen, "Rushton").tokens.si == row(plain, "Rushton").tokens.si
    metallic = kb_play(held, "Rushton : Bond Street (CN) {podume bonus: Go}")
    assert rules_broken(metallic) == ["4.2.1.4"]


def test_4_2_1_4_a_pass_ends_no_move_unless_the_setting_says_so() -> None:
    gsd = with_luggage(
        game({"Rushton": "Bond Street (CN)"}, tokens={"Rushton": RICH}),
        {"Rushton": "A to Z Podume"},
    )
    plain = legal(kb_play(gsd, "Rushton : Pass"))
    assert row(plain, "Rushton").tokens == row(gsd, "Rushton").tokens
    generous = Knightsbridge1965(KnightsbridgeSettings(podume_bonus_on_pass=True))
    parsed = Play.parse("Rushton : Pass", players=gsd.player_names, index=generous.action_index())
    state = legal(adjudicate(gsd, parsed, generous, check_order=False))
    assert row(state, "Rushton").tokens.bk == row(gsd, "Rushton").tokens.bk + 1


def test_4_2_1_4_cashing_in_podumes_at_bank() -> None:
    """Free, at Bank, three Station Podumes or more: all destroyed, one Gold fewer gained."""
    gsd = game({"Rushton": "Bank (CN)"}, tokens={"Rushton": RICH})
    four = "Terminus Podume, Verdant Podume, Compass Podume, A to Z Podume, Newspaper"
    state = legal(
        kb_play(with_luggage(gsd, {"Rushton": four}), "Rushton : [Cashing in Podumes] Pass")
    )
    assert rack(state, "Rushton") == ["Newspaper"]
    assert row(state, "Rushton").tokens.go == 3 + 3


def test_4_2_1_4_cashing_in_needs_three_and_bank() -> None:
    gsd = game({"Rushton": "Bank (CN)"}, tokens={"Rushton": RICH})
    two = with_luggage(gsd, {"Rushton": "Terminus Podume, Verdant Podume, Shield Podume"})
    assert rules_broken(kb_play(two, "Rushton : [Cashing in Podumes] Pass")) == ["4.2.1.4"]
    away = with_luggage(
        game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
        {"Rushton": "Terminus Podume, Verdant Podume, Compass Podume"},
    )
    assert rules_broken(kb_play(away, "Rushton : [Cashing in Podumes] Pass")) == ["4.2.1.4"]
