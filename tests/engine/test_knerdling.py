"""Rule 1.4.36 - Knerdling: a Clamp received since one's last Turn, after the Knerdling Stick,
passes with the Stick to a player reachable along one Line in one direction, nothing between.

The case: Garden Spoons Rushton at Warren Street (VC); Rushton, holding the Stick, opens eir
next Turn by Knerdling Cryer at Highbury and Islington (VC), three Stations up the Victoria.
"""

from __future__ import annotations

from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import PLAYERS, game, play, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.engine.test_clamps import luggage_of

KNERDLE = "Rushton : [Knerdling Cryer] Pass Warren Street (VC) {knerdling: Freem Clamp}"


def freemed(cryer: str = "Highbury and Islington (VC)", stick: str = "Knerdling Stick",
            disruptions: tuple[str, ...] = (), ladd: str = "Bank (CN)") -> GSD:  # fmt: skip
    """Garden, at Warren Street (VC) with Rushton, has just Freemed Rushton; Ladd is at
    ``ladd``."""
    start = game({"Rushton": "Warren Street (VC)", "Garden": "Warren Street (VC)",
                  "Cryer": cryer, "Ladd": ladd}, tokens={"Garden": "1Re,1Gr", "Rushton": "2Re"},
                 disruptions=disruptions, players=(*PLAYERS, "Ladd"))  # fmt: skip
    start = with_luggage(start, {"Rushton": stick})
    text = "Garden : Pass Warren Street (VC) [Freeming Rushton]"
    return legal(adjudicate(start, Play.parse(text, players=start.player_names),
                            check_order=False))  # fmt: skip


def test_1_4_36_the_clamp_then_the_stick_go_to_the_knerdled_player() -> None:
    """Rule 1.4.36: the Clamp and the Knerdling Stick move to the Knerdled Player (2 Red)."""
    state = legal(play(freemed(), KNERDLE))
    assert luggage_of(state, "Rushton") == []
    assert luggage_of(state, "Cryer") == ["Freem Clamp", "Knerdling Stick"]


def test_1_4_36_the_stick_cannot_send_back_the_clamp_it_came_with() -> None:
    """Rule 1.4.36: "the Clamp is considered to be handed over before the Knerdling Stick,
    which thus cannot be used against that particular Clamp by the Knerdled Player"."""
    state = legal(play(freemed(), KNERDLE))
    state = legal(play(state, "Garden : Pass Warren Street (VC)"))
    back = play(state, "Cryer : [Knerdling Garden] Pass Highbury and Islington (VC) "
                       "{knerdling: Freem Clamp}")  # fmt: skip
    assert rules_broken(back) == ["1.4.36"] and "received no Clamp" in message(back)


def test_1_4_36_not_to_the_player_who_gave_the_clamp() -> None:
    """Rule 1.4.36: "any Player (other than the Player who gave em the Clamp)"."""
    result = play(freemed(), "Rushton : [Knerdling Garden] Pass Warren Street (VC) "
                             "{knerdling: Freem Clamp}")  # fmt: skip
    assert rules_broken(result) == ["1.4.36"] and "Garden gave you" in message(result)


def test_1_4_36_only_as_the_first_action() -> None:
    """Rule 1.4.36: "Knerdling may only be performed as the first Action of a Turn"."""
    text = "Rushton : [LV+1] [Knerdling Cryer] Euston (VC) {knerdling: Freem Clamp}"
    result = play(freemed(), text)
    assert "1.4.36" in rules_broken(result) and "first Action" in message(result)


def test_1_4_36_only_with_the_stick() -> None:
    """Rule 1.4.36: the Player must be in possession of the Knerdling Stick."""
    result = play(freemed(stick="Book"), KNERDLE)
    assert rules_broken(result) == ["1.4.36"] and "Knerdling Stick" in message(result)


def test_1_4_36_only_a_clamp_received_since_the_last_turn() -> None:
    """Rule 1.4.36: a Clamp carried from before one's last Turn does not qualify."""
    gsd = with_luggage(game({"Rushton": "Warren Street (VC)", "Cryer": "Euston (VC)"},
                            tokens={"Rushton": "2Re"}),
                       {"Rushton": "Knerdling Stick, Freem Clamp"})  # fmt: skip
    result = play(gsd, KNERDLE)
    assert rules_broken(result) == ["1.4.36"] and "received no Clamp" in message(result)


def test_1_4_36_the_comment_names_the_clamp() -> None:
    """Rule 1.4.36 with rules/vanilla/readings.md#r1-4-36: the comment says which Clamp is passed
    on."""
    result = play(freemed(), "Rushton : [Knerdling Cryer] Pass Warren Street (VC)")
    assert rules_broken(result) == ["1.4.36"] and "{knerdling: Freem Clamp}" in message(result)
    wrong = play(freemed(), "Rushton : [Knerdling Cryer] Pass Warren Street (VC) "
                            "{knerdling: Knid Clamp}")  # fmt: skip
    assert rules_broken(wrong) == ["1.4.36"]


def test_1_4_36_reached_along_one_line_with_nothing_between() -> None:
    """Rule 1.4.36: reached without a change of Line or direction, and "no Blocks, Bulkheads
    or other Players in between": Euston Bulkheaded or occupied, or Cryer on the Northern Line,
    fail; Cryer the other way down the Line, or beside Rushton, is reached."""
    walled = play(freemed(disruptions=("Euston (Bulkhead)",)), KNERDLE)
    assert rules_broken(walled) == ["1.4.36"] and "cannot be reached" in message(walled)
    other_line = play(freemed(cryer="Highbury and Islington (NT)"), KNERDLE)
    assert rules_broken(other_line) == ["1.4.36"]
    behind = play(freemed(cryer="Oxford Circus (VC)"), KNERDLE)
    assert behind.legal, behind.messages()
    beside = play(freemed(cryer="Warren Street (VC)"), KNERDLE)
    assert beside.legal, beside.messages()
    occupied = play(freemed(ladd="Euston (VC)"), KNERDLE)
    assert rules_broken(occupied) == ["1.4.36"]
