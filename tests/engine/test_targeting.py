"""Section 1.10 - Actions That Target Other Players, and rule 1.11.7's Sanctuary (DATC style).

The rule's own example: Garden and Rushton share Euston (VC); Rushton, at LV 4, Shunts
Garden four Stations along the Northern line to Moorgate.
"""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message

TO_EUSTON = "Rushton : Euston (VC)"


def at_euston(lv: int = 4, rushton: str = "Victoria (VC)", time: str = "Wednesday 1200") -> GSD:
    """Garden at Euston (VC), LV 2, Charge 20, 2 Gold and a Blue; Rushton at Victoria (VC),
    four Stops away, at ``lv``; Cryer at Moorgate (NT)."""
    at = {"Garden": "Euston (VC)", "Rushton": rushton, "Cryer": "Moorgate (NT)"}
    return game(at, lv={"Rushton": lv, "Garden": 2, "Cryer": 1}, charge={"Garden": 20},
                tokens={"Rushton": "3Re", "Garden": "2Go,1Bu", "Cryer": "1Gr"},
                time=time)  # fmt: skip


def stationary() -> GSD:
    """Rushton already at Euston (VC) with Garden, LV 0 (so a Pass keeps em there)."""
    return at_euston(lv=0, rushton="Euston (VC)")


# -- Rule 1.10.1 - A Shunting We Will Go -------------------------------------------------------


def test_1_10_1_the_rules_example_shunt() -> None:
    """Rule 1.10.1: Garden goes to Moorgate; both LVs zero; both Charges the mean; Rushton
    claims a Gold Token."""
    result = play(at_euston(), f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] "
                               "{claim: Gold from Garden}")  # fmt: skip
    state = legal(result)
    garden, rushton = row(state, "Garden"), row(state, "Rushton")
    assert (garden.lv, rushton.lv) == (0, 0)
    assert garden.charge == rushton.charge
    assert (garden.tokens.go, rushton.tokens.go) == (1, 1)
    history._CACHE.clear()  # the record alone must put Garden at Moorgate
    assert history.derive(state).position("Garden") == Position("Moorgate", LineCode.NT)


def test_1_10_1_a_shunt_needs_lv_above_zero() -> None:
    """Rule 1.10.1: not if the Actioning Player's LV is zero."""
    result = play(stationary(), "Rushton : Pass Euston (VC) [Shunting Garden to Moorgate (NT)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "Line Velocity above zero" in message(result)


def test_1_10_1_exactly_lv_stations_away() -> None:
    """Rule 1.10.1: n-1 Stations between, where n is the Shunter's LV."""
    result = play(at_euston(), f"{TO_EUSTON} [Shunting Garden to King's Cross St. Pancras (NT)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "1 Stations from Euston along the NT line; a Shunt at LV 4 goes exactly 4" in (
        message(result)
    )


def test_1_10_1_a_nearer_terminus_will_do() -> None:
    """Rule 1.10.1: fewer Stations is allowed to a Terminus of the Shunt's Line (Waterloo,
    one stop from Bank on the Waterloo & City)."""
    gsd = game({"Garden": "Bank (CN)", "Rushton": "Stratford (CN)"}, lv={"Rushton": 4})
    state = legal(play(gsd, "Rushton : Bank (CN) [Shunting Garden to Waterloo (WC)]"))
    history._CACHE.clear()
    assert history.derive(state).position("Garden") == Position("Waterloo", LineCode.WC)


def test_1_10_1_along_a_line_of_the_shunted_players_station() -> None:
    """Rule 1.10.1: the Target Station's Line Code serves the initial location."""
    result = play(at_euston(), f"{TO_EUSTON} [Shunting Garden to Moorgate (MP)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "the MP line does not serve Euston" in message(result)


def test_1_10_1_never_to_mornington_crescent() -> None:
    """Rule 1.10.1: the Target Station is not Mornington Crescent."""
    result = play(stationary(),
                  "Rushton : Pass Euston (VC) [Stationary-Shunting Garden to "
                  "Mornington Crescent (NT)]")  # fmt: skip
    assert rules_broken(result) == ["1.10.1"]
    assert "no one may be Shunted to Mornington Crescent" in message(result)


def test_1_2_0_the_target_station_names_its_line() -> None:
    """Rule 1.2.0: an Action moving a player names the destination with its Line Code."""
    result = play(at_euston(), f"{TO_EUSTON} [Shunting Garden to Moorgate]")
    assert rules_broken(result) == ["1.2.0"]
    assert "write the Line of the Target Station" in message(result)


def test_1_10_1_money_belt_keeps_tokens() -> None:
    """Rule 1.10.1: from a Money Belt wearer no Token may be claimed."""
    gsd = at_euston().model_copy(
        update={
            "rack": (RackEntry(player="Garden", possessions=(Possession.parse("Money Belt"),)),)
        }
    )
    text = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Gold from Garden}}"
    result = play(gsd, text)
    assert rules_broken(result) == ["1.10.1"]
    assert "Garden wears a Money Belt" in message(result)


