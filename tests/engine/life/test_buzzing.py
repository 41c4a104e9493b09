"""Section 1.16: buzzing, questionable turns and judgment, clause by clause."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from referee.engine.life.buzzing import (
    Buzz,
    BuzzError,
    Stage,
    TurnStanding,
    concede,
    contest,
    decline,
    expire,
    judge,
    open_buzz,
    referee_candidates,
    resume,
    standings,
    withdraw,
)
from referee.engine.life.deadlines import DeadlinePolicy

MONDAY = datetime(2026, 11, 23, 9, tzinfo=UTC)
PLAYERS = ["Rushton", "Ellis", "Noon", "Kitson", "Drone"]


def buzz_turn_7(now: datetime = MONDAY, turns_since: int = 1) -> Buzz:
    return open_buzz(
        turn=7,
        buzzed="Rushton",
        buzzer="Ellis",
        reason="Euston is 3 from Holborn by CN then NT; the LV was 4",
        turns_since=turns_since,
        open_in_game=None,
        now=now,
    )


def to_judgment(rng: random.Random, players: list[str] = PLAYERS) -> Buzz:
    defended = contest(buzz_turn_7(), "Rushton", MONDAY, active_players=players, rng=rng)
    return contest(defended, "Ellis", MONDAY, active_players=players, rng=rng)


# Rule 1.16.2 - Buzzing


def test_1_16_2_a_buzz_makes_the_turn_questionable() -> None:
    buzz = buzz_turn_7()
    assert buzz.standing is TurnStanding.QUESTIONABLE
    assert buzz.stage is Stage.DEFENCE_DUE
    assert buzz.owed_by == "Rushton"
    assert buzz.steps[0].actor == "Ellis"


@pytest.mark.parametrize("turns_since", [0, 1, 2, 3])
def test_1_16_2_within_three_later_turns(turns_since: int) -> None:
    assert buzz_turn_7(turns_since=turns_since).stage is Stage.DEFENCE_DUE


def test_1_16_2_not_after_four_later_turns() -> None:
    with pytest.raises(BuzzError, match="followed by 4 turns") as caught:
        buzz_turn_7(turns_since=4)
    assert caught.value.rule == "1.16.2"


def test_1_16_2_only_another_player_may_buzz() -> None:
    with pytest.raises(BuzzError, match="own turn"):
        open_buzz(
            turn=7,
            buzzed="Rushton",
            buzzer="rushton",
            reason="oops",
            turns_since=0,
            open_in_game=None,
            now=MONDAY,
        )


def test_1_16_2_a_buzz_says_what_is_wrong() -> None:
    with pytest.raises(BuzzError, match="must say what is wrong"):
        open_buzz(
            turn=7,
            buzzed="Rushton",
            buzzer="Ellis",
            reason="  ",
            turns_since=0,
            open_in_game=None,
            now=MONDAY,
        )


def test_1_16_2_no_second_buzz_while_one_is_questionable() -> None:
    with pytest.raises(BuzzError, match="turn 7 is already Questionable"):
        open_buzz(
            turn=8,
            buzzed="Noon",
            buzzer="Kitson",
            reason="no Blue token",
            turns_since=0,
            open_in_game=buzz_turn_7(),
            now=MONDAY,
        )


def test_1_16_2_a_settled_buzz_does_not_block_the_next() -> None:
    settled = withdraw(buzz_turn_7(), "Ellis", MONDAY)
    again = open_buzz(
        turn=8,
        buzzed="Noon",
        buzzer="Kitson",
        reason="no Blue token",
        turns_since=0,
        open_in_game=settled,
        now=MONDAY,
    )
    assert again.stage is Stage.DEFENCE_DUE


def test_1_16_2_withdrawing_makes_the_turn_legal_again_at_any_stage() -> None:
    judged = to_judgment(random.Random(0))
    assert withdraw(judged, "Ellis", MONDAY).standing is TurnStanding.LEGAL


def test_1_16_2_only_the_buzzer_withdraws() -> None:
    with pytest.raises(BuzzError, match="only Ellis"):
        withdraw(buzz_turn_7(), "Noon", MONDAY)


# Rule 1.16.3 - Questionable Turns


def test_1_16_3_conceding_makes_the_turn_illegal() -> None:
    assert concede(buzz_turn_7(), "Rushton", MONDAY).standing is TurnStanding.ILLEGAL


def test_1_16_3_silence_for_36_hours_concedes() -> None:
    buzz = buzz_turn_7()
    assert buzz.due == MONDAY + timedelta(hours=36)
    rng = random.Random(0)
    just_before = expire(buzz, buzz.due - timedelta(seconds=1), active_players=PLAYERS, rng=rng)
    assert just_before.stage is Stage.DEFENCE_DUE
    at_due = expire(buzz, buzz.due, active_players=PLAYERS, rng=rng)
    assert at_due.standing is TurnStanding.ILLEGAL


def test_1_16_3_a_contest_gives_the_buzzer_36_hours() -> None:
    later = MONDAY + timedelta(hours=5)
    defended = contest(buzz_turn_7(), "Rushton", later, active_players=PLAYERS, rng=random.Random())
    assert defended.stage is Stage.REPLY_DUE
    assert defended.owed_by == "Ellis"
    assert defended.due == later + timedelta(hours=36)


def test_1_16_3_conceding_the_defence_makes_the_turn_legal() -> None:
    defended = contest(
        buzz_turn_7(), "Rushton", MONDAY, active_players=PLAYERS, rng=random.Random()
    )
    assert concede(defended, "Ellis", MONDAY).standing is TurnStanding.LEGAL


def test_1_16_3_silence_after_a_defence_makes_the_turn_legal() -> None:
    defended = contest(
        buzz_turn_7(), "Rushton", MONDAY, active_players=PLAYERS, rng=random.Random()
    )
    assert defended.due is not None
    lapsed = expire(defended, defended.due, active_players=PLAYERS, rng=random.Random())
    assert lapsed.stage is Stage.DISMISSED


def test_1_16_3_weekend_setting_stretches_buzz_deadlines() -> None:
    friday = datetime(2026, 11, 20, 10, tzinfo=UTC)
    buzz = open_buzz(
        turn=7,
        buzzed="Rushton",
        buzzer="Ellis",
        reason="bad LV",
        turns_since=0,
        open_in_game=None,
        now=friday,
        policy=DeadlinePolicy(weekend_exempt_buzzes=True),
    )
    assert buzz.due == datetime(2026, 11, 23, 22, tzinfo=UTC)


def test_1_16_3_steps_out_of_turn_are_refused_with_who_owes_them() -> None:
    with pytest.raises(BuzzError, match="from Rushton") as caught:
        concede(buzz_turn_7(), "Ellis", MONDAY)
    assert caught.value.rule == "1.16.3"


# Rule 1.16.4 - Prepare to be Judged


def test_1_16_4_a_contested_defence_draws_a_referee_from_the_others() -> None:
    drawn = {to_judgment(random.Random(seed)).referee for seed in range(40)}
    assert drawn == {"Noon", "Kitson"}


def test_1_16_4_the_drone_and_the_parties_are_never_drawn() -> None:
    assert referee_candidates(buzz_turn_7(), PLAYERS) == ["Noon", "Kitson"]


def test_1_16_4_the_referee_has_three_days() -> None:
    judged = to_judgment(random.Random(1))
    assert judged.stage is Stage.JUDGMENT_DUE
    assert judged.due == MONDAY + timedelta(days=3)
    assert judged.owed_by == judged.referee


@pytest.mark.parametrize("legal", [True, False])
def test_1_16_4_the_judgment_binds(legal: bool) -> None:
    judged = to_judgment(random.Random(1))
    assert judged.referee is not None
    verdict = judge(judged, judged.referee, MONDAY, legal=legal)
    assert verdict.standing is (TurnStanding.LEGAL if legal else TurnStanding.ILLEGAL)


def test_1_16_4_only_the_drawn_referee_judges() -> None:
    judged = to_judgment(random.Random(1))
    with pytest.raises(BuzzError, match="cannot judge"):
        judge(judged, "Rushton", MONDAY, legal=True)


def test_1_16_4_a_declining_referee_is_replaced() -> None:
    rng = random.Random(1)
    judged = to_judgment(rng)
    first = judged.referee
    assert first is not None
    redrawn = decline(judged, first, MONDAY, active_players=PLAYERS, rng=rng)
    assert redrawn.referee not in {first, "Rushton", "Ellis", "Drone", None}


def test_1_16_4_a_silent_referee_is_replaced_after_three_days() -> None:
    rng = random.Random(1)
    judged = to_judgment(rng)
    assert judged.due is not None
    redrawn = expire(judged, judged.due, active_players=PLAYERS, rng=rng)
    assert redrawn.referee is not None and redrawn.referee != judged.referee
    assert judged.referee in redrawn.excused


def test_1_16_4_with_no_referee_left_the_game_is_on_hold_until_one_is() -> None:
    rng = random.Random(2)
    judged = to_judgment(rng, players=["Rushton", "Ellis", "Noon"])
    assert judged.referee == "Noon"
    held = decline(judged, "Noon", MONDAY, active_players=["Rushton", "Ellis", "Noon"], rng=rng)
    assert held.stage is Stage.ON_HOLD
    assert held.standing is TurnStanding.QUESTIONABLE
    still = resume(held, MONDAY, active_players=["Rushton", "Ellis", "Noon"], rng=rng)
    assert still.stage is Stage.ON_HOLD
    joined = resume(held, MONDAY, active_players=["Rushton", "Ellis", "Noon", "Kitson"], rng=rng)
    assert joined.referee == "Kitson"


def test_1_16_1_a_closed_buzz_takes_no_more_steps() -> None:
    closed = concede(buzz_turn_7(), "Rushton", MONDAY)
    with pytest.raises(BuzzError, match="already upheld"):
        withdraw(closed, "Ellis", MONDAY)


# Rule 1.16.1 - One Good Turn


def test_1_16_1_turns_after_a_questionable_turn_are_mistimed() -> None:
    assert standings(9, buzz_turn_7()) == [TurnStanding.LEGAL] * 6 + [
        TurnStanding.QUESTIONABLE,
        TurnStanding.MISTIMED,
        TurnStanding.MISTIMED,
    ]


def test_1_16_1_an_illegal_turn_takes_every_later_turn_with_it() -> None:
    upheld = concede(buzz_turn_7(), "Rushton", MONDAY)
    assert standings(9, upheld)[5:] == [TurnStanding.LEGAL] + [TurnStanding.ILLEGAL] * 3


def test_1_16_1_legal_is_the_default() -> None:
    assert standings(3, None) == [TurnStanding.LEGAL] * 3
    assert standings(9, withdraw(buzz_turn_7(), "Ellis", MONDAY)) == [TurnStanding.LEGAL] * 9
