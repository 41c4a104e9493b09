"""Games whose records hold a skid (rule 1.20.6), a Power Failure (rule 1.20.5) and a Prison
Clamp (rule 1.4.47), each played from the opening (rule 1.1.2) in order of play and replayed
from its plays alone.

What the record does not show must come out of the replay the same: the Soap that makes a
Shunt skid, a one-Round State lasting to the end of its maker's next Turn (rule 1.3.0), a
Prison Clamp carried until the third Turn after the [Finding] that gave it. Each game is
tampered with once, so a replay that read the referee's notes instead of judging the rules
would be caught.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.dice import ReplayDice, Roll
from referee.engine.history import Position, derive
from referee.engine.replay import ReplayReport, replay
from referee.engine.ruleset import VANILLA
from referee.engine.turn import adjudicate
from referee.network.lines import LineCode
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play

PLAYERS = ("Rushton", "Cryer", "Garden")
OPENING = VANILLA.new_game(list(PLAYERS), GameTime.parse("Wednesday 1200"))
PLACINGS = (
    "Cryer : [Home: Fairlop] Liverpool Street (CN)",
    "Garden : [Home: Dagenham Heathway] Brixton (VC)",
)

SKID = (
    "Rushton : [Home: Ruislip Gardens] Liverpool Street (CN)",  # a Blue for four Lines
    *PLACINGS,
    "Rushton : [LV+1] Bank (CN) [CN: Soaped]",  # a second Blue pays the Soap's two
    "Cryer : Pass",
    "Garden : Pass",
    "Rushton : Liverpool Street (CN) [Shunting Cryer to Bethnal Green (CN)]",
    "Cryer : Pass",
    "Garden : Pass",
)
"""Rushton Soaps the Central after eir Move; in eir next Turn e Shunts Cryer one Station
along it and skids with em (rule 1.20.6), and the Soap is gone at that Turn's end."""

POWER_FAILURE = (
    "Rushton : [Home: Ruislip Gardens] Holborn (CN)",
    "Cryer : [Home: Fairlop] Oxford Circus (CN)",
    "Garden : [Home: Dagenham Heathway] Brixton (VC)",
    "Rushton : [LV+1] Tottenham Court Road (CN) [CN: Power Failure!]",
    "Cryer : Pass",
    "Garden : Pass",
    "Rushton : Pass",
    "Cryer : [LV+1] Bond Street (CN)",
    "Garden : Pass",
)
"""Rushton fails the Central after eir Move; it fails through eir next Turn and works again
for Cryer's Move after it."""

PRISON = (
    "Rushton : [Home: Ruislip Gardens] Baker Street (BL) [Finding]",
    "Cryer : [Home: Fairlop] Oxford Circus (CN)",
    "Garden : [Home: Dagenham Heathway] Brixton (VC)",
    *("Rushton : Pass", "Cryer : Pass", "Garden : Pass") * 2,
    "Rushton : [LV+1] Aldgate (CL)",
)
"""Rushton's [Finding] rolls 47, Sent to the Tower (rule 1.7.53); e Passes through eir next
two Turns and Moves in the third, when the Clamp is gone."""

TOWER_ROLL = Roll(100, 47, "rule 1.7.53")


def played(texts: Sequence[str]) -> tuple[GSD, list[tuple[Roll, ...]]]:
    """The game after ``texts``, each judged in order of play from the opening and required
    legal; and the rolls of each play, as the referee keeps them (a [Finding] rolls 47)."""
    state, rolls = OPENING, []
    for text in texts:
        dice = ReplayDice.of([TOWER_ROLL]) if "[Finding]" in text else None
        result = adjudicate(state, Play.parse(text, players=state.player_names), dice=dice)
        assert result.legal, (text, result.messages())
        state = result.state
        rolls.append(result.rolls)
    return state, rolls


def replayed(record: GSD, rolls: Sequence[Sequence[Roll]] | None = None) -> ReplayReport:
    return replay(OPENING.model_copy(update={"record": record.record}), rolls=rolls)


def with_play(final: GSD, number: int, text: str) -> GSD:
    """``final`` with play ``number`` (from 0) of its record replaced by ``text``."""
    plays = list(final.plays)
    plays[number] = Play.parse(text, players=final.player_names)
    return final.model_copy(update={"record": tuple(plays)})