def test_1_10_1_a_token_stack_is_shunted_like_a_player() -> None:
    """Rule 1.10.1: Stacks of Tokens may be Shunted, named 'Token Stack'."""
    gsd = at_euston().model_copy(
        update={"stacks": (TokenStack(station="Euston", tokens=(Colour.RE, Colour.BU)),)}
    )
    state = legal(play(gsd, f"{TO_EUSTON} [Shunting Token Stack to Moorgate (NT)]"))
    assert [s.station for s in state.stacks] == ["Moorgate"]


def test_1_10_1_no_stack_of_more_than_six() -> None:
    """Rule 1.10.1: a Token Stack of more than 6 Tokens can not be Shunted."""
    gsd = at_euston().model_copy(
        update={"stacks": (TokenStack(station="Euston", tokens=(Colour.RE,) * 7),)}
    )
    result = play(gsd, f"{TO_EUSTON} [Shunting Token Stack to Moorgate (NT)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "more than six cannot be Shunted" in message(result)


# -- Rule 1.10.0 - Target Practice, rule 1.11.7 - Sanctuary ------------------------------------


def test_1_10_0_the_target_shares_station_and_line() -> None:
    """Rule 1.10.0: only if the Actioning Player shares a Station and Line with the target."""
    result = play(at_euston(), f"{TO_EUSTON} [Shunting Cryer to Bank (NT)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "requires (S0,L0) from your Piece to Cryer at Moorgate (NT)" in message(result)


def test_1_10_0_the_first_post_move_action() -> None:
    """Rule 1.10.0: performed as the first Post-Move Action of a Turn."""
    text = f"{TO_EUSTON} [Blocking Warren Street] [Shunting Garden to Moorgate (NT)]"
    result = play(at_euston(), text)
    assert rules_broken(result) == ["1.10.0"]
    assert "must be the first Post-Move Action" in message(result)


def test_1_11_7_sanctuary_at_a_holy_station() -> None:
    """Rule 1.11.7: a Player at a Holy Station may not be the target of any Action."""
    gsd = game({"Garden": "St. Paul's (CN)", "Rushton": "Chancery Lane (CN)"},
               lv={"Rushton": 1})  # fmt: skip
    result = play(gsd, "Rushton : St. Paul's (CN) [Shunting Garden to Bank (CN)]")
    assert rules_broken(result) == ["1.11.7"]
    assert "St. Paul's, a Holy Station" in message(result)


def test_1_11_7_a_defamed_station_gives_no_sanctuary() -> None:
    """Rule 1.11.7: a Defamed Holy Station is not Holy until the next Sunday, so a player
    there may be targeted, and may target others."""
    gsd = game({"Garden": "St. Paul's (CN)", "Rushton": "Chancery Lane (CN)"},
               lv={"Rushton": 1}, disruptions=("St. Paul's (Defamed)",))  # fmt: skip
    state = legal(play(gsd, "Rushton : St. Paul's (CN) [Shunting Garden to Bank (CN)]"))
    assert state.disruptions[0].render() == "St. Paul's (Defamed)"


# -- Rules 1.10.2, 1.10.3, 1.10.17, 1.10.18 ----------------------------------------------------


def test_1_10_2_a_double_shunt_from_the_occupied_station() -> None:
    """Rule 1.10.2: Garden lands on Cryer at Moorgate; Cryer is Double-Shunted at the first
    Shunt's LV (4 along the Northern to Elephant and Castle); one Silver gained."""
    text = (f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] "
            "[Double-Shunting Cryer to Elephant and Castle (NT)]")  # fmt: skip
    state = legal(play(at_euston(), text))
    assert row(state, "Rushton").tokens.si == 1
    history._CACHE.clear()
    assert history.derive(state).position("Cryer") == Position("Elephant and Castle", LineCode.NT)


def test_1_10_2_only_after_a_shunt() -> None:
    """Rule 1.10.2: performed as the second Post-Move Action, after the Shunt."""
    result = play(at_euston(), f"{TO_EUSTON} [Double-Shunting Cryer to Elephant and Castle (NT)]")
    assert rules_broken(result) == ["1.10.2"]
    assert "must follow a Shunt" in message(result)


def test_1_10_2_no_one_shunted_twice() -> None:
    """Rule 1.10.2: no Player may be Shunted more than once as a result of the same Move."""
    text = (f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] "
            "[Double-Shunting Garden to Elephant and Castle (NT)]")  # fmt: skip
    result = play(at_euston(), text)
    assert rules_broken(result) == ["1.10.2"]
    assert "Garden was already Shunted this Turn" in message(result)


