"""The Drone and its Stick (rules 1.15.1, 1.15.2)."""

from __future__ import annotations

from referee.engine.drone import drone_active, stick_holder
from referee.engine.turn import may_submit, whose_turn
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.plays import Play
from referee.notation.possessions import Possession
from tests.engine.builder import game, play, row, rules_broken

HOLBORN = {"Rushton": "Holborn (CN)"}
BLUE = {"Rushton": "6 Bu", "Cryer": "3 Bu"}


def stick_with(gsd: GSD, player: str) -> GSD:
    rack = (RackEntry(player=player, possessions=(Possession(name="Drone Stick"),)),)
    return gsd.model_copy(update={"rack": rack})


def test_1_15_2_claiming_the_stick_takes_it_from_its_holder() -> None:
    """Rule 1.15.2 - Here, Boy: Rushton claims the Stick Cryer carries (3 Blue)."""
    gsd = stick_with(game(HOLBORN, tokens=BLUE), "Cryer")
    result = play(gsd, "Rushton : [Claiming Drone Stick] Pass")
    assert result.legal, result.messages()
    assert stick_holder(result.state) == "Rushton"
    assert row(result.state, "Rushton").tokens.bu == 3
    assert not [e.possessions for e in result.state.rack if e.player == "Cryer"]


def test_1_15_2_not_again_until_the_drone_has_played() -> None:
    """Rule 1.15.2: after a claim, no one claims again until the Drone has taken a Turn."""
    gsd = stick_with(game({**HOLBORN, "Cryer": "Euston (NT)"}, tokens=BLUE), "Cryer")
    claimed = play(gsd, "Rushton : [Claiming Drone Stick] Pass")
    again = play(claimed.state, "Cryer : [Claiming Drone Stick] Pass")
    assert rules_broken(again) == ["1.15.2"] and "Drone" in again.violations[0].message
    record = (*claimed.state.record, Play.parse("Drone : Pass", players=gsd.player_names))
    after = claimed.state.model_copy(update={"record": record})
    assert play(after, "Cryer : [Claiming Drone Stick] Pass").legal
    mine = play(claimed.state, "Rushton : [Claiming Drone Stick] Pass")
    assert rules_broken(mine) == ["1.15.2"]


def test_1_15_1_the_drone_is_active_while_an_active_player_carries_the_stick() -> None:
    """Rule 1.15.1 - Nyurmenyurmenyurmen: claimed, the Drone becomes Active and plays next,
    its Turn submitted by the Stick's carrier."""
    gsd = game(HOLBORN, tokens=BLUE, players=("Garden", "Rushton"))
    assert not drone_active(gsd)
    claimed = play(gsd, "Rushton : [Claiming Drone Stick] Pass")
    assert claimed.legal, claimed.messages()
    assert drone_active(claimed.state) and not row(claimed.state, "Drone").inactive
    assert whose_turn(claimed.state) == "Drone"
    assert may_submit(claimed.state, "Rushton", stick_holder(claimed.state))
    assert not may_submit(claimed.state, "Garden", stick_holder(claimed.state))


def test_1_15_1_the_drone_goes_inactive_when_no_one_carries_the_stick() -> None:
    """Rule 1.15.1: with the Stick out of play the Drone is Inactive."""
    gsd = game(HOLBORN)
    rows = tuple(r.model_copy(update={"inactive": False}) for r in gsd.players)
    awake = gsd.model_copy(update={"players": rows})
    result = play(awake, "Rushton : Pass")
    assert result.legal and row(result.state, "Drone").inactive


def test_1_15_2_a_stick_taken_by_a_shunt_waits_for_the_drone_too() -> None:
    """Rule 1.15.2 "last taken from another Player": Rushton's Shunt claims the Stick from
    Garden (rule 1.10.1); Cryer may not claim it before the Drone has played, and may after."""
    at = {"Garden": "Euston (VC)", "Rushton": "Victoria (VC)", "Cryer": "Moorgate (NT)"}
    gsd = stick_with(game(at, lv={"Rushton": 4}, tokens={"Rushton": "3Re", "Cryer": "3 Bu"}),
                     "Garden")  # fmt: skip
    shunt = play(gsd, "Rushton : Euston (VC) [Shunting Garden to Moorgate (NT)] "
                      "{claim: Drone Stick from Garden}")  # fmt: skip
    assert shunt.legal, shunt.messages()
    assert stick_holder(shunt.state) == "Rushton"
    early = play(shunt.state, "Cryer : [Claiming Drone Stick] Pass")
    assert rules_broken(early) == ["1.15.2"] and "claimed or taken" in early.violations[0].message
    record = (*shunt.state.record, Play.parse("Drone : Pass", players=gsd.player_names))
    after = shunt.state.model_copy(update={"record": record})
    assert play(after, "Cryer : [Claiming Drone Stick] Pass").legal


def test_1_15_1_whose_turn_follows_the_stick_not_the_asterisk() -> None:
    """Rule 1.15.1: with no Drone Stick in play the Drone is Inactive, so its seat is skipped
    in the Playing Sequence (rule 1.3.2) even when the GSD shows it without an asterisk."""
    gsd = game(players=("Garden", "Rushton"))
    rows = tuple(r.model_copy(update={"inactive": False}) for r in gsd.players)
    awake = gsd.model_copy(update={"players": rows})
    assert whose_turn(awake) == "Garden"
    assert may_submit(awake, "Garden")


def test_1_15_1_a_stick_carried_by_an_active_player_wakes_the_drone() -> None:
    """Rule 1.15.1: carried by an Active player, the Stick makes the Drone's Turn come round
    (first in the Token Table here) though the GSD still marks it with an asterisk."""
    from tests.engine.luggage_builder import with_luggage

    gsd = with_luggage(game(players=("Garden", "Rushton")), {"Rushton": "Drone Stick"})
    assert row(gsd, "Drone").inactive
    assert whose_turn(gsd) == "Drone"
    assert may_submit(gsd, "Rushton", stick_holder(gsd))