def test_1_20_6_a_record_with_a_skid_replays_to_the_same_state() -> None:
    """Rule 1.20.6: the Shunter ends where the Shunted does; rule 1.3.0: the Soap made in
    Rushton's Turn still lies in eir next Post-Move phase, and ends with it."""
    final, rolls = played(SKID)
    shunt = final.plays[6].render()
    assert shunt.endswith("{skidded: Bethnal Green (CN)}"), shunt
    assert final.disruptions == ()
    report = replayed(final, rolls)
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(SKID)
    assert report.final.render() == final.render()
    where = derive(report.final).positions
    assert where["Rushton"] == where["Cryer"] == Position("Bethnal Green", LineCode.CN)


def test_1_20_6_a_replay_skids_only_where_the_line_was_soaped() -> None:
    """The referee's note is the record's memory of the skid, not its cause: a record whose
    Soap is taken out replays with Rushton left at Liverpool Street and no note."""
    final, _ = played(SKID)
    dry = with_play(final, 3, "Rushton : [LV+1] Bank (CN)")
    report = replayed(dry)
    assert report.ok, report.result.messages() if report.result else None
    assert "skidded" not in report.final.plays[6].render()
    where = derive(report.final).positions
    assert where["Rushton"] == Position("Liverpool Street", LineCode.CN)
    assert where["Cryer"] == Position("Bethnal Green", LineCode.CN)


def test_1_20_6_a_soap_is_gone_after_its_makers_next_turn_in_a_replay() -> None:
    """Rule 1.3.0: a Shunt along the Central one Turn later than Rushton's next (after the
    Soap has ended) does not skid in the replay either."""
    final, _ = played(SKID)
    late = with_play(final, 6, "Rushton : Pass")
    shunt = Play.parse("Rushton : [LV+1] Liverpool Street (CN) [Shunting Cryer to Bethnal Green "
                       "(CN)]", players=final.player_names)  # fmt: skip
    late = late.model_copy(update={"record": (*late.record, shunt)})
    report = replayed(late)
    assert report.ok, report.result.messages() if report.result else None
    where = derive(report.final).positions
    assert where["Rushton"] == Position("Liverpool Street", LineCode.CN), where
    assert where["Cryer"] == Position("Bethnal Green", LineCode.CN)


def test_1_20_5_a_power_failure_through_its_makers_next_turn_replays() -> None:
    """Rules 1.20.5 and 1.3.0: the record replays to the same state, and Cryer's Move along
    the Central is legal only once Rushton's next Turn is over."""
    final, rolls = played(POWER_FAILURE)
    report = replayed(final, rolls)
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(POWER_FAILURE)
    assert report.final.render() == final.render()
    early = with_play(with_play(final, 4, "Cryer : [LV+1] Bond Street (CN)"), 7, "Cryer : Pass")
    refused = replayed(early)
    assert refused.legal_turns == 4 and refused.result is not None
    assert [v.rule.number for v in refused.result.violations] == ["1.20.5"]


def test_1_20_5_the_makers_next_move_still_meets_the_power_failure_in_a_replay() -> None:
    """Rule 1.3.0: the Power Failure made after Rushton's Move binds eir next Move."""
    final, _ = played(POWER_FAILURE)
    moving = with_play(final, 6, "Rushton : Holborn (CN)")
    report = replayed(moving)
    assert report.legal_turns == 6 and report.result is not None
    assert [v.rule.number for v in report.result.violations] == ["1.20.5"]


def test_1_4_47_a_prison_clamp_expiring_at_the_third_turn_replays() -> None:
    """Rule 1.4.47: Sent to the Tower in eir first Turn, Rushton carries the Prison Clamp
    through eir next two Turns (a Pass only) and Moves in the third, when it is destroyed;
    the replay, with the recorded roll, reaches the same state."""
    final, rolls = played(PRISON)
    assert final.plays[0].render().endswith("{found: 47 (Sent to the Tower)}")
    report = replayed(final, rolls)
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(PRISON)
    assert report.final.render() == final.render()
    assert "Prison Clamp" not in final.render()
    early = with_play(final, 6, "Rushton : [LV+1] Aldgate (CL)")
    refused = replayed(early, rolls)
    assert refused.legal_turns == 6 and refused.result is not None
    assert [v.rule.number for v in refused.result.violations] == ["1.4.47"]
