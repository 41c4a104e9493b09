"""Every change in a player's Tokens is named in the Turn's events (issue 12's property).

A player reads the referee's notices to check eir Token Table row: each rule below moves
Tokens by its own effect rather than as a price, and the generated games of
``test_properties.py`` found that these changes were made without saying how many Tokens of
which colour each player lost or gained.
"""

from __future__ import annotations

from referee.engine.dice import ReplayDice, Roll
from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play
from tests.engine.ledger import unnamed_changes
from tests.engine.test_blocks import legal
from tests.engine.test_targeting import TO_EUSTON, at_euston


def test_1_4_37_poll_tax_names_what_each_player_paid() -> None:
    """Rule 1.4.37: one Token of each colour held, from each player in the Token Table."""
    gsd = game(
        {"Rushton": "Holborn (CN)"},
        tokens={"Rushton": "3 Go, 2 Re, 1 Bk", "Cryer": "1 Re, 2 Bu", "Garden": "1 Si"},
    )
    result = play(gsd, "Rushton : Pass Holborn (CN) [Poll Tax]")
    assert result.legal, result.messages()
    assert unnamed_changes(gsd, result.state, result.events) == {}


def test_1_7_59_the_fflourish_names_what_each_player_put_in_the_pool() -> None:
    """Rule 1.7.59: every non-Gold Token goes into the Pool, which the dice share out."""
    gsd = game(
        {"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)", "Garden": "Angel (NT)"},
        tokens={"Rushton": "5 Bu, 4 Bk, 1 Go", "Cryer": "4 Re, 8 Br", "Garden": "2 Gr, 3 Si"},
    )
    rolls = ReplayDice.of(Roll(3, value, "rule 1.7.59") for value in (1, 2, 3, 1, 2, 3))
    text = "Rushton : [fFrobisher fFlourish] Pass Holborn (CN)"
    result = adjudicate(
        gsd, Play.parse(text, players=gsd.player_names), dice=rolls, check_order=False
    )
    assert result.legal, result.messages()
    assert unnamed_changes(gsd, result.state, result.events) == {}


def test_1_10_3_a_dead_end_shunt_names_the_tokens_the_target_loses() -> None:
    """Rule 1.10.3: the player Shunted to a Terminus loses one Token of each colour e holds."""
    gsd = game(
        {"Garden": "Bank (CN)", "Rushton": "Stratford (CN)"},
        lv={"Rushton": 4},
        tokens={"Garden": "2Go,1Bu"},
    )
    result = play(gsd, "Rushton : Bank (CN) [Dead-End Shunting Garden to Waterloo (WC)]")
    legal(result)
    assert unnamed_changes(gsd, result.state, result.events) == {}


def test_1_10_16_blonking_names_the_destroyed_token() -> None:
    """Rule 1.10.16: a single Token of the victim's is destroyed."""
    gsd = at_euston()
    result = play(gsd, f"{TO_EUSTON} [Blonking Garden] {{blonk: Gold}}")
    legal(result)
    assert unnamed_changes(gsd, result.state, result.events) == {}


def test_1_10_1_a_token_claimed_in_a_shunt_is_named_as_the_targets_loss() -> None:
    """Rule 1.10.1: the Shunter may claim one of the Shunted player's Tokens: it passes from
    one to the other."""
    gsd = at_euston()
    text = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)] {{claim: Gold from Garden}}"
    result = play(gsd, text)
    legal(result)
    assert unnamed_changes(gsd, result.state, result.events) == {}


def test_1_9_6_a_sinkhole_names_the_tokens_it_turns_black() -> None:
    """Rule 1.9.6: a Turn begun at a Kafka Sinkhole turns the player's non-Black Plastic
    Tokens Black."""
    gsd = game({"Rushton": "Oxford Circus (CN)"}, tokens={"Rushton": "1 Bk, 2 Re, 1 Bu, 3 Br"})
    sink = gsd.model_copy(
        update={
            "stacks": (TokenStack(station="Oxford Circus", quadrant=0, tokens=(Colour.BK,) * 5),)
        }
    )
    result = play(sink, "Rushton : Pass Oxford Circus (CN)")
    legal(result)
    assert unnamed_changes(sink, result.state, result.events) == {}
