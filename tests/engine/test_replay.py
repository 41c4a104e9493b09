"""A long scripted game, replayed from its plays alone (issue 4's "Done when")."""

from __future__ import annotations

from functools import cache

import pytest

from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play_through
from tests.engine.scripted import PLAYERS, WINNER, scripted_game


@cache
def _game() -> tuple[GSD, GSD]:
    return scripted_game(60)


def test_the_scripted_game_is_long_and_varied() -> None:
    """At least 60 Turns by 5 players with LV changes, Line Changes, Passes and a win."""
    _, final = _game()
    plays = final.plays
    assert len(plays) >= 60
    assert {p.player for p in plays} == set(PLAYERS)
    texts = [p.render() for p in plays]
    assert any("[LV+" in t for t in texts) and any("[LV-" in t for t in texts)
    assert any(" : Pass " in t for t in texts)
    assert any(t.endswith(" : Timeout") for t in texts)
    assert texts[-1].startswith(f"{WINNER} : ") and "[Opening MC]" in texts[-1]


def test_1_5_11_the_scripted_game_changes_line_and_collects_tokens() -> None:
    """Re-adjudicating turn by turn shows paid Line Changes and Token Collection."""
    start, final = _game()
    state = start
    kinds: list[str] = []
    for play in final.plays:
        result = adjudicate(state, play)
        assert result.legal, (play.render(), result.messages())
        kinds += [e.text for e in result.events]
        state = result.state
    assert any(t.startswith("[Line Change]: paid 1 Bk") for t in kinds)
    assert any(t.startswith("Token Collection") for t in kinds)


def test_1_1_1_replaying_the_plays_alone_reaches_the_same_win_and_state() -> None:
    """Rule 1.1.1: Garden wins at Mornington Crescent; the replay agrees on every table."""
    start, final = _game()
    report = replay(start.model_copy(update={"record": final.record}))
    assert report.ok, report.result.messages() if report.result else None
    assert report.legal_turns == len(final.plays)
    assert report.winner == WINNER
    assert report.final.players == final.players
    assert report.final.time == final.time


def test_replay_stops_at_the_first_illegal_turn() -> None:
    """A tampered record is caught at the turn that breaks a rule."""
    start, final = _game()
    record = list(final.record)
    record[10] = Play.parse(f"{record[10].player} : Mornington Crescent (NT)",  # type: ignore[union-attr]
                            players=final.player_names)  # fmt: skip
    report = replay(start.model_copy(update={"record": tuple(record)}))
    assert not report.ok and report.legal_turns == 10


def test_replay_since_a_builders_state_judges_only_the_plays_made_after_it() -> None:
    """The test builder places Pieces by Passes written into the record but never judged, in
    the order its caller names them, under tables already set as if they had been (here
    Rushton's LV 1): replayed from the tables, the first is judged out of order of play (rule
    1.3.2). Replayed ``since`` the builder's state, only the plays made on it are judged, and
    a Shunt that skidded along a Soaped Line (rule 1.20.6) replays to the same state."""
    start = game({"Cryer": "Tottenham Court Road (CN)", "Rushton": "Bond Street (CN)"},
                 lv={"Rushton": 1}, tokens={"Rushton": "6 Bu, 2 Bk, 3 Re, 1 Si"},
                 players=("Rushton", "Cryer"))  # fmt: skip
    final = play_through(
        start,
        (
            "Cryer : Pass",
            "Rushton : Oxford Circus (CN) [CN: Soaped]",
            "Cryer : Pass",
            "Rushton : Tottenham Court Road (CN) [Shunting Cryer to Holborn (CN)]",
        ),
    )[-1]
    assert final.plays[-1].render().endswith("{skidded: Holborn (CN)}")
    whole = replay(start.model_copy(update={"record": final.record}))
    assert whole.legal_turns == 0 and whole.result is not None
    assert [v.rule.number for v in whole.result.violations] == ["1.3.2"]
    since = replay(final, since=start)
    assert since.ok, since.result.messages() if since.result else None
    assert since.legal_turns == len(final.plays) - len(start.plays) == 4
    assert since.final.render() == final.render()
    with pytest.raises(ValueError, match="does not begin with"):
        replay(start, since=final)