def test_1_10_3_a_dead_end_shunt() -> None:
    """Rule 1.10.3: to a Terminus nearer than LV; the target loses one Token of each colour."""
    gsd = game({"Garden": "Bank (CN)", "Rushton": "Stratford (CN)"}, lv={"Rushton": 4},
               tokens={"Garden": "2Go,1Bu"})  # fmt: skip
    state = legal(play(gsd, "Rushton : Bank (CN) [Dead-End Shunting Garden to Waterloo (WC)]"))
    assert (row(state, "Garden").tokens.go, row(state, "Garden").tokens.bu) == (1, 0)


def test_1_10_3_a_dead_end_needs_a_terminus() -> None:
    """Rule 1.10.3: the Target Station is a Terminus."""
    result = play(at_euston(), f"{TO_EUSTON} [Dead-End Shunting Garden to Angel (NT)]")
    assert rules_broken(result) == ["1.10.3"]
    assert "Angel is 2 away and no Terminus" in message(result)


def test_1_10_17_a_stationary_shunt_at_lv_zero() -> None:
    """Rule 1.10.17: at LV zero, a Shunt as if at LV 1 (one stop)."""
    state = legal(
        play(
            stationary(),
            "Rushton : Pass Euston (VC) [Stationary-Shunting Garden to Warren Street (VC)]",
        )
    )
    history._CACHE.clear()
    assert history.derive(state).position("Garden") == Position("Warren Street", LineCode.VC)


def test_1_10_17_only_at_lv_zero() -> None:
    """Rule 1.10.17: it may only be performed at an LV of zero."""
    result = play(at_euston(), f"{TO_EUSTON} [Stationary-Shunting Garden to Warren Street (VC)]")
    assert rules_broken(result) == ["1.10.17"]
    assert "needs LV 0; yours is 4" in message(result)


def test_1_10_18_a_power_shunt_keeps_the_shunters_lv() -> None:
    """Rule 1.10.18: the Actioning Player's LV is unaffected."""
    gsd = at_euston().model_copy(update={"players": tuple(
        p.model_copy(update={"tokens": p.tokens.model_copy(update={"gr": 1})})
        if p.name == "Rushton" else p for p in at_euston().players)})  # fmt: skip
    state = legal(play(gsd, f"{TO_EUSTON} [Power-Shunting Garden to Moorgate (NT)]"))
    assert (row(state, "Rushton").lv, row(state, "Garden").lv) == (4, 0)


# -- Rules 1.10.5, 1.10.15, 1.10.16 ------------------------------------------------------------


def test_1_10_5_shadowing_takes_lv_and_a_token() -> None:
    """Rule 1.10.5: the Shadower's LV becomes the Shadowed's; gains a Plastic Token of a
    colour the Shadowed holds."""
    state = legal(play(at_euston(), f"{TO_EUSTON} [Shadowing Garden] {{shadow: Blue}}"))
    assert row(state, "Rushton").lv == 2
    assert row(state, "Rushton").tokens.bu == 1
    assert row(state, "Garden").tokens.bu == 1


def test_1_10_5_a_plastic_colour_the_target_holds() -> None:
    """Rule 1.10.5: Plastic, and provided the Shadowed Player has one of it."""
    for colour in ("Gold", "Green"):
        result = play(at_euston(), f"{TO_EUSTON} [Shadowing Garden] {{shadow: {colour}}}")
        assert rules_broken(result) == ["1.10.5"]
        assert "is not one" in message(result)
    result = play(at_euston(), f"{TO_EUSTON} [Shadowing Garden]")
    assert rules_broken(result) == ["1.10.5"]
    assert "{shadow: Blue}" in message(result)


def test_1_10_15_huffing_sets_both_lvs() -> None:
    """Rule 1.10.15: any number from zero to the sum of both LVs; both LVs become it."""
    state = legal(play(at_euston(), f"{TO_EUSTON} [Huffing Garden] {{huff: 6}}"))
    assert (row(state, "Rushton").lv, row(state, "Garden").lv) == (6, 6)
    result = play(at_euston(), f"{TO_EUSTON} [Huffing Garden] {{huff: 7}}")
    assert rules_broken(result) == ["1.10.15"]
    assert "from 0 to 6" in message(result)


