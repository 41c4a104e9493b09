"""Actions about Game Time: Long Lunch (1.7.51), Waiting (1.7.52), Upcoming Holidays (1.13.7)."""

from __future__ import annotations

from referee.engine.dice import ReplayDice, Roll
from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken

HOLBORN = {"Rushton": "Holborn (CN)"}


def test_1_7_52_waiting_takes_the_time_the_comment_gives() -> None:
    """Rule 1.7.52 - Time Again: [Waiting] {wait: 45m} moves Game Time on 45 minutes."""
    result = play(game(HOLBORN), "Rushton : [Waiting] Pass {wait: 45m}")
    assert result.legal, result.messages()
    assert result.state.time is not None and result.state.time.render() == "Wednesday 1245"


def test_1_7_52_waiting_may_be_repeated_each_with_its_own_span() -> None:
    """Rule 1.7.52: any number of times a Turn; each [Waiting] takes the next 'wait:'."""
    result = play(game(HOLBORN), "Rushton : [Waiting] [Waiting] Pass {wait: 20m; wait: 30m}")
    assert result.legal, result.messages()
    assert result.state.time is not None and result.state.time.render() == "Wednesday 1250"
    short = play(game(HOLBORN), "Rushton : [Waiting] [Waiting] Pass {wait: 20m}")
    assert rules_broken(short) == ["1.7.52"] and "wait:" in short.violations[0].message


def test_1_7_52_a_wait_is_five_minutes_to_a_week() -> None:
    """Rule 1.7.52: not 2 minutes, nor 8 days; nor words the referee cannot read."""
    assert rules_broken(play(game(HOLBORN), "Rushton : [Waiting] Pass {wait: 2m}")) == ["1.7.52"]
    long = play(game(HOLBORN), "Rushton : [Duration: +0900] [Waiting] Pass {wait: 8d}")
    assert "1.7.52" in rules_broken(long)
    vague = play(game(HOLBORN), "Rushton : [Waiting] Pass {wait: a while}")
    assert rules_broken(vague) == ["1.7.52"] and "45m" in vague.violations[0].message


def test_1_7_51_a_long_lunch_lengthens_the_turn() -> None:
    """Rule 1.7.51 - Long Lunch: a two-hour wait breaks rule 1.13.1's hour, unless
    [Duration: +0200] (two Blue) lengthens the Turn."""
    gsd = game(HOLBORN, tokens={"Rushton": "3 Bu"})
    assert rules_broken(play(gsd, "Rushton : [Waiting] Pass {wait: 2h}")) == ["1.13.1"]
    result = play(gsd, "Rushton : [Duration: +0200] [Waiting] Pass {wait: 2h}")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.bu == 1
    poor = game(HOLBORN, tokens={"Rushton": "1 Bu"})
    refused = play(poor, "Rushton : [Duration: +0200] Pass")
    assert rules_broken(refused) == ["1.7.51"] and "2 Blue" in refused.violations[0].message


