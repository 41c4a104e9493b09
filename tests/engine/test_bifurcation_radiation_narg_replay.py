"""A short scripted game of Bifurcation, Radiation and the Narg Clamp, replayed from its plays
alone.

Rushton Bifurcates and Radiates Cryer; Cryer Nargs em; Rushton's two Pieces move (level
sections only), paying upkeep, and e commands Cryer, who disobeys and pays a Bronze; then
Rushton's Piece A moves through Piece B, destroying it, which only the referee's note in the
record shows; Cryer De-Radiates beside Rushton and the Remote explodes. Replaying the record
from the same start must reach the same tables, Luggage, Disruptions and Pieces.
"""

from __future__ import annotations

from referee.engine.history import Position, derive, forget
from referee.engine.replay import replay
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from tests.engine.builder import game, play_through, row
from tests.engine.luggage_builder import with_luggage

PLAYS = (
    "Rushton : Pass Euston (VC) [Bifurcating to Warren Street] [Radiating Cryer]",
    "Cryer : Pass Euston (VC) [Narging Rushton]",
    "Garden : Pass Holborn (CN)",
    "Rushton : [LV+1] A:King's Cross St. Pancras (VC) B:Oxford Circus (VC) "
    "[Radio Clamp 3 LV+1] [Radio Clamp 3 to King's Cross St. Pancras (VC)]",
    "Cryer : Warren Street (VC)",
    "Garden : Pass Holborn (CN)",
    "Rushton : [LV+1] B:Euston (VC) A:Warren Street (VC)",
    "Cryer : Pass Warren Street (VC) [De-Radiating]",
    "Garden : Pass Holborn (CN)",
)


def played() -> tuple[GSD, GSD]:
    start = with_luggage(
        game({"Rushton": "Euston (VC)", "Cryer": "Euston (VC)", "Garden": "Holborn (CN)"},
             tokens={"Rushton": "1Go,2Gr,9Re,6Br,2Bk", "Cryer": "4Re,2Br,1Bu,1Si"}),
        {"Rushton": "Remote Control 3 (On)"},
    )  # fmt: skip
    return start, play_through(start, PLAYS)[-1]


def test_bifurcation_radiation_and_narg_replay_to_the_same_state() -> None:
    """Rules 1.7.42, 1.4.40, 1.4.46 in one record; the replay and a cold reading agree."""
    start, final = played()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(final.plays)
    assert report.final.players == final.players
    assert report.final.rack == final.rack
    assert report.final.disruptions == final.disruptions
    forget()
    cold = derive(GSD.parse(final.render()))
    assert cold.position("Rushton") == Position("Warren Street", LineCode.VC)
    assert cold.position("Rushton", "B") is None
    assert "destroyed: Rushton's B" in (final.plays[-3].comment or "")
    assert row(final, "Cryer").tokens.br == 1
    assert [d.render() for d in final.disruptions] == ["Warren Street (Damage)"]
    clamps = {e.player: [i.render() for i in e.possessions] for e in final.rack}
    assert clamps == {"Rushton": ["Narg Clamp"]}
