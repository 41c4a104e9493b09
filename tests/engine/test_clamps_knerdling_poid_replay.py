"""A short scripted game of Clamps, Knerdling and the PoID, replayed from its plays alone.

A Magnified Greening from the next Station, the Green Clamp Knerdled on (which Clamps were
received since a Turn is read from the record), a Spooning and the Move after it at a capped
LV (2 + 3 is 4) with the Green Clamp's Recycling, then the PoID Forged and put down, are
played in turn order; replaying the record from the same start must reach the same tables,
Luggage, Stacks and Pieces.
"""

from __future__ import annotations

from referee.engine.replay import replay
from referee.notation.gsd import GSD
from tests.engine.builder import game, play_through, row
from tests.engine.luggage_builder import with_luggage

PLAYS = (
    "Rushton : [Magnify] Pass Warren Street (VC) [Greening Garden] {magnify: S on Garden}",
    "Cryer : [LV+2] Warren Street (VC)",
    "Garden : [Knerdling Cryer] Pass Euston (VC) {knerdling: Green Clamp}",
    "Rushton : Pass Warren Street (VC) [Spooning Cryer]",
    "Cryer : [LV+3] Finsbury Park (VC) [Recycling] {recycling: 1 Bk}",
    "Garden : Pass Euston (VC)",
    "Rushton : Pass Warren Street (VC) [Forging PoID]",
    "Cryer : Pass Finsbury Park (VC) [Recycling] {recycling: 1 Bk}",
    "Garden : Pass Euston (VC)",
    "Rushton : Pass Warren Street (VC) [PoID on Warren Street]",
)


def played() -> tuple[GSD, GSD]:
    start = with_luggage(
        game({"Rushton": "Warren Street (VC)", "Cryer": "Green Park (VC)",
              "Garden": "Euston (VC)"},
             tokens={"Rushton": "2Gr,1Go,12Bk"}, time="Tuesday 2000"),
        {"Rushton": "Magnifier", "Garden": "Knerdling Stick"},
    )  # fmt: skip
    return start, play_through(start, PLAYS)[-1]


def test_clamps_knerdling_and_the_poid_replay_to_the_same_state() -> None:
    """Rules 1.4.48, 1.17.9, 1.4.41, 1.4.36, 1.4.39, 1.4.24 in one record; the replay
    agrees."""
    start, final = played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(final.plays)
    assert report.final.players == final.players
    assert report.final.rack == final.rack
    assert report.final.stacks == final.stacks
    assert row(final, "Cryer").tokens.gr == 2
    assert [(s.station, s.marker) for s in final.stacks] == [("Warren Street", "PoID")]
    clamps = {e.player: [i.name for i in e.possessions] for e in final.rack}
    assert clamps == {"Rushton": ["Magnifier"],
                      "Cryer": ["Green Clamp", "Knerdling Stick", "Spoon Clamp"]}  # fmt: skip