def test_1_13_7_an_upcoming_holiday_is_rolled_by_the_next_turn() -> None:
    """Rule 1.13.7 - Upcoming Holidays: Cranmer's [Upcoming Holiday] writes the bare entry;
    the next Turn's roll of 2 makes it Tuesday."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)"}, tokens={"Rushton": "1 Bu"})
    announced = play(gsd, "Rushton : [Upcoming Holiday] Pass")
    assert announced.legal, announced.messages()
    assert [d.render() for d in announced.state.disruptions] == ["Upcoming Holiday"]
    nxt = Play.parse("Cryer : Pass", players=gsd.player_names)
    dice = ReplayDice.of([Roll(6, 2, "rule 1.13.7")])
    rolled = adjudicate(announced.state, nxt, dice=dice, check_order=False)
    assert rolled.legal, rolled.messages()
    assert [d.render() for d in rolled.state.disruptions] == ["Upcoming Holiday: Tuesday"]
    assert rules_broken(play(game(HOLBORN, tokens={"Rushton": "0 Bu"}),
                             "Rushton : [Upcoming Holiday] Pass")) == ["1.7.1"]  # fmt: skip


def test_1_13_7_a_holiday_ends_when_its_day_does() -> None:
    """Rule 1.13.7: the Holiday is one day; a Turn that leaves it removes the entry."""
    gsd = game(HOLBORN, time="Tuesday 2350", disruptions=("Upcoming Holiday: Tuesday",),
               tokens={"Rushton": "2 Bu"})  # fmt: skip
    result = play(gsd, "Rushton : [Waiting] Pass {wait: 20m}")
    assert result.legal, result.messages()
    assert result.state.disruptions == ()
    same_day = play(gsd, "Rushton : [Waiting] Pass {wait: 5m}")
    assert [d.render() for d in same_day.state.disruptions] == ["Upcoming Holiday: Tuesday"]


def _rolled(day_now: str, roll: int) -> list[str]:
    """Cranmer announces on ``day_now``; the next Turn, on the same day, rolls ``roll``."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)"}, tokens={"Rushton": "1 Bu"},
               time=f"{day_now} 1200")  # fmt: skip
    announced = play(gsd, "Rushton : [Upcoming Holiday] Pass")
    nxt = Play.parse("Cryer : Pass", players=gsd.player_names)
    rolled = adjudicate(announced.state, nxt, dice=ReplayDice.of([Roll(6, roll, "rule 1.13.7")]),
                        check_order=False)  # fmt: skip
    assert rolled.legal, rolled.messages()
    return [d.render() for d in rolled.state.disruptions]


def test_1_13_7_the_rules_example_a_tuesday_roll_on_a_tuesday_is_next_week() -> None:
    """Rule 1.13.7's example: played on a Tuesday, a roll of 2 makes "the following Tuesday"
    the Holiday, not today; another day's roll is simply that day."""
    assert _rolled("Tuesday", 2) == ["Upcoming Holiday: next Tuesday"]
    assert _rolled("Tuesday", 4) == ["Upcoming Holiday: Thursday"]


def test_1_13_7_next_weeks_holiday_does_not_close_today() -> None:
    """Rule 1.13.7 with 1.13.5: a Holiday is like a Sunday (Chancery Lane closed); "next
    Tuesday" leaves this Tuesday's Chancery Lane open, the plain entry closes it."""
    move = "Rushton : Chancery Lane (CN)"
    at = {"Rushton": "Holborn (CN)"}
    later = game(at, lv={"Rushton": 1}, time="Tuesday 1200",
                 disruptions=("Upcoming Holiday: next Tuesday",))  # fmt: skip
    assert play(later, move).legal
    today = game(at, lv={"Rushton": 1}, time="Tuesday 1200",
                 disruptions=("Upcoming Holiday: Tuesday",))  # fmt: skip
    assert rules_broken(play(today, move)) == ["1.13.4"]


def test_1_13_7_leaving_today_makes_next_week_the_firstcoming() -> None:
    """Rule 1.13.7: once Game Time leaves the rolled day, "next Tuesday" is plain "Tuesday"
    (kept until that Tuesday ends); a Turn that runs past a Holiday's day ends it too."""
    gsd = game(HOLBORN, time="Tuesday 2350", disruptions=("Upcoming Holiday: next Tuesday",),
               tokens={"Rushton": "2 Bu"})  # fmt: skip
    result = play(gsd, "Rushton : [Waiting] Pass {wait: 20m}")
    assert result.legal, result.messages()
    assert [d.render() for d in result.state.disruptions] == ["Upcoming Holiday: Tuesday"]
    past = game(HOLBORN, time="Monday 2300", disruptions=("Upcoming Holiday: Tuesday",),
                tokens={"Rushton": "26 Bu"})  # fmt: skip
    result = play(past, "Rushton : [Duration: +2600] [Waiting] Pass {wait: 1d1h}")
    assert result.state.time is not None and result.state.time.day.value == "Wednesday"
    assert result.state.disruptions == ()