def test_1_10_16_blonking_destroys_a_token_money_belt_or_not() -> None:
    """Rule 1.10.16: destroy a single Token of the victim's; overrides Money Belts."""
    gsd = at_euston().model_copy(
        update={
            "rack": (RackEntry(player="Garden", possessions=(Possession.parse("Money Belt"),)),)
        }
    )
    state = legal(play(gsd, f"{TO_EUSTON} [Blonking Garden] {{blonk: Gold}}"))
    assert row(state, "Garden").tokens.go == 1
    assert row(state, "Rushton").tokens.go == 0
    result = play(gsd, f"{TO_EUSTON} [Blonking Garden] {{blonk: Silver}}")
    assert rules_broken(result) == ["1.10.16"]
    assert "Garden holds no Silver Token" in message(result)


def test_1_13_1_no_targeting_in_the_small_hours() -> None:
    """Rule 1.13.1: Actions that target other Players cannot be played 0000-0500."""
    gsd = at_euston(time="Wednesday 0100*")
    result = play(gsd, f"{TO_EUSTON} [Huffing Garden] {{huff: 1}}")
    assert "1.13.1" in rules_broken(result)


def test_1_13_1_a_stack_is_no_player_in_the_small_hours() -> None:
    """Rule 1.13.1 forbids targeting other Players between 0000 and 0500; a Token Stack, a
    Suspect Package or the PoID, Shunted "as though" a player, is not one."""
    for name, marker in (("Token Stack", None), ("Suspect Package", "Susp Package"),
                         ("PoID", "PoID")):  # fmt: skip
        # A PoID resting on the Map makes every player its carrier (rule 1.4.24), so no Move
        # may end where another Piece stands: Garden waits elsewhere.
        gsd = game({"Garden": "Brixton (VC)", "Rushton": "Victoria (VC)",
                    "Cryer": "Moorgate (NT)"}, lv={"Rushton": 4, "Garden": 2, "Cryer": 1},
                   tokens={"Rushton": "3Re", "Garden": "2Go,1Bu", "Cryer": "1Gr"},
                   time="Wednesday 0100*")  # fmt: skip
        gsd = gsd.model_copy(update={"stacks": (
            TokenStack(station="Euston", tokens=(Colour.RE,) if marker is None else (),
                       marker=marker),)})  # type: ignore[arg-type]  # fmt: skip
        result = play(gsd, f"{TO_EUSTON} [Shunting {name} to Moorgate (NT)]")
        assert rules_broken(result) == [], name


def test_1_11_7_a_player_at_a_holy_station_targets_no_one() -> None:
    """Rule 1.11.7: nor may a player at a Holy Station perform Actions which target a Player;
    a Token Stack is no Player, so it may still be Shunted from there."""
    gsd = game({"Garden": "St. Paul's (CN)", "Rushton": "Chancery Lane (CN)"},
               lv={"Rushton": 1})  # fmt: skip
    gsd = gsd.model_copy(update={"stacks": (TokenStack(station="St. Paul's",
                                                       tokens=(Colour.RE,)),)})  # fmt: skip
    result = play(gsd, "Rushton : St. Paul's (CN) [Huffing Garden] {huff: 1}")
    assert rules_broken(result) == ["1.11.7"]
    assert "you are at St. Paul's, a Holy Station" in message(result)
    state = legal(play(gsd, "Rushton : St. Paul's (CN) [Shunting Token Stack to Bank (CN)]"))
    assert [s.station for s in state.stacks] == ["Bank"]


def test_1_4_7_a_suspect_package_is_shunted_like_a_player() -> None:
    """Rule 1.4.7: the Suspect Package may be Shunted as though it were a Player."""
    gsd = at_euston().model_copy(
        update={"stacks": (TokenStack(station="Euston", marker="Susp Package"),)}
    )
    state = legal(play(gsd, f"{TO_EUSTON} [Shunting Suspect Package to Moorgate (NT)]"))
    assert [(s.station, s.marker) for s in state.stacks] == [("Moorgate", "Susp Package")]


def test_1_10_3_a_dead_end_shunted_stack_is_destroyed() -> None:
    """Rule 1.10.3: a Dead-End Shunted Token Stack is destroyed."""
    gsd = game({"Rushton": "Stratford (CN)"}, lv={"Rushton": 4})
    gsd = gsd.model_copy(update={"stacks": (TokenStack(station="Bank", tokens=(Colour.RE,)),)})
    state = legal(play(gsd, "Rushton : Bank (CN) [Dead-End Shunting Token Stack to Waterloo (WC)]"))
    assert state.stacks == ()


