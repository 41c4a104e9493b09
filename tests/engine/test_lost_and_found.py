"""Rule 1.7.53 - Lost & Found (Finding), with rule 1.4.47's trip to the Tower."""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.dice import ReplayDice, Roll
from referee.engine.history import Position
from referee.engine.replay import replay
from referee.engine.result import TurnResult
from referee.engine.sections.drone_stick import takes_the_stick
from referee.engine.turn import adjudicate
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.possessions import parse_possessions
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, stack, with_luggage

FIND = "Rushton : Pass Holborn (CN) [Finding]"


def _game(rack: str = "", time: str = "Wednesday 1200", at: str = "Holborn (CN)") -> GSD:
    gsd = game({"Rushton": at}, tokens={"Rushton": "2 Br"}, time=time, players=("Rushton",))
    return with_luggage(gsd, {"Rushton": rack} if rack else {})


def _find(gsd: GSD, *rolls: tuple[int, int], text: str = FIND) -> TurnResult:
    dice = ReplayDice.of(Roll(sides, value, "rule 1.7.53") for sides, value in rolls)
    return adjudicate(gsd, Play.parse(text, players=gsd.player_names), dice=dice,
                      check_order=False)  # fmt: skip


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _note(result: TurnResult) -> str | None:
    return result.state.plays[-1].comment


def test_1_7_53_a_low_roll_finds_nothing_and_the_roll_is_noted() -> None:
    """Rule 1.7.53: a d100 of 1-44 finds nothing; the Finding costs 2 Bronze and 30 minutes,
    and the play's record carries the roll."""
    result = _find(_game(), (100, 20))
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.br == 0
    assert str(result.state.time) == "Wednesday 1230"
    assert _note(result) == "found: 20 (nothing)"


def test_1_7_53_sent_to_the_tower_and_the_record_knows_it() -> None:
    """Rule 1.7.53's 45-52 with rule 1.4.47: the Piece goes to Tower Hill with a Prison Clamp;
    the record alone places it there, and a replay agrees."""
    result = _find(_game(), (100, 47))
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Prison Clamp"]
    history._CACHE.clear()
    assert history.derive(result.state).position("Rushton") == Position("Tower Hill")
    start = _game()
    report = replay(start.model_copy(update={"record": result.state.record}),
                    rolls=[()] * (len(result.state.plays) - 1) + [result.rolls])  # fmt: skip
    assert report.ok
    assert (report.final.record, report.final.rack) == (result.state.record, result.state.rack)


def test_1_7_53_possessions_tokens_and_packages() -> None:
    """Rule 1.7.53's table: 53 a Suspect Package dropped here; 75 an A-Z Hat; 84 Yesterday's
    Newspaper (stamped Tuesday on a Wednesday); 88 two Red Tokens."""
    package = _find(_game(), (100, 53))
    assert stack(package, "Holborn") == "Susp Package"
    assert luggage(_find(_game(), (100, 75)), "Rushton") == ["Hat (A)"]
    assert luggage(_find(_game(), (100, 84)), "Rushton") == ["Tuesday's Paper"]
    assert row(_find(_game(), (100, 88)).state, "Rushton").tokens.re == 2


def test_1_7_53_a_starred_item_already_held_is_not_found() -> None:
    """Rule 1.7.53's '*': "If the Player already possesses the found item, nothing is found"."""
    held = _find(_game(rack="Zone 1 Pass"), (100, 56))
    assert held.legal and luggage(held, "Rushton") == ["Zone 1 Pass"]
    fresh = _find(_game(), (100, 56))
    assert luggage(fresh, "Rushton") == ["Zone 1 Pass"]
    hat = _find(_game(rack="Hats (AC)"), (100, 75))
    assert luggage(hat, "Rushton") == ["Hats (AC)"]


def test_1_7_53_above_92_finds_the_first_item_in_the_box() -> None:
    """Rule 1.7.53: above 92, the front of the Lost & Found Box (a queue); empty, nothing."""
    boxed = _game().model_copy(update={"lost_and_found": parse_possessions("Book, Drum")})
    result = _find(boxed, (100, 97))
    assert luggage(result, "Rushton") == ["Book"]
    assert [i.render() for i in result.state.lost_and_found] == ["Drum"]
    empty = _find(_game(), (100, 97))
    assert empty.legal and luggage(empty, "Rushton") == []


def test_1_7_53_at_paddington_on_a_weekday_morning_the_finder_aims() -> None:
    """Rule 1.7.53: at Paddington, Wednesday 1000, 40 named and a d20 of 10 make 50 (the
    Tower); a d20 of 3 stays 3 (nothing); a named number is required."""
    gsd = _game(at="Paddington (CN)", time="Wednesday 1000")
    text = "Rushton : Pass Paddington (CN) [Finding] {finding: 40}"
    aimed = _find(gsd, (20, 10), text=text)
    assert aimed.legal, aimed.messages()
    assert luggage(aimed, "Rushton") == ["Prison Clamp"]
    low = _find(gsd, (20, 3), text=text)
    assert low.legal and _note(low) == "finding: 40; found: 3 (nothing)"
    unnamed = play(gsd, "Rushton : Pass Paddington (CN) [Finding]")
    assert rules_broken(unnamed) == ["1.7.53"] and "{finding: 40}" in _message(unnamed)
    sunday = _find(_game(at="Paddington (CN)", time="Sunday 1000"), (100, 20),
                   text=text)  # fmt: skip
    assert sunday.legal and _note(sunday) == "finding: 40; found: 20 (nothing)"


def test_1_7_53_breaks() -> None:
    """Rule 1.7.53: a Post-Move Action; the index's two Bronze."""
    early = play(_game(), "Rushton : [Finding] Pass Holborn (CN)")
    assert "1.3.4" in rules_broken(early)
    poor = play(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "1 Br"}), FIND)
    assert rules_broken(poor) == ["1.7.1"]


def test_1_7_53_a_players_own_found_note_is_replaced() -> None:
    """Rule 1.7.53: only the referee's roll counts; a 'found:' the player wrote is overwritten,
    so no one can send emself to the Tower by writing it."""
    result = _find(_game(), (100, 20), text=FIND + " {found: 47 (Sent to the Tower)}")
    assert result.legal and _note(result) == "found: 20 (nothing)"
    history._CACHE.clear()
    assert history.derive(result.state).position("Rushton") == Position("Holborn", LineCode.CN)


def test_1_7_53_finding_the_drone_stick_counts_as_taking_it() -> None:
    """Rule 1.7.53's above-92 row with rule 1.15.2: a Drone Stick waiting in the Box goes to the
    finder, and the record says it was taken then."""
    boxed = _game().model_copy(update={"lost_and_found": parse_possessions("Drone Stick")})
    result = _find(boxed, (100, 93))
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Drone Stick"]
    assert takes_the_stick(result.state.plays[-1])
    assert not takes_the_stick(_find(_game(), (100, 20)).state.plays[-1])


def test_1_7_53_a_player_cannot_write_a_find_in() -> None:
    """Only the referee notes a find: a ``found:`` the player writes into a play without
    [Finding] is dropped from the record before the Turn is judged, so nothing reading the
    record (the Tower trip, the Drone Stick's rule 1.15.2) can take it for the referee's."""
    gsd = _game()
    result = _find(gsd, text="Rushton : Pass Holborn (CN) {stack: Euston; found: 47 "
                             "(Sent to the Tower)}")  # fmt: skip
    assert result.legal, result.messages()
    assert _note(result) == "stack: Euston"
    history._CACHE.clear()
    assert history.derive(result.state).position("Rushton") == Position("Holborn", LineCode.CN)