def test_1_10_1_a_claim_from_a_shunted_stack() -> None:
    """Rule 1.10.1: Stacks are Shunted as though Players, so the Shunter may claim a Token."""
    gsd = at_euston().model_copy(
        update={"stacks": (TokenStack(station="Euston", tokens=(Colour.RE, Colour.GO)),)}
    )
    text = f"{TO_EUSTON} [Shunting Token Stack to Moorgate (NT)] {{claim: Gold from Token Stack}}"
    state = legal(play(gsd, text))
    assert [s.tokens for s in state.stacks] == [(Colour.RE,)]
    assert row(state, "Rushton").tokens.go == 1


def test_1_11_4_no_shunt_onto_a_pegged_station() -> None:
    """Rule 1.11.4: any Turn which sees a Piece ending at a Pegged Station is Illegal, so a
    Shunt may not leave its target there (Blocks, by rule 1.10.1, would not matter)."""
    gsd = game({"Garden": "Euston (VC)", "Rushton": "Victoria (VC)"}, lv={"Rushton": 4},
               disruptions=("Moorgate (Peg)",))  # fmt: skip
    result = play(gsd, f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)]")
    assert rules_broken(result) == ["1.11.4"]
    assert "Moorgate is Pegged" in message(result)


def test_1_10_2_a_triple_shunt() -> None:
    """Rule 1.10.2: Triple Shunts under the same principles: Garden lands on Cryer at
    Moorgate, Cryer is Double-Shunted four stops on to Elephant and Castle where the Drone
    stands, and a second [Double-Shunting] sends the Drone four stops back; each multiple
    Shunt earns a Silver Token."""
    at = {"Garden": "Euston (VC)", "Rushton": "Victoria (VC)", "Cryer": "Moorgate (NT)",
          "Drone": "Elephant and Castle (NT)"}  # fmt: skip
    gsd = game(at, lv={"Rushton": 4}, tokens={"Rushton": "3Re"})
    text = (f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] "
            "[Double-Shunting Cryer to Elephant and Castle (NT)] "
            "[Double-Shunting Drone to Moorgate (NT)]")  # fmt: skip
    state = legal(play(gsd, text))
    assert row(state, "Rushton").tokens.si == 2
    history._CACHE.clear()
    assert history.derive(state).position("Drone") == Position("Moorgate", LineCode.NT)


def with_rack(gsd: GSD, **possessions: str) -> GSD:
    entries = tuple(RackEntry(player=name, possessions=(Possession.parse(text),))
                    for name, text in possessions.items())  # fmt: skip
    return gsd.model_copy(update={"rack": entries})


def test_1_10_1_claiming_a_possession() -> None:
    """Rule 1.10.1: the claim may be a Possession; it passes to the Shunter's Luggage Rack."""
    gsd = with_rack(at_euston(), Garden="Euston Stub")
    text = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Euston Stub from Garden}}"
    state = legal(play(gsd, text))
    racks = {e.player: [p.render() for p in e.possessions] for e in state.rack}
    assert racks.get("Garden", []) == [] and racks["Rushton"] == ["Euston Stub"]


def test_1_10_1_claiming_a_possession_not_owned() -> None:
    """Rule 1.10.1: chosen from the Possessions the Shunted Player owns."""
    gsd = with_rack(at_euston(), Garden="Euston Stub")
    text = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Bank Stub from Garden}}"
    result = play(gsd, text)
    assert rules_broken(result) == ["1.10.1"]
    assert "Garden has no Bank Stub to claim" in message(result)


def test_1_10_1_the_money_belt_itself_cannot_be_claimed() -> None:
    """Rule 1.10.1: neither Tokens nor the Money Belt itself may be claimed."""
    gsd = with_rack(at_euston(), Garden="Money Belt")
    text = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Money Belt from Garden}}"
    result = play(gsd, text)
    assert rules_broken(result) == ["1.10.1"]
    assert "Garden wears a Money Belt" in message(result)


def test_1_10_1_not_from_a_loop_trap_station() -> None:
    """Rule 1.10.1: the Shunted Player's initial location is not a Loop trap Station (rule
    1.8.1: Dollis Hill is the Dollis Hill Loop's)."""
    gsd = game({"Garden": "Dollis Hill (JL)", "Rushton": "Willesden Green (JL)"},
               lv={"Rushton": 1})  # fmt: skip
    result = play(gsd, "Rushton : Dollis Hill (JL) [Shunting Garden to Neasden (JL)]")
    assert rules_broken(result) == ["1.10.1"]
    assert "Dollis Hill is a Loop Trap Station" in message(result)
